// Conformance: representative traffic for every operation of openapi.yaml (valid requests and each
// error class it documents) replayed through the standalone server, with every request, response and
// webhook body validated against openapi.yaml by Ajv (JSON Schema 2020-12), a validator this project
// did not write. Expected findings: none.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertMatches,
  assertResponseMatches,
  assertWebhookMatches,
  findOperation,
  openapi,
} from '../support/openapi';

const NOW = '2026-06-15T08:00:00Z'; // Monday, 10:00 in Prague
const P = '/api/v1/demo-bistro';
const FULL = 'rk_demo_full';

interface Case {
  name: string;
  method: string;
  path: string;
  key?: string | null;
  json?: unknown;
  /** A raw body with its own Content-Type (415 cases). */
  raw?: { body: string; type: string };
  status: number;
  code?: string | null;
  /** The request itself follows the contract (its parameters and body are validated too). */
  valid?: boolean;
  /** Runs first (e.g. inject a fault). */
  before?: (server: MockServer) => Promise<unknown> | unknown;
}

const booking = (over: Record<string, unknown> = {}) => ({
  email: 'conformance@example.com',
  date: '2026-06-16',
  from: '12:00',
  to: '13:00',
  ...over,
});

const CASES: Case[] = [
  // listReservations
  { name: 'list', method: 'GET', path: `${P}/reservations?limit=2&offset=1`, status: 200, valid: true },
  {
    name: 'list, huge limit clamps',
    method: 'GET',
    path: `${P}/reservations?limit=500`,
    status: 200,
    valid: true,
  },
  {
    name: 'list filtered',
    method: 'GET',
    path: `${P}/reservations?from=2026-06-01&to=2026-06-30&status=PENDING`,
    status: 200,
    valid: true,
  },
  {
    name: 'list, no key',
    method: 'GET',
    path: `${P}/reservations`,
    key: null,
    status: 401,
    code: 'API_KEY_MISSING',
  },
  {
    name: 'list, bad key',
    method: 'GET',
    path: `${P}/reservations`,
    key: 'rk_nope',
    status: 401,
    code: 'API_KEY_INVALID',
  },
  {
    name: 'list, other project',
    method: 'GET',
    path: '/api/v1/demo-salon/reservations',
    status: 403,
    code: 'PROJECT_MISMATCH',
    valid: true,
  },
  {
    name: 'list, malformed slug',
    method: 'GET',
    path: '/api/v1/Demo_Bistro/reservations',
    status: 403,
    code: 'PROJECT_MISMATCH',
    valid: true,
  },
  {
    name: 'list, no Read',
    method: 'GET',
    path: `${P}/reservations`,
    key: 'rk_demo_basic',
    status: 403,
    code: 'PERMISSION_DENIED',
    valid: true,
  },
  {
    name: 'list, bad date',
    method: 'GET',
    path: `${P}/reservations?date=15.6.2026`,
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'list, 429',
    method: 'GET',
    path: `${P}/reservations`,
    status: 429,
    code: 'RATE_LIMITED',
    valid: true,
    before: (s) => s.service.control.faults.add({ status: 429, retryAfter: 2 }),
  },
  {
    name: 'list, 503',
    method: 'GET',
    path: `${P}/reservations`,
    status: 503,
    code: 'INTERNAL_ERROR',
    valid: true,
    before: (s) => s.service.control.faults.add({ status: 503 }),
  },
  // getReservation
  { name: 'get', method: 'GET', path: `${P}/reservations/res_demo_0001`, status: 200, valid: true },
  {
    name: 'get, unknown id',
    method: 'GET',
    path: `${P}/reservations/res_nope`,
    status: 404,
    code: 'RESERVATION_NOT_FOUND',
    valid: true,
  },
  { name: 'unknown route', method: 'GET', path: `${P}/nowhere`, status: 404, code: 'NOT_FOUND' },
  // createReservation
  { name: 'create', method: 'POST', path: `${P}/reservations`, json: booking(), status: 201, valid: true },
  {
    name: 'create to 22:00 with a table',
    method: 'POST',
    path: `${P}/reservations`,
    json: booking({ from: '20:00', to: '22:00', tableId: 'tbl_03', guests: 2, note: 'window' }),
    status: 201,
    valid: true,
  },
  {
    name: 'create, missing fields',
    method: 'POST',
    path: `${P}/reservations`,
    json: { email: 'a@b.cz' },
    status: 400,
    code: null,
  },
  {
    name: 'create, invalid',
    method: 'POST',
    path: `${P}/reservations`,
    json: booking({ guests: 0 }),
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'create, not JSON',
    method: 'POST',
    path: `${P}/reservations`,
    raw: { body: '{', type: 'application/json' },
    status: 400,
    code: 'INVALID_JSON',
  },
  {
    name: 'create, text/plain',
    method: 'POST',
    path: `${P}/reservations`,
    raw: { body: JSON.stringify(booking()), type: 'text/plain' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'create, too large',
    method: 'POST',
    path: `${P}/reservations`,
    raw: { body: `{"note":"${'x'.repeat(70_000)}"}`, type: 'application/json' },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'create, no Write',
    method: 'POST',
    path: `${P}/reservations`,
    key: 'rk_demo_read',
    json: booking(),
    status: 403,
    code: 'PERMISSION_DENIED',
    valid: true,
  },
  {
    name: 'create, blacklisted',
    method: 'POST',
    path: `${P}/reservations`,
    json: booking({ email: 'blocked@example.com' }),
    status: 403,
    code: 'CUSTOMER_BLACKLISTED',
    valid: true,
  },
  {
    name: 'create, closed',
    method: 'POST',
    path: `${P}/reservations`,
    json: booking({ date: '2026-06-21' }),
    status: 422,
    code: 'OUTSIDE_OPENING_HOURS',
    valid: true,
  },
  {
    name: 'create, past',
    method: 'POST',
    path: `${P}/reservations`,
    json: booking({ date: '2026-06-13' }),
    status: 422,
    code: 'RESERVATION_IN_PAST',
    valid: true,
  },
  {
    name: 'create, double booking',
    method: 'POST',
    path: `${P}/reservations`,
    json: booking({ from: '21:00', to: '22:00', tableId: 'tbl_03' }),
    status: 409,
    code: 'DOUBLE_BOOKING',
    valid: true,
  },
  // updateReservationStatus
  {
    name: 'confirm',
    method: 'PATCH',
    path: `${P}/reservations/res_demo_0004/status`,
    json: { status: 'CONFIRMED', note: 'ok' },
    status: 200,
    valid: true,
  },
  {
    name: 'confirm again',
    method: 'PATCH',
    path: `${P}/reservations/res_demo_0004/status`,
    json: { status: 'CONFIRMED' },
    status: 409,
    code: 'INVALID_STATUS_TRANSITION',
    valid: true,
  },
  {
    name: 'complete',
    method: 'PATCH',
    path: `${P}/reservations/res_demo_0004/status`,
    json: { status: 'COMPLETED' },
    status: 200,
    valid: true,
  },
  {
    name: 'status, unknown value',
    method: 'PATCH',
    path: `${P}/reservations/res_demo_0004/status`,
    json: { status: 'DONE' },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'status, unknown id',
    method: 'PATCH',
    path: `${P}/reservations/res_nope/status`,
    json: { status: 'CONFIRMED' },
    status: 404,
    code: 'RESERVATION_NOT_FOUND',
    valid: true,
  },
  {
    name: 'status, text/plain',
    method: 'PATCH',
    path: `${P}/reservations/res_demo_0004/status`,
    raw: { body: '{"status":"CONFIRMED"}', type: 'text/plain' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  // cancelReservation
  {
    name: 'cancel',
    method: 'DELETE',
    path: `${P}/reservations/res_demo_0005`,
    json: { reason: 'plans changed' },
    status: 200,
    valid: true,
  },
  {
    name: 'cancel again',
    method: 'DELETE',
    path: `${P}/reservations/res_demo_0005`,
    status: 409,
    code: 'INVALID_STATUS_TRANSITION',
    valid: true,
  },
  {
    name: 'cancel, no Delete',
    method: 'DELETE',
    path: `${P}/reservations/res_demo_0005`,
    key: 'rk_demo_read',
    status: 403,
    code: 'PERMISSION_DENIED',
    valid: true,
  },
  // catalog
  {
    name: 'availability',
    method: 'GET',
    path: `${P}/availability?date=2026-06-16&serviceId=svc_lunch`,
    status: 200,
    valid: true,
  },
  {
    name: 'availability, closed',
    method: 'GET',
    path: `${P}/availability?date=2026-06-21`,
    status: 200,
    valid: true,
  },
  {
    name: 'availability, no date',
    method: 'GET',
    path: `${P}/availability`,
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  { name: 'schedule', method: 'GET', path: `${P}/schedule`, key: 'rk_demo_basic', status: 200, valid: true },
  { name: 'tables', method: 'GET', path: `${P}/tables?zoneId=zone_terrace`, status: 200, valid: true },
  {
    name: 'tables, unknown branch',
    method: 'GET',
    path: `${P}/tables?branchId=br_nope`,
    status: 400,
    code: 'VALIDATION_ERROR',
    valid: true,
  },
  { name: 'services', method: 'GET', path: `${P}/services`, status: 200, valid: true },
  { name: 'info', method: 'GET', path: `${P}/info`, status: 200, valid: true },
  { name: 'gallery', method: 'GET', path: `${P}/gallery?limit=2`, status: 200, valid: true },
  {
    name: 'gallery, no Media',
    method: 'GET',
    path: `${P}/gallery`,
    key: 'rk_demo_read',
    status: 403,
    code: 'PERMISSION_DENIED',
    valid: true,
  },
  { name: 'reviews', method: 'GET', path: `${P}/reviews?offset=1000`, status: 200, valid: true },
];

/** Validates the request side: path and query parameters, and a JSON body, against the operation. */
function requestFindings(c: Case): string[] {
  const url = new URL(c.path, 'http://x');
  const found = findOperation(c.method, url.pathname);
  if (!found) return [`${c.name}: no operation for ${c.method} ${url.pathname}`];
  const findings: string[] = [];
  const opPointer = `#/paths/${found.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${c.method.toLowerCase()}`;
  const item = openapi.paths[found.template] as Record<string, unknown>;
  const params = [
    ...((item.parameters as Record<string, unknown>[] | undefined) ?? []),
    ...((found.operation.parameters as Record<string, unknown>[] | undefined) ?? []),
  ].map((p) => (typeof p.$ref === 'string' ? resolve(p.$ref) : p));
  const segments = url.pathname.split('/');
  const templateSegments = found.template.split('/');
  for (const param of params) {
    const name = String(param.name);
    let value: string | null = null;
    if (param.in === 'path') value = segments[templateSegments.indexOf(`{${name}}`)] ?? null;
    if (param.in === 'query') value = url.searchParams.get(name);
    if (value === null) continue;
    const schema = param.schema as Record<string, unknown>;
    const typed = schema.type === 'integer' ? Number(value) : value;
    const problems = checkInline(schema, typed);
    if (problems) findings.push(`${c.name}: parameter ${name}=${value}: ${problems}`);
  }
  if (c.json !== undefined) {
    try {
      assertMatches(
        `${opPointer}/requestBody/content/application~1json/schema`,
        c.json,
        `${c.name} request body`,
      );
    } catch (error) {
      findings.push(String(error));
    }
  }
  return findings;
}

function resolve(ref: string): Record<string, unknown> {
  let node: unknown = openapi;
  for (const part of ref.replace(/^#\//, '').split('/'))
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as Record<string, unknown>;
}

/** Minimal checks of an inline parameter schema (type, pattern, minimum, maximum, enum). */
function checkInline(schema: Record<string, unknown>, value: unknown): string | null {
  const s = typeof schema.$ref === 'string' ? resolve(schema.$ref) : schema;
  if (s.type === 'integer' && !Number.isInteger(value)) return 'not an integer';
  if (typeof s.minimum === 'number' && typeof value === 'number' && value < s.minimum)
    return `below ${s.minimum}`;
  if (typeof s.maximum === 'number' && typeof value === 'number' && value > s.maximum)
    return `above ${s.maximum}`;
  if (typeof s.pattern === 'string' && typeof value === 'string' && !new RegExp(s.pattern).test(value))
    return `does not match ${s.pattern}`;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return `not one of ${s.enum.join(', ')}`;
  return null;
}

describe('conformance of the standalone server with openapi.yaml', () => {
  let server: MockServer;
  let receiver: ReturnType<typeof createServer>;
  const webhooks: { body: string; signature: string | undefined; type: string | undefined }[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        const signature = req.headers['x-webhook-signature'];
        webhooks.push({
          body,
          signature: Array.isArray(signature) ? signature[0] : signature,
          type: req.headers['content-type'],
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    server = await startMockServer({ port: 0, now: NOW, webhookUrl });
  });
  afterAll(async () => {
    await server.close();
    receiver.closeAllConnections();
    await new Promise((done) => receiver.close(done));
  });

  it('answers every operation and error class as the contract says, with zero findings', async () => {
    const findings: string[] = [];
    const covered = new Set<string>();
    for (const c of CASES) {
      await c.before?.(server);
      if (c.valid) findings.push(...requestFindings(c));
      const headers: Record<string, string> = {};
      if (c.key !== null) headers['X-API-Key'] = c.key ?? FULL;
      let body: string | undefined;
      if (c.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(c.json);
      } else if (c.raw) {
        headers['Content-Type'] = c.raw.type;
        body = c.raw.body;
      }
      const response = await fetch(`${server.url}${c.path}`, {
        method: c.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      const json: unknown = text ? JSON.parse(text) : undefined;
      const { pathname } = new URL(c.path, 'http://x');
      if (response.status !== c.status)
        findings.push(`${c.name}: status ${response.status}, expected ${c.status}: ${text}`);
      if (c.code !== undefined && (json as { code?: string } | undefined)?.code !== (c.code ?? undefined))
        findings.push(`${c.name}: code ${(json as { code?: string }).code}, expected ${c.code}`);
      if (response.headers.get('content-type') !== 'application/json')
        findings.push(`${c.name}: content-type ${response.headers.get('content-type')}`);
      if (response.status === 429 && !response.headers.get('retry-after'))
        findings.push(`${c.name}: 429 without Retry-After`);
      const operation = findOperation(c.method, pathname);
      if (operation) {
        covered.add(String(operation.operation.operationId));
        try {
          assertResponseMatches(c.method, pathname, response.status, json);
        } catch (error) {
          findings.push(`${c.name}: ${String(error)}`);
        }
      } else {
        try {
          assertMatches('#/components/schemas/Error', json, `${c.name} error body`);
        } catch (error) {
          findings.push(String(error));
        }
      }
    }
    await server.service.control.settled();
    for (const hook of webhooks) {
      try {
        assertWebhookMatches(JSON.parse(hook.body));
      } catch (error) {
        findings.push(`webhook: ${String(error)}`);
      }
      if (!/^sha256=[0-9a-f]{64}$/.test(hook.signature ?? ''))
        findings.push(`webhook signature ${hook.signature}`);
      if (hook.type !== 'application/json') findings.push(`webhook content-type ${hook.type}`);
    }
    expect(findings, findings.join('\n\n')).toEqual([]);
    const operations = Object.values(openapi.paths).flatMap((item) =>
      Object.values(item).flatMap((op) =>
        typeof op === 'object' && op && 'operationId' in op ? [String(op.operationId)] : [],
      ),
    );
    expect([...covered].sort()).toEqual([...new Set(operations)].sort());
    expect(new Set(webhooks.map((w) => (JSON.parse(w.body) as { event: string }).event))).toEqual(
      new Set([
        'reservation.created',
        'reservation.confirmed',
        'reservation.completed',
        'reservation.cancelled',
      ]),
    );
  });
});

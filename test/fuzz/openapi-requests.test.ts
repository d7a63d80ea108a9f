// Requests generated from openapi.yaml (valid and invalid path parameters, query strings, bodies and
// keys) to every operation of the REAL standalone server over HTTP on 127.0.0.1. Whatever comes in:
// no 5xx, every answer matches the contract, and a rejected request changes no state.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bodyArbitrary,
  keyArbitrary,
  OPERATIONS,
  type Operation,
  pathParamArbitrary,
  queryArbitrary,
} from './openapi-arbitraries';
import { assertContract, prototypeState, runs, send, useStandaloneServer } from './support';

interface GeneratedRequest {
  operation: Operation;
  path: string;
  key: string | null;
  body: string | undefined;
}

function requestFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const params = fc.tuple(...operation.pathParams.map(pathParamArbitrary));
  const body = operation.body ? bodyArbitrary(operation.body.schema) : fc.constant(undefined);
  return fc
    .tuple(params, queryArbitrary(operation.queryParams), keyArbitrary, body)
    .map(([values, query, key, generatedBody]) => {
      let path = operation.template;
      operation.pathParams.forEach((param, i) => {
        path = path.replace(`{${param.name}}`, values[i] ?? '');
      });
      const search = new URLSearchParams(query).toString();
      return { operation, path: search ? `${path}?${search}` : path, key, body: generatedBody };
    });
}

const anyRequest = fc.oneof(...OPERATIONS.map(requestFor));

describe('requests generated from openapi.yaml, over real HTTP', () => {
  const server = useStandaloneServer();
  const before = prototypeState();

  beforeEach(async () => {
    await server.current.service.reset();
  });

  it('covers every operation of the contract', () => {
    expect(OPERATIONS.map((o) => `${o.method} ${o.template}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/{slug}/reservations',
        'POST /api/v1/{slug}/reservations',
        'GET /api/v1/{slug}/reservations/{id}',
        'DELETE /api/v1/{slug}/reservations/{id}',
        'PATCH /api/v1/{slug}/reservations/{id}/status',
        'GET /api/v1/{slug}/availability',
        'GET /api/v1/{slug}/schedule',
        'GET /api/v1/{slug}/tables',
        'GET /api/v1/{slug}/services',
        'GET /api/v1/{slug}/info',
        'GET /api/v1/{slug}/gallery',
        'GET /api/v1/{slug}/reviews',
      ]),
    );
  });

  it('never answers 5xx, always per the contract, and changes nothing when it rejects', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyRequest, async ({ operation, path, key, body }) => {
        const { service } = server.current;
        await service.reset();
        const stateBefore = await service.control.snapshot();
        const answer = await send(server.current, operation.method, path, {
          key,
          ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json' } }),
        });
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        assertContract(operation.method, new URL(`http://x${path}`).pathname, answer);
        if (answer.status >= 400) expect(await service.control.snapshot()).toEqual(stateBefore);
      }),
      runs(1000),
    );
    // The generator reaches both sides: accepted requests and each kind of rejection.
    for (const status of [200, 400, 401, 403, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect(prototypeState()).toEqual(before);
    // 1,000 requests, each after a reset: a minute of room on a loaded 2-core machine.
  }, 60_000);

  it('accepts valid bookings and rejects the same slot twice, with state changed only by the 201', async () => {
    const booking = fc.record({
      day: fc.integer({ min: 16, max: 20 }),
      hour: fc.integer({ min: 11, max: 20 }),
      table: fc.constantFrom('tbl_01', 'tbl_02', 'tbl_03'),
      // Addresses of the everyday kind: fc.emailAddress() includes RFC 5322 forms the API rejects.
      email: fc.stringMatching(/^[a-z0-9]{1,10}@[a-z]{1,8}\.(cz|com)$/),
    });
    await fc.assert(
      fc.asyncProperty(booking, async ({ day, hour, table, email }) => {
        const { service } = server.current;
        await service.reset();
        const body = JSON.stringify({
          email,
          date: `2026-06-${day}`,
          from: `${hour}:00`,
          to: `${hour + 1}:00`,
          tableId: table,
        });
        const headers = { 'Content-Type': 'application/json' };
        const path = '/api/v1/demo-bistro/reservations';
        const first = await send(server.current, 'POST', path, { key: 'rk_demo_full', body, headers });
        assertContract('POST', path, first);
        // The hour may fall in the break or a demo reservation may hold the table: then 422 / 409.
        expect([201, 409, 422]).toContain(first.status);
        const afterFirst = await service.control.snapshot();
        const second = await send(server.current, 'POST', path, { key: 'rk_demo_full', body, headers });
        assertContract('POST', path, second);
        expect(second.status).toBeGreaterThanOrEqual(400);
        expect(await service.control.snapshot()).toEqual(afterFirst);
      }),
      runs(60),
    );
  });
});

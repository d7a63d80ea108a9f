// Every schema of openapi.yaml (components.schemas) is a type the SDK exports under its own name, the
// `*Response` envelopes included. The names are read from openapi.yaml, so a schema added or renamed
// there fails this test until src/types.ts exports it.
//
// What an editor shows on hover: the TypeScript compiler prints the type of each value a user gets
// from the client (checker.typeToString, as quick info does). The contract's types must appear by
// their names, never as `components["schemas"]["…"]` or as an expanded object.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { virtualProgram } from './support/virtual-program';

const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, '__schema_exports__.ts');

/**
 * The SDK's name of a schema: its own, except for a name that would shadow a global the module uses
 * (scripts/generate.mjs, SHADOWED), which gets the suffix `Body` (`Error` → `ErrorBody`).
 */
const SHADOWED = new Set(['Error', 'Event', 'Request', 'Response', 'Headers', 'URL', 'Date', 'Record']);
const sdkName = (schema: string): string => (SHADOWED.has(schema) ? `${schema}Body` : schema);

const spec = parse(readFileSync(join(here, '../../../openapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, unknown> };
};
const schemaNames = Object.keys(spec.components.schemas);

/** The names among `names` that `import type { … } from '../src/index'` cannot import. */
function missingExports(names: readonly string[]): string[] {
  const source = names.map((name) => `import type { ${name} } from '../src/index';`).join('\n');
  const { program, sourceFile } = virtualProgram(file, source, { noUnusedLocals: false });
  const missing: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program, sourceFile)) {
    const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    const name = line === undefined ? undefined : names[line];
    missing.push(name ?? ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return missing;
}

describe('schema exports', () => {
  it('reads the schema names from openapi.yaml, *Response envelopes among them', () => {
    expect(schemaNames.length).toBeGreaterThan(30);
    expect(schemaNames.filter((name) => name.endsWith('Response')).length).toBeGreaterThan(5);
  });

  it('exports every schema of openapi.yaml by name', () => {
    // NoSuchSchema proves the check can fail: it must be the only name reported.
    expect(missingExports([...schemaNames.map(sdkName), 'NoSuchSchema'])).toEqual(['NoSuchSchema']);
  });
});

const hoverFile = join(here, '__hover__.ts');

// Each `const` below is looked up by name and its printed type compared with `expected`.
const source = `
import type { ReservationClient } from '../src/index';
import { constructWebhookEvent } from '../src/webhooks/index';

declare const client: ReservationClient;

export async function hovers() {
  const detail = await client.reservations.get('res_1');
  const status = detail.status;
  const historyEntry = detail.statusHistory[0];
  const historyAction = detail.statusHistory[0]?.action;
  const page = await client.reservations.list();
  const reservation = page.reservations[0];
  const customer = page.reservations[0]?.customer;
  const from = page.reservations[0]?.from;
  const created = await client.reservations.create({ email: 'a@example.com', date: '2030-01-07', from: '12:00', to: '13:00' });
  const changed = await client.reservations.updateStatus('res_1', { status: 'CONFIRMED' });
  const createBody = {} as Parameters<ReservationClient['reservations']['create']>[0];
  const updateBody = {} as Parameters<ReservationClient['reservations']['updateStatus']>[1];
  const target = updateBody.status;
  const day = await client.availability.get({ date: '2030-01-07' });
  const slot = day.slots[0];
  const hours = day.openingHours;
  const table = (await client.tables.list())[0];
  const service = (await client.services.list())[0];
  const info = await client.info.get();
  const schedule = await client.schedule.get();
  const photo = (await client.gallery.list()).photos[0];
  const review = (await client.reviews.list()).reviews[0];
  const event = await constructWebhookEvent('{}', 'sha256=0', 'whsec_x');
  return [detail, status, historyEntry, historyAction, page, reservation, customer, from, created, changed,
    createBody, target, day, slot, hours, table, service, info, schedule, photo, review, event];
}
`;

const expected: Record<string, string> = {
  detail: 'ReservationDetail',
  status: 'ReservationStatus',
  historyEntry: 'StatusHistoryEntry | undefined',
  historyAction: 'StatusHistoryAction | undefined',
  page: 'ReservationList',
  reservation: 'Reservation | undefined',
  customer: 'Customer | undefined',
  created: 'CreatedReservation',
  changed: 'ReservationStatusChange',
  createBody: 'CreateReservationRequest',
  updateBody: 'UpdateReservationStatusInput',
  target: 'ReservationStatusTarget',
  day: 'AvailabilityDay',
  slot: 'Slot | undefined',
  hours: 'OpeningHours | undefined',
  table: 'Table | undefined',
  service: 'Service | undefined',
  info: 'ProjectInfo',
  schedule: 'Schedule',
  photo: 'Photo | undefined',
  review: 'Review | undefined',
  event: 'WebhookEvent',
};

function printedTypes(): Map<string, string> {
  const { program, sourceFile, host } = virtualProgram(hoverFile, source);
  const errors = ts.getPreEmitDiagnostics(program, sourceFile);
  if (errors.length > 0) {
    throw new Error(ts.formatDiagnostics(errors, { ...host, getNewLine: () => '\n' }));
  }
  const checker = program.getTypeChecker();
  const printed = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      printed.set(node.name.text, checker.typeToString(checker.getTypeAtLocation(node.name), node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return printed;
}

describe('type names on hover', () => {
  const printed = printedTypes();

  it.each(Object.entries(expected))('%s shows as %s', (name, type) => {
    expect(printed.get(name)).toBe(type);
  });

  it('no value shows the generated components["schemas"] path', () => {
    expect(printed.size).toBeGreaterThanOrEqual(Object.keys(expected).length);
    for (const [name, type] of printed) expect(type, name).not.toContain('components[');
  });
});

describe('under exactOptionalPropertyTypes', () => {
  it('takes an option given as undefined (it keeps its default), per call, in retry and in /webhooks', () => {
    const source = `
import { createReservationClient } from '../src/index';
import { constructWebhookEvent, createWebhookDeduplicator } from '../src/webhooks/index';
declare const maybe: number | undefined;
declare const signal: AbortSignal | undefined;
const client = createReservationClient({
  baseUrl: 'http://127.0.0.1:4010',
  apiKey: 'rk_demo_full',
  project: 'demo-bistro',
  timeoutMs: maybe,
  retry: { baseDelayMs: maybe, maxDelayMs: maybe, maxRetryAfterMs: maybe, sleep: undefined, random: undefined },
});
void client.schedule.get({ signal, timeoutMs: maybe, maxRetries: maybe, headers: undefined });
void constructWebhookEvent('{}', 'sha256=', 'whsec_x', { maxAgeSeconds: maybe, now: undefined });
createWebhookDeduplicator({ ttlSeconds: maybe, maxEntries: maybe, now: undefined });
`;
    const { program, sourceFile } = virtualProgram(file, source, {
      exactOptionalPropertyTypes: true,
      noUnusedLocals: false,
    });
    const messages = ts
      .getPreEmitDiagnostics(program, sourceFile)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages).toEqual([]);
  });
});

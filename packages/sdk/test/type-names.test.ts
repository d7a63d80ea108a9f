// What an editor shows on hover: the TypeScript compiler prints the type of each value a user gets
// from the client (checker.typeToString, as quick info does). The contract's types must appear by
// their names, never as `components["schemas"]["…"]` or as an expanded object.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { virtualProgram } from './support/virtual-program';

const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, '__hover__.ts');

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
  const { program, sourceFile, host } = virtualProgram(file, source);
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

// A tour of @reservation-api/sdk against a running Reservation API (the local mock by default):
//
//   pnpm start                                                   # terminal 1: the mock on :4010
//   pnpm --filter @reservation-api/example-node-quickstart start # terminal 2: this script
//
// It reads the project, finds a free slot and table, books it, confirms it, shows how a
// DOUBLE_BOOKING looks and is handled, and cancels its booking again, so it can be run any number
// of times against the same server.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type AvailabilityDay,
  ConflictError,
  createReservationClient,
  isReservationApiError,
  type Reservation,
  type ReservationClient,
  type Slot,
  type Table,
} from '@reservation-api/sdk';

export interface QuickstartOptions {
  /** The service root WITHOUT /api/v1, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  apiKey: string;
  /** The project's slug, e.g. demo-bistro. */
  project: string;
  /** Where the output goes (one line per call); default console.log. */
  log?: (line: string) => void;
  /** The instant that decides what "today" is; default the real time. Tests pin it. */
  now?: Date;
}

export interface QuickstartResult {
  /** The reservation this run created (and cancelled at the end). */
  reservationId: string;
  tableId: string;
  date: string;
  from: string;
  to: string;
  /** How many reservations the paging walk saw. */
  reservationsSeen: number;
  /** True when the second booking of the same table failed with ConflictError DOUBLE_BOOKING. */
  doubleBookingCaught: boolean;
}

const GUESTS = 2;
/** Length of the booking; also passed to /availability so that each slot is one bookable interval. */
const DURATION_MINUTES = 60;
/** How far ahead to look for a day with a free slot (covers closed days, holidays, a full week). */
const MAX_DAYS_AHEAD = 14;
// The small date and overlap helpers below are repeated in other examples on purpose: every example
// is meant to be copied out on its own, with only the SDK as a dependency.
const ACTIVE: ReadonlySet<Reservation['status']> = new Set(['PENDING', 'CONFIRMED']);

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`: the API's dates are project-local. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `date` plus `days` calendar days (UTC arithmetic on a plain date, so no DST surprises). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

function describeDay(day: AvailabilityDay): string {
  if (!day.isOpen) return `${day.date} (${day.dayOfWeek}): closed, ${day.reason ?? 'no reason given'}`;
  const hours = day.openingHours;
  const pause = hours?.breakStart ? `, break ${hours.breakStart}–${hours.breakEnd ?? '?'}` : '';
  const free = day.slots.filter((slot) => slot.available).length;
  return `${day.date} (${day.dayOfWeek}): open ${hours?.open ?? '?'}–${hours?.close ?? '?'}${pause}, ${free} of ${day.slots.length} slots free`;
}

function overlaps(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  // HH:MM strings compare correctly as text; touching intervals do not overlap (as in the API).
  return a.from < b.to && b.from < a.to;
}

/**
 * The smallest free table for `guests` in `slot`. Availability only says that SOME table is free,
 * so the table is chosen from the tables and the day's active reservations.
 */
async function findFreeTable(
  client: ReservationClient,
  date: string,
  slot: Slot,
  tables: Table[],
): Promise<Table | undefined> {
  const busy = new Set<string>();
  for await (const reservation of client.reservations.iterate({ date })) {
    if (reservation.table && ACTIVE.has(reservation.status) && overlaps(reservation, slot)) {
      busy.add(reservation.table.id);
    }
  }
  return tables
    .filter((table) => table.capacity >= GUESTS && !busy.has(table.id))
    .sort((a, b) => a.capacity - b.capacity || a.position - b.position)[0];
}

export async function main(options: QuickstartOptions): Promise<QuickstartResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const client = createReservationClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    project: options.project,
  });

  // 1. The project. Its time zone decides what "today" is: dates and times are local to it.
  const info = await client.info.get();
  const timeZone = info.settings.timeZone;
  log(`Project: ${info.project.name} (${info.project.slug}), time zone ${timeZone}`);

  // 2. Today's availability, or the next day that has a free slot (closed days, holidays and a
  //    day whose slots are all taken or already past are skipped).
  const today = localDate(options.now ?? new Date(), timeZone);
  let day = await client.availability.get({ date: today, duration: DURATION_MINUTES });
  log(`Today: ${describeDay(day)}`);
  for (let ahead = 1; !day.slots.some((slot) => slot.available); ahead += 1) {
    if (ahead > MAX_DAYS_AHEAD) throw new Error(`No free slot in the next ${MAX_DAYS_AHEAD} days`);
    day = await client.availability.get({ date: addDays(today, ahead), duration: DURATION_MINUTES });
    log(`Next: ${describeDay(day)}`);
  }
  // Unavailable: booked, or already past (project local time): "taken" would say the first only.
  for (const slot of day.slots) log(`  ${slot.from}–${slot.to} ${slot.available ? 'free' : 'not free'}`);

  // 3. Every reservation, page by page. A small page size makes the paging visible with the demo
  //    data; in production leave `limit` out (the API's maximum, 100, means the fewest requests).
  log('Reservations:');
  let reservationsSeen = 0;
  for await (const r of client.reservations.iterate({ limit: 5 })) {
    reservationsSeen += 1;
    log(`  ${r.id} ${r.date} ${r.from}–${r.to} ${r.status.padEnd(9)} ${r.table?.name ?? '(no table)'}`);
  }
  log(`  ${reservationsSeen} in total`);

  // 4. A free slot and table: the first available slot that still has a table for the party.
  const tables = await client.tables.list();
  // The quickstart books a table (and shows a second booking of it refused): a project without tables
  // (demo-salon) has nothing to show that with, which "no table for 2 guests" would not say.
  if (tables.length === 0)
    throw new Error(
      `${info.project.slug} has no tables: this quickstart books a table and shows the 409 DOUBLE_BOOKING of a second booking of it; run it against a project with tables, such as demo-bistro`,
    );
  let booking: { slot: Slot; table: Table } | undefined;
  for (const slot of day.slots.filter((s) => s.available)) {
    const table = await findFreeTable(client, day.date, slot, tables);
    if (table) {
      booking = { slot, table };
      break;
    }
  }
  if (!booking) throw new Error(`No table for ${GUESTS} guests on ${day.date}`);
  const { slot, table } = booking;
  const request = { date: day.date, from: slot.from, to: slot.to, guests: GUESTS, tableId: table.id };

  // 5. Create (always PENDING), then confirm.
  const created = await client.reservations.create({
    ...request,
    email: 'quickstart@example.com',
    firstName: 'Quick',
    lastName: 'Start',
    note: 'Created by examples/node-quickstart',
  });
  log(
    `Created ${created.id}: ${created.date} ${created.from}–${created.to} at ${table.name}, ${created.status}`,
  );
  const confirmed = await client.reservations.updateStatus(created.id, { status: 'CONFIRMED' });
  log(`Confirmed ${confirmed.id}: ${confirmed.status}`);

  // 6. Someone else asks for the same table at the same time while ours is active. The API answers
  //    409 DOUBLE_BOOKING; handle it by type and code, and rethrow anything unexpected.
  let doubleBookingCaught = false;
  try {
    const second = await client.reservations.create({ ...request, email: 'second.guest@example.com' });
    // Not expected; cancel it so the run leaves nothing behind, then fail loudly.
    await client.reservations.cancel(second.id, { reason: 'Quickstart: unexpected second booking' });
    throw new Error(`Expected DOUBLE_BOOKING, but ${second.id} was created`);
  } catch (error) {
    if (!(error instanceof ConflictError && error.code === 'DOUBLE_BOOKING')) throw error;
    doubleBookingCaught = true;
    log(`Second booking of ${table.name} refused: ${error.status} ${error.code} (${error.message})`);
  }

  // 7. Cancel ours (DELETE keeps the reservation, now CANCELLED, with its history).
  const cancelled = await client.reservations.cancel(created.id, { reason: 'Quickstart clean-up' });
  log(`Cancelled ${created.id}: ${cancelled.message}`);
  const detail = await client.reservations.get(created.id);
  log(`History of ${detail.id}: ${detail.statusHistory.map((entry) => entry.action).join(' → ')}`);

  return {
    reservationId: created.id,
    tableId: table.id,
    date: request.date,
    from: request.from,
    to: request.to,
    reservationsSeen,
    doubleBookingCaught,
  };
}

/** True when this file is the program node (or tsx) was started with, not an import. */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const baseUrl = process.env.RESERVATION_API_URL ?? 'http://127.0.0.1:4010';
  main({
    baseUrl,
    apiKey: process.env.RESERVATION_API_KEY ?? 'rk_demo_full',
    project: process.env.RESERVATION_API_PROJECT ?? 'demo-bistro',
  }).catch((error: unknown) => {
    // SDK errors never contain the API key, so printing them is safe.
    console.error(isReservationApiError(error) ? `${error.name}: ${error.message}` : error);
    if (isReservationApiError(error) && error.name === 'ConnectionError') {
      console.error(`Nothing answers at ${baseUrl}. Start the mock first: pnpm start (repository root).`);
    }
    process.exitCode = 1;
  });
}

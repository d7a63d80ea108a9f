// A piece of "your" back end: the booking logic of a restaurant site that calls the Reservation API
// through @reservation-api/sdk. It is the code under test in ../test/booking-service.test.ts; the
// point of this example is how that test is written, not this module.
//
// Design: expected outcomes (closed, taken, blocked, API down) come back as values the caller can
// show to a guest; mistakes in our own set-up (a wrong key, a key without permission, invalid input)
// are thrown, because no guest can fix them.
import {
  ConflictError,
  ConnectionError,
  type CreateReservationInput,
  CustomerBlacklistedError,
  OutsideOpeningHoursError,
  RateLimitError,
  type Reservation,
  type ReservationClient,
  ServerError,
  type Table,
  TimeoutError,
} from '@reservation-api/sdk';

/**
 * What this service books: the API's create input (project-local `date`, `from`/`to` as HH:MM with
 * `to` exclusive) without a table, which the service picks, and with the party size required.
 */
export type BookingRequest = Pick<
  CreateReservationInput,
  'email' | 'firstName' | 'lastName' | 'phone' | 'date' | 'from' | 'to'
> & { guests: number };

export type BookingFailure =
  /** Closed that day, outside the opening hours, or across the break. */
  | 'closed'
  /** No table for the party is free at that time (also after one retry on a lost race). */
  | 'slot-taken'
  /** No table of the venue seats that many guests. */
  | 'party-too-large'
  /** The venue blacklisted this customer. */
  | 'customer-blocked'
  /** The API failed or could not be reached. For a failed create the outcome is unknown: see below. */
  | 'unavailable';

export type BookingResult =
  | { ok: true; reservationId: string; tableId: string }
  | { ok: false; reason: BookingFailure };

export interface ConfirmResult {
  /** Reservations moved from PENDING to CONFIRMED, in list order. */
  confirmed: string[];
  /** Reservations that were no longer PENDING when we got to them (e.g. cancelled meanwhile). */
  skipped: string[];
}

const ACTIVE: ReadonlySet<Reservation['status']> = new Set(['PENDING', 'CONFIRMED']);

function overlaps(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  // HH:MM compares correctly as text; touching intervals (10:00-11:00, 11:00-12:00) do not overlap.
  return a.from < b.to && b.from < a.to;
}

/** Tables with an active reservation that overlaps the requested time. Needs the Read permission. */
async function busyTables(client: ReservationClient, request: BookingRequest): Promise<Set<string>> {
  const busy = new Set<string>();
  for await (const reservation of client.reservations.iterate({ date: request.date })) {
    if (reservation.table && ACTIVE.has(reservation.status) && overlaps(reservation, request)) {
      busy.add(reservation.table.id);
    }
  }
  return busy;
}

/** The domain answer for an API error, or undefined when the error is ours to fix (rethrown). */
function failureFor(error: unknown): BookingFailure | undefined {
  if (error instanceof OutsideOpeningHoursError) return 'closed';
  if (error instanceof CustomerBlacklistedError) return 'customer-blocked';
  // Reads were already retried by the SDK; writes never are (the API has no idempotency keys), so a
  // failed create may or may not have been stored. We report it instead of guessing or repeating.
  if (
    error instanceof ServerError ||
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof RateLimitError
  ) {
    return 'unavailable';
  }
  return undefined;
}

/**
 * Books the smallest free table that seats the party. Availability only says whether SOME table is
 * free, so the table is chosen from the tables and the day's reservations; if another guest takes it
 * between our read and our write (409 DOUBLE_BOOKING), the next table is tried once.
 */
export async function bookTable(client: ReservationClient, request: BookingRequest): Promise<BookingResult> {
  try {
    const day = await client.availability.get({ date: request.date });
    const hours = day.openingHours;
    if (!day.isOpen || !hours) return { ok: false, reason: 'closed' };
    const inBreak =
      hours.breakStart !== undefined &&
      hours.breakEnd !== undefined &&
      overlaps(request, { from: hours.breakStart, to: hours.breakEnd });
    if (request.from < hours.open || request.to > hours.close || inBreak)
      return { ok: false, reason: 'closed' };

    const fitting = (await client.tables.list())
      .filter((table) => table.capacity >= request.guests)
      .sort((a: Table, b: Table) => a.capacity - b.capacity || a.position - b.position);
    if (fitting.length === 0) return { ok: false, reason: 'party-too-large' };

    const busy = await busyTables(client, request);
    // The first choice plus ONE alternative: a second lost race means the slot is in demand, and
    // the guest is better served by "pick another time" than by a long chain of attempts.
    const candidates = fitting.filter((table) => !busy.has(table.id)).slice(0, 2);
    for (const table of candidates) {
      try {
        const created = await client.reservations.create({ ...request, tableId: table.id });
        return { ok: true, reservationId: created.id, tableId: table.id };
      } catch (error) {
        if (error instanceof ConflictError && error.code === 'DOUBLE_BOOKING') continue;
        throw error;
      }
    }
    return { ok: false, reason: 'slot-taken' };
  } catch (error) {
    const reason = failureFor(error);
    if (reason === undefined) throw error;
    return { ok: false, reason };
  }
}

/** Confirms every PENDING reservation of `date` (e.g. a morning job once the kitchen has planned). */
export async function confirmPending(client: ReservationClient, date: string): Promise<ConfirmResult> {
  // Collect first, then change. Each confirmation removes a reservation from the PENDING filter, so
  // walking the pages while confirming would shift later records under the offset and skip them.
  const pending = await client.reservations.iterate({ date, status: 'PENDING' }).toArray({ max: 10_000 });
  const result: ConfirmResult = { confirmed: [], skipped: [] };
  for (const reservation of pending) {
    try {
      await client.reservations.updateStatus(reservation.id, { status: 'CONFIRMED' });
      result.confirmed.push(reservation.id);
    } catch (error) {
      // Someone cancelled (or already confirmed) it after we listed it: nothing left to do.
      if (error instanceof ConflictError && error.code === 'INVALID_STATUS_TRANSITION') {
        result.skipped.push(reservation.id);
        continue;
      }
      throw error;
    }
  }
  return result;
}

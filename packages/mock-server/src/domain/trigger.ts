// Trigger (mock README, "Trigger an event"): a webhook event caused by real transitions through the
// same domain functions as the API, so the reservation's state, its history and the events sent
// agree. `reservation.created` books the next free slot at least a day ahead for a test customer;
// the other events move a reservation (the given one, or a new one) along the state machine and
// cause every event on the way. Every change is made by `system`. Overrides of the event's data go
// through the same functions: `reason` is the cancellation's, `guests`, `date` and `tableId` shape
// the new booking (a reservation given by id keeps its own).
import type { components } from '../contract';
import { getAvailability } from './availability';
import type { DomainContext } from './context';
import { DomainError } from './errors';
import { resolveBranch, tableOf, tablesServing } from './projects';
import type { ProjectRecord, ReservationRecord, ReservationStatus, TableRecord } from './records';
import { createReservation, getReservation, overlappingReservation } from './reservations';
import { applyTransition } from './state-machine';
import { addDays, instantOf, localTime, toMinutes } from './time';

type WebhookEvent = components['schemas']['WebhookEvent'];
export type TriggerEventName = components['schemas']['WebhookEventName'];

/** The test customer of triggered bookings. */
export const TRIGGER_CUSTOMER = {
  email: 'trigger@example.com',
  firstName: 'Test',
  lastName: 'Trigger',
  phone: '+10000000000',
} as const;

/** A triggered booking starts at least this long after the mock's now. */
const LEAD_MS = 24 * 60 * 60 * 1000;
/** How far ahead a free slot is looked for. */
const SEARCH_DAYS = 366;

/** Where each event leaves the reservation. */
const TARGET: Record<Exclude<TriggerEventName, 'reservation.created'>, ReservationStatus> = {
  'reservation.confirmed': 'CONFIRMED',
  'reservation.cancelled': 'CANCELLED',
  'reservation.completed': 'COMPLETED',
};

/**
 * The trigger was asked for something it does not do (`invalid`), or cannot be done with this data
 * (`conflict`: no free slot, a blacklisted test customer). Nothing changed.
 */
export class TriggerError extends Error {
  override readonly name = 'TriggerError';

  constructor(
    message: string,
    readonly kind: 'invalid' | 'conflict',
  ) {
    super(message);
  }
}

/** What a trigger may set of the event's data; checked for shape at the boundary (control/schemas.ts). */
export interface TriggerOptions {
  /** Move this reservation instead of booking a new one. */
  reservationId?: string | undefined;
  /** The cancellation's reason (`reservation.cancelled` only). */
  reason?: string | undefined;
  /** Guests of the new booking (default 1); the table must seat them. */
  guests?: number | undefined;
  /** Book on this date (`YYYY-MM-DD`): its first free slot after the mock's now. */
  date?: string | undefined;
  /** Book on this active table of the project. */
  tableId?: string | undefined;
}

type BookingOptions = Pick<TriggerOptions, 'guests' | 'date' | 'tableId'>;

export interface TriggerOutcome {
  reservation: ReservationRecord;
  /** Every event caused, in order, for the webhook dispatcher. */
  events: WebhookEvent[];
}

/**
 * Causes `event` through the domain. Throws DomainError RESERVATION_NOT_FOUND for an unknown
 * `reservationId`, INVALID_STATUS_TRANSITION (nothing changed) when the reservation cannot make the
 * transition, and TriggerError when an override does not fit the event or no booking can be made.
 */
export async function triggerEvent(
  ctx: DomainContext,
  project: ProjectRecord,
  event: TriggerEventName,
  options: TriggerOptions = {},
): Promise<TriggerOutcome> {
  const { reservationId, reason, ...booking } = options;
  if (reason !== undefined && event !== 'reservation.cancelled')
    throw new TriggerError(
      'reason is the reason of a cancellation: use it with reservation.cancelled',
      'invalid',
    );
  const shaped = Object.entries(booking).filter(([, value]) => value !== undefined);
  if (reservationId !== undefined && shaped.length > 0)
    throw new TriggerError(
      `${shaped.map(([name]) => name).join(', ')} shape a new booking: leave out reservationId (the reservation keeps its own)`,
      'invalid',
    );
  if (event === 'reservation.created') {
    if (reservationId !== undefined)
      throw new TriggerError(
        'reservation.created books a new reservation: leave out reservationId',
        'invalid',
      );
    return bookNextFreeSlot(ctx, project, booking);
  }
  const target = TARGET[event];
  const start =
    reservationId === undefined
      ? await bookNextFreeSlot(ctx, project, booking)
      : { reservation: getReservation(ctx.store, project, reservationId), events: [] };
  let { reservation } = start;
  const events = [...start.events];
  // COMPLETED is reached from PENDING through CONFIRMED; any other target is one step. The first
  // step is the one that can fail, so a refused trigger changes nothing.
  const steps: ReservationStatus[] =
    target === 'COMPLETED' && reservation.status === 'PENDING' ? ['CONFIRMED', 'COMPLETED'] : [target];
  for (const to of steps) {
    const result = await applyTransition(ctx, reservation, {
      to,
      actor: 'system',
      ...(to === 'CANCELLED' && reason !== undefined ? { reason } : {}),
    });
    reservation = result.reservation;
    events.push(...result.events);
  }
  return { reservation, events };
}

/**
 * The next free slot at least a day ahead (project local time), on a free table seating the guests
 * when there are any; with `date`, the first free slot of that day after the mock's now; with
 * `tableId`, on that table.
 */
async function bookNextFreeSlot(
  ctx: DomainContext,
  project: ProjectRecord,
  options: BookingOptions,
): Promise<TriggerOutcome> {
  const guests = options.guests ?? 1;
  let only: TableRecord | undefined;
  if (options.tableId !== undefined) {
    only = tableOf(ctx.store, project, options.tableId);
    if (!only?.isActive)
      throw new TriggerError(`Unknown table "${options.tableId}" in ${project.slug}`, 'invalid');
    if (guests > only.capacity)
      throw new TriggerError(
        `guests ${guests} exceeds the capacity of table ${only.id} (${only.capacity})`,
        'invalid',
      );
  } else {
    // An override no table can seat would only scan a year of days to find no slot.
    const largest = Math.max(0, ...tablesServing(ctx.store, project, null).map((table) => table.capacity));
    if (largest > 0 && guests > largest)
      throw new TriggerError(
        `guests ${guests} exceeds what any table of ${project.slug} seats (at most ${largest})`,
        'invalid',
      );
  }
  const now = ctx.clock.now();
  const earliest = options.date === undefined ? now + LEAD_MS : now;
  const firstDate = options.date ?? localTime(earliest, project.timeZone).date;
  const days = options.date === undefined ? SEARCH_DAYS : 1;
  for (let i = 0; i < days; i++) {
    const date = addDays(firstDate, i);
    for (const slot of getAvailability(ctx, project, { date }).slots) {
      if (!slot.available || instantOf(date, slot.from, project.timeZone) < earliest) continue;
      const table = freeTable(ctx, project, date, toMinutes(slot.from), toMinutes(slot.to), guests, only);
      if (table === null) continue;
      try {
        const created = await createReservation(ctx, project, {
          ...TRIGGER_CUSTOMER,
          date,
          from: slot.from,
          to: slot.to,
          guests,
          ...(table === 'none' ? {} : { tableId: table.id }),
        });
        return { reservation: created.reservation, events: created.events };
      } catch (error) {
        if (error instanceof DomainError && error.code === 'CUSTOMER_BLACKLISTED')
          throw new TriggerError(
            `The test customer ${TRIGGER_CUSTOMER.email} is blacklisted in ${project.slug}`,
            'conflict',
          );
        throw error;
      }
    }
  }
  const where = only ? ` on table ${only.id}` : guests > 1 ? ` for ${guests} guests` : '';
  throw new TriggerError(
    options.date === undefined
      ? `No free slot in ${project.slug}${where} within ${SEARCH_DAYS} days`
      : `No free slot in ${project.slug}${where} on ${options.date} after the mock's now`,
    'conflict',
  );
}

/**
 * An active table (of the project's branch, as availability counts them; `only` when given) seating
 * `guests` with no overlapping active reservation; 'none' when the project has no tables (one
 * implicit place); null when all are taken.
 */
function freeTable(
  ctx: DomainContext,
  project: ProjectRecord,
  date: string,
  from: number,
  to: number,
  guests: number,
  only: TableRecord | undefined,
): TableRecord | 'none' | null {
  const tables = tablesServing(ctx.store, project, resolveBranch(ctx.store, project, null)).filter(
    (t) => only === undefined || t.id === only.id,
  );
  if (tables.length === 0) return only === undefined ? 'none' : null;
  return (
    tables.find(
      (t) => t.capacity >= guests && overlappingReservation(ctx.store, t.id, date, from, to) === undefined,
    ) ?? null
  );
}

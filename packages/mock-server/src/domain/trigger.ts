// Trigger (mock README, "Trigger an event"): a webhook event caused by real transitions through the
// same domain functions as the API, so the reservation's state, its history and the events sent
// agree. `reservation.created` books the next free slot at least a day ahead for a test customer;
// the other events move a reservation (the given one, or a new one) along the state machine and
// cause every event on the way. Every change is made by `system`.
import type { components } from '../contract';
import { getAvailability } from './availability';
import type { DomainContext } from './context';
import { DomainError } from './errors';
import { resolveBranch, tablesServing } from './projects';
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

export interface TriggerOutcome {
  reservation: ReservationRecord;
  /** Every event caused, in order, for the webhook dispatcher. */
  events: WebhookEvent[];
}

/**
 * Causes `event` through the domain. Throws DomainError RESERVATION_NOT_FOUND for an unknown
 * `reservationId`, INVALID_STATUS_TRANSITION (nothing changed) when the reservation cannot make the
 * transition, and TriggerError when no booking can be made.
 */
export async function triggerEvent(
  ctx: DomainContext,
  project: ProjectRecord,
  event: TriggerEventName,
  reservationId?: string,
): Promise<TriggerOutcome> {
  if (event === 'reservation.created') {
    if (reservationId !== undefined)
      throw new TriggerError(
        'reservation.created books a new reservation: leave out reservationId',
        'invalid',
      );
    return bookNextFreeSlot(ctx, project);
  }
  const target = TARGET[event];
  const start =
    reservationId === undefined
      ? await bookNextFreeSlot(ctx, project)
      : { reservation: getReservation(ctx.store, project, reservationId), events: [] };
  let { reservation } = start;
  const events = [...start.events];
  // COMPLETED is reached from PENDING through CONFIRMED; any other target is one step. The first
  // step is the one that can fail, so a refused trigger changes nothing.
  const steps: ReservationStatus[] =
    target === 'COMPLETED' && reservation.status === 'PENDING' ? ['CONFIRMED', 'COMPLETED'] : [target];
  for (const to of steps) {
    const result = await applyTransition(ctx, reservation, { to, actor: 'system' });
    reservation = result.reservation;
    events.push(...result.events);
  }
  return { reservation, events };
}

/** The next free slot at least a day ahead (project local time), on a free table when there are any. */
async function bookNextFreeSlot(ctx: DomainContext, project: ProjectRecord): Promise<TriggerOutcome> {
  const earliest = ctx.clock.now() + LEAD_MS;
  const firstDate = localTime(earliest, project.timeZone).date;
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const date = addDays(firstDate, i);
    for (const slot of getAvailability(ctx, project, { date }).slots) {
      if (!slot.available || instantOf(date, slot.from, project.timeZone) < earliest) continue;
      const table = freeTable(ctx, project, date, toMinutes(slot.from), toMinutes(slot.to));
      if (table === null) continue;
      try {
        const created = await createReservation(ctx, project, {
          ...TRIGGER_CUSTOMER,
          date,
          from: slot.from,
          to: slot.to,
          guests: 1,
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
  throw new TriggerError(`No free slot in ${project.slug} within ${SEARCH_DAYS} days`, 'conflict');
}

/**
 * An active table (of the project's branch, as availability counts them) with no overlapping active
 * reservation; 'none' when the project has no tables (one implicit place); null when all are taken.
 */
function freeTable(
  ctx: DomainContext,
  project: ProjectRecord,
  date: string,
  from: number,
  to: number,
): TableRecord | 'none' | null {
  const tables = tablesServing(ctx.store, project, resolveBranch(ctx.store, project, null));
  if (tables.length === 0) return 'none';
  return tables.find((t) => overlappingReservation(ctx.store, t.id, date, from, to) === undefined) ?? null;
}

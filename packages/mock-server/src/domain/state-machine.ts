// The reservation state machine (mock README, "Rules", Reservations; openapi.yaml), as ONE table.
// PATCH /status and DELETE both go through applyTransition(), which writes the history entry and
// returns the events caused.
import type { components } from '../contract';
import { type DomainContext, nowIso } from './context';
import { errors } from './errors';
import { cancelledEvent, completedEvent, confirmedEvent } from './events';
import type { HistoryAction, ReservationRecord, ReservationStatus } from './records';

type WebhookEvent = components['schemas']['WebhookEvent'];

/** A state a transition can lead to: every one but PENDING, where reservations only start. */
export type TransitionTarget = Exclude<ReservationStatus, 'PENDING'>;

/** from → to → history action. A pair that is not listed is not a transition (final states list none). */
export const TRANSITIONS: Readonly<
  Record<ReservationStatus, Readonly<Partial<Record<TransitionTarget, HistoryAction>>>>
> = {
  PENDING: { CONFIRMED: 'confirmed', CANCELLED: 'cancelled' },
  CONFIRMED: { COMPLETED: 'completed', CANCELLED: 'cancelled', NO_SHOW: 'no_show' },
  CANCELLED: {},
  COMPLETED: {},
  NO_SHOW: {},
};

/** Where DELETE moves a reservation (from any state the table lets reach it; else 409). */
export const DELETE_TARGET: TransitionTarget = 'CANCELLED';

/** The active states: they hold a table and can still change. */
export const ACTIVE_STATUSES: ReadonlySet<ReservationStatus> = new Set(['PENDING', 'CONFIRMED']);

export interface TransitionRequest {
  to: ReservationStatus;
  /** Who acts: the API key's id for changes through the API. */
  actor: string;
  note?: string | null;
  /** Kept for a change to CANCELLED only. */
  reason?: string | null;
}

export interface TransitionResult {
  reservation: ReservationRecord;
  /** The state it moved to (the reservation's `status` now), typed as a transition's target. */
  status: TransitionTarget;
  /** What happened, for the webhook dispatcher: one event, or none (NO_SHOW). */
  events: WebhookEvent[];
}

/**
 * Moves the reservation to `to` when the table allows it (else 409 INVALID_STATUS_TRANSITION and
 * nothing changes), appends the history entry and stores it (under the service's lock).
 */
export async function applyTransition(
  ctx: DomainContext,
  reservation: ReservationRecord,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const from = reservation.status;
  const { to } = request;
  const action = to === 'PENDING' ? undefined : TRANSITIONS[from][to];
  if (action === undefined || to === 'PENDING') throw errors.invalidTransition(from, to);
  const at = nowIso(ctx);
  const reason = to === 'CANCELLED' ? (request.reason ?? null) : null;
  const next = await ctx.store.reservations.update(reservation, {
    ...reservation,
    status: to,
    statusHistory: [
      ...reservation.statusHistory,
      {
        status: to,
        changedBy: request.actor,
        action,
        changedAt: at,
        note: request.note ?? null,
        reason,
      },
    ],
  });
  return { reservation: next, status: to, events: eventsFor(action, next, from, request.actor, reason, at) };
}

function eventsFor(
  action: HistoryAction,
  reservation: ReservationRecord,
  previous: ReservationStatus,
  actor: string,
  reason: string | null,
  at: string,
): WebhookEvent[] {
  switch (action) {
    case 'confirmed':
      return [confirmedEvent(reservation, actor, at)];
    case 'cancelled':
      return [cancelledEvent(reservation, previous, reason, actor, at)];
    case 'completed':
      return [completedEvent(reservation, at)];
    // NO_SHOW sends no event (openapi.yaml's webhooks list none); `created` is not a transition.
    case 'no_show':
    case 'created':
      return [];
  }
}

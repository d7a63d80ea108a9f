// Runtime schemas of the four webhook events, mirroring openapi.yaml (components.schemas.*Event).
// The assertions at the bottom make `tsc` fail when these and the generated types drift apart.
import type { components } from '../generated/schema';
import {
  array,
  discriminated,
  type Guard,
  type Infer,
  literal,
  nullable,
  number,
  object,
  string,
  timestamp,
} from './guard';

type Schemas = components['schemas'];

function envelope<E extends string, R extends Guard<unknown>>(event: E, reservation: R) {
  return object({
    event: literal(event),
    timestamp,
    projectId: string,
    data: object({ reservation }),
  });
}

export const reservationCreatedEvent = envelope(
  'reservation.created',
  object({
    id: string,
    date: string,
    from: string,
    to: string,
    status: literal('PENDING'),
    guests: number,
    note: nullable(string),
    customer: object({
      firstName: nullable(string),
      lastName: nullable(string),
      email: string,
      phone: nullable(string),
    }),
    services: array(object({ id: string, name: string })),
    table: nullable(object({ id: string, name: string })),
    createdAt: timestamp,
  }),
);

export const reservationConfirmedEvent = envelope(
  'reservation.confirmed',
  object({
    id: string,
    status: literal('CONFIRMED'),
    previousStatus: literal('PENDING'),
    confirmedBy: string,
  }),
);

export const reservationCancelledEvent = envelope(
  'reservation.cancelled',
  object({
    id: string,
    status: literal('CANCELLED'),
    previousStatus: literal('PENDING', 'CONFIRMED'),
    reason: string,
    cancelledBy: string,
  }),
);

export const reservationCompletedEvent = envelope(
  'reservation.completed',
  object({ id: string, status: literal('COMPLETED') }),
);

export const webhookEvent = discriminated('event', {
  'reservation.created': reservationCreatedEvent,
  'reservation.confirmed': reservationConfirmedEvent,
  'reservation.cancelled': reservationCancelledEvent,
  'reservation.completed': reservationCompletedEvent,
});

/** Every event name the guard accepts; the assertion below ties it to the generated enum. */
export const WEBHOOK_EVENT_NAMES = [
  'reservation.created',
  'reservation.confirmed',
  'reservation.cancelled',
  'reservation.completed',
] as const satisfies readonly Schemas['WebhookEventName'][];

// Compile-time drift check: exact (invariant) equality of the inferred and the generated types.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Deep<T> = T extends object ? { [K in keyof T]: Deep<T[K]> } : T;
type Same<A, B> = Equals<Deep<A>, Deep<B>>;
type Assert<T extends true> = T;

// Each check is its own Assert: an intersection of `true & false` would be `never`, which satisfies `extends true`.
export type WebhookEventSchemasMatchTheContract = [
  Assert<Same<Infer<typeof reservationCreatedEvent>, Schemas['ReservationCreatedEvent']>>,
  Assert<Same<Infer<typeof reservationConfirmedEvent>, Schemas['ReservationConfirmedEvent']>>,
  Assert<Same<Infer<typeof reservationCancelledEvent>, Schemas['ReservationCancelledEvent']>>,
  Assert<Same<Infer<typeof reservationCompletedEvent>, Schemas['ReservationCompletedEvent']>>,
  Assert<Same<Infer<typeof webhookEvent>, Schemas['WebhookEvent']>>,
  Assert<Equals<(typeof WEBHOOK_EVENT_NAMES)[number], Schemas['WebhookEventName']>>,
];

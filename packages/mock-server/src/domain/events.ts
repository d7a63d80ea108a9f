// The webhook envelopes the domain causes, with the fields of openapi.yaml's `webhooks` payloads.
// Built here (not in the dispatcher) so the domain alone decides what happened; the HTTP layer hands
// them to the dispatcher only after the request succeeded.
import type { components } from '../contract';
import type { CustomerRecord, ReservationRecord, ReservationStatus, TableRecord } from './records';

type Schemas = components['schemas'];

export function createdEvent(
  reservation: ReservationRecord,
  customer: CustomerRecord,
  table: TableRecord | null,
  at: string,
): Schemas['ReservationCreatedEvent'] {
  return {
    event: 'reservation.created',
    timestamp: at,
    projectId: reservation.projectId,
    data: {
      reservation: {
        id: reservation.id,
        date: reservation.date,
        from: reservation.from,
        to: reservation.to,
        status: 'PENDING',
        guests: reservation.guests,
        note: reservation.note,
        customer: {
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
        },
        services: reservation.services.map(({ id, name }) => ({ id, name })),
        table: table ? { id: table.id, name: table.name } : null,
        createdAt: reservation.createdAt,
      },
    },
  };
}

export function confirmedEvent(
  reservation: ReservationRecord,
  actor: string,
  at: string,
): Schemas['ReservationConfirmedEvent'] {
  return {
    event: 'reservation.confirmed',
    timestamp: at,
    projectId: reservation.projectId,
    data: {
      reservation: { id: reservation.id, status: 'CONFIRMED', previousStatus: 'PENDING', confirmedBy: actor },
    },
  };
}

export function cancelledEvent(
  reservation: ReservationRecord,
  previous: ReservationStatus,
  reason: string | null,
  actor: string,
  at: string,
): Schemas['ReservationCancelledEvent'] {
  if (previous !== 'PENDING' && previous !== 'CONFIRMED') throw new Error(`Cannot cancel from ${previous}`);
  return {
    event: 'reservation.cancelled',
    timestamp: at,
    projectId: reservation.projectId,
    data: {
      reservation: {
        id: reservation.id,
        status: 'CANCELLED',
        previousStatus: previous,
        // openapi.yaml (reservation.cancelled): a string always, empty when none was given.
        reason: reason ?? '',
        cancelledBy: actor,
      },
    },
  };
}

export function completedEvent(
  reservation: ReservationRecord,
  at: string,
): Schemas['ReservationCompletedEvent'] {
  return {
    event: 'reservation.completed',
    timestamp: at,
    projectId: reservation.projectId,
    data: { reservation: { id: reservation.id, status: 'COMPLETED' } },
  };
}

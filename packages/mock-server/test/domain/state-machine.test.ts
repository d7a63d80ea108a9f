import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors';
import type { ReservationStatus } from '../../src/domain/records';
import { insertReservation } from '../../src/domain/reservations';
import { applyTransition, TRANSITIONS } from '../../src/domain/state-machine';
import { createTestDomain } from '../support/domain';

const STATUSES: ReservationStatus[] = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'];

/**
 * The transition table of openapi.yaml's updateReservationStatus (PATCH /reservations/{id}/status),
 * written out independently of the implementation's table.
 */
const ALLOWED: Record<string, { action: string; event: string | null }> = {
  'PENDING→CONFIRMED': { action: 'confirmed', event: 'reservation.confirmed' },
  'PENDING→CANCELLED': { action: 'cancelled', event: 'reservation.cancelled' },
  'CONFIRMED→COMPLETED': { action: 'completed', event: 'reservation.completed' },
  'CONFIRMED→CANCELLED': { action: 'cancelled', event: 'reservation.cancelled' },
  'CONFIRMED→NO_SHOW': { action: 'no_show', event: null },
};

const pairs = STATUSES.flatMap((from) =>
  STATUSES.map((to) => [from, to, ALLOWED[`${from}→${to}`] ? 'is allowed' : 'is refused'] as const),
);

describe('the reservation state machine', () => {
  it('has exactly the transitions of openapi.yaml (updateReservationStatus)', async () => {
    const table = Object.entries(TRANSITIONS).flatMap(([from, tos]) =>
      Object.keys(tos).map((to) => `${from}→${to}`),
    );
    expect(table.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it.each(pairs)('%s → %s %s', async (from, to) => {
    const { ctx, project } = await createTestDomain();
    const before = await insertReservation(ctx, project(), {
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
      status: from,
      customer: { email: 'sm@example.com' },
    });
    const expected = ALLOWED[`${from}→${to}`];
    if (!expected) {
      await expect(applyTransition(ctx, before, { to, actor: 'key_x' })).rejects.toThrow(
        new DomainError('INVALID_STATUS_TRANSITION', `Cannot change status from ${from} to ${to}`),
      );
      // Refused: the stored record is untouched (the very same object).
      expect(ctx.store.reservations.get(before.id)).toBe(before);
      return;
    }
    const { reservation, status, events } = await applyTransition(ctx, before, {
      to,
      actor: 'key_x',
      reason: 'why',
      note: 'n',
    });
    expect(reservation.status).toBe(to);
    expect(status).toBe(to);
    expect(reservation.statusHistory).toHaveLength(before.statusHistory.length + 1);
    expect(reservation.statusHistory.at(-1)).toEqual({
      status: to,
      changedBy: 'key_x',
      action: expected.action,
      changedAt: '2026-06-15T08:00:00.000Z',
      note: 'n',
      reason: to === 'CANCELLED' ? 'why' : null,
    });
    expect(events.map((e) => e.event)).toEqual(expected.event ? [expected.event] : []);
    expect(ctx.store.reservations.get(before.id)).toBe(reservation);
  });

  it('puts the acting key and the reason (empty when none was given) into the events', async () => {
    const { ctx, project } = await createTestDomain();
    const make = (status: ReservationStatus) =>
      insertReservation(ctx, project(), {
        date: '2026-06-16',
        from: '12:00',
        to: '13:00',
        status,
        customer: { email: 'e@x.cz' },
      });
    const confirmed = (await applyTransition(ctx, await make('PENDING'), { to: 'CONFIRMED', actor: 'key_a' }))
      .events[0];
    expect(confirmed?.data.reservation).toEqual({
      id: expect.any(String),
      status: 'CONFIRMED',
      previousStatus: 'PENDING',
      confirmedBy: 'key_a',
    });
    const cancelled = (
      await applyTransition(ctx, await make('CONFIRMED'), { to: 'CANCELLED', actor: 'key_b' })
    ).events[0];
    expect(cancelled?.data.reservation).toMatchObject({
      previousStatus: 'CONFIRMED',
      reason: '',
      cancelledBy: 'key_b',
    });
    expect(cancelled).toMatchObject({ projectId: 'prj_demo_bistro', timestamp: '2026-06-15T08:00:00.000Z' });
  });
});

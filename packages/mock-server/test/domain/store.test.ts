import { describe, expect, it } from 'vitest';
import { createReservation, listReservations } from '../../src/domain/reservations';
import { applyTransition } from '../../src/domain/state-machine';
import { createTestDomain } from '../support/domain';

describe('the store', () => {
  it('keeps each record once, in its @msw/data collection; lookups return that very record', async () => {
    const { ctx, project } = await createTestDomain();
    const { reservation } = await createReservation(ctx, project(), {
      email: 'm@x.cz',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
    });
    const confirmed = (await applyTransition(ctx, reservation, { to: 'CONFIRMED', actor: 'key_x' }))
      .reservation;
    const inCollection = ctx.store.reservations.collection.findFirst((q) => q.where({ id: reservation.id }));
    expect(inCollection).toBe(confirmed);
    expect(ctx.store.reservations.get(reservation.id)).toBe(confirmed);
    expect(inCollection).toMatchObject({
      status: 'CONFIRMED',
      statusHistory: [{ action: 'created' }, { action: 'confirmed' }],
    });
    expect(ctx.store.reservations.collection.count()).toBe(ctx.store.reservations.size);
  });

  it('keeps its indexes in step when a record is replaced', async () => {
    const { ctx, project } = await createTestDomain();
    const { reservation } = await createReservation(ctx, project(), {
      email: 'i@x.cz',
      date: '2026-06-23',
      from: '12:00',
      to: '13:00',
      tableId: 'tbl_01',
    });
    const next = (await applyTransition(ctx, reservation, { to: 'CANCELLED', actor: 'key_x' })).reservation;
    expect(ctx.store.reservationsOfTableOn('tbl_01', '2026-06-23')).toEqual([next]);
    expect(ctx.store.reservationsOn('prj_demo_bistro', '2026-06-23')).toEqual([next]);
    expect(listReservations(ctx.store, project(), { date: '2026-06-23', status: 'CANCELLED' }).items).toEqual(
      [next],
    );
    expect(listReservations(ctx.store, project(), { date: '2026-06-23', status: 'PENDING' }).total).toBe(0);
  });

  it('refuses to update from a stale record', async () => {
    const { ctx, project } = await createTestDomain();
    const { reservation } = await createReservation(ctx, project(), {
      email: 's@x.cz',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
    });
    await applyTransition(ctx, reservation, { to: 'CONFIRMED', actor: 'key_x' });
    await expect(applyTransition(ctx, reservation, { to: 'CONFIRMED', actor: 'key_x' })).rejects.toThrow(
      /Stale or unknown record/,
    );
  });
});

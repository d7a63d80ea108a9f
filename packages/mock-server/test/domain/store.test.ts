import { describe, expect, it } from 'vitest';
import { createReservation, listReservations } from '../../src/domain/reservations';
import { applyTransition } from '../../src/domain/state-machine';
import { createTestDomain } from '../support/domain';

describe('the store', () => {
  it('mirrors every committed write into the @msw/data collections, in order', async () => {
    const { ctx, project } = await createTestDomain();
    const { reservation } = createReservation(ctx, project(), {
      email: 'm@x.cz',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
    });
    applyTransition(ctx, reservation, { to: 'CONFIRMED', actor: 'key_x' });
    await ctx.store.flush();
    const mirrored = ctx.store.reservations.collection.findFirst((q) => q.where({ id: reservation.id }));
    expect(mirrored).toMatchObject({
      status: 'CONFIRMED',
      statusHistory: [{ action: 'created' }, { action: 'confirmed' }],
    });
    expect(ctx.store.reservations.collection.count()).toBe(ctx.store.reservations.size);
  });

  it('keeps its indexes in step when a record is replaced', async () => {
    const { ctx, project } = await createTestDomain();
    const { reservation } = createReservation(ctx, project(), {
      email: 'i@x.cz',
      date: '2026-06-23',
      from: '12:00',
      to: '13:00',
      tableId: 'tbl_01',
    });
    const next = applyTransition(ctx, reservation, { to: 'CANCELLED', actor: 'key_x' }).reservation;
    expect(ctx.store.reservationsOfTableOn('tbl_01', '2026-06-23')).toEqual([next]);
    expect(ctx.store.reservationsOn('prj_demo_bistro', '2026-06-23')).toEqual([next]);
    expect(listReservations(ctx.store, project(), { date: '2026-06-23', status: 'CANCELLED' }).items).toEqual(
      [next],
    );
    expect(listReservations(ctx.store, project(), { date: '2026-06-23', status: 'PENDING' }).total).toBe(0);
  });

  it('hands out frozen records', async () => {
    const { ctx } = await createTestDomain();
    const record = ctx.store.reservations.get('res_demo_0001');
    expect(Object.isFrozen(record)).toBe(true);
  });

  it('clear() empties rows, indexes and collections', async () => {
    const { ctx } = await createTestDomain();
    ctx.store.clear();
    await ctx.store.flush();
    expect(ctx.store.projectBySlug('demo-bistro')).toBeUndefined();
    expect(ctx.store.reservationDates('prj_demo_bistro')).toEqual([]);
    expect(Object.values(await ctx.store.snapshot()).every((rows) => rows.length === 0)).toBe(true);
  });
});

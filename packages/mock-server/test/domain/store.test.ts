import { describe, expect, it } from 'vitest';
import { createReservation, listReservations } from '../../src/domain/reservations';
import { applyTransition } from '../../src/domain/state-machine';
import { createStore } from '../../src/domain/store';
import { createTestDomain } from '../support/domain';
import { sameHiddenClass } from '../support/hidden-class';

describe('the store', () => {
  it('is one hidden class for every store: a fresh mock and a reset make no new one', () => {
    // Past the engine's first few, when its object-copy fast path has taken over.
    for (let i = 0; i < 50; i++) createStore();
    expect(sameHiddenClass(createStore(), createStore())).toBe(true);
  });

  it('keeps each record once: a changed reservation reads back changed, and is not added again', async () => {
    const { ctx, project } = await createTestDomain();
    const before = ctx.store.reservations.size;
    const { reservation } = await createReservation(ctx, project(), {
      email: 'm@x.cz',
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
    });
    expect(ctx.store.reservations.size).toBe(before + 1);
    const confirmed = (await applyTransition(ctx, reservation, { to: 'CONFIRMED', actor: 'key_x' }))
      .reservation;
    expect(ctx.store.reservations.size).toBe(before + 1);
    expect(ctx.store.reservations.get(reservation.id)).toEqual(confirmed);
    expect(ctx.store.reservations.get(reservation.id)).toMatchObject({
      status: 'CONFIRMED',
      statusHistory: [{ action: 'created' }, { action: 'confirmed' }],
    });
    const listed = listReservations(ctx.store, project(), { date: '2026-06-16' }).items;
    expect(listed.filter((r) => r.id === reservation.id)).toEqual([confirmed]);
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

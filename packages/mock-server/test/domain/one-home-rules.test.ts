// Rules with one home in the domain (mock README, "How it works"): whether a presented key is valid
// (keys.ts validKey: the checks and the journal of a fault-answered request ask it), which tables
// serve a branch (projects.ts tablesServing: availability counts them, the trigger books one), and
// the overlap of a booking with a table's active reservations (reservations.ts
// overlappingReservation: DOUBLE_BOOKING and the trigger's free table).
import { describe, expect, it } from 'vitest';
import { authenticate, presentKey, revokeKey, validKey } from '../../src/domain/keys';
import { tablesServing } from '../../src/domain/projects';
import { insertReservation, overlappingReservation } from '../../src/domain/reservations';
import { toMinutes } from '../../src/domain/time';
import { triggerEvent } from '../../src/domain/trigger';
import { createTestDomain } from '../support/domain';

describe('validKey', () => {
  it('is the record of a known, unrevoked key, else why not; authenticate refuses for the same reason', async () => {
    const { ctx } = await createTestDomain();
    const full = presentKey('rk_demo_full');
    if (full === null) throw new Error('a key was presented');
    const record = validKey(ctx.store, full);
    expect(typeof record === 'string' ? record : record.id).toBe('key_demo_full');
    expect(validKey(ctx.store, { hash: 'nope' })).toBe('no key has this value: unknown, or regenerated');
    if (typeof record !== 'string') await revokeKey(ctx, record);
    expect(validKey(ctx.store, full)).toBe('key key_demo_full was revoked');
    expect(() => authenticate(ctx.store, full)).toThrow('Invalid API key');
  });
});

describe('tablesServing', () => {
  it("is the project's active tables of the branch, by position (tbl_07 is inactive)", async () => {
    const { ctx, project } = await createTestDomain();
    const branch = ctx.store.branches.get('br_old_town') ?? null;
    const ids = tablesServing(ctx.store, project(), branch).map((t) => t.id);
    expect(ids).toEqual(['tbl_01', 'tbl_02', 'tbl_03', 'tbl_04', 'tbl_05', 'tbl_06']);
    expect(tablesServing(ctx.store, project('demo-salon'), null)).toEqual([]);
  });
});

describe('overlappingReservation', () => {
  it('finds an active booking that overlaps, not a cancelled one nor one that only touches', async () => {
    const { ctx, project } = await createTestDomain();
    const date = '2030-06-18';
    const at = (from: string, to: string) =>
      overlappingReservation(ctx.store, 'tbl_01', date, toMinutes(from), toMinutes(to))?.id;
    const base = { date, tableId: 'tbl_01', customer: { email: 'o@example.com' } };
    await insertReservation(ctx, project(), { ...base, id: 'res_on', from: '12:00', to: '13:00' });
    await insertReservation(ctx, project(), {
      ...base,
      id: 'res_off',
      from: '14:00',
      to: '15:00',
      status: 'CANCELLED',
    });
    expect(at('12:30', '13:30')).toBe('res_on');
    expect(at('13:00', '14:00')).toBeUndefined();
    expect(at('14:00', '15:00')).toBeUndefined();
  });

  it('the trigger books a table the overlap rule leaves free', async () => {
    const { ctx, project } = await createTestDomain();
    const { reservation } = await triggerEvent(ctx, project(), 'reservation.created');
    expect(reservation.tableId).not.toBeNull();
    const others = ctx.store
      .reservationsOfTableOn(reservation.tableId ?? '', reservation.date)
      .filter((r) => r.id !== reservation.id);
    const clash = others.find(
      (r) =>
        (r.status === 'PENDING' || r.status === 'CONFIRMED') &&
        toMinutes(r.from) < toMinutes(reservation.to) &&
        toMinutes(reservation.from) < toMinutes(r.to),
    );
    expect(clash).toBeUndefined();
  });
});

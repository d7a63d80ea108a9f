import { describe, expect, it } from 'vitest';
import type { ReservationStatus } from '../../src/domain/records';
import { createReservation, insertReservation } from '../../src/domain/reservations';
import { overlaps, toMinutes } from '../../src/domain/time';
import { createTestDomain } from '../support/domain';

const span = (from: string, to: string) => [toMinutes(from), toMinutes(to)] as const;

describe('overlap of [from, to) intervals', () => {
  it.each([
    ['10:00', '11:00', '11:00', '12:00', false],
    ['11:00', '12:00', '10:00', '11:00', false],
    ['10:00', '11:00', '10:59', '12:00', true],
    ['10:00', '12:00', '10:30', '11:00', true],
    ['10:30', '11:00', '10:00', '12:00', true],
    ['10:00', '11:00', '10:00', '11:00', true],
    ['10:00', '11:00', '12:00', '13:00', false],
  ])('%s–%s and %s–%s overlap: %s', async (aFrom, aTo, bFrom, bTo, expected) => {
    expect(overlaps(...span(aFrom, aTo), ...span(bFrom, bTo))).toBe(expected);
  });
});

describe('DOUBLE_BOOKING on create', () => {
  const base = { email: 'a@example.com', date: '2026-06-16', tableId: 'tbl_01' };

  it('refuses an overlap on the same table and date, and allows touching ends', async () => {
    const { ctx, project } = await createTestDomain();
    createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    expect(() => createReservation(ctx, project(), { ...base, from: '12:30', to: '13:30' })).toThrow(
      'Table is already reserved for this time slot',
    );
    expect(() => createReservation(ctx, project(), { ...base, from: '11:00', to: '12:00' })).not.toThrow();
    expect(() => createReservation(ctx, project(), { ...base, from: '13:00', to: '14:00' })).not.toThrow();
  });

  it('ignores other tables, other dates and bookings without a table', async () => {
    const { ctx, project } = await createTestDomain();
    createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    expect(() =>
      createReservation(ctx, project(), { ...base, tableId: 'tbl_02', from: '12:00', to: '13:00' }),
    ).not.toThrow();
    expect(() =>
      createReservation(ctx, project(), { ...base, date: '2026-06-17', from: '12:00', to: '13:00' }),
    ).not.toThrow();
    const { tableId: _omit, ...noTable } = base;
    expect(() => createReservation(ctx, project(), { ...noTable, from: '12:00', to: '13:00' })).not.toThrow();
    expect(() => createReservation(ctx, project(), { ...noTable, from: '12:00', to: '13:00' })).not.toThrow();
  });

  it.each<[ReservationStatus, boolean]>([
    ['PENDING', true],
    ['CONFIRMED', true],
    ['CANCELLED', false],
    ['COMPLETED', false],
    ['NO_SHOW', false],
  ])('an existing %s reservation blocks the table: %s', async (status, blocks) => {
    const { ctx, project } = await createTestDomain();
    insertReservation(ctx, project(), {
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
      status,
      tableId: 'tbl_01',
      customer: { email: 'x@x.cz' },
    });
    const attempt = () => createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    if (blocks) expect(attempt).toThrow('Table is already reserved');
    else expect(attempt).not.toThrow();
  });

  it('changes nothing when it refuses', async () => {
    const { ctx, project } = await createTestDomain();
    createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    const before = await ctx.store.snapshot();
    expect(() =>
      createReservation(ctx, project(), { ...base, email: 'new@example.com', from: '12:00', to: '12:30' }),
    ).toThrow();
    expect(await ctx.store.snapshot()).toEqual(before);
  });
});

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
    await createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    await expect(createReservation(ctx, project(), { ...base, from: '12:30', to: '13:30' })).rejects.toThrow(
      'Table is already reserved for this time slot',
    );
    await expect(
      createReservation(ctx, project(), { ...base, from: '11:00', to: '12:00' }),
    ).resolves.toBeDefined();
    await expect(
      createReservation(ctx, project(), { ...base, from: '13:00', to: '14:00' }),
    ).resolves.toBeDefined();
  });

  it('ignores other tables, other dates and bookings without a table', async () => {
    const { ctx, project } = await createTestDomain();
    await createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    await expect(
      createReservation(ctx, project(), { ...base, tableId: 'tbl_02', from: '12:00', to: '13:00' }),
    ).resolves.toBeDefined();
    await expect(
      createReservation(ctx, project(), { ...base, date: '2026-06-17', from: '12:00', to: '13:00' }),
    ).resolves.toBeDefined();
    const { tableId: _omit, ...noTable } = base;
    await expect(
      createReservation(ctx, project(), { ...noTable, from: '12:00', to: '13:00' }),
    ).resolves.toBeDefined();
    await expect(
      createReservation(ctx, project(), { ...noTable, from: '12:00', to: '13:00' }),
    ).resolves.toBeDefined();
  });

  it.each<[ReservationStatus, boolean]>([
    ['PENDING', true],
    ['CONFIRMED', true],
    ['CANCELLED', false],
    ['COMPLETED', false],
    ['NO_SHOW', false],
  ])('an existing %s reservation blocks the table: %s', async (status, blocks) => {
    const { ctx, project } = await createTestDomain();
    await insertReservation(ctx, project(), {
      date: '2026-06-16',
      from: '12:00',
      to: '13:00',
      status,
      tableId: 'tbl_01',
      customer: { email: 'x@x.cz' },
    });
    const attempt = createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    if (blocks) await expect(attempt).rejects.toThrow('Table is already reserved');
    else await expect(attempt).resolves.toBeDefined();
  });

  it('changes nothing when it refuses', async () => {
    const { ctx, project } = await createTestDomain();
    await createReservation(ctx, project(), { ...base, from: '12:00', to: '13:00' });
    const before = await ctx.store.snapshot();
    await expect(
      createReservation(ctx, project(), { ...base, email: 'new@example.com', from: '12:00', to: '12:30' }),
    ).rejects.toThrow();
    expect(await ctx.store.snapshot()).toEqual(before);
  });
});

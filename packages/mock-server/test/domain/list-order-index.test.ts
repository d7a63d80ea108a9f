// The store keeps a project's reservations in list order by date, one list per filter (status,
// branch), with running counts, so that a page of GET /reservations and its total need no walk over
// the days: checked against filtering and sorting every record.
import { describe, expect, it } from 'vitest';
import { compareListOrder } from '../../src/domain/list-order';
import type { ReservationRecord } from '../../src/domain/records';
import { createReservation, listReservations } from '../../src/domain/reservations';
import { applyTransition } from '../../src/domain/state-machine';
import { createTestDomain } from '../support/domain';

const DATES = ['2026-06-16', '2026-06-17', '2026-06-18'];
const TIMES = ['12:00', '13:00', '14:00', '18:00'];
const ENDS = ['13:00', '14:00', '15:00', '19:00'];

describe("the store's list-order index", () => {
  it('gives every day and filter the records a filter-and-sort would, after creations and changes', async () => {
    const { ctx, project } = await createTestDomain();
    const bistro = project();
    const branches = ctx.store.branches.all().filter((b) => b.projectId === bistro.id);
    // Created out of order (times and dates interleaved), with and without a branch.
    for (let i = 0; i < 24; i++) {
      const { reservation } = await createReservation(ctx, bistro, {
        email: `order${i % 5}@x.cz`,
        date: DATES[(i * 2) % DATES.length] as string,
        from: TIMES[(i * 3) % TIMES.length] as string,
        to: ENDS[(i * 3) % TIMES.length] as string,
        guests: 2,
        ...(i % 3 === 0 && branches[0] ? { branchId: branches[0].id } : {}),
      });
      ctx.clock.advance(60_000);
      if (i % 4 === 1) await applyTransition(ctx, reservation, { to: 'CONFIRMED', actor: 'key_x' });
      if (i % 4 === 2) await applyTransition(ctx, reservation, { to: 'CANCELLED', actor: 'key_x' });
    }
    const all = ctx.store.reservations.all().filter((r) => r.projectId === bistro.id);
    const expected = (date: string, status?: string, branchId?: string): ReservationRecord[] =>
      all
        .filter(
          (r) =>
            r.date === date &&
            (status === undefined || r.status === status) &&
            (branchId === undefined || r.branchId === branchId),
        )
        .sort(compareListOrder);
    for (const date of DATES) {
      for (const status of [undefined, 'PENDING', 'CONFIRMED', 'CANCELLED']) {
        for (const branchId of [undefined, branches[0]?.id]) {
          const filter = { status, branchId };
          const day = ctx.store.reservationPage(bistro.id, filter, { from: date, to: date }, 0, 100);
          expect(day.items).toEqual(expected(date, status, branchId));
          expect(day.total).toBe(expected(date, status, branchId).length);
        }
      }
    }
    // Every window of every filter over two days, and over all three: the same slice of the whole list.
    for (const status of [undefined, 'PENDING', 'CONFIRMED', 'CANCELLED']) {
      for (const branchId of [undefined, branches[0]?.id]) {
        const filter = { status, branchId };
        for (const [from, to] of [
          [DATES[0], DATES[1]],
          [DATES[1], undefined],
          [undefined, undefined],
        ]) {
          const whole = all
            .filter(
              (r) =>
                (from === undefined || r.date >= from) &&
                (to === undefined || r.date <= to) &&
                (status === undefined || r.status === status) &&
                (branchId === undefined || r.branchId === branchId),
            )
            .sort(compareListOrder);
          for (let offset = 0; offset <= whole.length + 1; offset++) {
            for (const limit of [1, 3, 7]) {
              const page = ctx.store.reservationPage(bistro.id, filter, { from, to }, offset, limit);
              expect(page.items).toEqual(whole.slice(offset, offset + limit));
              expect(page.total).toBe(whole.length);
            }
          }
        }
      }
    }
    // A page that starts inside one day and ends inside the next is the same slice of the whole list.
    const whole = DATES.flatMap((date) => expected(date));
    const page = listReservations(ctx.store, bistro, { from: DATES[0], to: DATES[2], limit: 7, offset: 5 });
    expect(page.items).toEqual(whole.slice(5, 12));
    expect(page.total).toBe(whole.length);
  });
});

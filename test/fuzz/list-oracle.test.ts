// GET /reservations against a plain re-implementation over control.snapshot(): random filters and
// pages over a few hundred reservations give exactly the items and total that filtering and sorting
// every record would. (The list walks a date index and only counts days outside the page; this is
// what keeps that shortcut honest.)

import { RESERVATION_STATUSES, type ReservationStatus } from '@reservation-api/mock-server';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertContract, runs, send, useStandaloneServer } from './support';

interface StoredReservation {
  id: string;
  projectId: string;
  branchId: string | null;
  date: string;
  from: string;
  createdAt: string;
  status: ReservationStatus;
}

const DAYS = 40;
const dateOf = (day: number) => new Date(Date.UTC(2026, 5, 1 + day)).toISOString().slice(0, 10);

describe('GET /reservations paging and filters', () => {
  const server = useStandaloneServer();
  let stored: StoredReservation[] = [];

  beforeAll(async () => {
    const { control } = server.current.service;
    // 300 reservations over 40 days, every status, several per day and table, out of date order.
    for (let i = 0; i < 300; i++) {
      const day = (i * 7) % DAYS;
      const hour = 11 + (i % 10);
      await control.addReservation('demo-bistro', {
        date: dateOf(day),
        from: `${hour}:${i % 2 ? '30' : '00'}`,
        to: `${hour + 1}:00`,
        tableId: `tbl_0${1 + (i % 6)}`,
        status: RESERVATION_STATUSES[i % RESERVATION_STATUSES.length],
        customer: { email: `list${i % 17}@example.com` },
        createdAt: new Date(Date.UTC(2026, 4, 1, 0, i % 50)).toISOString(),
      });
    }
    // Status changes replace records: the per-day counts must follow them.
    const pending = ((await control.snapshot()).reservations as StoredReservation[]).filter(
      (r) => r.status === 'PENDING' && r.projectId === 'prj_demo_bistro',
    );
    for (const [i, r] of pending.slice(0, 40).entries()) {
      const answer = await send(server.current, 'PATCH', `/api/v1/demo-bistro/reservations/${r.id}/status`, {
        key: 'rk_demo_full',
        body: JSON.stringify({ status: i % 2 ? 'CONFIRMED' : 'CANCELLED' }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(200);
    }
    const snapshot = await control.snapshot();
    stored = (snapshot.reservations as StoredReservation[]).filter((r) => r.projectId === 'prj_demo_bistro');
  });

  const query = fc.record(
    {
      date: fc.integer({ min: -2, max: DAYS + 1 }).map(dateOf),
      from: fc.integer({ min: -2, max: DAYS + 1 }).map(dateOf),
      to: fc.integer({ min: -2, max: DAYS + 1 }).map(dateOf),
      status: fc.constantFrom(...RESERVATION_STATUSES),
      branchId: fc.constant('br_old_town'),
      limit: fc.integer({ min: 1, max: 120 }),
      offset: fc.integer({ min: 0, max: 320 }),
    },
    { requiredKeys: [] },
  );

  it('returns the page and total that filtering and sorting every reservation gives', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
        const path = `/api/v1/demo-bistro/reservations?${params}`;
        const answer = await send(server.current, 'GET', path, { key: 'rk_demo_full' });
        assertContract('GET', '/api/v1/demo-bistro/reservations', answer);
        expect(answer.status).toBe(200);

        const matching = stored
          .filter(
            (r) =>
              (q.date === undefined || r.date === q.date) &&
              (q.from === undefined || r.date >= q.from) &&
              (q.to === undefined || r.date <= q.to) &&
              (q.status === undefined || r.status === q.status) &&
              (q.branchId === undefined || r.branchId === q.branchId),
          )
          .sort(
            (a, b) =>
              a.date.localeCompare(b.date) ||
              a.from.localeCompare(b.from) ||
              a.createdAt.localeCompare(b.createdAt) ||
              a.id.localeCompare(b.id),
          );
        const limit = Math.min(q.limit ?? 50, 100);
        const offset = q.offset ?? 0;
        const body = answer.body as { total: number; count: number; reservations: { id: string }[] };
        expect(body.total).toBe(matching.length);
        expect(body.reservations.map((r) => r.id)).toEqual(
          matching.slice(offset, offset + limit).map((r) => r.id),
        );
        expect(body.count).toBe(body.reservations.length);
      }),
      runs(250),
    );
  });
});

// What the HTTP benchmarks ask and how the server child is seeded: shared by the load generator
// (http.ts, soak.ts) and the server child (mock-child.ts), so both sides agree on dates, tables and
// keys without talking about them.

/** The mock's frozen clock: Monday 2026-03-02, 08:00 in Prague. */
export const NOW = '2026-03-02T07:00:00.000Z';
export const SLUG = 'demo-bistro';
export const FULL_KEY = 'rk_demo_full';
export const API = `/api/v1/${SLUG}`;

/** demo-bistro's active tables (seed/demo.ts). */
export const TABLES = ['tbl_01', 'tbl_02', 'tbl_03', 'tbl_04', 'tbl_05', 'tbl_06'] as const;
/** One-hour slots inside demo-bistro's weekday hours (11:00–22:00, break 15:00–17:00). */
export const SLOTS: readonly (readonly [string, string])[] = [
  ['11:00', '12:00'],
  ['12:00', '13:00'],
  ['13:00', '14:00'],
  ['14:00', '15:00'],
  ['17:00', '18:00'],
  ['18:00', '19:00'],
  ['19:00', '20:00'],
  ['20:00', '21:00'],
  ['21:00', '22:00'],
];
const STATUSES = ['PENDING', 'CONFIRMED', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const;

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The `n`-th free (date, slot, table) combination on open days (Monday–Saturday) from `firstDay`
 * on: every n gives a different combination, so bookings built from it never overlap.
 */
export function slotAt(
  n: number,
  firstDay: string,
): { date: string; from: string; to: string; tableId: string } {
  const perDay = SLOTS.length * TABLES.length;
  const openDay = Math.floor(n / perDay);
  const within = n % perDay;
  // Six open days a week: skip each Sunday (the first day is a Monday).
  const calendarDay = openDay + Math.floor(openDay / 6);
  const date = isoDate(Date.parse(`${firstDay}T00:00:00Z`) + calendarDay * 86_400_000);
  const [from, to] = SLOTS[Math.floor(within / TABLES.length)] as readonly [string, string];
  return { date, from, to, tableId: TABLES[within % TABLES.length] as string };
}

/** First open day of the seeded reservations (a Monday); they cover about 7 months from here. */
export const SEED_FIRST_DAY = '2026-01-05';
/** First day of benchmark bookings (a Monday), after every seeded reservation. */
export const BOOKING_FIRST_DAY = '2029-01-01';
/** A date with seeded reservations for GET /availability (a Tuesday after NOW). */
export const AVAILABILITY_DATE = '2026-03-10';

/** The i-th seeded reservation (control.addReservation input). */
export function seededReservation(i: number) {
  return {
    ...slotAt(i, SEED_FIRST_DAY),
    status: STATUSES[i % STATUSES.length],
    guests: 1 + (i % 4),
    customer: { email: `guest${i % 2000}@example.com`, firstName: 'Guest' },
  };
}

/** The body of the i-th benchmark booking: a distinct slot and table each time, so all are 201. */
export function bookingBody(i: number): string {
  const { date, from, to, tableId } = slotAt(i, BOOKING_FIRST_DAY);
  return JSON.stringify({ email: `bench${i % 1000}@example.com`, date, from, to, tableId, guests: 2 });
}

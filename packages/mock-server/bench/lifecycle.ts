// In-process benchmark of what a test suite pays around its requests: a fresh demo mock, a reset,
// and a user's typical test (a fresh mock, 10 mixed requests, close) against the same 10 requests
// answered by plain MSW handlers with fixed JSON (the stateless alternative a user would write).
// Every goal is a RATIO measured in the same run, on the same machine, so other load hits both
// sides alike:
//   - a fresh demo mock (created and seeded)  ≤ 5× one in-process GET /services (`mock.fetch()`);
//   - a reset                                 ≤ 3× one in-process GET /services;
//   - the typical test                        ≤ 2× the same test on plain MSW handlers.
// Medians of alternating rounds. Run: pnpm bench (root) or
// pnpm --filter @reservation-api/mock-server bench. Writes the "lifecycle" section of BENCHMARKS.md
// (`--no-write` to only print).
import { getResponse, HttpResponse, http } from 'msw';
import { createMockService } from '../src/index';
import { machineLine, median, table, writeSection } from './support/report';

const NOW = '2026-03-02T07:00:00.000Z';
const BASE = 'http://127.0.0.1:4010';
const API = `${BASE}/api/v1/demo-bistro`;
const KEY = { 'X-API-Key': 'rk_demo_full' };
const JSON_KEY = { ...KEY, 'Content-Type': 'application/json' };
const ROUNDS = Number(process.env.LIFECYCLE_ROUNDS ?? 300);

/** The 10 requests of a typical test: reads, a booking, its detail, a status change, a cancel. */
function typicalRequests(): { request: Request; expect: number }[] {
  const booking = JSON.stringify({
    email: 'lifecycle@example.com',
    date: '2026-03-10',
    from: '12:00',
    to: '13:00',
    guests: 2,
  });
  return [
    { request: new Request(`${API}/info`, { headers: KEY }), expect: 200 },
    { request: new Request(`${API}/services`, { headers: KEY }), expect: 200 },
    { request: new Request(`${API}/availability?date=2026-03-10`, { headers: KEY }), expect: 200 },
    {
      request: new Request(`${API}/reservations`, { method: 'POST', headers: JSON_KEY, body: booking }),
      expect: 201,
    },
    { request: new Request(`${API}/reservations/res_0001`, { headers: KEY }), expect: 200 },
    {
      request: new Request(`${API}/reservations/res_0001/status`, {
        method: 'PATCH',
        headers: JSON_KEY,
        body: '{"status":"CONFIRMED"}',
      }),
      expect: 200,
    },
    { request: new Request(`${API}/reservations?limit=20`, { headers: KEY }), expect: 200 },
    { request: new Request(`${API}/reservations/res_nope`, { headers: KEY }), expect: 404 },
    {
      request: new Request(`${API}/reservations/res_0001`, {
        method: 'DELETE',
        headers: JSON_KEY,
        body: '{"reason":"plans changed"}',
      }),
      expect: 200,
    },
    { request: new Request(`${API}/tables`, { headers: KEY }), expect: 200 },
  ];
}

// The stateless alternative: fixed JSON per route, as a user would write it with msw alone.
const reservation = { id: 'res_0001', status: 'PENDING', date: '2026-03-10', from: '12:00', to: '13:00' };
const plainHandlers = [
  http.get(`${API}/info`, () => HttpResponse.json({ name: 'Bistro', slug: 'demo-bistro' })),
  http.get(`${API}/services`, () => HttpResponse.json({ items: [{ id: 'svc_lunch', name: 'Lunch' }] })),
  http.get(`${API}/availability`, () => HttpResponse.json({ date: '2026-03-10', slots: [] })),
  http.post(`${API}/reservations`, () => HttpResponse.json(reservation, { status: 201 })),
  http.get(`${API}/reservations/res_nope`, () =>
    HttpResponse.json({ error: 'Not Found', message: 'No such reservation' }, { status: 404 }),
  ),
  http.get(`${API}/reservations/:id`, () => HttpResponse.json(reservation)),
  http.patch(`${API}/reservations/:id/status`, () =>
    HttpResponse.json({ ...reservation, status: 'CONFIRMED' }),
  ),
  http.get(`${API}/reservations`, () => HttpResponse.json({ items: [reservation], total: 1 })),
  http.delete(`${API}/reservations/:id`, () => HttpResponse.json({ ...reservation, status: 'CANCELLED' })),
  http.get(`${API}/tables`, () => HttpResponse.json({ items: [] })),
];

async function check(response: Response | undefined, expect: number, what: string): Promise<void> {
  await response?.arrayBuffer();
  if (response?.status !== expect) throw new Error(`${what}: expected ${expect}, got ${response?.status}`);
}

/** A fresh demo mock, created and seeded (its first control call waits for the seed). */
async function freshMock() {
  const mock = createMockService({ now: NOW });
  await mock.control.projects();
  return mock;
}

async function typicalTestOnMock(): Promise<void> {
  const mock = createMockService({ now: NOW });
  for (const { request, expect } of typicalRequests()) {
    await check(await getResponse(mock.handlers, request), expect, `mock ${request.method} ${request.url}`);
  }
  mock.close();
}

async function typicalTestOnPlainMsw(): Promise<void> {
  for (const { request, expect } of typicalRequests()) {
    await check(await getResponse(plainHandlers, request), expect, `plain ${request.method} ${request.url}`);
  }
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export interface LifecycleResult {
  getServices: number;
  fresh: number;
  reset: number;
  typicalMock: number;
  typicalPlain: number;
}

export async function measureLifecycle(rounds = ROUNDS): Promise<LifecycleResult> {
  const shared = await freshMock();
  const services = async () =>
    check(await shared.fetch(new Request(`${API}/services`, { headers: KEY })), 200, 'GET /services');
  const samples = {
    getServices: [] as number[],
    fresh: [] as number[],
    reset: [] as number[],
    typicalMock: [] as number[],
    typicalPlain: [] as number[],
  };
  // Warm-up: every path compiled before the first measured round.
  for (let i = 0; i < 30; i++) {
    await services();
    (await freshMock()).close();
    await shared.reset();
    await typicalTestOnMock();
    await typicalTestOnPlainMsw();
  }
  // Alternating, so that other load on the machine hits every row alike.
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < 5; j++) samples.getServices.push(await time(services));
    samples.fresh.push(
      await time(async () => {
        const mock = await freshMock();
        mock.close();
      }),
    );
    samples.reset.push(await time(() => shared.reset()));
    samples.typicalMock.push(await time(typicalTestOnMock));
    samples.typicalPlain.push(await time(typicalTestOnPlainMsw));
  }
  shared.close();
  return {
    getServices: median(samples.getServices),
    fresh: median(samples.fresh),
    reset: median(samples.reset),
    typicalMock: median(samples.typicalMock),
    typicalPlain: median(samples.typicalPlain),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = machineLine();
  const r = await measureLifecycle();
  const rows = [
    ['one GET /services (`mock.fetch()`)', r.getServices, r.getServices, 'the unit', ''],
    ['a fresh demo mock, seeded', r.fresh, r.getServices, '≤ 5×', 5],
    ['a reset', r.reset, r.getServices, '≤ 3×', 3],
    ['a typical test: fresh mock, 10 requests, close', r.typicalMock, r.typicalPlain, '≤ 2×', 2],
    ['the same 10 requests on plain MSW handlers', r.typicalPlain, r.typicalPlain, 'the unit', ''],
  ] as const;
  const printed = rows.map(([what, ms, unit, goal, limit]) => {
    const ratio = ms / unit;
    const verdict = limit === '' ? '' : ratio <= limit ? 'met' : '**missed**';
    return [what, ms.toFixed(3), `${ratio.toFixed(2)}×`, goal, verdict];
  });
  console.table(printed);
  if (!process.argv.includes('--no-write')) {
    writeSection(
      'lifecycle',
      `## In process: what a test pays around its requests

\`pnpm bench\` (\`packages/mock-server/bench/lifecycle.ts\`, from the TypeScript sources), run ${startedAt}.
Machine: ${machine}.

The demo mock on a frozen clock, through \`mock.fetch()\` and the MSW handlers users get, in one process.
${ROUNDS} alternating rounds after 30 of warm-up; each round times 5 GET /services on one mock, a fresh
demo mock (\`createMockService()\` until its seed is in), a reset of a mock, a typical test (a fresh mock,
10 mixed requests through \`getResponse(mock.handlers, …)\`: info, services, availability, a booking,
its detail, a status change, a page, a 404, a cancel, tables; then \`close()\`) and the same 10 requests
answered by plain MSW handlers returning fixed JSON. Every goal is a ratio of medians from the same run;
the milliseconds move with the machine's load, the ratios much less.

${table(['what', 'median (ms)', 'ratio', 'goal', ''], printed)}
`,
    );
    console.log('wrote the "lifecycle" section of BENCHMARKS.md');
  }
}

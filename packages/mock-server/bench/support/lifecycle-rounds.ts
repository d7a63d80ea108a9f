// The work of bench/lifecycle.ts, for any version of the mock: a fresh demo mock, a reset, a typical
// test (a fresh mock, 10 mixed requests, close) and the same 10 requests on plain MSW handlers. The
// mock and msw come in as an entry, so the same rounds run on the TypeScript sources (`pnpm bench`)
// or on a built package of this checkout or of an older commit (`--before COMMIT`, one child process
// per version: lifecycle-child.ts).
import { getHeapSpaceStatistics } from 'node:v8';
import type { getResponse, HttpResponse, http, RequestHandler } from 'msw';

const NOW = '2026-03-02T07:00:00.000Z';
const BASE = 'http://127.0.0.1:4010';
const API = `${BASE}/api/v1/demo-bistro`;
const KEY = { 'X-API-Key': 'rk_demo_full' };
const JSON_KEY = { ...KEY, 'Content-Type': 'application/json' };

/** What the rounds use of a mock, in every version measured (080cec6 on has all of it). */
export interface LifecycleMock {
  readonly control: { projects(): Promise<unknown> };
  readonly handlers: RequestHandler[];
  fetch(request: Request): Promise<Response | undefined>;
  reset(): Promise<void>;
  close(): unknown;
}

/** One version of the mock and the msw it runs with. */
export interface LifecycleEntry {
  createMockService(options: { now: string }): LifecycleMock;
  msw: { getResponse: typeof getResponse; http: typeof http; HttpResponse: typeof HttpResponse };
}

/** Per-operation times (ms) of some rounds, in the order they were taken. */
export interface LifecycleSamples {
  getServices: number[];
  fresh: number[];
  reset: number[];
  typicalMock: number[];
  typicalPlain: number[];
}

export const LIFECYCLE_ROWS = ['getServices', 'fresh', 'reset', 'typicalMock', 'typicalPlain'] as const;

/** KB per operation still alive after two young-generation collections (promoted to the old one). */
export type LifecycleSurvivors = Record<(typeof LIFECYCLE_ROWS)[number], number>;

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
function plainHandlers({ http, HttpResponse }: LifecycleEntry['msw']): RequestHandler[] {
  const reservation = { id: 'res_0001', status: 'PENDING', date: '2026-03-10', from: '12:00', to: '13:00' };
  return [
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
}

async function check(response: Response | undefined, expect: number, what: string): Promise<void> {
  await response?.arrayBuffer();
  if (response?.status !== expect) throw new Error(`${what}: expected ${expect}, got ${response?.status}`);
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export interface LifecycleRunner {
  /** Runs every operation `count` times, unmeasured: every path compiled before the first round. */
  warmUp(count: number): Promise<void>;
  /** `iterations` measured iterations, each: 5 GET /services, a fresh mock, a reset, both typical tests. */
  round(iterations: number): Promise<LifecycleSamples>;
  /**
   * What each operation leaves for the old generation: old-space growth over `count` runs of it,
   * after a full collection before and two young ones after (what survives two is promoted), per run.
   * Needs `--expose-gc`. Garbage that outlives young collections is copied by each and then waits for
   * a full one: the cost a median leaves out.
   */
  survivors(count: number): Promise<LifecycleSurvivors>;
  close(): void;
}

type Gc = (options?: { type: 'minor' | 'major' }) => void;

function oldSpaceBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 1));

export async function createLifecycleRunner(entry: LifecycleEntry): Promise<LifecycleRunner> {
  const { getResponse } = entry.msw;
  const plain = plainHandlers(entry.msw);

  /** A fresh demo mock, created and seeded (its first control call waits for the seed). */
  async function freshMock(): Promise<LifecycleMock> {
    const mock = entry.createMockService({ now: NOW });
    await mock.control.projects();
    return mock;
  }
  async function typicalTestOnMock(): Promise<void> {
    const mock = entry.createMockService({ now: NOW });
    for (const { request, expect } of typicalRequests()) {
      await check(await getResponse(mock.handlers, request), expect, `mock ${request.method} ${request.url}`);
    }
    mock.close();
  }
  async function typicalTestOnPlainMsw(): Promise<void> {
    for (const { request, expect } of typicalRequests()) {
      await check(await getResponse(plain, request), expect, `plain ${request.method} ${request.url}`);
    }
  }

  const shared = await freshMock();
  const services = async () =>
    check(await shared.fetch(new Request(`${API}/services`, { headers: KEY })), 200, 'GET /services');
  return {
    async warmUp(count) {
      for (let i = 0; i < count; i++) {
        await services();
        (await freshMock()).close();
        await shared.reset();
        await typicalTestOnMock();
        await typicalTestOnPlainMsw();
      }
    },
    async round(iterations) {
      const samples: LifecycleSamples = {
        getServices: [],
        fresh: [],
        reset: [],
        typicalMock: [],
        typicalPlain: [],
      };
      // Alternating, so that other load on the machine hits every row alike.
      for (let i = 0; i < iterations; i++) {
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
      return samples;
    },
    async survivors(count) {
      const gc = (globalThis as { gc?: Gc }).gc;
      if (!gc) throw new Error('survivors() needs node --expose-gc');
      const ops: Record<keyof LifecycleSurvivors, () => Promise<unknown>> = {
        getServices: services,
        fresh: async () => (await freshMock()).close(),
        reset: () => shared.reset(),
        typicalMock: typicalTestOnMock,
        typicalPlain: typicalTestOnPlainMsw,
      };
      const out = {} as LifecycleSurvivors;
      for (const row of LIFECYCLE_ROWS) {
        gc();
        await turn();
        const before = oldSpaceBytes();
        for (let i = 0; i < count; i++) await ops[row]();
        await turn();
        gc({ type: 'minor' });
        gc({ type: 'minor' });
        out[row] = (oldSpaceBytes() - before) / count / 1024;
      }
      return out;
    },
    close() {
      shared.close();
    },
  };
}

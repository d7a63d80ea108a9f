// A stateful property test (fast-check model-based commands): random sequences of API calls (create
// with and without a table, PATCH, DELETE, list, availability) and control calls (clock set and
// advance, faults, reset with and without now, key regenerate, journal clear) against one
// in-process mock through `mock.fetch`, and after every step the invariants the mock README promises:
// - a slot offered as available can be booked; a slot refused as past is 422 RESERVATION_IN_PAST;
// - no two active reservations overlap on a table;
// - every status history is in time order and never after the mock's now;
// - journal ids are unique and increasing;
// - every 2xx answer matches openapi.yaml; no answer is a 5xx except an injected fault;
// - after the sequence and the whole retry schedule, every webhook delivery is delivered or failed,
//   with the attempts the schedule allows (see "Webhook deliveries" below).
// A second property ends worlds (and resets them) while requests and deliveries are in flight: several
// in-process mocks (worlds) take bookings, some behind fault delays, and triggers whose deliveries a
// receiver answers, fails or holds; worlds are reset and ended at random moments. Afterwards nothing of
// an ended world is observed (no outcome, no delivery attempt, only 503 answers) and no delivery id
// ever names two deliveries.
// Seeded (FUZZ_SEED) and reproducible; FUZZ_RUNS multiplies the runs (`pnpm test:fuzz` runs 100×).
// A failure prints the shrunk command sequence (fast-check's report).
import {
  createMockCore,
  createMockService,
  type MockCore,
  type MockService,
} from '@reservation-api/mock-server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertResponseMatches } from '../support/openapi';
import { runs } from './support';

const NOW = '2030-06-17T08:00:00.000Z'; // a Monday, 10:00 in Prague
const P = '/api/v1/demo-bistro';
const TABLES = ['tbl_01', 'tbl_02', 'tbl_03', 'tbl_04'];
const ACTIVE = new Set(['PENDING', 'CONFIRMED']);

interface Model {
  /** Ids of reservations the sequence created. */
  created: string[];
  /** Faults added and not yet used up (their answers may be 5xx). */
  faults: number;
}

interface Real {
  mock: MockService;
  /** The highest journal id seen so far (ids never go back, even across clears and resets). */
  lastJournalId: number;
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(real: Real, model: Model, method: string, path: string, json?: unknown): Promise<Answer> {
  const response = await real.mock.fetch(
    new Request(`${real.mock.baseUrl}${path}`, {
      method,
      headers: {
        'X-API-Key': 'rk_demo_full',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }),
  );
  if (!response) throw new Error(`${method} ${path}: not answered`);
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  const pathname = new URL(path, 'http://x').pathname;
  if (response.status >= 500) {
    // Only an injected fault may answer 5xx.
    expect(model.faults, `${method} ${path}: ${response.status} ${text}`).toBeGreaterThan(0);
    model.faults--;
  } else if (response.status >= 200 && response.status < 300) {
    assertResponseMatches(method, pathname, response.status, body);
  }
  return { status: response.status, body };
}

const dateOf = (day: number) => new Date(Date.UTC(2030, 5, 17 + day)).toISOString().slice(0, 10);
const time = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The invariants after every step. */
async function checkInvariants(real: Real): Promise<void> {
  const { control } = real.mock;
  const now = Date.parse(control.clock.now());
  const all = await control.reservations('demo-bistro');
  for (const r of all) {
    const times = r.statusHistory.map((h) => Date.parse(h.changedAt));
    expect(times, `history of ${r.id}`).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times), `history of ${r.id} after now`).toBeLessThanOrEqual(now);
  }
  const active = all.filter((r) => ACTIVE.has(r.status) && r.table !== null);
  for (const a of active)
    for (const b of active) {
      if (a.id >= b.id || a.table?.id !== b.table?.id || a.date !== b.date) continue;
      expect(a.from < b.to && b.from < a.to, `${a.id} and ${b.id} overlap on ${a.table?.id}`).toBe(false);
    }
  const ids = control.requests.list().map((e) => Number(e.id.slice(4)));
  expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
  for (const id of ids) expect(id).toBeGreaterThan(0);
  const last = ids.at(-1);
  if (last !== undefined) {
    expect(last).toBeGreaterThanOrEqual(real.lastJournalId);
    real.lastJournalId = last;
  }
}

type Command = fc.AsyncCommand<Model, Real>;

const command = (name: string, run: (model: Model, real: Real) => Promise<void>): Command => ({
  check: () => true,
  async run(model, real) {
    await run(model, real);
    await checkInvariants(real);
  },
  toString: () => name,
});

const create = fc
  .record({
    day: fc.integer({ min: 0, max: 3 }),
    start: fc.integer({ min: 22, max: 42 }),
    len: fc.integer({ min: 1, max: 4 }),
    table: fc.option(fc.constantFrom(...TABLES), { nil: undefined }),
  })
  .map(({ day, start, len, table }) => {
    const from = time(start * 30);
    const to = time(Math.min(start + len, 44) * 30);
    const json = {
      email: `fuzz${start}@example.com`,
      date: dateOf(day),
      from,
      to,
      ...(table ? { tableId: table } : {}),
    };
    return command(`create ${JSON.stringify(json)}`, async (model, real) => {
      const answer = await call(real, model, 'POST', `${P}/reservations`, json);
      if (answer.status === 201)
        model.created.push((answer.body as { reservation: { id: string } }).reservation.id);
      else expect([400, 409, 422, 429, 503]).toContain(answer.status);
    });
  });

const patch = fc
  .tuple(fc.nat(), fc.constantFrom('CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'))
  .map(([i, status]) =>
    command(`patch #${i} → ${status}`, async (model, real) => {
      const id = model.created[i % Math.max(1, model.created.length)] ?? 'res_none';
      const answer = await call(real, model, 'PATCH', `${P}/reservations/${id}`, { status });
      expect([200, 404, 409, 422, 503]).toContain(answer.status);
    }),
  );

const remove = fc.nat().map((i) =>
  command(`delete #${i}`, async (model, real) => {
    const id = model.created[i % Math.max(1, model.created.length)] ?? 'res_none';
    const answer = await call(real, model, 'DELETE', `${P}/reservations/${id}`);
    expect([200, 404, 409, 422, 503]).toContain(answer.status);
  }),
);

const list = fc.integer({ min: 0, max: 3 }).map((day) =>
  command(`list ${dateOf(day)}`, async (model, real) => {
    const answer = await call(real, model, 'GET', `${P}/reservations?date=${dateOf(day)}`);
    expect([200, 503]).toContain(answer.status);
  }),
);

const availability = fc.integer({ min: -1, max: 3 }).map((day) =>
  command(`availability ${dateOf(day)} and book what it offers`, async (model, real) => {
    const answer = await call(real, model, 'GET', `${P}/availability?date=${dateOf(day)}`);
    if (answer.status !== 200) return;
    const slots = (answer.body as { slots: { from: string; to: string; available: boolean }[] }).slots;
    const offered = slots.find((s) => s.available);
    if (offered) {
      const booked = await call(real, model, 'POST', `${P}/reservations`, {
        email: 'offered@example.com',
        date: dateOf(day),
        from: offered.from,
        to: offered.to,
      });
      if (booked.status !== 503) expect(booked.status, `offered ${offered.from} on ${dateOf(day)}`).toBe(201);
      if (booked.status === 201)
        model.created.push((booked.body as { reservation: { id: string } }).reservation.id);
    }
    const nowMs = Date.parse(real.mock.control.clock.now());
    const past = slots.find((s) => !s.available && Date.parse(`${dateOf(day)}T${s.from}:00+02:00`) < nowMs);
    if (past) {
      const refused = await call(real, model, 'POST', `${P}/reservations`, {
        email: 'past@example.com',
        date: dateOf(day),
        from: past.from,
        to: past.to,
      });
      if (refused.status !== 503) {
        expect(refused.status).toBe(422);
        expect((refused.body as { code: string }).code).toBe('RESERVATION_IN_PAST');
      }
    }
  }),
);

const advance = fc
  .integer({ min: 1, max: 36 * 3_600_000 })
  .map((ms) => command(`clock.advance(${ms})`, async (_, real) => real.mock.control.clock.advance(ms)));

// The clock only moves forward: set() goes to now + a positive amount.
const setClock = fc
  .integer({ min: 1, max: 48 * 3_600_000 })
  .map((ms) =>
    command(`clock.set(now + ${ms})`, async (_, real) =>
      real.mock.control.clock.set(Date.parse(real.mock.control.clock.now()) + ms),
    ),
  );

const fault = fc.constantFrom(`${P}/reservations`, `${P}/availability`).map((path) =>
  command(`fault 503 once on ${path}`, async (model, real) => {
    real.mock.control.faults.add({ path, status: 503 });
    model.faults++;
  }),
);

const reset = fc.constant(
  command('reset()', async (model, real) => {
    await real.mock.reset();
    model.created = [];
    model.faults = 0;
  }),
);
// Any instant, earlier or later than the clock: the demo data laid out around it, the clock frozen
// there (the sequence's dates may then lie in the past, and the invariants still hold).
const resetWithNow = fc
  .date({ min: new Date('2029-01-01T00:00:00Z'), max: new Date('2031-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) =>
    command(`reset({ now: ${date.toISOString()} })`, async (model, real) => {
      await real.mock.reset({ now: date });
      expect(real.mock.control.clock.now()).toBe(date.toISOString());
      model.created = [];
      model.faults = 0;
    }),
  );

const regenerate = fc.constant(
  command('regenerate key_demo_read', async (_, real) => {
    await real.mock.control.keys.regenerate('demo-bistro', 'key_demo_read');
  }),
);

const clearJournal = fc.constant(
  command('requests.clear()', async (_, real) => real.mock.control.requests.clear()),
);

// ---------------------------------------------------------------- webhook deliveries
// demo-bistro's events go to a receiver behind the mock's `fetch` option that answers 2xx, 5xx or
// fails the connection, decided per attempt from a seed (reproducible whatever order attempts run
// in). After the sequence the clock passes the whole schedule (attempts at 0, 1, 6, 36 and 156
// minutes, mock README "Webhooks") and every delivery must have ended.

const RECEIVER_URL = 'https://receiver.fuzz.test/webhooks';
/** Minutes after the delivery's creation at which the scheduled attempts fall. */
const SCHEDULE_MINUTES = [0, 1, 6, 36, 156];
/** Past the last scheduled attempt, with a margin. */
const AFTER_SCHEDULE_MS = (156 + 10) * 60_000;

interface Receiver {
  fetch(request: Request): Promise<Response>;
  /** Calls per delivery id (X-Webhook-Delivery) since the last reset. */
  readonly calls: Map<string, number>;
}

/** 32-bit FNV-1a: the receiver's answer for one attempt, from the seed, the delivery and the attempt. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function createReceiver({ seed, failPercent }: { seed: number; failPercent: number }): Receiver {
  const calls = new Map<string, number>();
  return {
    calls,
    async fetch(request) {
      const delivery = request.headers.get('x-webhook-delivery') ?? '(none)';
      const attempt = (calls.get(delivery) ?? 0) + 1;
      calls.set(delivery, attempt);
      const roll = hash(`${seed}:${delivery}:${attempt}`) % 100;
      if (roll >= failPercent) return new Response('ok', { status: roll % 2 === 0 ? 200 : 204 });
      if (roll % 3 === 0) throw new TypeError('fetch failed (the fuzz receiver refused the connection)');
      return new Response('down', { status: roll % 2 === 0 ? 500 : 503 });
    },
  };
}

const receiverSettings = fc.record({
  seed: fc.integer(),
  failPercent: fc.constantFrom(0, 30, 60, 90, 100),
});

/** Points demo-bistro at the receiver (again: reset() restores the seed, which has no target). */
const webhookTarget = fc.constant(
  command('setWebhook(demo-bistro, receiver)', async (_, real) => {
    await real.mock.control.setWebhook('demo-bistro', { url: RECEIVER_URL });
  }),
);

/** How the deliveries of all runs ended: the check must have seen both outcomes. */
const ended = { delivered: 0, failed: 0 };

/** Every delivery ended (delivered or failed) after the whole schedule, with the allowed attempts. */
async function checkDeliveriesEnd(mock: MockService, receiver: Receiver): Promise<void> {
  await mock.control.clock.advance(AFTER_SCHEDULE_MS);
  await mock.control.settled();
  const ok = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
  for (const delivery of mock.control.deliveries()) {
    const label = `${delivery.id} (${delivery.event}, ${delivery.reservationId})`;
    const attempts = delivery.attempts.filter((a) => !a.manual);
    expect(['delivered', 'failed'], `${label} status`).toContain(delivery.status);
    expect(delivery.nextAttemptAt, `${label} nextAttemptAt`).toBeNull();
    expect(
      attempts.map((a) => a.number),
      `${label} attempt numbers`,
    ).toEqual(attempts.map((_, i) => i + 1));
    expect(
      attempts.map((a) => (Date.parse(a.at) - Date.parse(delivery.createdAt)) / 60_000),
      `${label} attempt times (minutes after creation)`,
    ).toEqual(SCHEDULE_MINUTES.slice(0, attempts.length));
    const answered = attempts.map((a) => ok(a.responseStatus));
    if (delivery.status === 'delivered') {
      // Attempts stop at the first 2xx.
      expect(answered, `${label} attempts`).toEqual([...answered.slice(0, -1).map(() => false), true]);
    } else {
      expect(answered, `${label} attempts`).toEqual(SCHEDULE_MINUTES.map(() => false));
    }
    expect(receiver.calls.get(delivery.id) ?? 0, `${label} calls the receiver saw`).toBe(attempts.length);
    if (delivery.status === 'delivered' || delivery.status === 'failed') ended[delivery.status]++;
  }
}
// ---------------------------------------------------------------- end of webhook deliveries

const commands = [
  create,
  create,
  patch,
  remove,
  list,
  availability,
  availability,
  advance,
  setClock,
  fault,
  reset,
  resetWithNow,
  regenerate,
  clearJournal,
  webhookTarget,
];

/** The runs scale with FUZZ_RUNS, and so does the time they may take. */
const TIMEOUT_MS = 60_000 * Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));

describe('the mock under random sequences of API and control calls', () => {
  it('keeps every invariant after every step', { timeout: TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 25 }),
        receiverSettings,
        async (cmds, settings) => {
          const receiver = createReceiver(settings);
          const mock = createMockService({ now: NOW, fetch: receiver.fetch });
          // Delivery ids start again after a reset: so do the receiver's counts.
          mock.control.subscribe((event) => {
            if (event.type === 'state' && event.data.kind === 'reset') receiver.calls.clear();
          });
          try {
            await mock.control.setWebhook('demo-bistro', { url: RECEIVER_URL });
            await fc.asyncModelRun(
              () => ({ model: { created: [], faults: 0 }, real: { mock, lastJournalId: 0 } }),
              cmds,
            );
            await mock.control.settled();
            await checkDeliveriesEnd(mock, receiver);
          } finally {
            mock.close();
          }
        },
      ),
      { ...runs(15), verbose: 1 },
    );
    // The sequences reach deliveries that ended (which outcomes, delivered or failed, depends on the
    // seed: the 100× run in `pnpm test:fuzz` sees both).
    expect(ended.delivered + ended.failed, 'deliveries that ended').toBeGreaterThan(0);
  });
});

/** What can happen to one of the worlds, fired without waiting for the steps before to finish. */
type WorldStep =
  | { kind: 'book'; world: number; table: number; hour: number; delayMs: number }
  | { kind: 'trigger'; world: number }
  | { kind: 'advance'; world: number; minutes: number }
  | { kind: 'reset'; world: number }
  | { kind: 'end'; world: number };

const worldStep = (worlds: number): fc.Arbitrary<WorldStep> => {
  const world = fc.integer({ min: 0, max: worlds - 1 });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('book' as const),
        world,
        table: fc.integer({ min: 0, max: TABLES.length - 1 }),
        hour: fc.integer({ min: 12, max: 20 }),
        delayMs: fc.constantFrom(0, 0, 5, 30),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('trigger' as const), world }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        world,
        minutes: fc.integer({ min: 1, max: 40 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), world }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('end' as const), world }) },
  );
};

describe('worlds ended and reset while requests and deliveries are in flight', () => {
  it('nothing of an ended world is observed afterwards, and no delivery id names two deliveries', {
    timeout: TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(worldStep(3), { minLength: 1, maxLength: 30 }), async (steps) => {
        // One clock of events for every world: outcomes, attempts sent, ends.
        let seq = 0;
        const sent: { world: number; id: string; body: string; at: number }[] = [];
        const outcomes: { world: number; at: number }[] = [];
        const endedAt = new Map<number, number>();
        const lateAnswers: number[] = [];
        const worlds: MockCore[] = [0, 1, 2].map((index) => {
          const mock = createMockCore({
            now: NOW,
            logger: { error: () => {}, warn: () => {} },
            // The receiver: answers 204, fails with 500, or holds the attempt until it is aborted.
            fetch: async (request) => {
              const id = request.headers.get('x-webhook-delivery') ?? '';
              sent.push({ world: index, id, body: await request.text(), at: ++seq });
              const pick = id.charCodeAt(id.length - 1) % 3;
              if (pick === 0) return new Response(null, { status: 204 });
              if (pick === 1) return new Response(null, { status: 500 });
              return new Promise<Response>((_, reject) => {
                request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
              });
            },
            webhookTimeoutMs: 50,
          });
          mock.outcomes.subscribe(() => outcomes.push({ world: index, at: ++seq }));
          return mock;
        });
        const pending: Promise<unknown>[] = [];
        await Promise.all(
          worlds.map((mock) =>
            mock.control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' }),
          ),
        );
        for (const step of steps) {
          const mock = worlds[step.world];
          if (!mock) continue;
          const ended = endedAt.has(step.world);
          const ask = async (request: Request) => {
            const response = await mock.fetch(request);
            // A world that ended answers 503 and nothing else.
            if (endedAt.has(step.world) && response) lateAnswers.push(response.status);
          };
          switch (step.kind) {
            case 'book': {
              if (step.delayMs > 0 && !ended)
                mock.control.faults.add({ path: '/api/v1/*', delayMs: step.delayMs, times: 1 });
              pending.push(
                ask(
                  new Request(`${mock.baseUrl}${P}/reservations`, {
                    method: 'POST',
                    headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
                    body: JSON.stringify({
                      email: 'fuzz@example.com',
                      date: '2030-06-18',
                      from: `${step.hour}:00`,
                      to: `${step.hour}:30`,
                      tableId: TABLES[step.table],
                    }),
                  }),
                ),
              );
              break;
            }
            case 'trigger':
              pending.push(mock.control.trigger('demo-bistro', 'reservation.created').catch(() => undefined));
              break;
            case 'advance':
              pending.push(mock.control.clock.advance(step.minutes * 60_000).catch(() => undefined));
              break;
            case 'reset':
              pending.push(
                mock.control
                  .reset()
                  .then(() =>
                    mock.control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' }),
                  )
                  .catch(() => undefined),
              );
              break;
            case 'end':
              if (ended) break;
              await mock.close();
              endedAt.set(step.world, ++seq);
              break;
          }
        }
        await Promise.all(pending);
        await Promise.all(
          worlds.map((mock, index) => (endedAt.has(index) ? undefined : mock.control.settled())),
        );
        await Promise.all(worlds.map((mock) => mock.close()));

        for (const [world, at] of endedAt) {
          expect(sent.filter((s) => s.world === world && s.at > at)).toEqual([]);
          expect(outcomes.filter((o) => o.world === world && o.at > at)).toEqual([]);
        }
        expect(lateAnswers.filter((status) => status !== 503)).toEqual([]);
        // One id, one delivery: every attempt of an id comes from one world with the same bytes.
        const byId = new Map<string, { world: number; body: string }>();
        for (const attempt of sent) {
          expect(attempt.id).toMatch(/^whd_[0-9a-f]{16}$/);
          const first = byId.get(attempt.id);
          if (!first) byId.set(attempt.id, attempt);
          else expect([first.world, first.body]).toEqual([attempt.world, attempt.body]);
        }
      }),
      runs(20),
    );
  });
});

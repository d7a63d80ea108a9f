// The webhook dispatcher, the journal and the event stream hear of an API request only through its
// outcome.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, createJournal, JOURNAL_BODY_LIMIT } from '../../src/observers/journal';
import type { MockEvent } from '../../src/observers/mock-events';
import { type ApiOutcome, controlOutcome, type Outcome, type RequestKey } from '../../src/observers/outcome';
import { observeOutcomes } from '../../src/observers/outcome-observers';
import type { PreparedDelivery } from '../../src/observers/webhooks';
import { createManualClock } from '../../src/runtime/clock';
import { createEventBus } from '../../src/runtime/event-bus';
import type { MockLogger } from '../../src/runtime/logger';
import { sameHiddenClass } from '../support/hidden-class';

const silent: MockLogger = { error: () => {}, warn: () => {} };

const prepared: PreparedDelivery = {
  id: 'whd_0001',
  event: 'reservation.created',
  projectId: 'prj_demo_bistro',
  reservationId: 'res_0001',
  url: 'https://hooks.example.test/in',
  secret: 'whsec_test',
  body: '{\n  "event": "reservation.created"\n}',
  createdAt: Date.parse('2026-06-15T08:00:00Z'),
};

function outcome(overrides: Partial<ApiOutcome> = {}): ApiOutcome {
  return {
    kind: 'api',
    changes: [],
    replaced: false,
    transitions: [],
    id: 'req_000001',
    arrival: 0,
    request: {
      at: '2026-06-15T08:00:00.000Z',
      wallTime: '2026-11-25T07:00:00.000Z',
      method: 'POST',
      path: '/api/v1/demo-bistro/reservations',
      query: '',
      project: 'demo-bistro',
      body: new TextEncoder().encode('{"email":"guest@example.com"}'),
    },
    answer: { status: 201, body: `{"id":"res_0001","note":"${'x'.repeat(JOURNAL_BODY_LIMIT)}"}` },
    key: { id: 'key_demo_full', name: 'Full access' },
    operationId: 'createReservation',
    rule: 'ok',
    error: null,
    reservations: ['res_0001'],
    deliveries: [prepared],
    durationMs: 1.5,
    ...overrides,
  };
}

function observed(journalLimit: number) {
  const journal = createJournal(journalLimit);
  const events = createEventBus<MockEvent>(silent);
  const outcomes = createEventBus<Outcome>(silent);
  const heard: MockEvent[] = [];
  events.subscribe((event) => heard.push(event));
  // Stands in for the dispatcher: what it is handed, announced on the stream as the real one does.
  const delivered: PreparedDelivery[][] = [];
  const dispatcher = {
    reset() {},
    deliver(deliveries: readonly PreparedDelivery[]) {
      delivered.push([...deliveries]);
      for (const delivery of deliveries) heard.push({ type: 'delivery', data: deliveryRecord(delivery) });
    },
  };
  // Stands in for the coverage counter: what it counted, and its resets.
  const counted: string[] = [];
  const coverage = {
    observeOutcome: (o: ApiOutcome) => counted.push(o.id),
    reset: () => counted.push('reset'),
  };
  observeOutcomes(outcomes, {
    journal,
    events,
    clock: createManualClock('2026-06-15T08:00:00Z'),
    dispatcher,
    coverage,
  });
  return { journal, outcomes, heard, delivered, counted };
}

describe('observers of outcomes', () => {
  it('give coverage every API outcome and start it over on a reset, not on another control write', () => {
    const { outcomes, counted } = observed(10);
    outcomes.emit(outcome());
    outcomes.emit(controlOutcome('clock.advance', { kind: 'clock', now: '2026-06-15T09:00:00.000Z' }));
    outcomes.emit(controlOutcome('reset', { kind: 'reset' }, { replaced: true }));
    expect(counted).toEqual(['req_000001', 'reset']);
  });

  it('hand the deliveries to the dispatcher, announce each changed reservation, then the journal entry made from the outcome', () => {
    const { journal, outcomes, heard, delivered } = observed(10);
    outcomes.emit(outcome());
    expect(delivered).toEqual([[prepared]]);
    expect(heard.map((event) => event.type)).toEqual(['delivery', 'state', 'request']);
    expect(heard[1]?.data).toMatchObject({ kind: 'reservation', id: 'res_0001', slug: 'demo-bistro' });
    const [entry] = journal.list();
    expect(heard[2]?.data).toEqual(entry);
    expect(entry).toMatchObject({
      id: 'req_000001',
      status: 201,
      body: { text: '{"email":"guest@example.com"}', truncated: false, bytes: 29 },
      reservations: ['res_0001'],
      deliveries: ['whd_0001'],
      response: { truncated: true },
    });
    expect(entry?.response.body).toHaveLength(JOURNAL_BODY_LIMIT);
  });

  it('a request that changed nothing is journaled without a state event; with the journal off, only changes are announced', () => {
    const on = observed(10);
    on.outcomes.emit(outcome({ reservations: [], deliveries: [] }));
    expect(on.heard.map((event) => event.type)).toEqual(['request']);
    const off = observed(0);
    off.outcomes.emit(outcome({ reservations: [], deliveries: [] }));
    expect(off.heard).toEqual([]);
    // With the journal off a change is still announced and delivered (neither depends on the journal).
    off.outcomes.emit(outcome());
    expect(off.heard.map((event) => event.type)).toEqual(['delivery', 'state']);
    expect(off.delivered).toEqual([[prepared]]);
    expect(off.journal.list()).toEqual([]);
  });

  it('announce every control write of one kind with one hidden class of state event (a reset per test makes none)', () => {
    const { outcomes, heard } = observed(10);
    // Past the engine's first few, when its object-copy fast path has taken over.
    for (let i = 0; i < 52; i++)
      outcomes.emit(controlOutcome('reset', { kind: 'reset' }, { replaced: true }));
    const [a, b] = heard.slice(-2).map((event) => event.data as object);
    expect(heard.at(-1)).toMatchObject({
      type: 'state',
      data: { kind: 'reset', at: '2026-06-15T08:00:00.000Z' },
    });
    expect(sameHiddenClass(a ?? {}, b ?? {})).toBe(true);
  });

  it('a journal full of entries keeps every kept entry readable when one with a text UTF-8 cannot carry leaves', () => {
    const journal = createJournal(2);
    const lone = '{"note":"\ud800"}';
    journal.record(outcome({ id: 'req_000001', answer: { status: 200, body: lone } }));
    journal.record(outcome({ id: 'req_000002', answer: { status: 200, body: '{"b":2}' } }));
    journal.record(outcome({ id: 'req_000003', answer: { status: 200, body: '{"c":3}' } }));
    const listed = journal.list();
    expect(listed.map((entry) => [entry.id, entry.body?.text, entry.response.body])).toEqual([
      ['req_000002', '{"email":"guest@example.com"}', '{"b":2}'],
      ['req_000003', '{"email":"guest@example.com"}', '{"c":3}'],
    ]);
  });

  it('a journal lists exactly the last entries it was given, in order, with their texts and lines, whatever it evicts or clears', () => {
    // Texts that go into the ring, texts kept as strings (a lone surrogate), cuts and empty bodies.
    const text = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '',
        '{"note":"\ud800"}',
        'é'.repeat(JOURNAL_BODY_LIMIT + 3),
        `${'x'.repeat(JOURNAL_BODY_LIMIT - 1)}😀`,
      ),
    );
    // Request lines and verdicts of several kinds, repeating the entry before them or not.
    const line = fc.record({
      path: fc.constantFrom('/api/v1/demo-bistro/services', '/api/v1/demo-bistro/reservations'),
      query: fc.constantFrom('', '?date=2026-06-15'),
      project: fc.constantFrom('demo-bistro', null),
      key: fc.constantFrom<RequestKey>(
        'none',
        'unknown',
        { id: 'key_a', name: 'One' },
        { id: 'key_a', name: 'Renamed' },
        { id: 'key_b', name: 'One' },
      ),
      // Three decimals, as the pipeline rounds it.
      durationMs: fc.integer({ min: 0, max: 10_000_000 }).map((us) => us / 1000),
    });
    const op = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({ answer: text, request: fc.option(text, { nil: null }), line }),
      },
      { weight: 1, arbitrary: fc.constant('clear' as const) },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(op, { maxLength: 30 }), (limit, ops) => {
        const journal = createJournal(limit);
        const model: {
          id: string;
          request: string | null;
          answer: string;
          line: { path: string; query: string; project: string | null; key: RequestKey; durationMs: number };
        }[] = [];
        let n = 0;
        for (const step of ops) {
          if (step === 'clear') {
            journal.clear();
            model.length = 0;
            continue;
          }
          const id = `req_${String(++n).padStart(6, '0')}`;
          const body = step.request === null ? null : new TextEncoder().encode(step.request);
          const { path, query, project, durationMs } = step.line;
          // A key object of its own each time, as the pipeline makes one per request.
          const key = typeof step.line.key === 'object' ? { ...step.line.key } : step.line.key;
          journal.record(
            outcome({
              id,
              arrival: journal.arrival(),
              answer: { status: 200, body: step.answer },
              request: { ...outcome().request, path, query, project, body },
              key,
              durationMs,
            }),
          );
          model.push({
            id,
            // What a request body is recorded as: its bytes decoded, then cut.
            request: body === null ? null : clip(new TextDecoder().decode(body)).text,
            answer: clip(step.answer).text,
            line: { path, query, project, key: step.line.key, durationMs },
          });
          if (model.length > limit) model.shift();
          expect(journal.newest()?.id).toBe(id);
        }
        const listed = journal.list();
        expect(
          listed.map((entry) => ({
            id: entry.id,
            request: entry.body?.text ?? null,
            answer: entry.response.body,
            line: {
              path: entry.path,
              query: entry.query,
              project: entry.project,
              key: entry.key,
              durationMs: entry.durationMs,
            },
          })),
        ).toEqual(model);
      }),
    );
  });

  it('drops the journal entry of a request that arrived before the last clear (its deliveries still go)', () => {
    const { journal, outcomes, heard, delivered } = observed(10);
    journal.clear();
    outcomes.emit(outcome({ reservations: [] }));
    expect(journal.list()).toEqual([]);
    expect(heard.map((event) => event.type)).toEqual(['delivery']);
    expect(delivered).toEqual([[prepared]]);
  });
});

function deliveryRecord(delivery: PreparedDelivery) {
  return {
    id: delivery.id,
    event: delivery.event,
    projectId: delivery.projectId,
    reservationId: delivery.reservationId,
    url: delivery.url,
    status: 'pending' as const,
    attempts: [],
    nextAttemptAt: null,
    createdAt: new Date(delivery.createdAt).toISOString(),
    body: delivery.body,
    signature: `sha256=${'0'.repeat(64)}`,
  };
}

// Coverage (mock README, "Coverage"): the space is derived from openapi.yaml and the state machine's
// table, never listed by hand, and the counter counts what the outcomes and delivery changes it is
// given exercised of it.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deriveContractSpace } from '../../scripts/contract-space';
import { TRANSITIONS } from '../../src/domain/state-machine';
import { CONTRACT_OPERATIONS, CONTRACT_WEBHOOK_EVENTS } from '../../src/generated/contract-space';
import {
  type CoverageDelivery,
  type CoverageOutcome,
  type CoverageReport,
  contractCoverageSources,
  coverageMarkdown,
  coverageSpace,
  coverageTable,
  createCoverageCounter,
  mergeCoverage,
} from '../../src/observers/api-coverage';
import { belowThreshold } from '../../src/observers/api-coverage/report';
import { answerId } from '../../src/observers/api-coverage/space';

const openapi = () => parse(readFileSync(new URL('../../../../openapi.yaml', import.meta.url), 'utf8'));

function outcome(
  overrides: Partial<CoverageOutcome> & { status?: number; method?: string; path?: string },
): CoverageOutcome {
  const { status = 200, method = 'GET', path = '/api/v1/demo-bistro/reservations', ...rest } = overrides;
  return {
    id: 'req_000001',
    operationId: 'listReservations',
    error: null,
    rule: 'ok',
    transitions: [],
    request: { method, path },
    answer: { status, body: '{}' },
    ...rest,
  };
}

const count = (report: CoverageReport, id: string) => report.items.find((item) => item.id === id)?.count;

describe('the coverage space', () => {
  it('is what openapi.yaml documents: the generated module matches the contract as it is', () => {
    const derived = deriveContractSpace(openapi());
    expect(derived.operations).toEqual(JSON.parse(JSON.stringify(CONTRACT_OPERATIONS)));
    expect(derived.webhookEvents).toEqual([...CONTRACT_WEBHOOK_EVENTS]);
    const ids = coverageSpace(contractCoverageSources).items.map((item) => item.id);
    expect(ids).toContain('createReservation 409 DOUBLE_BOOKING');
    expect(ids).toContain('listReservations 200');
    expect(ids).toContain('createReservation 400');
    expect(ids).toContain('CONFIRMED -> NO_SHOW');
    expect(ids).toContain('PENDING -> CANCELLED (DELETE)');
    expect(ids).toContain('reservation.cancelled');
    // Answered by the standalone server's Host check before any operation is known: no answer of one.
    expect(ids.some((id) => id.includes('HOST_NOT_ALLOWED'))).toBe(false);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('takes in a new operation, code, transition and event of a throwaway contract without editing a list', () => {
    const spec = openapi();
    spec.paths['/api/v1/{slug}/ping'] = {
      get: {
        operationId: 'pingProject',
        responses: {
          '200': { description: 'pong' },
          '418': {
            description: 'a teapot',
            content: { 'application/json': { examples: { teapot: { value: { code: 'I_AM_A_TEAPOT' } } } } },
          },
        },
      },
    };
    const conflict = spec.paths['/api/v1/{slug}/reservations'].post.responses['409'];
    conflict.content['application/json'].examples.tableBroken = { value: { code: 'TABLE_BROKEN' } };
    spec.webhooks['reservation.reminded'] = { post: { operationId: 'reminded' } };
    const derived = deriveContractSpace(spec);
    const space = coverageSpace({
      operations: derived.operations,
      transitions: { ...TRANSITIONS, NO_SHOW: { CONFIRMED: 'confirmed' } },
      deleteTarget: 'CANCELLED',
      events: derived.webhookEvents,
    });
    const ids = space.items.map((item) => item.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'pingProject 200',
        'pingProject 418 I_AM_A_TEAPOT',
        'createReservation 409 TABLE_BROKEN',
        'NO_SHOW -> CONFIRMED',
        'reservation.reminded',
      ]),
    );
    // And the counter counts it.
    const counter = createCoverageCounter(space);
    counter.observeOutcome(
      outcome({
        operationId: null,
        method: 'GET',
        path: '/api/v1/demo-bistro/ping',
        status: 418,
        error: { code: 'I_AM_A_TEAPOT', message: '' },
      }),
    );
    expect(count(counter.report(), 'pingProject 418 I_AM_A_TEAPOT')).toBe(1);
  });
});

describe('the coverage counter, on the outcome stream', () => {
  const fresh = () => createCoverageCounter(coverageSpace(contractCoverageSources));

  it('lists every item of the space, the uncovered ones with count 0', () => {
    const report = fresh().report();
    expect(report.success).toBe(true);
    expect(report.summary).toEqual({ covered: 0, total: report.items.length });
    expect(report.items.length).toBeGreaterThan(90);
    expect(report.items.every((item) => item.count === 0)).toBe(true);
    expect(new Set(report.items.map((item) => item.kind))).toEqual(
      new Set(['answer', 'transition', 'event']),
    );
    expect(report.refused).toEqual([]);
  });

  it('counts an answer by operation, status and code; a status the operation does not list is its `default`', () => {
    const counter = fresh();
    counter.observeOutcome(outcome({}));
    counter.observeOutcome(outcome({ id: 'req_000002' }));
    counter.observeOutcome(
      outcome({
        id: 'req_000003',
        operationId: 'createReservation',
        method: 'POST',
        status: 409,
        error: { code: 'DOUBLE_BOOKING', message: 'Table is already reserved for this time slot' },
      }),
    );
    counter.observeOutcome(
      outcome({
        id: 'req_000004',
        status: 503,
        error: { code: 'INTERNAL_ERROR', message: 'Service Unavailable' },
      }),
    );
    const report = counter.report();
    expect(count(report, 'listReservations 200')).toBe(2);
    expect(count(report, 'createReservation 409 DOUBLE_BOOKING')).toBe(1);
    expect(count(report, 'listReservations default INTERNAL_ERROR')).toBe(1);
    expect(report.summary.covered).toBe(3);
    expect(report.evidence['listReservations 200']).toEqual(['req_000001', 'req_000002']);
  });

  it("names an answer's item as the contract lists it: its status's own response, else `default`, with its code", () => {
    const sources = contractCoverageSources;
    const space = coverageSpace(sources);
    const ids = new Set(space.items.map((item) => item.id));
    // The rule as the README states it, built from the ids the space lists.
    const expected = (operationId: string, status: number, code: string | null) => {
      const op = sources.operations.find((o) => o.operationId === operationId);
      if (!op) return undefined;
      const own = op.answers.some((a) => a.status === String(status)) ? String(status) : 'default';
      const id = answerId(operationId, own, code);
      return ids.has(id) ? id : undefined;
    };
    const codes = [...new Set(sources.operations.flatMap((o) => o.answers.map((a) => a.code)))];
    fc.assert(
      fc.property(
        fc.constantFrom(...sources.operations.map((o) => o.operationId), 'noSuchOperation'),
        fc.oneof(fc.integer({ min: 100, max: 599 }), fc.constantFrom(200, 201, 400, 401, 404, 409, 503)),
        fc.constantFrom(...codes, null, '', 'NOT_A_CODE'),
        (operationId, status, code) => {
          expect(space.answerItem(operationId, status, code)).toBe(expected(operationId, status, code));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds the operation by method and path below the base when the checks refused before naming it (401)', () => {
    const counter = createCoverageCounter(coverageSpace(contractCoverageSources), '/base');
    counter.observeOutcome(
      outcome({
        operationId: null,
        method: 'PATCH',
        path: '/base/api/v1/demo-bistro/reservations/res_0001/status',
        status: 401,
        error: { code: 'API_KEY_MISSING', message: 'Missing X-API-Key header' },
      }),
    );
    // An unknown route is no operation's answer.
    counter.observeOutcome(
      outcome({
        operationId: null,
        path: '/api/v1/demo-bistro/nope',
        status: 404,
        error: { code: 'NOT_FOUND', message: 'Not found' },
      }),
    );
    // Nor is a path whose end is a route: the whole path below the base must be one.
    counter.observeOutcome(
      outcome({
        operationId: null,
        path: '/base/api/v1/x/api/v1/demo-bistro/info',
        status: 401,
        error: { code: 'API_KEY_MISSING', message: 'Missing X-API-Key header' },
      }),
    );
    const report = counter.report();
    expect(count(report, 'updateReservationStatus 401 API_KEY_MISSING')).toBe(1);
    expect(report.summary.covered).toBe(1);
  });

  it('counts a fault-made answer only where a fault is the only way there (429, 5xx), and no refusal', () => {
    const counter = fresh();
    const faulted = (status: number, code: string, body = '{}') =>
      counter.observeOutcome(
        outcome({
          operationId: 'createReservation',
          method: 'POST',
          rule: 'fault flt_0001',
          status,
          error: { code, message: 'injected' },
          answer: { status, body },
        }),
      );
    faulted(503, 'INTERNAL_ERROR');
    faulted(429, 'RATE_LIMITED');
    faulted(422, 'OUTSIDE_OPENING_HOURS');
    faulted(409, 'DOUBLE_BOOKING');
    faulted(400, 'VALIDATION_ERROR', JSON.stringify({ details: [{ field: 'date', message: 'injected' }] }));
    const report = counter.report();
    expect(count(report, 'createReservation 429 RATE_LIMITED')).toBe(1);
    expect(count(report, 'createReservation default INTERNAL_ERROR')).toBe(1);
    expect(count(report, 'createReservation 422 OUTSIDE_OPENING_HOURS')).toBe(0);
    expect(count(report, 'createReservation 409 DOUBLE_BOOKING')).toBe(0);
    expect(report.summary.covered).toBe(2);
    expect(report.refused).toEqual([]);
  });

  it('counts transitions from the outcome, a DELETE as a DELETE cancellation', () => {
    const counter = fresh();
    counter.observeOutcome(
      outcome({
        operationId: 'updateReservationStatus',
        method: 'PATCH',
        transitions: [{ reservation: 'res_0001', from: 'CONFIRMED', to: 'NO_SHOW' }],
      }),
    );
    counter.observeOutcome(
      outcome({
        operationId: 'cancelReservation',
        method: 'DELETE',
        transitions: [{ reservation: 'res_0002', from: 'PENDING', to: 'CANCELLED' }],
      }),
    );
    const report = counter.report();
    expect(count(report, 'CONFIRMED -> NO_SHOW')).toBe(1);
    expect(count(report, 'PENDING -> CANCELLED (DELETE)')).toBe(1);
    expect(count(report, 'PENDING -> CANCELLED')).toBe(0);
  });

  it('counts an event for each attempt its receiver acknowledged with a 2xx, however often the delivery is heard', () => {
    const counter = fresh();
    const url = 'https://hooks.test/in';
    const delivery = (statuses: (number | undefined)[]): CoverageDelivery => ({
      id: 'whd_0001',
      event: 'reservation.cancelled',
      url,
      attempts: statuses.map((responseStatus) =>
        responseStatus === undefined ? { url } : { url, responseStatus },
      ),
    });
    counter.observeDelivery(delivery([]));
    counter.observeDelivery(delivery([500]));
    counter.observeDelivery(delivery([500, undefined]));
    expect(count(counter.report(), 'reservation.cancelled')).toBe(0);
    counter.observeDelivery(delivery([500, undefined, 204]));
    counter.observeDelivery(delivery([500, undefined, 204]));
    const report = counter.report();
    expect(count(report, 'reservation.cancelled')).toBe(1);
    expect(report.evidence['reservation.cancelled']).toEqual(['whd_0001']);
    // A redelivery to its own URL acknowledged: counted again, the delivery still named once.
    counter.observeDelivery(delivery([500, undefined, 204, 200]));
    expect(count(counter.report(), 'reservation.cancelled')).toBe(2);
    expect(counter.report().evidence['reservation.cancelled']).toEqual(['whd_0001']);
  });

  it('does not count a copy redelivered to another URL, which settles nothing', () => {
    const counter = fresh();
    const own = 'https://hooks.test/in';
    counter.observeDelivery({
      id: 'whd_0002',
      event: 'reservation.created',
      url: own,
      attempts: [
        { url: own, responseStatus: 500 },
        { url: 'http://127.0.0.1:3001/copy', responseStatus: 204 },
      ],
    });
    expect(count(counter.report(), 'reservation.created')).toBe(0);
  });

  it('groups the requests the contract refused by operation, field and message', () => {
    const counter = fresh();
    const invalid = (id: string) =>
      outcome({
        id,
        operationId: 'createReservation',
        method: 'POST',
        status: 400,
        error: { code: 'VALIDATION_ERROR', message: 'date: is not a calendar date' },
        answer: {
          status: 400,
          body: JSON.stringify({
            error: 'Bad Request',
            code: 'VALIDATION_ERROR',
            details: [
              { field: 'date', message: 'is not a calendar date' },
              ...(id === 'req_3' ? [{ field: 'from', message: 'must be before to' }] : []),
            ],
          }),
        },
      });
    for (const id of ['req_1', 'req_2', 'req_3']) counter.observeOutcome(invalid(id));
    counter.observeOutcome(
      outcome({
        operationId: 'updateReservationStatus',
        method: 'PATCH',
        status: 415,
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' },
      }),
    );
    const { refused } = counter.report();
    expect(refused).toEqual([
      {
        operationId: 'createReservation',
        status: 400,
        code: 'VALIDATION_ERROR',
        field: 'date',
        message: 'is not a calendar date',
        count: 3,
      },
      {
        operationId: 'createReservation',
        status: 400,
        code: 'VALIDATION_ERROR',
        field: 'from',
        message: 'must be before to',
        count: 1,
      },
      {
        operationId: 'updateReservationStatus',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        field: null,
        message: 'Content-Type must be application/json',
        count: 1,
      },
    ]);
    expect(coverageTable(counter.report())).toContain(
      'createReservation: `date` is not a calendar date, 3 times',
    );
  });

  it('starts over on reset()', () => {
    const counter = fresh();
    counter.observeOutcome(outcome({}));
    counter.reset();
    const report = counter.report();
    expect(report.summary.covered).toBe(0);
    expect(report.evidence).toEqual({});
  });
});

describe('coverage reports for people', () => {
  const fresh = () => createCoverageCounter(coverageSpace(contractCoverageSources));

  it('a threshold is met exactly at its share, whatever floating point makes of threshold × total', () => {
    // Every whole share of every total up to 400: k of n meets exactly k × 100 / n, and one fewer does not.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (total, k) => {
        const covered = Math.min(k, total);
        const threshold = Number(((covered * 100) / total).toFixed(1));
        const exact = Number.isInteger((covered * 1000) / total);
        if (exact) expect(belowThreshold({ summary: { covered, total } }, threshold)).toBe(false);
        if (covered > 0)
          expect(belowThreshold({ summary: { covered: covered - 1, total } }, (covered * 100) / total)).toBe(
            true,
          );
      }),
    );
    expect(belowThreshold({ summary: { covered: 161, total: 250 } }, 64.4)).toBe(false);
  });

  it('merge: counts add up, each item listed once', () => {
    const a = fresh();
    const b = fresh();
    a.observeOutcome(outcome({}));
    b.observeOutcome(outcome({ id: 'req_9' }));
    b.observeOutcome(outcome({ operationId: 'getProjectInfo', path: '/api/v1/demo-bistro/info' }));
    const merged = mergeCoverage([a.report(), b.report()]);
    expect(merged.items).toHaveLength(a.report().items.length);
    expect(count(merged, 'listReservations 200')).toBe(2);
    expect(merged.summary.covered).toBe(2);
    expect(merged.evidence['listReservations 200']).toEqual(['req_000001', 'req_9']);
    // The same world saved twice without a reset names each request once.
    expect(mergeCoverage([a.report(), a.report()]).evidence['listReservations 200']).toEqual(['req_000001']);
  });

  it('table and markdown: grouped by kind, the uncovered first, control characters never printed', () => {
    const counter = fresh();
    counter.observeOutcome(outcome({}));
    const report = counter.report();
    report.items.push({ kind: 'event', id: 'evil\u001b[31m.event', count: 0 });
    const table = coverageTable(report);
    expect(table).not.toContain('\u001b');
    expect(table).toContain('evil?[31m.event');
    const answers = table.slice(table.indexOf('Answers:'), table.indexOf('Transitions:'));
    // Uncovered first: the one covered answer is the last line of its group.
    expect(answers.trim().split('\n').at(-1)).toMatch(/✓ listReservations 200\s+1$/);
    const markdown = coverageMarkdown(report);
    expect(markdown).toMatch(/^## API coverage: 1\/\d+ /);
    expect(markdown).toContain('| Answers | 1 |');
    expect(markdown).not.toContain('\u001b');
  });

  it('markdown: a refused field is a code span, with backticks of its own made quotes, the rest escaped', () => {
    const counter = fresh();
    const refused = (field: string, message: string) =>
      outcome({
        operationId: 'createReservation',
        method: 'POST',
        status: 400,
        error: { code: 'VALIDATION_ERROR', message: `${field}: ${message}` },
        answer: {
          status: 400,
          body: JSON.stringify({ code: 'VALIDATION_ERROR', details: [{ field, message }] }),
        },
      });
    counter.observeOutcome(refused('date', 'is not a calendar date'));
    counter.observeOutcome(refused('x`y', 'a *bold* | pipe'));
    const markdown = coverageMarkdown(counter.report());
    expect(markdown).toContain('- createReservation: `date` is not a calendar date, 1 time');
    expect(markdown).toContain("- createReservation: `x'y` a \\*bold\\* \\| pipe, 1 time");
    expect(coverageTable(counter.report())).toContain(
      'createReservation: `date` is not a calendar date, 1 time',
    );
  });
});

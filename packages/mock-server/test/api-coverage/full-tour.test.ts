// A scripted tour of the whole API that reaches 100 % coverage (mock README, "Coverage"): an example
// of reading the report, and the proof that every item of the derived space can be covered. Each step
// asks for one documented answer, transition or event; at the end the report lists no uncovered item.
// When openapi.yaml documents a new answer (or the state machine gains a transition), this test fails
// and names the item the tour does not reach yet.
import { describe, expect, it } from 'vitest';
import {
  type CoverageReport,
  coverageTable,
  createMockCore,
  type MockCore,
  silentLogger,
} from '../../src/index';

const NOW = '2030-06-17T08:00:00.000Z';
/** Tuesday: demo-bistro is open 11:00–22:00 with a 15:00–17:00 break. */
const DAY = '2030-06-18';
const FULL = 'rk_demo_full';

interface Call {
  method?: string;
  key?: string | null;
  /** Serialised as JSON unless `raw`. */
  json?: unknown;
  raw?: string;
  contentType?: string;
}

function tour(core: MockCore) {
  const call = async (path: string, { method = 'GET', key = FULL, json, raw, contentType }: Call = {}) => {
    const headers: Record<string, string> = {};
    if (key !== null) headers['x-api-key'] = key;
    const body = raw ?? (json === undefined ? undefined : JSON.stringify(json));
    if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
    const answer = await core.fetch(
      new Request(`${core.baseUrl}/api/v1/${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      }),
    );
    if (!answer) throw new Error(`${method} ${path}: not the mock's URL`);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  let next = 0;
  /** A booking without a table (so none overlaps another) in the evening of DAY. */
  const book = async (extra: Record<string, unknown> = {}) => {
    next += 1;
    const answer = await call('demo-bistro/reservations', {
      method: 'POST',
      json: {
        email: `guest${next}@example.com`,
        date: DAY,
        from: '18:00',
        to: '19:00',
        ...extra,
      },
    });
    if (answer.status !== 201)
      throw new Error(`booking ${next}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body.reservation as { id: string }).id;
  };
  const status = (id: string, to: string) =>
    call(`demo-bistro/reservations/${id}/status`, { method: 'PATCH', json: { status: to } });
  const cancel = (id: string) => call(`demo-bistro/reservations/${id}`, { method: 'DELETE' });
  return { call, book, status, cancel };
}

/** Each operation with a request that succeeds and one its checks refuse as VALIDATION_ERROR. */
const OPERATIONS: Record<string, { method: string; path: string; invalid?: Call & { path?: string } }> = {
  listReservations: { method: 'GET', path: 'reservations', invalid: { path: 'reservations?limit=0' } },
  createReservation: { method: 'POST', path: 'reservations' },
  getReservation: { method: 'GET', path: 'reservations/res_nope' },
  updateReservationStatus: { method: 'PATCH', path: 'reservations/res_nope/status' },
  cancelReservation: { method: 'DELETE', path: 'reservations/res_nope' },
  getAvailability: {
    method: 'GET',
    path: `availability?date=${DAY}`,
    invalid: { path: 'availability?date=nope' },
  },
  getSchedule: { method: 'GET', path: 'schedule' },
  listTables: { method: 'GET', path: 'tables', invalid: { path: 'tables?branchId=nope' } },
  listServices: { method: 'GET', path: 'services', invalid: { path: 'services?branchId=nope' } },
  getProjectInfo: { method: 'GET', path: 'info' },
  listGalleryPhotos: { method: 'GET', path: 'gallery', invalid: { path: 'gallery?limit=0' } },
  listReviews: { method: 'GET', path: 'reviews', invalid: { path: 'reviews?limit=0' } },
};

describe('a tour of the whole API', () => {
  it('covers every documented answer, every transition and every acknowledged event: 100 %', async () => {
    // A receiver that acknowledges every delivery with a 204.
    const core = createMockCore({
      now: NOW,
      logger: silentLogger,
      fetch: async () => new Response(null, { status: 204 }),
    });
    await core.control.setWebhook('demo-bistro', { url: 'https://hooks.example.test/in' });
    const { call, book, status, cancel } = tour(core);

    // Every operation: refused by each check that comes before it does anything.
    for (const [operationId, { method, path, invalid }] of Object.entries(OPERATIONS)) {
      const url = `demo-bistro/${path}`;
      const body = method === 'GET' ? {} : { json: {} };
      await call(url, { method, key: null, ...body }); // 401 API_KEY_MISSING
      await call(url, { method, key: 'rk_nope', ...body }); // 401 API_KEY_INVALID
      await call(url, { method, key: 'rk_salon_full', ...body }); // 403 PROJECT_MISMATCH
      await call(url, { method, key: 'rk_demo_basic', ...body }); // 403 PERMISSION_DENIED (where a permission is needed)
      // 429 and 5xx, as a rate limiter or a failing service answers them (injected faults).
      const faultPath = `/api/v1/${url.split('?')[0]}`;
      core.control.faults.add({ method, path: faultPath, status: 429, times: 1 });
      await call(url, { method, ...body });
      core.control.faults.add({ method, path: faultPath, status: 503, times: 1 });
      await call(url, { method, ...body });
      if (invalid?.path) await call(`demo-bistro/${invalid.path}`); // 400 VALIDATION_ERROR of a parameter
      if (method === 'GET' && !path.startsWith('reservations/')) {
        const ok = await call(url);
        expect(ok.status, operationId).toBe(200);
      }
    }

    // Bodies: not JSON, too large, not application/json, invalid fields.
    const bodyRoutes = [
      ['POST', 'demo-bistro/reservations'],
      ['PATCH', 'demo-bistro/reservations/res_nope/status'],
      ['DELETE', 'demo-bistro/reservations/res_nope'],
    ] as const;
    for (const [method, url] of bodyRoutes) {
      await call(url, { method, raw: '{bad' }); // 400 INVALID_JSON
      await call(url, { method, raw: JSON.stringify({ note: 'x'.repeat(70 * 1024) }) }); // 413
      await call(url, { method, raw: '{}', contentType: 'text/plain' }); // 415
    }
    await call('demo-bistro/reservations', {
      method: 'POST',
      json: { email: 'a@example.com', date: '2030-02-30', from: '12:00', to: '13:00' },
    }); // 400 VALIDATION_ERROR
    await call('demo-bistro/reservations', { method: 'POST', json: { email: 'a@example.com' } }); // 400, no code
    await call('demo-bistro/reservations/res_nope/status', { method: 'PATCH', json: { status: 'LOST' } });
    await call('demo-bistro/reservations/res_nope', { method: 'DELETE', json: { reason: 42 } });

    // Not found, and the booking rules.
    await call('demo-bistro/reservations/res_nope'); // 404
    await status('res_nope', 'CONFIRMED'); // 404
    await cancel('res_nope'); // 404
    const booking = { email: 'rule@example.com', date: DAY, from: '12:00', to: '13:00' };
    const post = (json: Record<string, unknown>) =>
      call('demo-bistro/reservations', { method: 'POST', json });
    await post({ ...booking, email: 'blocked@example.com' }); // 403 CUSTOMER_BLACKLISTED
    await post({ ...booking, from: '15:30', to: '16:00' }); // 422 OUTSIDE_OPENING_HOURS
    await post({ ...booking, date: '2030-06-11' }); // 422 RESERVATION_IN_PAST (a Tuesday a week before NOW)
    await post({ ...booking, tableId: 'tbl_01' });
    await post({ ...booking, tableId: 'tbl_01' }); // 409 DOUBLE_BOOKING

    // Every transition of the state machine, by PATCH and by DELETE; then a refused one.
    const completed = await book();
    await status(completed, 'CONFIRMED');
    await status(completed, 'COMPLETED');
    await status(completed, 'CONFIRMED'); // 409 INVALID_STATUS_TRANSITION
    await cancel(completed); // 409 INVALID_STATUS_TRANSITION
    const noShow = await book();
    await status(noShow, 'CONFIRMED');
    await status(noShow, 'NO_SHOW');
    await status(await book(), 'CANCELLED');
    const confirmedThenCancelled = await book();
    await status(confirmedThenCancelled, 'CONFIRMED');
    await status(confirmedThenCancelled, 'CANCELLED');
    await cancel(await book());
    const confirmedThenDeleted = await book();
    await status(confirmedThenDeleted, 'CONFIRMED');
    await cancel(confirmedThenDeleted);
    await call(`demo-bistro/reservations/${noShow}`); // getReservation 200

    // Every delivery answered; the events are counted as the receiver acknowledges them.
    await core.control.settled();
    const report: CoverageReport = core.control.coverage();
    const uncovered = report.items
      .filter((item) => item.count === 0)
      .map((item) => `${item.kind} ${item.id}`);
    expect(uncovered, coverageTable(report)).toEqual([]);
    expect(report.summary.covered).toBe(report.summary.total);
    // The requests the contract refused, grouped by operation and field.
    expect(report.refused).toContainEqual(
      expect.objectContaining({
        operationId: 'createReservation',
        field: 'date',
        message: 'is not a calendar date',
      }),
    );
    core.close();
  });
});

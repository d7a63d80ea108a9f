// The API pipeline publishes what happened as one typed outcome per request, once, on the bus it is
// given; no journal, event stream, persistence or delivery is wired in here (mock README, "How it
// works"): the webhook deliveries a change causes are prepared, named in the outcome and not sent.
import { describe, expect, it } from 'vitest';
import { createFaults } from '../../src/control/faults';
import type { Outcome } from '../../src/observers/outcome';
import { createStoreChanges } from '../../src/observers/store-changes';
import { createWebhookDispatcher } from '../../src/observers/webhooks';
import { createApi } from '../../src/pipeline/api';
import type { MockRequest } from '../../src/pipeline/exchange';
import { closedAnswer } from '../../src/pipeline/responses';
import { createEventBus } from '../../src/runtime/event-bus';
import { createLock } from '../../src/runtime/lock';
import type { MockLogger } from '../../src/runtime/logger';
import { createScheduler } from '../../src/runtime/scheduler';
import { booking } from '../support/api';
import { createTestDomain } from '../support/domain';
import { sequentialDeliveryIds } from '../webhooks/support';

const BASE = 'http://127.0.0.1:4010';
const silent: MockLogger = { error: () => {}, warn: () => {} };

function request(
  method: string,
  path: string,
  options: { key?: string; json?: unknown; text?: string; reads?: { count: number } } = {},
): MockRequest {
  const text = options.text ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  const bytes = text === undefined ? null : new TextEncoder().encode(text);
  const headers: Record<string, string> = {
    ...(options.key ? { 'x-api-key': options.key } : {}),
    ...(bytes ? { 'content-type': 'application/json', 'content-length': String(bytes.byteLength) } : {}),
  };
  return {
    method,
    url: new URL(`${BASE}${path}`),
    header: (name) => headers[name] ?? null,
    hasBody: bytes !== null,
    body: async () => {
      if (options.reads) options.reads.count++;
      return bytes ?? new Uint8Array();
    },
  };
}

async function pipeline() {
  const { ctx } = await createTestDomain();
  const outcomes = createEventBus<Outcome>(silent);
  const published: Extract<Outcome, { kind: 'api' }>[] = [];
  outcomes.subscribe((outcome) => {
    if (outcome.kind === 'api') published.push(outcome);
  });
  const changes = createStoreChanges();
  changes.watch(ctx.store);
  let requests = 0;
  let sent = 0;
  const dispatcher = createWebhookDispatcher({
    clock: ctx.clock,
    deliveryIds: sequentialDeliveryIds(),
    getTarget: () => ({ url: 'https://hooks.example.test/in', secret: 'whsec_test' }),
    fetch: async () => {
      sent++;
      return new Response(null, { status: 204 });
    },
  });
  const api = createApi({
    ctx,
    lock: createLock(),
    faults: createFaults(),
    webhooks: dispatcher,
    requestIds: { enabled: true, arrival: () => 0, nextId: () => `req_${++requests}` },
    outcomes,
    changes,
    logger: silent,
    baseUrl: BASE,
    scheduler: createScheduler({ clock: ctx.clock }),
    ended: closedAnswer,
  });
  return { api, published, dispatcher, sent: () => sent, close: () => dispatcher.close() };
}

describe('the API pipeline returns what happened', () => {
  it('a booking: one outcome with the rule, the reservation it created and the delivery it prepared', async () => {
    const { api, published, dispatcher, sent: attempts, close } = await pipeline();
    const sent = booking({ tableId: 'tbl_02', from: '18:00', to: '20:00' });
    const answer = await api.answer(
      request('POST', '/api/v1/demo-bistro/reservations', { key: 'rk_demo_full', json: sent }),
    );
    close();
    expect(answer?.status).toBe(201);
    expect(published).toHaveLength(1);
    const [outcome] = published;
    expect(outcome).toMatchObject({
      id: answer?.headers['x-request-id'],
      key: { id: 'key_demo_full' },
      operationId: 'createReservation',
      rule: 'ok',
      error: null,
      answer: { status: 201, body: answer?.body },
      request: { method: 'POST', path: '/api/v1/demo-bistro/reservations', project: 'demo-bistro' },
    });
    expect(new TextDecoder().decode(outcome?.request.body ?? undefined)).toBe(JSON.stringify(sent));
    expect(outcome?.reservations).toHaveLength(1);
    expect(answer?.body).toContain(`"id":"${outcome?.reservations[0]}"`);
    expect(outcome?.deliveries).toHaveLength(1);
    const [delivery] = outcome?.deliveries ?? [];
    expect(delivery).toMatchObject({
      event: 'reservation.created',
      projectId: 'prj_demo_bistro',
      reservationId: outcome?.reservations[0],
      url: 'https://hooks.example.test/in',
      secret: 'whsec_test',
    });
    expect(JSON.parse(delivery?.body ?? '')).toMatchObject({ event: 'reservation.created' });
    // Prepared, not sent: the dispatcher sends it when it hears the outcome (mock.ts subscribes it).
    await dispatcher.idle();
    expect(dispatcher.deliveries()).toEqual([]);
    expect(attempts()).toBe(0);
  });

  it('a refusal: the rule and how far the checks got, nothing changed, the body never read', async () => {
    const { api, published, dispatcher, close } = await pipeline();
    const reads = { count: 0 };
    const answer = await api.answer(
      request('POST', '/api/v1/demo-bistro/reservations', { key: 'rk_demo_read', json: booking(), reads }),
    );
    close();
    expect(answer?.status).toBe(403);
    expect(reads.count).toBe(0);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      key: { id: 'key_demo_read' },
      operationId: 'createReservation',
      error: { code: 'PERMISSION_DENIED' },
      reservations: [],
      deliveries: [],
      request: { body: null },
    });
    expect(published[0]?.rule).toMatch(/^PERMISSION_DENIED/);
    expect(dispatcher.deliveries()).toEqual([]);
  });

  it('a body that is not JSON: refused, and the bytes read are in the outcome', async () => {
    const { api, published, close } = await pipeline();
    const answer = await api.answer(
      request('POST', '/api/v1/demo-bistro/reservations', { key: 'rk_demo_full', text: '{bad' }),
    );
    close();
    expect(answer?.status).toBe(400);
    expect(published[0]?.rule).toMatch(/^INVALID_JSON/);
    expect(published[0]).toMatchObject({ key: { id: 'key_demo_full' }, operationId: 'createReservation' });
    expect(new TextDecoder().decode(published[0]?.request.body ?? undefined)).toBe('{bad');
  });

  it('a URL outside the API: no answer and no outcome', async () => {
    const { api, published, close } = await pipeline();
    expect(await api.answer(request('GET', '/__mock/requests'))).toBeUndefined();
    close();
    expect(published).toEqual([]);
  });
});

describe('the state machine moves a request made are in its outcome', () => {
  it('PATCH and DELETE name their from → to; a refused move and a booking name none', async () => {
    const { api, published, close } = await pipeline();
    const key = 'rk_demo_full';
    const created = await api.answer(
      request('POST', '/api/v1/demo-bistro/reservations', { key, json: booking() }),
    );
    const id = (JSON.parse(created?.body ?? '{}') as { reservation: { id: string } }).reservation.id;
    await api.answer(
      request('PATCH', `/api/v1/demo-bistro/reservations/${id}/status`, {
        key,
        json: { status: 'CONFIRMED' },
      }),
    );
    await api.answer(request('DELETE', `/api/v1/demo-bistro/reservations/${id}`, { key }));
    await api.answer(
      request('PATCH', `/api/v1/demo-bistro/reservations/${id}/status`, {
        key,
        json: { status: 'CONFIRMED' },
      }),
    );
    close();
    expect(published.map((o) => [o.answer.status, o.transitions])).toEqual([
      [201, []],
      [200, [{ reservation: 'res_0001', from: 'PENDING', to: 'CONFIRMED' }]],
      [200, [{ reservation: 'res_0001', from: 'CONFIRMED', to: 'CANCELLED' }]],
      [409, []],
    ]);
  });
});

// The control interface: JavaScript (service.control) and HTTP (/__mock/...), every row of
// the mock README's control table.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MockControlError } from '../../src/index';
import { BASE_URL, booking, MONDAY_MORNING, useMockApi } from '../support/api';

const P = '/api/v1/demo-bistro';

async function mock<T = Record<string, unknown>>(
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${BASE_URL}/__mock/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('control over HTTP', () => {
  const api = useMockApi();

  it('POST /__mock/reset restores seed data, clock, keys and faults', async () => {
    await api.post(`${P}/reservations`, booking());
    await mock('POST', 'clock', { advanceMs: 3_600_000 });
    const { key } = (
      await mock<{ key: string }>('POST', 'projects/demo-bistro/keys', { permissions: ['read'] })
    ).body;
    await mock('POST', 'faults', { status: 500, path: '/api/v1/demo-bistro/schedule' });
    expect((await mock('POST', 'reset')).body).toEqual({ success: true });
    expect(api.service.control.clock.now()).toBe(MONDAY_MORNING);
    expect((await api.get<{ total: number }>(`${P}/reservations`)).body.total).toBe(6);
    expect((await api.get(`${P}/info`, { key })).status).toBe(401);
    expect((await api.get(`${P}/schedule`)).status).toBe(200);
    expect(api.service.control.faults.list()).toEqual([]);
  });

  it('a compressed control body is 415 (through MSW as over node:http) and moves nothing', async () => {
    const before = api.service.control.clock.now();
    const response = await fetch(`${BASE_URL}/__mock/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ advanceMs: 60_000 })),
    });
    expect(response.status).toBe(415);
    // A control body carries only the control's codes (responses.ts, controlFailureAnswer).
    expect(await response.json()).toEqual({
      error: 'Unsupported Media Type',
      message: 'Content-Encoding gzip is not supported: send the body uncompressed',
    });
    expect(api.service.control.clock.now()).toBe(before);
  });

  it('POST /__mock/clock sets or moves the clock', async () => {
    expect((await mock('POST', 'clock', { now: '2026-07-01T10:00:00.000Z' })).body).toEqual({
      now: '2026-07-01T10:00:00.000Z',
    });
    expect((await mock('POST', 'clock', { advanceMs: 60_000 })).body).toEqual({
      now: '2026-07-01T10:01:00.000Z',
    });
    expect((await mock('POST', 'clock', { later: 1 })).status).toBe(400);
  });

  it('keys: list without values, create (value once), regenerate (old value rejected at once)', async () => {
    const list = await mock<{ keys: unknown[] }>('GET', 'projects/demo-bistro/keys');
    expect(list.body.keys).toEqual([
      {
        id: 'key_demo_full',
        name: 'demo_full',
        permissions: ['read', 'write', 'delete', 'media'],
        prefix: 'rk_demo_',
      },
      { id: 'key_demo_read', name: 'demo_read', permissions: ['read'], prefix: 'rk_demo_' },
      { id: 'key_demo_basic', name: 'demo_basic', permissions: [], prefix: 'rk_demo_' },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('rk_demo_full');

    const created = await mock<{ id: string; key: string }>('POST', 'projects/demo-bistro/keys', {
      permissions: ['media'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^rk_/) });
    expect((await api.get(`${P}/gallery`, { key: created.body.key })).status).toBe(200);

    const regenerated = await mock<{ id: string; key: string }>(
      'POST',
      `projects/demo-bistro/keys/${created.body.id}/regenerate`,
    );
    expect(regenerated.body.id).toBe(created.body.id);
    expect((await api.get(`${P}/gallery`, { key: created.body.key })).status).toBe(401);
    expect((await api.get(`${P}/gallery`, { key: regenerated.body.key })).status).toBe(200);
  });

  it('keys: revoke rejects the value at once (API_KEY_INVALID) and drops the key from the list', async () => {
    expect((await api.get(`${P}/reservations`, { key: 'rk_demo_read' })).status).toBe(200);
    const revoked = await mock<{ id: string; revokedAt: string }>(
      'DELETE',
      'projects/demo-bistro/keys/key_demo_read',
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.id).toBe('key_demo_read');
    const refused = await api.get<{ code: string }>(`${P}/reservations`, { key: 'rk_demo_read' });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_INVALID');
    const list = await mock<{ keys: { id: string }[] }>('GET', 'projects/demo-bistro/keys');
    expect(list.body.keys.map((k) => k.id)).toEqual(['key_demo_full', 'key_demo_basic']);
    expect((await mock('DELETE', 'projects/demo-bistro/keys/key_demo_read')).status).toBe(404);
    expect((await mock('DELETE', 'projects/demo-salon/keys/key_demo_full')).status).toBe(404);
    await mock('POST', 'reset');
    expect((await api.get(`${P}/reservations`, { key: 'rk_demo_read' })).status).toBe(200);
  });

  it('blacklists a customer', async () => {
    expect((await mock('POST', 'projects/demo-bistro/blacklist', { email: 'Late@Example.com' })).status).toBe(
      201,
    );
    expect((await api.post(`${P}/reservations`, booking({ email: 'late@example.com' }))).status).toBe(403);
    expect((await mock('POST', 'projects/demo-bistro/blacklist', {})).status).toBe(400);
  });

  it('sets the webhook target and reports deliveries', async () => {
    const set = await mock<{ url: string; secret: string }>('PUT', 'projects/demo-bistro/webhook', {
      url: 'http://hooks.test/in',
    });
    expect(set.body).toEqual({ url: 'http://hooks.test/in', secret: 'whsec_demo_bistro' });
    const generated = await mock<{ secret: string }>('PUT', 'projects/demo-salon/webhook', {
      url: 'http://hooks.test/salon',
      secret: 'whsec_x',
    });
    expect(generated.body.secret).toBe('whsec_x');
    expect((await mock('GET', 'webhooks/deliveries')).body).toEqual({ deliveries: [] });
  });

  it('injects faults for the next matching requests', async () => {
    const added = await mock<{ fault: { id: string; remaining: number } }>('POST', 'faults', {
      status: 429,
      times: 2,
      retryAfter: 5,
      method: 'GET',
      path: '/api/v1/demo-bistro/*',
    });
    expect(added.status).toBe(201);
    expect(added.body.fault.remaining).toBe(2);
    expect((await api.get(`${P}/info`)).status).toBe(429);
    expect((await api.post(`${P}/reservations`, booking())).status).toBe(201);
    expect((await api.get(`${P}/tables`)).headers.get('retry-after')).toBe('5');
    expect((await api.get(`${P}/tables`)).status).toBe(200);
    expect((await mock('POST', 'faults', { status: 600 })).status).toBe(400);
    await mock('POST', 'faults', { status: 500, times: 3 });
    expect((await mock<{ faults: unknown[] }>('GET', 'faults')).body.faults).toHaveLength(1);
    await mock('DELETE', 'faults');
    expect((await api.get(`${P}/tables`)).status).toBe(200);
  });

  it('delays a request without failing it', async () => {
    api.service.control.faults.add({ delayMs: 150 });
    const started = Date.now();
    expect((await api.get(`${P}/info`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answers a clear error for an unknown slug, key id or route', async () => {
    expect(await mock('GET', 'projects/nope/keys')).toEqual({
      status: 404,
      body: { error: 'Not Found', message: 'Unknown project slug "nope"' },
    });
    expect((await mock('POST', 'projects/demo-bistro/keys/key_nope/regenerate')).status).toBe(404);
    expect((await mock('POST', 'projects/demo-salon/keys/key_demo_full/regenerate')).status).toBe(404);
    expect((await mock('GET', 'nothing-here')).status).toBe(404);
    expect((await mock('POST', 'projects/demo-bistro/keys', { permissions: ['admin'] })).status).toBe(400);
  });
});

describe('control in JavaScript', () => {
  const api = useMockApi();

  it('throws MockControlError for unknown slugs and ids', async () => {
    const { control } = api.service;
    await expect(control.keys.list('nope')).rejects.toThrow(MockControlError);
    await expect(control.keys.regenerate('demo-bistro', 'key_nope')).rejects.toThrow(
      'Unknown key id "key_nope"',
    );
    await expect(control.getReservation('demo-bistro', 'res_nope')).rejects.toThrow('Unknown reservation id');
    await expect(control.redeliver('whd_nope')).rejects.toThrow(MockControlError);
  });

  it('adds projects, tables, services and reservations for tests', async () => {
    const { control } = api.service;
    await control.createProject({
      id: 'prj_t',
      slug: 'tiny',
      name: 'Tiny',
      openingHours: { monday: { open: '08:00', close: '12:00' } },
      branches: [{ id: 'br_t', name: 'Main', address: 'Here 1' }],
      apiKeys: [{ key: 'rk_tiny_key', permissions: ['read', 'write'] }],
    });
    expect(
      await control.addTable('tiny', { id: 'tbl_t1', name: 'T1', capacity: 2, branchId: 'br_t' }),
    ).toMatchObject({ position: 1 });
    expect(
      await control.addService('tiny', { id: 'svc_t', name: 'Coffee', duration: 15, price: 60 }),
    ).toMatchObject({ currency: 'CZK' });
    await expect(
      control.addTable('tiny', { id: 'tbl_t2', name: 'T2', capacity: 2, branchId: 'br_nope' }),
    ).rejects.toThrow('Unknown branch');
    const added = await control.addReservation('tiny', {
      date: '2026-06-15',
      from: '09:00',
      to: '10:00',
      tableId: 'tbl_t1',
      status: 'COMPLETED',
      customer: { email: 'c@x.cz' },
    });
    expect(added.statusHistory.map((h) => h.action)).toEqual(['created', 'confirmed', 'completed']);
    const created = await api.post(
      '/api/v1/tiny/reservations',
      { ...booking({ date: '2026-06-22', from: '08:00', to: '09:00' }) },
      { key: 'rk_tiny_key' },
    );
    expect(created.status).toBe(201);
    await expect(
      control.createProject({ id: 'prj_t2', slug: 'tiny', name: 'Dup', openingHours: {} }),
    ).rejects.toThrow('already exists');
  });

  it('answers a 503 fault with the INTERNAL_ERROR body', async () => {
    api.service.control.faults.add({ status: 503 });
    const { status, body } = await api.get(`${P}/info`, { key: 'rk_demo_full' });
    expect(status).toBe(503);
    expect(body).toEqual({
      error: 'Service Unavailable',
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
  });
});

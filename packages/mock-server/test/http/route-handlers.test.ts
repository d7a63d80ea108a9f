// `routeHandlers` (one MSW handler per route) answer exactly like the single dispatching handler,
// and any route can be overridden with server.use() as usual.
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_URL, booking, useMockApi } from '../support/api';

const P = '/api/v1/demo-bistro';

describe('routeHandlers', () => {
  const api = useMockApi({ perRoute: true });

  it('has one handler per operation plus guards', () => {
    expect(api.service.routeHandlers.length).toBe(12 + 2);
    expect(api.service.handlers.length).toBe(1);
  });

  it('answers every operation and error in the same order as the dispatching handler', async () => {
    expect((await api.get(`${P}/reservations`)).status).toBe(200);
    expect((await api.get(`${P}/reservations/res_demo_0003`)).status).toBe(200);
    expect((await api.post(`${P}/reservations`, booking())).status).toBe(201);
    expect((await api.patch(`${P}/reservations/res_demo_0004/status`, { status: 'CONFIRMED' })).status).toBe(
      200,
    );
    expect((await api.del(`${P}/reservations/res_demo_0004`)).status).toBe(200);
    for (const path of [
      'availability?date=2026-06-16',
      'schedule',
      'tables',
      'services',
      'info',
      'gallery',
      'reviews',
    ]) {
      expect((await api.get(`${P}/${path}`)).status).toBe(200);
    }
    expect((await api.get(`${P}/nope`)).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await api.get('/api/v1/demo-salon/nope')).body).toMatchObject({ code: 'PROJECT_MISMATCH' });
    expect((await api.get(`${P}/reservations`, { key: null })).status).toBe(401);
    expect((await api.get(`${P}/reservations/%E0%A4%A`)).status).toBe(404);
  });
});

describe('overriding a route', () => {
  const api = useMockApi();

  it('server.use() replaces one answer and leaves the rest to the mock', async () => {
    api.server.use(
      http.get(`${BASE_URL}${P}/info`, () =>
        HttpResponse.json(
          { error: 'Service Unavailable', code: 'INTERNAL_ERROR', message: 'down for a test' },
          { status: 500 },
        ),
      ),
    );
    expect((await api.get(`${P}/info`)).status).toBe(500);
    expect((await api.get(`${P}/schedule`)).status).toBe(200);
  });
});

// The permission matrix: every endpoint with every permission set, and every endpoint with a key of
// another project (existing slug or not).
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/index';
import { booking, useMockApi } from '../support/api';

interface Endpoint {
  name: string;
  method: string;
  path: (slug: string) => string;
  json?: unknown;
  needs: Permission | null;
  ok: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'list reservations',
    method: 'GET',
    path: (s) => `/api/v1/${s}/reservations`,
    needs: 'read',
    ok: 200,
  },
  {
    name: 'get reservation',
    method: 'GET',
    path: (s) => `/api/v1/${s}/reservations/res_demo_0003`,
    needs: 'read',
    ok: 200,
  },
  {
    name: 'create reservation',
    method: 'POST',
    path: (s) => `/api/v1/${s}/reservations`,
    json: booking(),
    needs: 'write',
    ok: 201,
  },
  {
    name: 'change status',
    method: 'PATCH',
    path: (s) => `/api/v1/${s}/reservations/res_demo_0004/status`,
    json: { status: 'CONFIRMED' },
    needs: 'write',
    ok: 200,
  },
  {
    name: 'cancel reservation',
    method: 'DELETE',
    path: (s) => `/api/v1/${s}/reservations/res_demo_0004`,
    needs: 'delete',
    ok: 200,
  },
  {
    name: 'availability',
    method: 'GET',
    path: (s) => `/api/v1/${s}/availability?date=2026-06-16`,
    needs: null,
    ok: 200,
  },
  { name: 'schedule', method: 'GET', path: (s) => `/api/v1/${s}/schedule`, needs: null, ok: 200 },
  { name: 'tables', method: 'GET', path: (s) => `/api/v1/${s}/tables`, needs: null, ok: 200 },
  { name: 'services', method: 'GET', path: (s) => `/api/v1/${s}/services`, needs: null, ok: 200 },
  { name: 'info', method: 'GET', path: (s) => `/api/v1/${s}/info`, needs: null, ok: 200 },
  { name: 'gallery', method: 'GET', path: (s) => `/api/v1/${s}/gallery`, needs: 'media', ok: 200 },
  { name: 'reviews', method: 'GET', path: (s) => `/api/v1/${s}/reviews`, needs: 'media', ok: 200 },
];

const PERMISSION_SETS: Record<string, Permission[]> = {
  none: [],
  read: ['read'],
  write: ['write'],
  delete: ['delete'],
  media: ['media'],
  all: ['read', 'write', 'delete', 'media'],
};

const MESSAGE: Record<Permission, string> = {
  read: 'API key does not have read permission',
  write: 'API key does not have write permission',
  delete: 'API key does not have delete permission',
  media: 'API key does not have media read permission',
};

const matrix = ENDPOINTS.flatMap((endpoint) =>
  Object.entries(PERMISSION_SETS).map(([setName, permissions]) => ({ endpoint, setName, permissions })),
);

describe('permission matrix', () => {
  const api = useMockApi();

  it.each(matrix.map((c) => [c.endpoint.name, c.setName, c] as const))(
    '%s with a %s key',
    async (_e, _s, c) => {
      const { key } = await api.service.control.keys.create('demo-bistro', { permissions: c.permissions });
      const answer = await api.request(c.endpoint.method, c.endpoint.path('demo-bistro'), {
        key,
        ...(c.endpoint.json === undefined ? {} : { json: c.endpoint.json }),
      });
      const allowed = c.endpoint.needs === null || c.permissions.includes(c.endpoint.needs);
      if (allowed) {
        expect(answer.status).toBe(c.endpoint.ok);
      } else {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({
          error: 'Forbidden',
          code: 'PERMISSION_DENIED',
          message: MESSAGE[c.endpoint.needs as Permission],
        });
      }
    },
  );
});

describe('project binding', () => {
  const api = useMockApi();

  it.each(
    ENDPOINTS.flatMap((e) => ['demo-salon', 'no-such-project'].map((slug) => [e.name, slug, e] as const)),
  )('%s on %s with a demo-bistro key is PROJECT_MISMATCH', async (_name, slug, endpoint) => {
    const answer = await api.request(endpoint.method, endpoint.path(slug), {
      key: 'rk_demo_full',
      ...(endpoint.json === undefined ? {} : { json: endpoint.json }),
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: 'Forbidden',
      code: 'PROJECT_MISMATCH',
      message: 'API key is not authorized for this project',
    });
  });

  it('the demo-salon key works only on demo-salon', async () => {
    expect((await api.get('/api/v1/demo-salon/info', { key: 'rk_salon_full' })).status).toBe(200);
    expect((await api.get('/api/v1/demo-bistro/info', { key: 'rk_salon_full' })).status).toBe(403);
  });
});

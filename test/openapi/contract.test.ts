import { describe, expect, it } from 'vitest';
import { assertMatches, collectExamples, openapi } from '../support/openapi';

const OPERATION_IDS = [
  'listReservations',
  'getReservation',
  'createReservation',
  'updateReservationStatus',
  'cancelReservation',
  'getAvailability',
  'getSchedule',
  'listTables',
  'listServices',
  'getProjectInfo',
  'listGalleryPhotos',
  'listReviews',
];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations() {
  return Object.entries(openapi.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] as Record<string, unknown> })),
  );
}

describe('openapi.yaml', () => {
  it('has exactly the 12 operations of the specification', () => {
    expect(
      operations()
        .map((o) => o.op.operationId)
        .sort(),
    ).toEqual([...OPERATION_IDS].sort());
  });

  it('puts every operation under /api/v1/{slug}', () => {
    for (const { path } of operations()) expect(path).toMatch(/^\/api\/v1\/\{slug\}\//);
  });

  it('states the permission of every operation', () => {
    for (const { op } of operations()) {
      expect(['read', 'write', 'delete', 'media', 'none']).toContain(op['x-permission']);
    }
  });

  it('gives every response a JSON example', () => {
    const examples = collectExamples();
    for (const { path, method, op } of operations()) {
      for (const status of Object.keys(op.responses as object)) {
        const prefix = `paths.${path}.${method}.responses.${status}`;
        const own = examples.some((e) => e.where.startsWith(prefix));
        const ref = ((op.responses as Record<string, { $ref?: string }>)[status]?.$ref ?? '')
          .split('/')
          .pop();
        const shared = ref ? examples.some((e) => e.where.startsWith(`components.responses.${ref}.`)) : false;
        expect(own || shared, `${method.toUpperCase()} ${path} ${status} has no example`).toBe(true);
      }
    }
  });

  it('documents the four webhook events', () => {
    expect(Object.keys(openapi.webhooks ?? {}).sort()).toEqual([
      'reservation.cancelled',
      'reservation.completed',
      'reservation.confirmed',
      'reservation.created',
    ]);
  });

  const examples = collectExamples();
  it('collects more than 30 examples, so the per-example checks are not vacuous', () => {
    expect(examples.length).toBeGreaterThan(30);
  });
  it.each(examples.map((e) => [e.where, e] as const))('example %s matches its schema', (_where, e) => {
    expect(() => assertMatches(e.pointer, e.value, e.where)).not.toThrow();
  });
});

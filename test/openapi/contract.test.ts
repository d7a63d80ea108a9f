import { describe, expect, it } from 'vitest';
import { assertMatches, assertSchema, collectExamples, openapi } from '../support/openapi';

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
  it('has exactly the 12 operations that packages/sdk/README.md lists under Methods', () => {
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

type Json = Record<string, unknown>;

function resolve(node: unknown): Json {
  let target = node as Json;
  while (typeof target.$ref === 'string') {
    let next: unknown = openapi;
    for (const part of target.$ref.replace(/^#\//, '').split('/')) next = (next as Json)[part];
    target = next as Json;
  }
  return target;
}

/** The examples of an operation's response (its own or those of the shared response it refers to). */
function responseExamples(op: Json, status: string): Json[] {
  const response = resolve((op.responses as Json)[status]);
  const media = (response.content as Json)['application/json'] as Json;
  return Object.values((media.examples ?? {}) as Json).map((e) => resolve(e).value as Json);
}

const operationById = (id: string) => {
  const found = operations().find((o) => o.op.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found.op;
};

describe('openapi.yaml, second-round rules', () => {
  const codes = (openapi.components.schemas.ErrorCode as { enum: string[] }).enum;

  it.each([
    ['UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'],
    ['RESERVATION_IN_PAST', 'The requested time is in the past'],
    ['HOST_NOT_ALLOWED', 'Host not allowed'],
  ])('lists %s in ErrorCode and the error table with its message', (code, message) => {
    expect(codes).toContain(code);
    const description = (openapi.info as Json).description as string;
    const row = description.split('\n').find((line) => line.includes(`| ${code} |`));
    expect(row, `error table row of ${code}`).toContain(`\`${message}\``);
  });

  it('declares 415 UNSUPPORTED_MEDIA_TYPE on every operation that takes a request body, with an example', () => {
    const withBody = operations().filter(({ op }) => op.requestBody !== undefined);
    expect(withBody.map(({ op }) => op.operationId).sort()).toEqual([
      'cancelReservation',
      'createReservation',
      'updateReservationStatus',
    ]);
    for (const { op } of withBody) {
      expect(responseExamples(op, '415')).toContainEqual({
        error: 'Unsupported Media Type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Content-Type must be application/json',
      });
    }
  });

  it('gives POST /reservations a 422 RESERVATION_IN_PAST example beside OUTSIDE_OPENING_HOURS', () => {
    const codes422 = responseExamples(operationById('createReservation'), '422').map((e) => e.code);
    expect(codes422).toEqual(expect.arrayContaining(['OUTSIDE_OPENING_HOURS', 'RESERVATION_IN_PAST']));
  });

  it('shows the HOST_NOT_ALLOWED body in the 403 of every operation', () => {
    for (const { op } of operations()) {
      expect(responseExamples(op, '403'), String(op.operationId)).toContainEqual({
        error: 'Forbidden',
        message: 'Host not allowed',
        code: 'HOST_NOT_ALLOWED',
      });
    }
  });

  it('documents 415 between PERMISSION_DENIED and 413/400, and the past right after the opening hours', () => {
    const order = openapi['x-error-check-order'] as string[];
    const steps = [
      '403 PERMISSION_DENIED',
      '415 UNSUPPORTED_MEDIA_TYPE',
      '413 PAYLOAD_TOO_LARGE',
      '403 CUSTOMER_BLACKLISTED',
      '422 OUTSIDE_OPENING_HOURS',
      '422 RESERVATION_IN_PAST',
      '409',
    ].map((prefix) => order.findIndex((step) => step.startsWith(prefix)));
    expect(steps).not.toContain(-1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  it.each([
    ['listReservations', 100],
    ['listGalleryPhotos', 100],
    ['listReviews', 50],
  ])('%s: limit has no maximum a validator would enforce, and documents its clamp to %i', (id, max) => {
    const limit = (operationById(id).parameters as Json[]).map(resolve).find((p) => p.name === 'limit');
    expect(limit?.schema).not.toHaveProperty('maximum');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(limit?.['x-clamped-to-maximum']).toBe(max);
    expect(limit?.description).toContain(`clamped to ${max}`);
  });

  it('offset has minimum 0 and no maximum', () => {
    const offset = resolve({ $ref: '#/components/parameters/Offset' });
    expect(offset.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(offset.schema).not.toHaveProperty('maximum');
  });

  it('the slug parameter has no pattern, so validators pass a malformed slug on to the 403', () => {
    const slug = resolve({ $ref: '#/components/parameters/Slug' });
    expect(slug.schema).toEqual({ type: 'string' });
    expect(slug.description).toContain('403 PROJECT_MISMATCH');
  });

  it.each(['Slot', 'CreateReservationRequest'])('%s accepts 24:00 as `to` and never as `from`', (schema) => {
    const base = schema === 'Slot' ? { available: true } : { email: 'jana@example.com', date: '2030-01-07' };
    expect(() => assertSchema(schema, { ...base, from: '23:00', to: '24:00' })).not.toThrow();
    expect(() => assertSchema(schema, { ...base, from: '24:00', to: '24:00' })).toThrow();
    expect(() => assertSchema(schema, { ...base, from: '23:00', to: '24:01' })).toThrow();
  });

  it('OpeningHours accepts 24:00 as close and breakEnd, never as open or breakStart', () => {
    expect(() => assertSchema('OpeningHours', { open: '11:00', close: '24:00' })).not.toThrow();
    expect(() =>
      assertSchema('OpeningHours', { open: '11:00', close: '24:00', breakStart: '15:00', breakEnd: '24:00' }),
    ).not.toThrow();
    expect(() => assertSchema('OpeningHours', { open: '24:00', close: '24:00' })).toThrow();
    expect(() =>
      assertSchema('OpeningHours', { open: '11:00', close: '22:00', breakStart: '24:00', breakEnd: '24:00' }),
    ).toThrow();
  });

  it('start and end times reject anything but HH:MM', () => {
    for (const bad of ['7:00', '25:00', '12:60', '24:30', '12:00:00']) {
      expect(() => assertSchema('EndTime', bad), bad).toThrow();
      expect(() => assertSchema('StartTime', bad), bad).toThrow();
    }
    expect(() => assertSchema('StartTime', '00:00')).not.toThrow();
    expect(() => assertSchema('EndTime', '23:59')).not.toThrow();
  });
});

// Hostile or broken input never produces a 5xx and never changes state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { booking, useMockApi } from '../support/api';

const P = '/api/v1/demo-bistro';

describe('bad input', () => {
  const api = useMockApi();

  const rejected: [string, string, BodyInit][] = [
    ['POST', `${P}/reservations`, '{"email": "a@b.cz", '],
    ['POST', `${P}/reservations`, '[{"email":"a@b.cz"}]'],
    ['POST', `${P}/reservations`, 'null'],
    ['POST', `${P}/reservations`, '"\\ud800"'],
    ['POST', `${P}/reservations`, new Uint8Array([0xff, 0xfe, 0x00, 0x7b])],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ guests: '4' }))],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ serviceIds: [1, 2] }))],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ email: 'a\u0000@b.cz' }))],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ email: '\ud83d\ude00@\u202e.cz' }))],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ date: '２０２６-06-16' }))],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ from: '12:00\u200b' }))],
    ['POST', `${P}/reservations`, JSON.stringify(booking({ note: 'x'.repeat(100_000) }))],
    ['POST', `${P}/reservations`, `${'['.repeat(50_000)}${']'.repeat(10_000)}`],
    ['POST', `${P}/reservations`, `{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`],
    [
      'POST',
      `${P}/reservations`,
      JSON.stringify({ __proto__: { email: 'a@b.cz' }, constructor: { prototype: { x: 1 } } }),
    ],
    ['PATCH', `${P}/reservations/res_demo_0004/status`, '{"status":["CONFIRMED"]}'],
    ['PATCH', `${P}/reservations/res_demo_0004/status`, '{"status":"confirmed"}'],
    ['PATCH', `${P}/reservations/res_demo_0004/status`, '{"__proto__":{"status":"CONFIRMED"}}'],
    ['PATCH', `${P}/reservations/%E0%A4%A/status`, '{"status":"CONFIRMED"}'],
    ['DELETE', `${P}/reservations/res_demo_0004`, '{"reason":{"toString":"x"}}'],
    ['DELETE', `${P}/reservations/res_demo_0004`, '{"reason":'],
  ];

  it.each(rejected.map(([m, p, b], i) => [i, m, p, b] as const))(
    '#%i %s %s is rejected without a 5xx or a change',
    async (_i, method, path, raw) => {
      const before = await api.service.control.snapshot();
      const answer = await api.request(method, path, {
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(await api.service.control.snapshot()).toEqual(before);
    },
  );

  it('ignores __proto__ and constructor keys: no prototype pollution, no extra fields', async () => {
    const raw = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(booking()).slice(1)}`;
    const answer = await api.request<{ reservation: { id: string } }>('POST', `${P}/reservations`, {
      raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const detail = await api.get(`${P}/reservations/${answer.body.reservation.id}`);
    expect(JSON.stringify(detail.body)).not.toContain('polluted');
  });

  it('odd but valid Unicode in free text is stored and returned as sent', async () => {
    const note = 'Příliš žluťoučký kůň 🐴 \u202eRTL\u202c zero\u200bwidth \ud800 lone';
    const created = await api.post<{ reservation: { id: string } }>(
      `${P}/reservations`,
      booking({ note, firstName: 'Zoë' }),
    );
    expect(created.status).toBe(201);
    const detail = await api.get<{ reservation: { note: string } }>(
      `${P}/reservations/${created.body.reservation.id}`,
    );
    expect(detail.body.reservation.note).toBe(note);
  });

  it('random JSON bodies never give a 5xx, and change state only when accepted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            email: fc.string(),
            date: fc.string(),
            from: fc.string(),
            to: fc.string(),
            guests: fc.anything(),
          }),
        ),
        fc.constantFrom(
          'POST /reservations',
          'PATCH /reservations/res_demo_0004/status',
          'DELETE /reservations/res_demo_0003',
        ),
        async (value, target) => {
          const [method, path] = target.split(' ') as [string, string];
          const before = await api.service.control.snapshot();
          const answer = await api.request(method, `${P}${path}`, {
            raw: JSON.stringify(value) ?? '',
            headers: { 'Content-Type': 'application/json' },
          });
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) expect(await api.service.control.snapshot()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([
    ['reservations', 'date=2030-06-18&date=2030-06-19', 'date'],
    ['reservations', 'limit=5&offset=0&limit=10', 'limit'],
    ['availability', 'date=2030-06-18&date=2030-06-18', 'date'],
    ['tables', 'branchId=x&branchId=x', 'branchId'],
    ['reviews', 'offset=1&offset=2', 'offset'],
  ])(
    '%s?%s: a parameter given twice is 400 naming it, not one of its values',
    async (endpoint, query, field) => {
      const answer = await api.get(`${P}/${endpoint}?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field, message: 'must be given once' }],
      });
    },
  );

  it('an unknown parameter given twice is ignored, as one given once is', async () => {
    const answer = await api.get(`${P}/services?_=1&_=2`);
    expect(answer.status).toBe(200);
  });

  it('random query strings never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('reservations', 'availability', 'tables', 'services', 'gallery', 'reviews'),
        fc.dictionary(
          fc.constantFrom(
            'date',
            'from',
            'to',
            'status',
            'limit',
            'offset',
            'branchId',
            'zoneId',
            'serviceId',
            'duration',
            '__proto__',
          ),
          fc.string(),
        ),
        async (endpoint, params) => {
          const query = new URLSearchParams(params).toString();
          const answer = await api.get(`${P}/${endpoint}?${query}`);
          expect([200, 400]).toContain(answer.status);
        },
      ),
      { numRuns: 150 },
    );
  });
});

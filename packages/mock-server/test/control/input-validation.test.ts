// Control input is validated before anything changes, in JavaScript and over HTTP; a control call
// never leaves the mock answering 5xx (mock README, "The control interface").
import { describe, expect, it } from 'vitest';
import { MockControlError } from '../../src/index';
import { booking } from '../support/api';
import { useServer } from '../support/server';

const NOW = '2026-06-15T08:00:00.000Z';

describe('clock input', () => {
  const harness = useServer({ now: NOW });

  it.each([
    [{ now: 1e20 }, 'now'],
    [{ now: 8_640_000_000_000_000 }, 'now'],
    [{ now: -1 }, 'now'],
    [{ now: 'not a date' }, 'now'],
    [{ now: '2026-06-15' }, 'now'],
    [{ now: 1.5 }, 'now'],
    [{ advanceMs: 1e20 }, 'advanceMs'],
    [{ advanceMs: -1 }, 'advanceMs'],
    [{ advanceMs: 1.5 }, 'advanceMs'],
    [{ advanceMs: '60000' }, 'advanceMs'],
    [{ now: NOW, advanceMs: 1 }, 'either now or advanceMs'],
    [{}, 'either now or advanceMs'],
  ])(
    'POST /__mock/clock %j is 400 naming %s, and the clock and the API are unchanged',
    async (body, field) => {
      await harness.start();
      const answer = await harness.call('/__mock/clock', { method: 'POST', json: body, key: null });
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toContain(field);
      expect(harness.server.service.control.clock.now()).toBe(NOW);
      // Nothing left broken: availability, booking and a status change still answer.
      expect((await harness.call('/api/v1/demo-bistro/availability?date=2026-06-16')).status).toBe(200);
      const created = await harness.call('/api/v1/demo-bistro/reservations', {
        method: 'POST',
        json: booking(),
      });
      expect(created.status).toBe(201);
      const id = (created.body as { reservation: { id: string } }).reservation.id;
      expect(
        (
          await harness.call(`/api/v1/demo-bistro/reservations/${id}/status`, {
            method: 'PATCH',
            json: { status: 'CONFIRMED' },
          })
        ).status,
      ).toBe(200);
    },
  );

  it('advanceMs that would leave 9999-12-31 is 400; the latest instant is accepted', async () => {
    await harness.start();
    const latest = '9999-12-31T23:59:59.999Z';
    expect(
      (await harness.call('/__mock/clock', { method: 'POST', json: { now: latest }, key: null })).status,
    ).toBe(200);
    const past = await harness.call('/__mock/clock', { method: 'POST', json: { advanceMs: 1 }, key: null });
    expect(past.status).toBe(400);
    expect(harness.server.service.control.clock.now()).toBe(latest);
  });

  it('the JavaScript control rejects the same input with MockControlError, state unchanged', async () => {
    const { control } = (await harness.start()).service;
    for (const bad of [1e20, 8_640_000_000_000_000, Number.NaN, 'soon'])
      await expect(control.clock.set(bad)).rejects.toThrow(MockControlError);
    for (const bad of [1e20, -1, 1.5, Number.POSITIVE_INFINITY])
      await expect(control.clock.advance(bad)).rejects.toThrow(MockControlError);
    expect(control.clock.now()).toBe(NOW);
    await control.clock.set(new Date('2026-06-16T00:00:00Z'));
    expect(control.clock.now()).toBe('2026-06-16T00:00:00.000Z');
  });
});

describe('fault input', () => {
  const harness = useServer({ now: NOW });

  it.each([
    [{ status: 500, delayMs: 2_147_483_648 }, 'delayMs'],
    [{ status: 500, delayMs: -1 }, 'delayMs'],
    [{ status: 500, times: 0 }, 'times'],
    [{ status: 500, times: 1.5 }, 'times'],
    [{ status: 429, retryAfter: 0 }, 'retryAfter'],
    [{ status: 404 }, 'status'],
    [{ method: 'GET' }, 'give a status, a delayMs, or both'],
    [{ status: 500, unknown: true }, 'unknown'],
  ])('POST /__mock/faults %j is 400 naming %s and adds nothing', async (spec, field) => {
    const { control } = (await harness.start()).service;
    const answer = await harness.call('/__mock/faults', { method: 'POST', json: spec, key: null });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(field);
    expect(control.faults.list()).toEqual([]);
    expect(() => control.faults.add(spec as never)).toThrow(MockControlError);
    expect(control.faults.list()).toEqual([]);
    expect((await harness.call('/api/v1/demo-bistro/info')).status).toBe(200);
  });

  it('the largest delay is accepted', async () => {
    const { control } = (await harness.start()).service;
    expect(control.faults.add({ delayMs: 2_147_483_647, path: '/nowhere' }).delayMs).toBe(2_147_483_647);
  });
});

describe('other control input', () => {
  const harness = useServer({ now: NOW });

  it('is refused with 400 or 404 and changes nothing', async () => {
    const { control } = (await harness.start()).service;
    const before = await control.snapshot();
    const cases: [string, string, unknown, number][] = [
      ['POST', '/__mock/projects/demo-bistro/keys', { permissions: ['admin'] }, 400],
      ['POST', '/__mock/projects/nope/keys', { permissions: [] }, 404],
      ['POST', '/__mock/projects/demo-bistro/blacklist', {}, 400],
      ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'ftp://x' }, 400],
      ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'not a url' }, 400],
      ['POST', '/__mock/projects/demo-bistro/keys/key_nope/regenerate', undefined, 404],
      ['POST', '/__mock/webhooks/deliveries/whd_nope/redeliver', undefined, 404],
      ['GET', '/__mock/requests?since=whenever', undefined, 400],
    ];
    for (const [method, path, json, status] of cases) {
      const answer = await harness.call(path, { method, key: null, ...(json === undefined ? {} : { json }) });
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.body, `${method} ${path}`).toMatchObject({ message: expect.any(String) });
    }
    expect(await control.snapshot()).toEqual(before);
    await expect(
      control.keys.create('demo-bistro', { permissions: ['admin' as never] }),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(control.keys.create('nope', { permissions: [] })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

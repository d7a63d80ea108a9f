// Race (mock README, "The control interface"): clock moves are applied one after another in the
// order they arrive, so three concurrent one-minute moves of a frozen clock make three minutes (the
// first version read the clock once per move and lost two of them).
import { afterEach, describe, expect, it } from 'vitest';
import { booking, send, startServer, TUESDAY_NOON } from '../support/server';
import { closeAll, startReceiver } from '../webhooks/e2e-support';

afterEach(closeAll);

const MINUTE = 60_000;
const RESERVATIONS = '/api/v1/demo-bistro/reservations';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrent clock moves on a frozen clock', () => {
  it('three concurrent control.clock.advance(60000) move it three minutes', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { clock } = server.service.control;
    await Promise.all([clock.advance(MINUTE), clock.advance(MINUTE), clock.advance(MINUTE)]);
    expect(await clock.now()).toBe('2026-06-16T10:03:00.000Z');
  });

  it('three concurrent POST /__mock/clock {advanceMs: 60000} move it three minutes, past a retry on the way', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    // A delivery whose retry falls due one minute in: the first move takes as long as that attempt.
    const receiver = await startReceiver({ answer: () => wait(100).then(() => 500) });
    await server.service.control.setWebhook('demo-bistro', { url: receiver.url });
    expect((await send(server, 'POST', RESERVATIONS, { json: booking() })).status).toBe(201);
    // The first attempt has been answered (500) once the mock has settled; its retry is a minute away.
    await server.service.control.settled();
    expect((await server.service.control.deliveries())[0]?.attempts).toHaveLength(1);

    const advance = () => send(server, 'POST', '/__mock/clock', { json: { advanceMs: MINUTE } });
    const answers = await Promise.all([advance(), advance(), advance()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => (a.body as { now: string }).now).sort()).toEqual([
      '2026-06-16T10:01:00.000Z',
      '2026-06-16T10:02:00.000Z',
      '2026-06-16T10:03:00.000Z',
    ]);
    expect(await server.service.control.clock.now()).toBe('2026-06-16T10:03:00.000Z');
    const [delivery] = await server.service.control.deliveries();
    expect(delivery?.attempts.map((a) => a.at)).toEqual([
      '2026-06-16T10:00:00.000Z',
      '2026-06-16T10:01:00.000Z',
    ]);
  });

  it('a set and an advance asked for together apply in the order asked', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const { clock } = server.service.control;
    await Promise.all([clock.set('2026-06-20T08:00:00.000Z'), clock.advance(MINUTE), clock.advance(MINUTE)]);
    expect(await clock.now()).toBe('2026-06-20T08:02:00.000Z');
  });
});

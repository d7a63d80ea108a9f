// The retry schedule over real HTTP, driven through the HTTP control (`POST /__mock/clock`) and the
// JavaScript one (control.clock): attempts at 0, 1, 6, 36 and 156 minutes after the event, a 2xx
// ends it, `failed` after the fifth failure, and every attempt carries the same bytes and signature.
import { signWebhookPayload } from '@reservation-api/sdk/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  advance,
  attemptMinutes,
  call,
  closeAll,
  create,
  DAY,
  DEMO_SECRET,
  deadUrl,
  deliveries,
  firstAttemptsMade,
  MINUTE,
  parsed,
  startMock,
  startReceiver,
  T0,
  type TestReceiver,
  waitForDeliveries,
} from './e2e-support';

afterEach(closeAll);

const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * MINUTE).toISOString();

/** Every request the receiver got carried the same bytes and signature as the logged delivery. */
async function expectIdenticalAttempts(receiver: TestReceiver, body: string, count: number) {
  expect(receiver.requests).toHaveLength(count);
  const signature = await signWebhookPayload(body, DEMO_SECRET);
  for (const request of receiver.requests) {
    expect(request.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(request.headers['x-webhook-signature']).toBe(signature);
  }
}

describe('webhook retries on the mock clock (POST /__mock/clock)', () => {
  it('retries after 1 and 5 more minutes, stops at the first 2xx, and resends identical bytes', async () => {
    const receiver = await startReceiver({ answer: (index) => (index < 2 ? 500 : 200) });
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');

    // One millisecond short of the first retry: nothing new.
    expect(await advance(server, MINUTE - 1)).toBe(new Date(Date.parse(T0) + MINUTE - 1).toISOString());
    expect(receiver.requests).toHaveLength(1);
    expect((await deliveries(server))[0]).toMatchObject({ status: 'pending', nextAttemptAt: at(1) });

    await advance(server, 1);
    expect(receiver.requests).toHaveLength(2);
    expect((await deliveries(server))[0]).toMatchObject({ status: 'pending', nextAttemptAt: at(6) });

    await advance(server, 5 * MINUTE - 1);
    expect(receiver.requests).toHaveLength(2);
    await advance(server, 1);

    const [delivery] = await deliveries(server);
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'delivered', nextAttemptAt: null, createdAt: T0 });
    expect(delivery.attempts).toMatchObject([
      { number: 1, at: at(0), responseStatus: 500 },
      { number: 2, at: at(1), responseStatus: 500 },
      { number: 3, at: at(6), responseStatus: 200 },
    ]);
    expect(attemptMinutes(delivery)).toEqual([0, 1, 6]);
    await expectIdenticalAttempts(receiver, delivery.body, 3);

    // Delivered is final: a day later nothing more was sent.
    await advance(server, DAY);
    expect(receiver.requests).toHaveLength(3);
  });

  it('marks a delivery failed after exactly 5 attempts at 0, 1, 6, 36 and 156 minutes, and never sends a sixth', async () => {
    const receiver = await startReceiver({ answer: () => 503 });
    const server = await startMock({ webhookUrl: receiver.url });
    await create(server);
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');

    // One big step: the mock makes each due attempt at its own time on the way.
    await advance(server, DAY);
    const [delivery] = await deliveries(server);
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(attemptMinutes(delivery)).toEqual([0, 1, 6, 36, 156]);
    expect(delivery.attempts.map((a) => [a.number, a.responseStatus])).toEqual([
      [1, 503],
      [2, 503],
      [3, 503],
      [4, 503],
      [5, 503],
    ]);
    await expectIdenticalAttempts(receiver, delivery.body, 5);

    await advance(server, DAY);
    expect(receiver.requests).toHaveLength(5);
    expect((await deliveries(server))[0]?.attempts).toHaveLength(5);
  });

  it('counts a refused connection as a failed attempt: failed after 5, each with the error', async () => {
    const server = await startMock({ webhookUrl: await deadUrl() });
    await create(server);
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');
    await advance(server, DAY);
    const [delivery] = await deliveries(server);
    expect(delivery?.status).toBe('failed');
    expect(delivery && attemptMinutes(delivery)).toEqual([0, 1, 6, 36, 156]);
    for (const attempt of delivery?.attempts ?? []) {
      expect(attempt.error).toMatch(/ECONNREFUSED/);
      expect(attempt).not.toHaveProperty('responseStatus');
    }
  });

  it('sets the clock with { now } and fires the due attempts of several deliveries in time order', async () => {
    const receiver = await startReceiver({ answer: () => 500 });
    const server = await startMock({ webhookUrl: receiver.url });
    const early = await create(server, { from: '12:00', to: '13:00' });
    await advance(server, MINUTE / 2);
    const late = await create(server, { from: '13:00', to: '14:00' });
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempts');

    const set = await call<{ now: string }>(server, 'POST', '/__mock/clock', { now: at(10) });
    expect(set.body).toEqual({ now: at(10) });
    // early at 0, 1, 6 min; late at 0.5, 1.5, 6.5 min: interleaved by due time.
    expect(receiver.requests.map((r) => parsed(r).data.reservation.id)).toEqual([
      early,
      late,
      early,
      late,
      early,
      late,
    ]);
    const log = await deliveries(server);
    expect(log.map(attemptMinutes)).toEqual([
      [0, 1, 6],
      [0, 1, 6],
    ]);
    expect(log.map((d) => d.nextAttemptAt)).toEqual([at(36), at(36.5)]);
  });
});

describe('webhook retries on the real-time clock of `pnpm start` (no frozen time)', () => {
  it('POST /__mock/clock { advanceMs: a day } makes the 4 retries at their own times, then failed', async () => {
    const receiver = await startReceiver({ answer: () => 500 });
    // No `now`: the clock flows, as in the CLI; the booking is on a date that stays in the future.
    const server = await startMock({ webhookUrl: receiver.url, now: undefined });
    await create(server, { date: '2030-06-18' });
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');

    await advance(server, DAY);
    const [delivery] = await deliveries(server);
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    // Real time flows between steps: compare to the second.
    const seconds = attemptMinutes(delivery).map((minutes) => Math.round(minutes * 60));
    expect(seconds).toEqual([0, 60, 360, 2160, 9360]);
    expect(receiver.requests).toHaveLength(5);
  });
});

describe('webhook retries on the mock clock (control.clock in JavaScript)', () => {
  it('control.clock.advance and control.clock.set fire due attempts at their own times', async () => {
    const receiver = await startReceiver({ answer: (index) => (index < 4 ? 500 : 204) });
    const server = await startMock({ webhookUrl: receiver.url });
    const { control } = server.service;
    await create(server);
    await waitForDeliveries(server, firstAttemptsMade, 'the first attempt');

    await control.clock.advance(MINUTE);
    expect(receiver.requests).toHaveLength(2);
    await control.clock.set(at(100));
    expect(control.clock.now()).toBe(at(100));
    expect(receiver.requests).toHaveLength(4);
    await control.clock.set(at(156));
    const [delivery] = control.deliveries();
    expect(delivery?.status).toBe('delivered');
    expect(delivery && attemptMinutes(delivery)).toEqual([0, 1, 6, 36, 156]);
    expect(delivery?.attempts.at(-1)?.responseStatus).toBe(204);
  });
});

// Race (mock README, "Webhooks"): deliveries never wait on each other. Receivers that hang delay only
// their own attempts: a fast receiver still gets its first attempt at once (the first version had
// one queue, and a fast receiver waited 5 s behind each hanging one). The attempts of one delivery
// still follow one another. Real timers and real sockets throughout, and no bound on elapsed time:
// the attempt timeout is far longer than the test may run, so no hanging attempt ends while it runs,
// however slow the machine; a fast receiver queued behind a hanging one would never be reached, and
// the test would time out instead of passing.
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/node';
import { everyDay } from '../support/server';
import { booking, call, closeAll, deliveries, startMockCore, startReceiver } from './e2e-support';

afterEach(closeAll);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ten minutes: longer than the test may run (it is not the bound of anything the test checks). */
const ATTEMPT_TIMEOUT_MS = 600_000;

/** POSTs a booking that must succeed. */
async function book(server: MockServer, slug: string, key: string, body: Record<string, unknown>) {
  const answer = await call(server, 'POST', `/api/v1/${slug}/reservations`, body, key);
  expect(answer.status, `${slug}: ${JSON.stringify(answer.body)}`).toBe(201);
}

describe('webhook deliveries never wait on each other', () => {
  it("three hanging receivers do not delay a fast one's first attempt, and its attempts stay in order", async () => {
    const server = await startMockCore({ webhookTimeoutMs: ATTEMPT_TIMEOUT_MS });
    const { control } = server.service;
    for (const slug of ['hang-two', 'hang-three']) {
      await control.createProject({
        id: `prj_${slug}`,
        slug,
        name: slug,
        openingHours: everyDay({ open: '08:00', close: '20:00' }),
        apiKeys: [{ id: `key_${slug}`, name: 'write', key: `rk_${slug}_key`, permissions: ['write'] }],
      });
    }
    const hanging = await startReceiver({ answer: () => new Promise<number>(() => undefined) });
    // Real times of the fast receiver's requests: when each arrived and when it was answered (500).
    const fastTimes: { arrived: number; answered?: number }[] = [];
    const fast = await startReceiver({
      answer: async () => {
        const times: (typeof fastTimes)[number] = { arrived: Date.now() };
        fastTimes.push(times);
        await wait(50);
        times.answered = Date.now();
        return 500;
      },
    });
    for (const slug of ['demo-bistro', 'hang-two', 'hang-three'])
      await control.setWebhook(slug, { url: hanging.url });
    await control.setWebhook('demo-salon', { url: fast.url });

    // Each hanging receiver's first attempt starts at once too, whatever the others do.
    const hangingProjects = [
      ['demo-bistro', 'rk_demo_full'],
      ['hang-two', 'rk_hang-two_key'],
      ['hang-three', 'rk_hang-three_key'],
    ] as const;
    for (const [i, [slug, key]] of hangingProjects.entries()) {
      await book(server, slug, key, booking());
      await hanging.until(() => hanging.requests.length === i + 1);
    }

    // demo-salon (requirePhone) is open on Tuesday 09:00–12:30.
    await book(server, 'demo-salon', 'rk_salon_full', {
      ...booking({ from: '10:00', to: '11:00' }),
      phone: '+420 601 000 000',
    });
    // Arrives while the three hanging attempts are still under way: none of them has ended.
    await fast.until(() => fast.requests.length === 1);
    const hangingLog = (await deliveries(server)).filter((d) => d.url === hanging.url);
    expect(hangingLog.map((d) => d.attempts.length)).toEqual([0, 0, 0]);
    expect(hanging.abandoned).toBe(0);

    // Two redeliveries asked for at once, while the first attempt is still being answered: the
    // receiver sees one attempt at a time, and the log numbers them in order.
    const [delivery] = (await deliveries(server)).filter((d) => d.url === fast.url);
    if (!delivery) throw new Error('no delivery to the fast receiver');
    await Promise.all([control.redeliver(delivery.id), control.redeliver(delivery.id)]);
    expect(fastTimes).toHaveLength(3);
    for (const [i, times] of fastTimes.entries()) {
      const previous = fastTimes[i - 1];
      if (previous)
        expect(times.arrived).toBeGreaterThanOrEqual(previous.answered ?? Number.POSITIVE_INFINITY);
    }
    const [logged] = (await deliveries(server)).filter((d) => d.id === delivery.id);
    expect(logged?.attempts.map((a) => [a.number, a.responseStatus, a.manual ?? false])).toEqual([
      [1, 500, false],
      [2, 500, true],
      [3, 500, true],
    ]);
  });
});

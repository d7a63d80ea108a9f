import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSystemClock } from '../../src/runtime/clock';
import { WorldResetError } from '../../src/runtime/scheduler';
import { createdEvent, HOUR, MINUTE, START, scripted, setup } from './support';

afterEach(() => {
  vi.useRealTimers();
});

/** A promise and its resolver, to hold a receiver's answer until the test lets it go. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('redeliver', () => {
  it('makes one extra attempt now on a failed delivery, and a 2xx marks it delivered', async () => {
    let receiverUp = false;
    const { clock, dispatcher, scheduler, calls } = setup(() => (receiverUp ? 200 : 500));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await scheduler.setTime(START + 3 * HOUR);
    expect(dispatcher.deliveries()[0]?.status).toBe('failed');

    receiverUp = true;
    const redelivered = await dispatcher.redeliver('whd_0001');

    expect(calls).toHaveLength(6);
    expect(calls[5]?.bytes).toEqual(calls[0]?.bytes);
    expect(redelivered.status).toBe('delivered');
    expect(redelivered.nextAttemptAt).toBeNull();
    expect(redelivered.attempts[5]).toMatchObject({
      number: 6,
      at: new Date(clock.now()).toISOString(),
      url: redelivered.url,
      responseStatus: 200,
      manual: true,
    });
    expect(dispatcher.deliveries()[0]).toEqual(redelivered);
  });

  it('records a failed redelivery without changing the schedule or the status', async () => {
    const { dispatcher, scheduler, calls } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    const after = await dispatcher.redeliver('whd_0001');

    expect(after.status).toBe('pending');
    expect(after.nextAttemptAt).toBe(new Date(START + MINUTE).toISOString());
    expect(after.attempts.map((a) => a.manual ?? false)).toEqual([false, true]);
    // The manual attempt does not use up one of the five scheduled ones.
    await scheduler.setTime(START + 3 * HOUR);
    expect(calls).toHaveLength(6);
    expect(dispatcher.deliveries()[0]?.status).toBe('failed');
  });

  it('on a pending delivery, a 2xx ends the schedule', async () => {
    const { dispatcher, scheduler, calls } = setup(scripted(500, 200));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    await dispatcher.redeliver('whd_0001');
    await scheduler.setTime(START + 3 * HOUR);

    expect(calls).toHaveLength(2);
    expect(dispatcher.deliveries()[0]).toMatchObject({ status: 'delivered', nextAttemptAt: null });
  });

  it('rejects an unknown delivery id with a message naming it', async () => {
    const { dispatcher } = setup(scripted(200));
    await expect(dispatcher.redeliver('whd_9999')).rejects.toThrow('No webhook delivery with id "whd_9999"');
  });
});

describe('reset and close', () => {
  it('reset() forgets every delivery and no retry fires afterwards', async () => {
    const { dispatcher, scheduler, calls } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    dispatcher.reset();
    await scheduler.setTime(START + 3 * HOUR);

    expect(dispatcher.deliveries()).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('an attempt in flight during reset() does not bring its delivery back', async () => {
    const answer = deferred<void>();
    const firstSent = deferred<void>();
    let sent = 0;
    const { dispatcher, scheduler } = setup(() => 500, {
      fetch: async () => {
        sent += 1;
        firstSent.resolve();
        await answer.promise;
        return new Response(null, { status: 500 });
      },
    });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await firstSent.promise;
    expect(sent).toBe(1);

    dispatcher.reset();
    answer.resolve();
    await dispatcher.idle();
    await scheduler.setTime(START + 3 * HOUR);

    expect(dispatcher.deliveries()).toEqual([]);
    expect(sent).toBe(1);
  });

  it('an attempt waiting behind one in flight is not sent after reset(): no stale request reuses a delivery id', async () => {
    const answer = deferred<void>();
    const firstSent = deferred<void>();
    let sent = 0;
    const { dispatcher } = setup(() => 500, {
      fetch: async () => {
        sent += 1;
        firstSent.resolve();
        await answer.promise;
        return new Response(null, { status: 500 });
      },
    });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await firstSent.promise;
    expect(sent).toBe(1);
    // Queued behind the first attempt, which is still waiting for its answer.
    const redelivery = dispatcher.redeliver('whd_0001');

    dispatcher.reset();
    answer.resolve();

    // Refused as any wait across a reset: the delivery belongs to the world before.
    await expect(redelivery).rejects.toBeInstanceOf(WorldResetError);
    await dispatcher.idle();
    expect(sent).toBe(1);
  });

  it('reset() during a runDue stops it: no more attempts and the clock is left where reset put it', async () => {
    const answer = deferred<void>();
    const firstSent = deferred<void>();
    let sent = 0;
    const { clock, dispatcher, scheduler } = setup(() => 500, {
      fetch: async () => {
        sent += 1;
        firstSent.resolve();
        await answer.promise;
        return new Response(null, { status: 500 });
      },
    });
    const advancing = scheduler.setTime(START + 3 * HOUR);
    dispatcher.enqueue('demo-bistro', createdEvent());
    await firstSent.promise;
    expect(sent).toBe(1);

    dispatcher.reset();
    clock.set(START); // what the mock's reset does with its clock
    answer.resolve();
    // The move the reset cut short is refused, never reported as made.
    await expect(advancing).rejects.toBeInstanceOf(WorldResetError);
    await dispatcher.idle();

    expect(sent).toBe(1);
    expect(clock.now()).toBe(START);
  });

  it('keeps the log after deliveries are enqueued again following a reset', async () => {
    const { dispatcher } = setup(scripted(200));
    dispatcher.enqueue('demo-bistro', createdEvent('res_old'));
    await dispatcher.idle();
    dispatcher.reset();

    dispatcher.enqueue('demo-bistro', createdEvent('res_new'));
    await dispatcher.idle();

    expect(dispatcher.deliveries().map((d) => JSON.parse(d.body).data.reservation.id)).toEqual(['res_new']);
  });
});

describe('concurrency', () => {
  it('serialises runDue calls: the second waits for the first', async () => {
    const answers: Array<(status: number) => void> = [];
    const sent = [deferred<void>(), deferred<void>()];
    const { dispatcher, scheduler } = setup(() => 500, {
      fetch: () =>
        new Promise<Response>((resolve) => {
          answers.push((status) => resolve(new Response(null, { status })));
          sent[answers.length - 1]?.resolve();
        }),
    });
    dispatcher.enqueue('demo-bistro', createdEvent());
    const finished: string[] = [];
    const first = scheduler.setTime(START + 2 * MINUTE).then(() => finished.push('first'));
    const second = dispatcher.idle().then(() => finished.push('second'));

    await sent[0]?.promise;
    expect(answers).toHaveLength(1);
    answers[0]?.(500);
    await sent[1]?.promise;
    expect(answers).toHaveLength(2);
    expect(finished).toEqual([]);
    answers[1]?.(500);
    await Promise.all([first, second]);

    expect(finished).toEqual(['first', 'second']);
  });

  it('never runs the same delivery twice at once, even with runDue and redeliver racing', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { dispatcher, scheduler } = setup(() => 500, {
      fetch: async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        return new Response(null, { status: 500 });
      },
    });
    dispatcher.enqueue('demo-bistro', createdEvent());

    await Promise.all([
      scheduler.setTime(START + 3 * HOUR),
      dispatcher.redeliver('whd_0001'),
      scheduler.setTime(START + 3 * HOUR),
      dispatcher.redeliver('whd_0001'),
      dispatcher.idle(),
    ]);

    expect(maxInFlight).toBe(1);
    expect(dispatcher.deliveries()[0]?.attempts).toHaveLength(7);
  });
});

describe('system clock', () => {
  it('sends the first attempt on its own, without idle() or runDue()', async () => {
    const delivered = deferred<void>();
    const { dispatcher, calls } = setup(scripted(204), {
      clock: createSystemClock(),
      onChange: (delivery) => {
        if (delivery.status === 'delivered') delivered.resolve();
      },
    });

    dispatcher.enqueue('demo-bistro', createdEvent());

    await delivered.promise;
    expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
    expect(calls).toHaveLength(1);
    dispatcher.close();
  });

  it('fires a retry from its own timer when it falls due, at the scheduled time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
    const clock = createSystemClock();
    const { dispatcher, calls } = setup(scripted(500, 204), { clock });

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await dispatcher.idle();

    expect(calls.map((c) => c.at - START)).toEqual([0, MINUTE]);
    expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runDue(now + ms) steps a system clock through each due attempt, keeping the schedule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
    const clock = createSystemClock();
    const { dispatcher, scheduler, calls } = setup(scripted(500), { clock });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    await scheduler.advance(10 * MINUTE);

    expect(clock.now()).toBe(START + 10 * MINUTE);
    // Attempts 2 and 3 ran at their own times (1 and 6 min), not both at the end of the window;
    // attempt 4 is due 30 minutes after attempt 3.
    expect(calls.map((c) => c.at - START)).toEqual([0, MINUTE, 6 * MINUTE]);
    expect(dispatcher.deliveries()[0]?.nextAttemptAt).toBe(new Date(START + 36 * MINUTE).toISOString());
    dispatcher.close();
  });

  it('runDue(now + a day) on a system clock makes all 5 attempts and marks the delivery failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
    const clock = createSystemClock();
    const { dispatcher, scheduler, calls } = setup(scripted(500), { clock });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    await scheduler.advance(24 * HOUR);

    expect(calls.map((c) => (c.at - START) / MINUTE)).toEqual([0, 1, 6, 36, 156]);
    expect(dispatcher.deliveries()[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(clock.now()).toBe(START + 24 * HOUR);
    dispatcher.close();
  });

  it('close() cancels the retry timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
    const { dispatcher, calls } = setup(scripted(500), { clock: createSystemClock() });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    dispatcher.close();
    await vi.advanceTimersByTimeAsync(3 * HOUR);

    expect(vi.getTimerCount()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('keeps no timer with a manual clock: retries wait for runDue', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { dispatcher } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    expect(vi.getTimerCount()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import {
  completedEvent,
  createdEvent,
  HOUR,
  MINUTE,
  minutesAfterStart,
  START,
  scripted,
  setup,
} from './support';

describe('webhook retry schedule (manual clock)', () => {
  it('attempts at exactly 0, 1, 6, 36 and 156 minutes after the event, then marks the delivery failed', async () => {
    const { clock, dispatcher, scheduler, calls } = setup(scripted(500));

    dispatcher.enqueue('demo-bistro', createdEvent());
    await scheduler.setTime(START + 3 * HOUR);

    const [delivery] = dispatcher.deliveries();
    expect(delivery?.attempts.map((a) => minutesAfterStart(a.at))).toEqual([0, 1, 6, 36, 156]);
    expect(delivery?.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
    expect(delivery?.attempts.every((a) => a.responseStatus === 500)).toBe(true);
    expect(calls.map((c) => (c.at - START) / MINUTE)).toEqual([0, 1, 6, 36, 156]);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.nextAttemptAt).toBeNull();
    // runDue(until) is "advance to until": the clock ends there, not at the last attempt.
    expect(clock.now()).toBe(START + 3 * HOUR);
  });

  it('makes no sixth attempt after failing, even when days pass', async () => {
    const { dispatcher, scheduler, calls } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await scheduler.setTime(START + 3 * HOUR);

    await scheduler.setTime(START + 10 * 24 * HOUR);
    await dispatcher.idle();

    expect(calls).toHaveLength(5);
    expect(dispatcher.deliveries()[0]?.attempts).toHaveLength(5);
    expect(dispatcher.deliveries()[0]?.status).toBe('failed');
  });

  it('stops at the first 2xx: success on attempt 3 means no attempt 4', async () => {
    const { dispatcher, scheduler, calls } = setup(scripted(500, 503, 200));
    dispatcher.enqueue('demo-bistro', createdEvent());

    await scheduler.setTime(START + 3 * HOUR);

    const [delivery] = dispatcher.deliveries();
    expect(calls).toHaveLength(3);
    expect(delivery?.attempts.map((a) => a.responseStatus)).toEqual([500, 503, 200]);
    expect(delivery?.attempts.map((a) => minutesAfterStart(a.at))).toEqual([0, 1, 6]);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.nextAttemptAt).toBeNull();
  });

  it('runs only what falls due inside the window and reports the next attempt time', async () => {
    const { clock, dispatcher, scheduler, calls } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', createdEvent());

    await scheduler.setTime(START + 30_000);
    expect(calls).toHaveLength(1);
    expect(clock.now()).toBe(START + 30_000);
    expect(dispatcher.deliveries()[0]?.nextAttemptAt).toBe(new Date(START + MINUTE).toISOString());
    expect(dispatcher.deliveries()[0]?.status).toBe('pending');

    // The boundary is inclusive: an attempt due exactly at `until` runs.
    await scheduler.setTime(START + MINUTE);
    expect(calls).toHaveLength(2);
    expect(dispatcher.deliveries()[0]?.nextAttemptAt).toBe(new Date(START + 6 * MINUTE).toISOString());
  });

  it('sends the first attempt on its own with a manual clock, without moving the clock', async () => {
    const { clock, dispatcher, calls } = setup(scripted(204));

    dispatcher.enqueue('demo-bistro', createdEvent());
    expect(calls).toHaveLength(0); // enqueue returned before anything was sent
    await dispatcher.idle();

    expect(calls).toHaveLength(1);
    expect(clock.now()).toBe(START);
    expect(dispatcher.deliveries()[0]).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(dispatcher.deliveries()[0]?.attempts).toMatchObject([
      { number: 1, at: new Date(START).toISOString(), responseStatus: 204 },
    ]);
  });

  it('idle() also runs a retry that fell due because the clock was moved directly', async () => {
    const { clock, dispatcher, calls } = setup(scripted(500, 200));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    clock.advance(MINUTE);
    await dispatcher.idle();

    expect(calls.map((c) => c.at - START)).toEqual([0, MINUTE]);
    expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
  });

  it('runs due attempts earliest first, and the oldest delivery first when due at the same time', async () => {
    const order: string[] = [];
    const { dispatcher, scheduler } = setup((_, call) => {
      order.push(`${call.headers.get('X-Webhook-Delivery')}@${(call.at - START) / MINUTE}`);
      return 500;
    });

    // Two deliveries created at the same instant: same due times, so creation order decides.
    dispatcher.enqueue('demo-bistro', completedEvent('res_a'));
    dispatcher.enqueue('demo-bistro', completedEvent('res_b'));
    await scheduler.setTime(START + 2 * MINUTE);
    // A third, created later, whose second attempt (at 3 min) falls before the others' third (at 6).
    dispatcher.enqueue('demo-bistro', completedEvent('res_c'));
    await dispatcher.idle();
    await scheduler.advance(10 * MINUTE);

    expect(order).toEqual([
      'whd_0001@0',
      'whd_0002@0',
      'whd_0001@1',
      'whd_0002@1',
      'whd_0003@2',
      'whd_0003@3',
      'whd_0001@6',
      'whd_0002@6',
      'whd_0003@8',
    ]);
  });

  it('sends first attempts in creation order, a 16 MiB body before a small one', async () => {
    const sent: string[] = [];
    const { dispatcher } = setup((_, call) => {
      sent.push(call.headers.get('X-Webhook-Delivery') ?? '');
      return 204;
    });
    // Megabytes to sign and send against a few hundred bytes.
    dispatcher.enqueue('demo-bistro', createdEvent('res_large', 'x'.repeat(16 * 1024 * 1024)));
    dispatcher.enqueue('demo-bistro', completedEvent('res_small'));
    await dispatcher.idle();

    expect(sent).toEqual(['whd_0001', 'whd_0002']);
  });

  it('records exactly one delivery per enqueue, oldest first, each sent once per attempt', async () => {
    const { dispatcher, calls } = setup(scripted(200));

    dispatcher.enqueue('demo-bistro', completedEvent('res_1'));
    dispatcher.enqueue('demo-bistro', completedEvent('res_2'));
    dispatcher.enqueue('demo-bistro', createdEvent('res_3'));
    await dispatcher.idle();

    const deliveries = dispatcher.deliveries();
    expect(deliveries.map((d) => d.id)).toEqual(['whd_0001', 'whd_0002', 'whd_0003']);
    expect(deliveries.map((d) => d.event)).toEqual([
      'reservation.completed',
      'reservation.completed',
      'reservation.created',
    ]);
    expect(deliveries.map((d) => JSON.parse(d.body).data.reservation.id)).toEqual([
      'res_1',
      'res_2',
      'res_3',
    ]);
    // Once each, first attempts started in creation order.
    expect(calls.map((c) => c.headers.get('X-Webhook-Delivery'))).toEqual([
      'whd_0001',
      'whd_0002',
      'whd_0003',
    ]);
  });

  it('records nothing and sends nothing when the project has no webhook target', async () => {
    const asked: string[] = [];
    const { dispatcher, scheduler, calls } = setup(scripted(200), {
      getTarget: (projectId) => {
        asked.push(projectId);
        return null;
      },
    });

    dispatcher.enqueue('demo-salon', createdEvent());
    await dispatcher.idle();
    await scheduler.setTime(START + 3 * HOUR);

    expect(asked).toEqual(['demo-salon']);
    expect(dispatcher.deliveries()).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('takes the target from the project at enqueue time', async () => {
    const { dispatcher, calls } = setup(scripted(200), {
      getTarget: (projectId) => ({ url: `https://${projectId}.test/hook`, secret: 's' }),
    });

    dispatcher.enqueue('demo-salon', createdEvent());
    await dispatcher.idle();

    expect(calls[0]?.url).toBe('https://demo-salon.test/hook');
    expect(dispatcher.deliveries()[0]).toMatchObject({
      projectId: 'demo-salon',
      url: 'https://demo-salon.test/hook',
    });
  });

  it('hands out copies: changing a returned delivery does not change the log', async () => {
    const { dispatcher } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    const copy = dispatcher.deliveries()[0];
    if (copy === undefined) throw new Error('expected a delivery');
    copy.status = 'delivered';
    copy.attempts.push({ number: 99, at: 'x', url: 'x', request: { headers: {} }, durationMs: 0 });
    const firstAttempt = copy.attempts[0];
    if (firstAttempt) {
      firstAttempt.responseStatus = 200;
      firstAttempt.request.headers['X-Webhook-Signature'] = 'changed';
      if (firstAttempt.response) firstAttempt.response.headers.changed = 'yes';
    }

    expect(dispatcher.deliveries()[0]?.status).toBe('pending');
    const [attempt, ...more] = dispatcher.deliveries()[0]?.attempts ?? [];
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ number: 1, at: new Date(START).toISOString(), responseStatus: 500 });
    expect(attempt?.request.headers['X-Webhook-Signature']).toMatch(/^sha256=/);
    expect(attempt?.response?.headers).not.toHaveProperty('changed');
  });

  it('follows a custom schedule when one is given', async () => {
    const { dispatcher, scheduler } = setup(scripted(500), { delaysMs: [0, 1_000, 1_000] });
    dispatcher.enqueue('demo-bistro', createdEvent());

    await scheduler.setTime(START + HOUR);

    const delivery = dispatcher.deliveries()[0];
    expect(delivery?.attempts.map((a) => Date.parse(a.at) - START)).toEqual([0, 1_000, 2_000]);
    expect(delivery?.status).toBe('failed');
  });
});

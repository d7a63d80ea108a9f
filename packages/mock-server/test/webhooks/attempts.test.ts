import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delivery } from '../../src/observers/webhooks';
import { createWebhookDispatcher } from '../../src/observers/webhooks/dispatcher';
import {
  createdEvent,
  decode,
  HOUR,
  MINUTE,
  nodeSignature,
  START,
  scripted,
  sequentialDeliveryIds,
  setup,
  TARGET,
} from './support';

afterEach(() => {
  vi.useRealTimers();
});

describe('what each webhook attempt sends', () => {
  it('sends the byte-identical body and signature on every attempt, serialised once from the envelope', async () => {
    const event = createdEvent();
    const { dispatcher, scheduler, calls } = setup(scripted(500));
    dispatcher.enqueue('demo-bistro', event);
    await scheduler.setTime(START + 3 * HOUR);

    expect(calls).toHaveLength(5);
    const first = calls[0];
    if (first === undefined) throw new Error('expected an attempt');
    for (const call of calls) {
      expect(call.bytes).toEqual(first.bytes);
      expect(call.headers.get('X-Webhook-Signature')).toBe(first.headers.get('X-Webhook-Signature'));
    }
    // Two-space indentation: not the bytes a receiver gets by re-serialising the parsed body.
    expect(decode(first.bytes)).toBe(JSON.stringify(event, null, 2));
    expect(dispatcher.deliveries()[0]?.body).toBe(JSON.stringify(event, null, 2));
    expect(decode(first.bytes)).not.toBe(JSON.stringify(JSON.parse(decode(first.bytes))));
  });

  it('signs with sha256=<hex HMAC-SHA256 of the raw bytes>, which node:crypto verifies', async () => {
    const { dispatcher, calls } = setup(scripted(204));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    const call = calls[0];
    if (call === undefined) throw new Error('expected an attempt');
    const header = call.headers.get('X-Webhook-Signature');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(header).toBe(nodeSignature(call.bytes));
    // A different secret must not verify: the test would pass for any hex string otherwise.
    expect(header).not.toBe(nodeSignature(call.bytes, 'whsec_other'));
    expect(dispatcher.deliveries()[0]?.signature).toBe(header);
  });

  it('tells onChange of every change with the live record and a copy that later attempts leave as it was', async () => {
    const kept: Delivery[] = [];
    const statuses: string[] = [];
    const { dispatcher, scheduler } = setup(scripted(500, 204), {
      onChange: (delivery, copy) => {
        statuses.push(`${delivery.status} ${delivery.attempts.length}`);
        kept.push(copy());
      },
    });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await scheduler.setTime(START + 3 * HOUR);
    expect(statuses).toEqual(['pending 0', 'pending 1', 'delivered 2']);
    expect(kept.map((delivery) => delivery.attempts.length)).toEqual([0, 1, 2]);
    expect(kept[1]?.attempts[0]?.responseStatus).toBe(500);
    expect(kept[1]).not.toBe(kept[2]);
  });

  it('POSTs JSON to the target URL with the delivery id and a recognisable user agent', async () => {
    const { dispatcher, calls } = setup(scripted(204));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe(TARGET.url);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('User-Agent')).toBe('reservation-mock');
    expect(calls[0]?.headers.get('X-Webhook-Delivery')).toBe('whd_0001');
  });

  it.each([200, 201, 202, 204, 299])('treats %i as delivered', async (status) => {
    const { dispatcher, scheduler, calls } = setup(scripted(status));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await scheduler.setTime(START + 3 * HOUR);

    expect(calls).toHaveLength(1);
    expect(dispatcher.deliveries()[0]).toMatchObject({ status: 'delivered' });
  });

  it.each([301, 302, 400, 404, 410, 500, 503])(
    'treats %i as a failed attempt and retries',
    async (status) => {
      const { dispatcher, scheduler, calls } = setup(scripted(status, 200));
      dispatcher.enqueue('demo-bistro', createdEvent());
      await dispatcher.idle();

      expect(dispatcher.deliveries()[0]).toMatchObject({
        status: 'pending',
        nextAttemptAt: new Date(START + MINUTE).toISOString(),
        attempts: [{ number: 1, responseStatus: status }],
      });
      await scheduler.setTime(START + MINUTE);
      expect(calls).toHaveLength(2);
      expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
    },
  );

  it('counts a network error as a failed attempt and records its text, including the cause', async () => {
    const refused = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    const { dispatcher } = setup(scripted(refused));
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    const [delivery] = dispatcher.deliveries();
    expect(delivery?.attempts).toEqual([
      {
        number: 1,
        at: new Date(START).toISOString(),
        url: delivery?.url,
        request: { headers: expect.objectContaining({ 'X-Webhook-Delivery': delivery?.id }) },
        error: 'fetch failed: connect ECONNREFUSED 127.0.0.1:9',
        durationMs: expect.any(Number),
      },
    ]);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.nextAttemptAt).toBe(new Date(START + MINUTE).toISOString());
  });

  it('gives up on a receiver that does not answer within 5 s, aborts the request, and says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let sent: () => void = () => undefined;
    const requestSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const { dispatcher, calls } = setup(() => {
      sent();
      return 'hang';
    });

    dispatcher.enqueue('demo-bistro', createdEvent());
    await requestSent;
    await vi.advanceTimersByTimeAsync(4_999);
    expect(dispatcher.deliveries()[0]?.attempts).toEqual([]);
    expect(calls[0]?.signal.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await dispatcher.idle();

    expect(calls[0]?.signal.aborted).toBe(true);
    expect(dispatcher.deliveries()[0]).toMatchObject({
      status: 'pending',
      attempts: [{ number: 1, at: new Date(START).toISOString(), error: 'timeout after 5000 ms' }],
    });
    expect(dispatcher.deliveries()[0]?.attempts[0]?.responseStatus).toBeUndefined();
  });

  it('uses the injected timers and timeout instead of the globals', async () => {
    const pending: Array<() => void> = [];
    let armed: () => void = () => undefined;
    const timeoutArmed = new Promise<void>((resolve) => {
      armed = resolve;
    });
    const timers = {
      setTimeout: (callback: () => void, ms: number) => {
        expect(ms).toBe(250);
        pending.push(callback);
        armed();
        return pending.length;
      },
      clearTimeout: () => undefined,
    };
    const { dispatcher } = setup(() => 'hang', { timers, timeoutMs: 250 });

    dispatcher.enqueue('demo-bistro', createdEvent());
    await timeoutArmed;
    expect(pending).toHaveLength(1);
    for (const fire of pending) fire();
    await dispatcher.idle();

    expect(dispatcher.deliveries()[0]?.attempts[0]?.error).toBe('timeout after 250 ms');
  });

  it('reads the answer body to the end and discards it, so the connection is released', async () => {
    let chunksLeft = 3;
    let finished = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunksLeft === 0) {
          finished = true;
          controller.close();
          return;
        }
        chunksLeft -= 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const { dispatcher } = setup(scripted(200), { fetch: async () => new Response(body, { status: 500 }) });

    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();

    expect(finished).toBe(true);
    expect(dispatcher.deliveries()[0]?.attempts[0]?.responseStatus).toBe(500);
  });

  it('never throws into the caller, even when fetch throws synchronously', async () => {
    const { dispatcher } = setup(scripted(200), {
      fetch: () => {
        throw new Error('fetch exploded');
      },
    });

    expect(() => dispatcher.enqueue('demo-bistro', createdEvent())).not.toThrow();
    await dispatcher.idle();

    expect(dispatcher.deliveries()[0]).toMatchObject({
      status: 'pending',
      attempts: [{ number: 1, error: 'fetch exploded' }],
    });
  });

  it('never throws into the caller when the target lookup fails, and reports it to onError', async () => {
    const reported: unknown[] = [];
    const lookupFailure = new Error('store unavailable');
    const { dispatcher, calls } = setup(scripted(200), {
      getTarget: () => {
        throw lookupFailure;
      },
      onError: (error) => reported.push(error),
    });

    expect(() => dispatcher.enqueue('demo-bistro', createdEvent())).not.toThrow();
    await dispatcher.idle();

    expect(reported).toEqual([lookupFailure]);
    expect(dispatcher.deliveries()).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('records an unusable URL as a failed attempt instead of throwing', async () => {
    const { dispatcher } = setup(scripted(200), { getTarget: () => ({ url: 'not a url', secret: 's' }) });

    expect(() => dispatcher.enqueue('demo-bistro', createdEvent())).not.toThrow();
    await dispatcher.idle();

    const attempt = dispatcher.deliveries()[0]?.attempts[0];
    expect(attempt?.responseStatus).toBeUndefined();
    expect(attempt?.error).toMatch(/url/i);
  });

  it('looks up the global fetch at attempt time, so a fetch installed later is the one used', async () => {
    const original = globalThis.fetch;
    const seen: string[] = [];
    try {
      const dispatcher = createWebhookDispatcher({
        clock: setup(scripted(200)).clock,
        deliveryIds: sequentialDeliveryIds(),
        getTarget: () => TARGET,
      });
      globalThis.fetch = async (input) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return new Response(null, { status: 204 });
      };
      dispatcher.enqueue('demo-bistro', createdEvent());
      await dispatcher.idle();

      expect(seen).toEqual([TARGET.url]);
      expect(dispatcher.deliveries()[0]?.status).toBe('delivered');
    } finally {
      globalThis.fetch = original;
    }
  });
});

// The `webhookTransport` option: each attempt reaches it as a plain request, and what it answers is
// what the delivery log records (a 2xx delivers, anything else is a failed attempt to be retried).
import { verifyWebhookSignature } from '@reservation-api/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import { createMockCore, type WebhookPost, type WebhookReply } from '../../src/node';
import { booking } from '../support/api';
import { mockRequest } from '../support/mock-request';

const NOW = '2026-06-15T08:00:00.000Z';
const BOOKING = booking({ guests: 2, tableId: 'tbl_02', serviceIds: ['svc_lunch'], firstName: 'Jana' });

function reply(status: number, body = ''): WebhookReply {
  let unread = body === '' ? undefined : new TextEncoder().encode(body);
  return {
    status,
    headers: new Map([['x-receiver', 'test']]),
    read: async () => {
      const chunk = unread;
      unread = undefined;
      return chunk;
    },
    cancel: async () => undefined,
  };
}

async function book(core: ReturnType<typeof createMockCore>) {
  const answer = await core.handle(
    mockRequest('POST', `${core.baseUrl}/api/v1/demo-bistro/reservations`, {
      key: 'rk_demo_full',
      json: BOOKING,
    }),
  );
  expect(answer?.status).toBe(201);
}

describe('a custom webhook transport', () => {
  it('gets every attempt as a plain signed POST, and its answers decide the delivery', async () => {
    const posts: WebhookPost[] = [];
    const statuses = [503, 200];
    const core = createMockCore({
      now: NOW,
      webhookTransport: async (post) => {
        posts.push(post);
        return reply(statuses.shift() ?? 500, 'ok');
      },
    });
    const { secret } = await core.control.setWebhook('demo-bistro', { url: 'https://hooks.test/in' });
    await book(core);
    await core.control.settled();
    // Failed once (503): the next attempt falls a minute later on the mock clock.
    await core.control.clock.advance(60_000);
    await core.control.settled();

    expect(posts.map((p) => p.url)).toEqual(['https://hooks.test/in', 'https://hooks.test/in']);
    const [first] = posts;
    if (!first) throw new Error('no attempt');
    expect(first.headers).toMatchObject({
      'Content-Type': 'application/json',
      'User-Agent': 'reservation-mock',
    });
    expect(first.signal).toBeInstanceOf(AbortSignal);
    expect(await verifyWebhookSignature(first.body, first.headers['X-Webhook-Signature'], secret)).toBe(true);

    const [delivery] = core.control.deliveries();
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((a) => a.responseStatus)).toEqual([503, 200]);
    expect(delivery?.attempts[1]?.response).toMatchObject({ headers: { 'x-receiver': 'test' }, body: 'ok' });
    await core.close();
  });

  it('records a transport that rejects as a failed attempt with its reason', async () => {
    const core = createMockCore({
      now: NOW,
      webhookTransport: async () => {
        throw new Error('no route to receiver');
      },
    });
    await core.control.setWebhook('demo-bistro', { url: 'https://hooks.test/in' });
    await book(core);
    await core.control.settled();
    const [delivery] = core.control.deliveries();
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts[0]?.error).toBe('no route to receiver');
    await core.close();
  });
});

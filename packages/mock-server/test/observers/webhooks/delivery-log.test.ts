// The delivery log is bounded (mock README, "Webhooks"): the newest 1,000 deliveries of a world, the
// oldest settled ones dropped first so that a pending delivery outlives every settled one, and a
// receiver's answer recorded with at most 8 KiB of headers and the first 4 KiB of its body. Before,
// 12,000 deliveries took the process from 90 to 477 MB.
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_LOG_LIMIT,
  pruneDeliveryLog,
  RESPONSE_HEADERS_LIMIT,
} from '../../../src/observers/webhooks/delivery-log';
import { createdEvent, scripted, setup } from '../../webhooks/support';

describe('pruneDeliveryLog', () => {
  const log = (statuses: string) => new Map([...statuses].map((s, i) => [`d${i}`, { pending: s === 'p' }]));

  it('drops the oldest settled entries first, keeping every pending one', () => {
    const entries = log('pspsss');
    const dropped: string[] = [];
    pruneDeliveryLog(
      entries,
      (e) => e.pending,
      () => dropped.push('x'),
      3,
    );
    expect([...entries.keys()]).toEqual(['d0', 'd2', 'd5']);
    expect(dropped).toHaveLength(3);
  });

  it('drops the oldest pending ones only when nothing settled is left', () => {
    const entries = log('ppsp');
    pruneDeliveryLog(
      entries,
      (e) => e.pending,
      () => undefined,
      2,
    );
    expect([...entries.keys()]).toEqual(['d1', 'd3']);
  });

  it('leaves a log within the limit alone', () => {
    const entries = log('sss');
    pruneDeliveryLog(
      entries,
      (e) => e.pending,
      () => undefined,
      3,
    );
    expect(entries.size).toBe(3);
  });
});

describe('the dispatcher keeps the newest 1,000 deliveries', () => {
  it('after 1,005 delivered ones, the log holds the newest 1,000', async () => {
    const { dispatcher } = setup(scripted(204));
    for (let i = 1; i <= DELIVERY_LOG_LIMIT + 5; i += 1)
      dispatcher.enqueue('demo-bistro', createdEvent(`res_${i}`));
    await dispatcher.idle();
    const kept = dispatcher.deliveries();
    expect(kept).toHaveLength(DELIVERY_LOG_LIMIT);
    expect(kept[0]?.reservationId).toBe('res_6');
    expect(kept.at(-1)?.reservationId).toBe(`res_${DELIVERY_LOG_LIMIT + 5}`);
    expect(dispatcher.has('whd_0001')).toBe(false);
  });

  it('a pending delivery is kept while older settled ones are dropped', async () => {
    // The first three deliveries' receiver fails: they wait for a retry (pending); the rest succeed.
    const { dispatcher } = setup((_, call) => (isOneOfFirstThree(call.bytes) ? 500 : 204));
    for (let i = 1; i <= DELIVERY_LOG_LIMIT + 5; i += 1) {
      dispatcher.enqueue('demo-bistro', createdEvent(`res_${i}`));
      // Settled in batches, as a real receiver answers while more changes happen.
      if (i % 50 === 3) await dispatcher.idle();
    }
    await dispatcher.idle();
    const kept = dispatcher.deliveries();
    expect(kept).toHaveLength(DELIVERY_LOG_LIMIT);
    expect(kept.slice(0, 3).map((d) => [d.reservationId, d.status])).toEqual([
      ['res_1', 'pending'],
      ['res_2', 'pending'],
      ['res_3', 'pending'],
    ]);
    // The five oldest delivered ones made room: res_4 … res_8.
    expect(kept[3]?.reservationId).toBe('res_9');
  });

  it('with every delivery pending, the oldest pending ones go (the log never passes 1,000)', async () => {
    const { dispatcher } = setup(scripted(500));
    for (let i = 1; i <= DELIVERY_LOG_LIMIT + 2; i += 1)
      dispatcher.enqueue('demo-bistro', createdEvent(`res_${i}`));
    await dispatcher.idle();
    const kept = dispatcher.deliveries();
    expect(kept).toHaveLength(DELIVERY_LOG_LIMIT);
    expect(kept[0]?.reservationId).toBe('res_3');
  });
});

function isOneOfFirstThree(bytes: Uint8Array): boolean {
  const id = (JSON.parse(new TextDecoder().decode(bytes)) as { data: { reservation: { id: string } } }).data
    .reservation.id;
  return ['res_1', 'res_2', 'res_3'].includes(id);
}

describe('a recorded receiver answer is bounded', () => {
  it('keeps at most 8 KiB of headers (marked headersTruncated) and the first 4 KiB of the body', async () => {
    const headers = new Headers();
    for (let i = 0; i < 100; i += 1) headers.set(`x-header-${String(i).padStart(3, '0')}`, 'v'.repeat(200));
    const { dispatcher } = setup(() => 204, {
      fetch: async () => new Response('b'.repeat(10_000), { status: 200, headers }),
    });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();
    const response = dispatcher.deliveries()[0]?.attempts[0]?.response;
    const kept = Object.entries(response?.headers ?? {});
    const size = kept.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    expect(size).toBeLessThanOrEqual(RESPONSE_HEADERS_LIMIT);
    expect(kept.length).toBeGreaterThan(30);
    expect(response?.headersTruncated).toBe(true);
    expect(response?.body).toBe('b'.repeat(4096));
    expect(response?.truncated).toBe(true);
  });

  it('keeps small headers whole, without the mark', async () => {
    const { dispatcher } = setup(() => 204, {
      fetch: async () => new Response('ok', { status: 200, headers: { 'x-a': '1' } }),
    });
    dispatcher.enqueue('demo-bistro', createdEvent());
    await dispatcher.idle();
    const response = dispatcher.deliveries()[0]?.attempts[0]?.response;
    expect(response?.headers).toMatchObject({ 'x-a': '1' });
    expect(response).not.toHaveProperty('headersTruncated');
  });
});

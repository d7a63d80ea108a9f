import { describe, expect, it } from 'vitest';
import { createWebhookDeduplicator, webhookEventKey } from '../../src/webhooks/index';
import { cancelled, completed, confirmed } from './events';

describe('createWebhookDeduplicator', () => {
  it('refuses a now that is not a function at creation (not on the first event)', () => {
    expect(() => createWebhookDeduplicator({ now: new Date() as unknown as () => number })).toThrow(
      TypeError,
    );
  });

  it('reports a redelivered event as seen, and a first delivery as new', () => {
    const dedupe = createWebhookDeduplicator();
    expect(dedupe.seen(completed)).toBe(false);
    expect(dedupe.seen(structuredClone(completed))).toBe(true);
    expect(dedupe.seen(confirmed)).toBe(false);
  });

  it('keys by project, event name, reservation id and timestamp', () => {
    const dedupe = createWebhookDeduplicator();
    dedupe.seen(completed);
    expect(dedupe.seen({ ...completed, timestamp: '2026-06-15T10:00:01.000Z' })).toBe(false);
    expect(dedupe.seen({ ...completed, data: { reservation: { id: 'res_2', status: 'COMPLETED' } } })).toBe(
      false,
    );
    expect(webhookEventKey(completed)).not.toBe(webhookEventKey(cancelled));
    // Two projects sharing a receiver can number their reservations alike.
    expect(dedupe.seen({ ...completed, projectId: 'prj_other' })).toBe(false);
    expect(dedupe.seen({ ...completed, projectId: 'prj_other' })).toBe(true);
  });

  it('uses the delivery id when the event carries one (verified with the request headers)', () => {
    const dedupe = createWebhookDeduplicator();
    expect(dedupe.seen({ ...completed, deliveryId: 'whd_0001' })).toBe(false);
    // A retry or redelivery of the same delivery carries the same id.
    expect(dedupe.seen({ ...completed, deliveryId: 'whd_0001' })).toBe(true);
    // Another delivery of an identical event (a frozen mock clock) is not a repeat.
    expect(dedupe.seen({ ...completed, deliveryId: 'whd_0002' })).toBe(false);
    expect(webhookEventKey({ ...completed, deliveryId: 'whd_0001' })).not.toBe(webhookEventKey(completed));
  });

  it('keys on the delivery id alone when the event carries one: the service never reuses an id', () => {
    const dedupe = createWebhookDeduplicator();
    // Two mock worlds (sessions, resets, processes) sharing a receiver with a pinned clock: the same
    // event of the same record id at the same time, in two deliveries. Both are handled.
    expect(dedupe.seen({ ...completed, deliveryId: 'whd_3f2a9c0d1e4b5a67' })).toBe(false);
    expect(dedupe.seen({ ...completed, deliveryId: 'whd_8e1b7c2d3a4f5069' })).toBe(false);
    // A redelivery keeps its id: a repeat, whatever else it carries.
    expect(dedupe.seen({ ...confirmed, deliveryId: 'whd_3f2a9c0d1e4b5a67' })).toBe(true);
    expect(webhookEventKey({ ...confirmed, deliveryId: 'whd_x' })).toBe(
      webhookEventKey({ ...completed, deliveryId: 'whd_x' }),
    );
    // Without headers (no delivery id), the event's name, record id and timestamp are the key.
    expect(dedupe.seen(completed)).toBe(false);
    expect(dedupe.seen(structuredClone(completed))).toBe(true);
  });

  it('forgets an event after ttlSeconds without a redelivery', () => {
    let now = 0;
    const dedupe = createWebhookDeduplicator({ ttlSeconds: 60, now: () => now });
    dedupe.seen(completed);
    now = 59_999;
    expect(dedupe.seen(completed)).toBe(true);
    now = 59_999 + 60_000;
    expect(dedupe.seen(completed)).toBe(false);
  });

  it('defaults to a TTL longer than the 156-minute retry schedule', () => {
    let now = 0;
    const dedupe = createWebhookDeduplicator({ now: () => now });
    dedupe.seen(completed);
    now = 156 * 60_000;
    expect(dedupe.seen(completed)).toBe(true);
  });

  it('keeps at most maxEntries, dropping the least recently seen', () => {
    const dedupe = createWebhookDeduplicator({ maxEntries: 2 });
    const a = completed;
    const b = confirmed;
    const c = cancelled;
    dedupe.seen(a);
    dedupe.seen(b);
    dedupe.seen(a); // a is now more recent than b
    dedupe.seen(c); // evicts b
    expect(dedupe.size).toBe(2);
    expect(dedupe.seen(a)).toBe(true);
    expect(dedupe.seen(b)).toBe(false);
  });

  it.each([
    ['ttlSeconds', Number.NaN],
    ['ttlSeconds', 0],
    ['ttlSeconds', -60],
    ['maxEntries', Number.NaN],
    ['maxEntries', 0],
    ['maxEntries', 0.5],
  ] as const)('refuses %s = %s, which would turn deduplication off', (name, value) => {
    expect(() => createWebhookDeduplicator({ [name]: value })).toThrow(
      new TypeError(`${name} must be at least 1, got ${value}`),
    );
  });

  it('accepts Infinity for ttlSeconds: remembered until maxEntries pushes it out', () => {
    let now = 0;
    const dedupe = createWebhookDeduplicator({
      ttlSeconds: Number.POSITIVE_INFINITY,
      maxEntries: 1,
      now: () => now,
    });
    dedupe.seen(completed);
    now = 1e15;
    expect(dedupe.seen(completed)).toBe(true);
    dedupe.seen(confirmed);
    expect(dedupe.seen(completed)).toBe(false);
  });

  it('forget() lets a redelivery through, e.g. after processing failed', () => {
    const dedupe = createWebhookDeduplicator();
    dedupe.seen(completed);
    dedupe.forget(completed);
    expect(dedupe.seen(completed)).toBe(false);
  });
});

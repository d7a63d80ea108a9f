import type { WebhookEvent } from '../types';
import { describe } from './guard';
import { atLeastOne } from './options';

export interface WebhookDeduplicatorOptions {
  /**
   * How long an event is remembered after it was last seen. Default 24 h: deliveries of one event
   * are retried for up to 156 minutes, so anything shorter than ~3 h lets duplicates through.
   * At least 1 (NaN or 0, which would turn deduplication off, throw a TypeError).
   */
  ttlSeconds?: number | undefined;
  /** Upper bound on remembered events; the least recently seen is forgotten first. Default 10 000; at least 1. */
  maxEntries?: number | undefined;
  /** Current time in ms (for tests); Date.now by default. */
  now?: (() => number) | undefined;
}

export interface WebhookDeduplicator {
  /** True when this event was seen within the TTL; otherwise remembers it and returns false. */
  seen(event: WebhookEvent & { deliveryId?: string }): boolean;
  /** Forgets an event, e.g. when processing it failed and a redelivery should be handled. */
  forget(event: WebhookEvent & { deliveryId?: string }): void;
  readonly size: number;
}

/**
 * The identity of a delivery. With the request's headers (`constructWebhookEvent(body, headers, …)`)
 * the event carries its `X-Webhook-Delivery` id, and that id alone is the key: the service never
 * reuses one (not across processes, sessions or resets; every attempt and redelivery of one delivery
 * keeps it), while record ids such as `res_0001` and timestamps can repeat across mock worlds sharing
 * a receiver. Without it: project, event name, reservation id and timestamp, which every retry repeats.
 */
export function webhookEventKey(event: WebhookEvent & { deliveryId?: string }): string {
  return event.deliveryId
    ? `delivery\u0000${event.deliveryId}`
    : // The project too: two projects sharing a receiver may number their reservations alike.
      `${event.projectId}\u0000${event.event}\u0000${event.data.reservation.id}\u0000${event.timestamp}`;
}

/** In-memory, per-process deduplication; use a shared store (Redis, a DB unique key) across instances. */
export function createWebhookDeduplicator(options: WebhookDeduplicatorOptions = {}): WebhookDeduplicator {
  const ttlMs = atLeastOne(options.ttlSeconds ?? 24 * 60 * 60, 'ttlSeconds') * 1000;
  const maxEntries = atLeastOne(options.maxEntries ?? 10_000, 'maxEntries');
  const now = options.now ?? Date.now;
  if (typeof now !== 'function')
    throw new TypeError(`now must be a function returning epoch ms, got ${describe(now)}`);
  // Map iteration is insertion order and every hit re-inserts, so the first entry is always the
  // least recently seen: both expiry and the size bound evict from the front.
  const lastSeen = new Map<string, number>();

  const evictExpired = (at: number): void => {
    for (const [key, time] of lastSeen) {
      if (at - time < ttlMs) break;
      lastSeen.delete(key);
    }
  };

  return {
    seen(event) {
      const at = now();
      evictExpired(at);
      const key = webhookEventKey(event);
      const known = lastSeen.delete(key);
      lastSeen.set(key, at);
      // maxEntries is at least 1, so there are two entries here at least and the first one exists.
      if (lastSeen.size > maxEntries) lastSeen.delete(lastSeen.keys().next().value as string);
      return known;
    },
    forget(event) {
      lastSeen.delete(webhookEventKey(event));
    },
    get size() {
      evictExpired(now());
      return lastSeen.size;
    },
  };
}

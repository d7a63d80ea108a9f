// The seam between the domain (which says what happened) and delivery (which tells the world).
// The domain returns WebhookEvent envelopes; the HTTP layer hands them to the dispatcher.
import type { components } from '@reservation-api/sdk';

export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookEventName = components['schemas']['WebhookEventName'];

/** Where a project's events go. `null` from the lookup means: no webhook configured, send nothing. */
export interface WebhookTarget {
  url: string;
  secret: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  /** 1-based attempt number. */
  number: number;
  /** ISO timestamp (mock clock) at which the attempt was made. */
  at: string;
  /** HTTP status of the receiver's answer; absent when there was none. */
  responseStatus?: number;
  /** Why there was no usable answer: network error text, or `timeout after 5000 ms`. */
  error?: string;
}

export interface Delivery {
  id: string;
  event: WebhookEventName;
  projectId: string;
  url: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** ISO time of the next attempt while pending, else null. */
  nextAttemptAt: string | null;
  createdAt: string;
  /** The exact bytes sent on every attempt (serialised once). */
  body: string;
  /** `sha256=<hex>` over `body`, computed once. */
  signature: string;
}

export interface WebhookDispatcher {
  /**
   * Records one delivery for the event when the project has a target. Never throws into and never
   * waits inside the API request that caused it; the first attempt is due immediately.
   */
  enqueue(projectId: string, event: WebhookEvent): void;
  /** Every delivery, oldest first (copies: callers cannot mutate the log). */
  deliveries(): Delivery[];
  /** A manual extra attempt now, whatever the delivery's status. */
  redeliver(id: string): Promise<Delivery>;
  /**
   * Runs, in time order, every attempt due up to `until` (default: the clock's now). When it runs an
   * attempt due at time t, a manual clock reads t while that attempt runs, so attempt times are exact.
   */
  runDue(until?: number): Promise<void>;
  /** Resolves when no attempt is in flight. */
  idle(): Promise<void>;
  /** Forgets every delivery and cancels timers (used by reset()). */
  reset(): void;
  /** Stops timers (used when the standalone server shuts down). */
  close(): void;
}

export interface WebhookDispatcherOptions {
  clock: import('../clock').Clock;
  ids: import('../ids').IdSource;
  /** The project's current webhook target, read at enqueue time; null: nothing is sent. */
  getTarget(projectId: string): WebhookTarget | null;
  /** Default: the global fetch, looked up at each attempt (so MSW and test stubs see it). */
  fetch?: (request: Request) => Promise<Response>;
  /** Per-attempt answer timeout. Default 5000. */
  timeoutMs?: number;
  /** Delay before each attempt, counted from the previous one. Default [0, 1 min, 5 min, 30 min, 2 h]. */
  delaysMs?: readonly number[];
  /** Timer functions for the per-attempt timeout and (real clock) the next due attempt; tests inject fakes. */
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

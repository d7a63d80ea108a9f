// The seam between the domain (which says what happened) and delivery (which tells the world).
// The domain returns WebhookEvent envelopes; the HTTP layer hands them to the dispatcher.
import type { components } from '@reservation-api/sdk';
import type { Clock } from '../clock';
import type { IdSource } from '../ids';

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
  /** True for an attempt made by redeliver(); such attempts do not count towards the 5 scheduled ones. */
  manual?: boolean;
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
  /**
   * `sha256=<hex>` over `body`, computed once. Web Crypto signs asynchronously and enqueue() must
   * not wait, so this is null until signing has finished (before the first attempt is sent).
   */
  signature: string | null;
}

export interface WebhookDispatcher {
  /**
   * Records one delivery for the event when the project has a target. Never throws into and never
   * waits inside the API request that caused it. The first attempt is due immediately and starts on
   * its own shortly after (a queued task, with a manual clock too), so a created reservation is
   * delivered without anyone moving the clock; retries need time to pass (timers or runDue).
   */
  enqueue(projectId: string, event: WebhookEvent): void;
  /** Every delivery, oldest first (copies: callers cannot mutate the log). */
  deliveries(): Delivery[];
  /**
   * A manual extra attempt now, whatever the delivery's status, recorded with `manual: true`. A 2xx
   * marks it delivered (ending any schedule); a failure changes neither status nor schedule and does
   * not use up one of the 5 scheduled attempts. Rejects with an Error for an unknown id.
   */
  redeliver(id: string): Promise<Delivery>;
  /**
   * Runs, in time order, every attempt due up to `until` (default: the clock's now), including
   * retries that fall due inside the window because of earlier attempts. When it runs an attempt due
   * at time t, the clock reads t as that attempt starts, so attempt times are exact (a system clock
   * is stepped forward to t and keeps flowing from there). Time only moves forward: when `until` is
   * later than now, the clock reads `until` afterwards (a system clock: `until` plus the real time
   * the run took). So `runDue(clock.now() + ms)` is "advance the clock by ms".
   * Calls are serialised: a second call waits for the first.
   */
  runDue(until?: number): Promise<void>;
  /** Resolves when no attempt is in flight and none is due at the clock's now. */
  idle(): Promise<void>;
  /** Forgets every delivery and cancels timers (used by reset()). */
  reset(): void;
  /** Stops timers (used when the standalone server shuts down). */
  close(): void;
}

/** The two timer functions the dispatcher uses; the globals by default, fakes in tests. */
export interface WebhookTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WebhookDispatcherOptions {
  clock: Clock;
  ids: IdSource;
  /** The project's current webhook target, read at enqueue time; null: nothing is sent. */
  getTarget(projectId: string): WebhookTarget | null;
  /** Default: the global fetch, looked up at each attempt (so MSW and test stubs see it). */
  fetch?: (request: Request) => Promise<Response>;
  /** Per-attempt answer timeout. Default 5000. */
  timeoutMs?: number;
  /** Delay before each attempt, counted from the previous one. Default [0, 1 min, 5 min, 30 min, 2 h]. */
  delaysMs?: readonly number[];
  /**
   * Timer functions for the per-attempt timeout and (system clock) the next due attempt; tests
   * inject fakes. Default: the globals, looked up when used (so vitest fake timers apply).
   */
  timers?: WebhookTimers;
  /**
   * Told about a failure that is not an attempt's (getTarget throwing, an envelope that cannot be
   * serialised). enqueue() never throws into the API request, so this is the only trace. Default: ignored.
   */
  onError?: (error: unknown) => void;
}

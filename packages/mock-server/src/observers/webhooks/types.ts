// The seam between the domain (which says what happened) and delivery (which tells the world).
// The domain returns WebhookEvent envelopes; the API pipeline has the dispatcher prepare their
// deliveries as the change takes effect, names them in the request's outcome, and the dispatcher,
// subscribed to outcomes, sends them (observers/outcome-observers.ts).
import type { components } from '../../contract';
import type { Clock } from '../../runtime/clock';
import type { Scheduler, Timers } from '../../runtime/scheduler';
import type { WebhookTransport } from './transport';

export type { MoveCheck } from '../../runtime/scheduler';

export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookEventName = components['schemas']['WebhookEventName'];

/** Where a project's events go. `null` from the lookup means: no webhook configured, send nothing. */
export interface WebhookTarget {
  url: string;
  secret: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** The receiver's answer to one attempt, as far as the log keeps it. */
export interface DeliveryResponse {
  status: number;
  /** The answer's headers, names in lower case: as many as fit in 8 KiB, in the order received. */
  headers: Record<string, string>;
  /** True when some headers did not fit in those 8 KiB. */
  headersTruncated?: true;
  /** The first 4 KiB of the answer's body, as UTF-8 text. */
  body: string;
  /** True when the body was longer than 4 KiB (or could not be read to its end). */
  truncated: boolean;
}

export interface DeliveryAttempt {
  /** 1-based attempt number. */
  number: number;
  /** ISO timestamp (mock clock) at which the attempt was made. */
  at: string;
  /** Where this attempt went: the delivery's URL, or the one given to redeliver(). */
  url: string;
  /**
   * What was sent besides the body: `Content-Type`, `User-Agent`, `X-Webhook-Delivery` and
   * `X-Webhook-Signature`.
   */
  request: { headers: Record<string, string> };
  /** The receiver's answer; absent when there was none (see `error`). */
  response?: DeliveryResponse;
  /** HTTP status of the receiver's answer (`response.status`); absent when there was none. */
  responseStatus?: number;
  /** Why there was no usable answer: network error text, or `timeout after 5000 ms`. */
  error?: string;
  /** Real time the attempt took, from sending to the end of the answer or the failure, in ms. */
  durationMs: number;
  /** True for an attempt made by redeliver(); such attempts do not count towards the 5 scheduled ones. */
  manual?: boolean;
}

export interface Delivery {
  /**
   * `whd_` + 16 random hex digits, sent as `X-Webhook-Delivery` on every attempt and redelivery;
   * never reused by any world of any mock process.
   */
  id: string;
  event: WebhookEventName;
  projectId: string;
  /** The reservation the event is about. */
  reservationId: string;
  /** The project's target when the event happened; redeliveries to another URL do not change it. */
  url: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** ISO time of the next attempt while pending, else null. */
  nextAttemptAt: string | null;
  createdAt: string;
  /** The exact bytes sent on every attempt (serialised once, with two-space indentation). */
  body: string;
  /** `sha256=<hex>` over `body`, computed once, when the delivery is recorded (sign.ts). */
  signature: string;
}

/**
 * One delivery as the change that caused it fixed it: its id, the project's target as it was then
 * and the bytes every attempt will send. prepare() makes it and records nothing; deliver() records
 * it and starts its first attempt. It holds the signing secret: it goes to the dispatcher only.
 */
export interface PreparedDelivery {
  id: string;
  event: WebhookEventName;
  projectId: string;
  reservationId: string;
  url: string;
  secret: string;
  /** The event serialised once, with two-space indentation. */
  body: string;
  /** Epoch ms on the mock clock. */
  createdAt: number;
}

export interface WebhookDispatcher {
  /**
   * The deliveries of these events as of now, one per event when the project has a target (none
   * without one): ids taken, target read, bodies serialised. Records and sends nothing; never
   * throws (a failure goes to `onError` and that event gets no delivery).
   */
  prepare(projectId: string, events: readonly WebhookEvent[]): PreparedDelivery[];
  /** Records prepared deliveries and starts each one's first attempt at once; never waits. */
  deliver(deliveries: readonly PreparedDelivery[]): void;
  /** prepare() and deliver() for one event; the delivery's id, or null without a target. */
  enqueue(projectId: string, event: WebhookEvent): string | null;
  /** Every delivery, oldest first (copies: callers cannot mutate the log). */
  deliveries(): Delivery[];
  has(id: string): boolean;
  /**
   * A manual extra attempt now (after the one under way, if any), recorded with `manual: true`: the
   * same bytes and signature, to the delivery's URL or to `url`. A 2xx from the delivery's URL marks
   * it delivered (ending any schedule); a failure, or any answer from another `url`, changes neither
   * status nor schedule and does not use up one of the 5 scheduled attempts. Rejects with an Error
   * for an unknown id.
   */
  redeliver(id: string, options?: { url?: string }): Promise<Delivery>;
  /** Resolves when no move or attempt is under way and none is due at the clock's now. */
  idle(): Promise<void>;
  /** Forgets every delivery: none of them is attempted again (used by reset()). */
  reset(): void;
  /**
   * Nothing more is sent; resolves once the attempts in flight have ended (the world's end aborts
   * them). Ends its scheduler when it made its own.
   */
  close(): Promise<void>;
}

/** The two timer functions the dispatcher uses; the globals by default, fakes in tests. */
export type WebhookTimers = Timers;

export interface WebhookDispatcherOptions {
  clock: Clock;
  /** Delivery ids. Default: `whd_` + 16 random hex digits, never reused by any world (tests inject sequences). */
  deliveryIds?: () => string;
  /** Headers sent with every attempt besides the documented ones: `X-Mock-Session` of a session's mock. */
  headers?: Readonly<Record<string, string>>;
  /** The project's current webhook target, read by prepare(); null: nothing is sent. */
  getTarget(projectId: string): WebhookTarget | null;
  /** Default: the global fetch, looked up at each attempt (so MSW and test stubs see it). */
  fetch?: (request: Request) => Promise<Response>;
  /** How attempts are sent; when given, `fetch` is not used. Default: through `fetch` (transport.ts). */
  transport?: WebhookTransport;
  /** Per-attempt answer timeout. Default 5000. */
  timeoutMs?: number;
  /** Delay before each attempt, counted from the previous one. Default [0, 1 min, 5 min, 30 min, 2 h]. */
  delaysMs?: readonly number[];
  /**
   * The world's scheduler: every timer (attempt timeouts, the next due attempt) and every clock
   * move. Default: one of its own over `clock` and `timers`.
   */
  scheduler?: Scheduler;
  /**
   * Timer functions for a scheduler the dispatcher makes itself; tests inject fakes. Default: the
   * globals, looked up when used (so vitest fake timers apply).
   */
  timers?: WebhookTimers;
  /**
   * Told about a failure that is not an attempt's (getTarget throwing, an envelope that cannot be
   * serialised). prepare() never throws into the API request, so this is the only trace. Default: ignored.
   */
  onError?: (error: unknown) => void;
  /**
   * Told of a new delivery and of each attempt's outcome: the live record, to read at once and never
   * change, and `copy()` for a listener that keeps it.
   */
  onChange?: (delivery: Readonly<Delivery>, copy: () => Delivery) => void;
}

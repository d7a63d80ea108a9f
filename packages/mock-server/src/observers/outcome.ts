// What answering one API request did: the answer, the rule that decided it, and the reservations and
// webhook deliveries it caused. The pipeline (pipeline/api.ts) publishes each outcome once, on the
// mock's outcome bus (made in mock.ts); the webhook dispatcher, the event stream and the journal
// subscribe to it (observers/outcome-observers.ts), and persistence to the stream's announcements, so
// the pipeline calls none of them by name. It takes only request ids and the clear mark from the
// journal, and has the dispatcher prepare (not send) a change's deliveries.
import type { operations } from '../contract';
import type { Transition } from '../domain/state-machine';
import type { EventBus } from '../runtime/event-bus';
import type { PreparedDelivery } from './webhooks';

/** An operationId of openapi.yaml (`listReservations`, `createReservation`, …). */
export type OperationId = keyof operations;

/** The key of a request: its id and name; `none` without one; `unknown` for a value no key has. */
export type RequestKey = { id: string; name: string } | 'none' | 'unknown';

/** The error an answer carries (its `code` and `message`), null for a success. */
export type AnswerError = { code: string | null; message: string } | null;

/** Where and when a request came (the journal shows these as they are). */
export interface RequestLine {
  /** The mock clock when the request arrived (ISO; empty when no journal keeps it). */
  at: string;
  /** The wall clock when the request arrived (ISO; empty when no journal keeps it). */
  wallTime: string;
  method: string;
  /** URL path, e.g. `/api/v1/demo-bistro/reservations`. */
  path: string;
  /** `''` or the query string with its `?`. */
  query: string;
  /** The slug in the path, if any. */
  project: string | null;
}

/** What the mock made of a request (the journal shows these as they are). */
export interface Verdict {
  /** The key's id and name; `none` without a key, `unknown` for a value no key has. */
  key: RequestKey;
  operationId: OperationId | null;
  /** Which rule decided the answer: `ok`, `fault flt_0001`, or the error code and its rule. */
  rule: string;
  error: AnswerError;
  /** Reservations the request created or changed. */
  reservations: string[];
  /** Ids of the webhook deliveries it caused. */
  deliveries: string[];
  durationMs: number;
}

export interface Outcome extends Omit<Verdict, 'deliveries'> {
  /**
   * The webhook deliveries it caused, fixed as the change took effect (id, target, bytes); the
   * dispatcher sends them when it hears the outcome.
   */
  deliveries: readonly PreparedDelivery[];
  /** The state machine's moves the request made (from → to), in order; none for a refused request. */
  transitions: readonly Transition[];
  /** The request id (`req_…`), also sent as the answer's `x-request-id`. */
  id: string;
  /** The journal's clear mark when the request arrived (a request from before a clear is not kept). */
  arrival: number;
  /** The body as read: null when it was not read (refused first, or a route without a body). */
  request: RequestLine & { body: Uint8Array | null };
  /** The answer as sent: its status and body text. */
  answer: { status: number; body: string };
}

/** The bus a mock publishes its outcomes on. */
export type OutcomeBus = EventBus<Outcome>;

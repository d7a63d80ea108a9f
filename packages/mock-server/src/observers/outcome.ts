// What answering one API request did, as the pipeline (pipeline/api.ts) returns it: the answer, the
// rule that decided it, and the reservations and webhook deliveries it caused. The mock publishes
// each outcome once, on its own bus; the journal, the event stream and persistence subscribe to it
// (observers/outcome-observers.ts), so none of them is called from inside the pipeline.
import type { operations } from '../contract';
import type { EventBus } from '../runtime/event-bus';

/** An operationId of openapi.yaml (`listReservations`, `createReservation`, …). */
export type OperationId = keyof operations;

/** The key of a request: its id and name; `none` without one; `unknown` for a value no key has. */
export type RequestKey = { id: string; name: string } | 'none' | 'unknown';

/** The error an answer carries (its `code` and `message`), null for a success. */
export type AnswerError = { code: string | null; message: string } | null;

export interface Outcome {
  /** The request id (`req_…`), also sent as the answer's `x-request-id`. */
  id: string;
  /** The journal's clear mark when the request arrived (a request from before a clear is not kept). */
  arrival: number;
  request: {
    /** The mock clock and the wall clock when it arrived (ISO; empty when no journal keeps them). */
    at: string;
    wallTime: string;
    method: string;
    path: string;
    /** `''` or the query string with its `?`. */
    query: string;
    /** The slug in the path, if any. */
    project: string | null;
    /** The body as read (null when it was not read: refused first, or a route without a body). */
    body: Uint8Array | null;
  };
  /** The answer as sent: its status and body text. */
  answer: { status: number; body: string };
  key: RequestKey;
  operationId: OperationId | null;
  /** Which rule decided the answer: `ok`, `fault flt_0001`, or the error code and its rule. */
  rule: string;
  error: AnswerError;
  /** Reservations the request created or changed (empty unless it took effect). */
  reservations: readonly string[];
  /** Webhook deliveries it queued (ids; empty unless it took effect). */
  deliveries: readonly string[];
  durationMs: number;
}

/** The bus a mock publishes its outcomes on. */
export type OutcomeBus = EventBus<Outcome>;

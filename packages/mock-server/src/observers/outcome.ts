// What one write did, whoever made it: an API request, a control call, trigger, a reset, a clock
// move. Each world (the root mock, a session) has one outcome bus (made in mock.ts); every write
// publishes exactly one outcome on it, under the world's lock when it touched the store, so observers
// hear of changes in the order they were made (mock README, "How it works"). The journal, the webhook
// dispatcher, persistence and the event stream subscribe (observers/outcome-observers.ts); the
// pipeline and the control call none of them by name. The store changes an outcome lists come from
// the store itself (observers/store-changes.ts), never from what a writer says it did.
import type { operations } from '../contract';
import type { ReservationStatus } from '../domain/records';
import type { StoreChange } from '../domain/store';
import type { EventBus } from '../runtime/event-bus';
import type { StateChange } from './mock-events';
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

/** One move of the state machine (a status change of a reservation), as the store saw it. */
export interface Transition {
  reservation: string;
  from: ReservationStatus;
  to: ReservationStatus;
}

/** What every outcome carries, whoever made the write: the answer, and what changed. */
export interface OutcomeCommon {
  /** The operation of openapi.yaml answered (API requests); null for a control write. */
  operationId: OperationId | null;
  /** The answer's status and body (a control write that took effect: 200 and no body). */
  answer: { status: number; body: string };
  error: AnswerError;
  /** Reservations the write created or changed. */
  reservations: string[];
  /**
   * The webhook deliveries it caused, fixed as the change took effect (id, target, bytes); the
   * dispatcher sends them when it hears the outcome.
   */
  deliveries: readonly PreparedDelivery[];
  /** Every insert and update of the store the write made, in order (from the store's own events). */
  changes: readonly StoreChange[];
  /** The store was replaced whole (a reset): everything changed. */
  replaced: boolean;
  /** The state-machine moves among `changes`, in order. */
  transitions: readonly Transition[];
}

/** An API request's outcome: what the journal records. */
export interface ApiOutcome extends OutcomeCommon, Omit<Verdict, 'deliveries' | 'operationId' | 'error'> {
  kind: 'api';
  /** The request id (`req_…`), also sent as the answer's `x-request-id`. */
  id: string;
  /** The journal's clear mark when the request arrived (a request from before a clear is not kept). */
  arrival: number;
  /** The body as read: null when it was not read (refused first, or a route without a body). */
  request: RequestLine & { body: Uint8Array | null };
  /** The session whose request it was (its `path` is then relative to the session); absent for the root mock. */
  session?: string;
}

/**
 * A write made through the control (data helpers, keys, trigger, faults, a reset, a clock move, a
 * journal clear) or a fault taken by a request: what the event stream tells its watchers (`notice`).
 */
export interface ControlOutcome extends OutcomeCommon {
  kind: 'control';
  /** The control method that made it (`keys.create`, `trigger`, `reset`, `clock.advance`, `fault`…). */
  source: string;
  /** The state change as the event stream announces it (its `at` is the clock when announced). */
  notice: Omit<StateChange, 'at'>;
}

export type Outcome = ApiOutcome | ControlOutcome;

/** A control outcome with nothing changed in the store and no answer body (its notice says what). */
export function controlOutcome(
  source: string,
  notice: Omit<StateChange, 'at'>,
  fields: Partial<OutcomeCommon> = {},
): ControlOutcome {
  return {
    kind: 'control',
    source,
    notice,
    operationId: null,
    answer: { status: 200, body: '' },
    error: null,
    reservations: [],
    deliveries: [],
    changes: [],
    replaced: false,
    transitions: [],
    ...fields,
  };
}

/** The bus a world publishes its outcomes on. */
export type OutcomeBus = EventBus<Outcome>;

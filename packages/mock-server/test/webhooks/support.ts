// Shared fixtures for the dispatcher tests: a manual clock, typed events, and a fetch stub that
// records exactly what each attempt sent and answers from a script.
import { createHmac } from 'node:crypto';
import { createWebhookDispatcher } from '../../src/observers/webhooks/dispatcher';
import type {
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookEvent,
  WebhookTarget,
} from '../../src/observers/webhooks/types';
import { type Clock, createManualClock } from '../../src/runtime/clock';
import { createScheduler, type Scheduler } from '../../src/runtime/scheduler';

export const START = Date.parse('2026-06-10T08:15:30.000Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const SECRET = 'whsec_test_secret';
export const TARGET: WebhookTarget = { url: 'https://receiver.test/hooks', secret: SECRET };

/** Non-ASCII names on purpose: the signature must cover UTF-8 bytes, not UTF-16 code units. */
export function createdEvent(id = 'res_0001', note = 'U okna, prosím 🙂'): WebhookEvent {
  return {
    event: 'reservation.created',
    timestamp: '2026-06-10T08:15:30.000Z',
    projectId: 'prj_demo_bistro',
    data: {
      reservation: {
        id,
        date: '2026-06-15',
        from: '18:00',
        to: '20:00',
        status: 'PENDING',
        guests: 2,
        note,
        customer: { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.com', phone: null },
        services: [{ id: 'svc_0001', name: 'Degustační menu' }],
        table: { id: 'tbl_0002', name: 'Stůl 2' },
        createdAt: '2026-06-10T08:15:30.000Z',
      },
    },
  };
}

export function completedEvent(id: string): WebhookEvent {
  return {
    event: 'reservation.completed',
    timestamp: '2026-06-10T08:15:30.000Z',
    projectId: 'prj_demo_bistro',
    data: { reservation: { id, status: 'COMPLETED' } },
  };
}

/** What the receiver would compute: `sha256=` + hex HMAC over the raw bytes, with node:crypto. */
export function nodeSignature(body: Uint8Array | string, secret = SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A number answers with that status; an Error is thrown (network failure); 'hang' never answers. */
export type Answer = number | Error | 'hang';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  bytes: Uint8Array;
  /** The mock clock's time when the request was sent. */
  at: number;
  signal: AbortSignal;
}

export function recordingFetch(clock: Clock, answer: (callIndex: number, call: RecordedCall) => Answer) {
  const calls: RecordedCall[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const call: RecordedCall = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      bytes: new Uint8Array(await request.arrayBuffer()),
      at: clock.now(),
      signal: request.signal,
    };
    calls.push(call);
    const reply = answer(calls.length - 1, call);
    if (reply instanceof Error) throw reply;
    if (reply === 'hang') return new Promise<Response>(() => undefined);
    return new Response(reply === 204 ? null : 'body the dispatcher must drain', { status: reply });
  };
  return { calls, fetch };
}

/** Answers the scripted statuses in order, then repeats the last one. */
export function scripted(...answers: Answer[]): (callIndex: number) => Answer {
  return (callIndex) => answers[Math.min(callIndex, answers.length - 1)] ?? 500;
}

/**
 * Delivery ids in sequence (`whd_0001`, …) for tests that name them: a mock's own are random
 * (`whd_` + 16 hex digits), injected here through the dispatcher's `deliveryIds` option.
 */
export function sequentialDeliveryIds(): () => string {
  let n = 0;
  return () => `whd_${String(++n).padStart(4, '0')}`;
}

export interface Harness {
  clock: Clock;
  dispatcher: WebhookDispatcher;
  /** The world's scheduler the dispatcher asks for time: the tests move the clock through it. */
  scheduler: Scheduler;
  calls: RecordedCall[];
}

export function setup(
  answer: (callIndex: number, call: RecordedCall) => Answer,
  overrides: Partial<WebhookDispatcherOptions> = {},
): Harness {
  const clock = overrides.clock ?? createManualClock(START);
  const { calls, fetch } = recordingFetch(clock, answer);
  const scheduler = createScheduler({ clock, ...(overrides.timers ? { timers: overrides.timers } : {}) });
  const dispatcher = inWorld(
    createWebhookDispatcher({
      clock,
      deliveryIds: sequentialDeliveryIds(),
      getTarget: () => TARGET,
      fetch,
      ...overrides,
      scheduler,
    }),
    scheduler,
  );
  return { clock, dispatcher, scheduler, calls };
}

/**
 * The dispatcher with the world around it, as mock.ts has it: the world's reset restarts its
 * scheduler and its close ends it (a dispatcher given a scheduler leaves both to the world).
 */
export function inWorld(dispatcher: WebhookDispatcher, scheduler: Scheduler): WebhookDispatcher {
  return {
    ...dispatcher,
    reset() {
      scheduler.restart();
      dispatcher.reset();
    },
    close() {
      scheduler.end();
      return dispatcher.close();
    },
  };
}

export const minutesAfterStart = (iso: string): number => (Date.parse(iso) - START) / MINUTE;

export const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

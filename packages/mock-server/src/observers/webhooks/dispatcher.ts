// Turns domain events into signed HTTP deliveries with the documented retry schedule, on the mock's
// clock (mock README, "Webhooks"). Each delivery runs on its own: its first attempt starts at once,
// a receiver that hangs delays only its own attempts, and the attempts of one delivery never overlap
// (an attempt, a redelivery and the next retry follow one another).
//
// Time is the world's scheduler's (runtime/scheduler.ts), never moved here: the dispatcher tells it
// when each attempt falls due, and the scheduler starts them when the clock gets there (one timer
// for a flowing clock; each due time on the way of a control.clock move). Attempt timeouts are the
// scheduler's timers, and an attempt in flight is aborted when the world ends.
import { isoOf } from '../../domain/time';
import { createScheduler, REDELIVERY_RESET, WorldEndedError, WorldResetError } from '../../runtime/scheduler';
import { pruneDeliveryLog } from './delivery-log';
import { DEFAULT_DELAYS_MS, DEFAULT_TIMEOUT_MS, validateDelays, validateTimeout } from './schedule';
import { type AttemptOutcome, sendAttempt } from './send-attempt';
import { type DeliverySigner, deliverySigner } from './sign';
import { fetchTransport } from './transport';
import type {
  Delivery,
  DeliveryAttempt,
  PreparedDelivery,
  WebhookDispatcher,
  WebhookDispatcherOptions,
} from './types';

/**
 * Delivery ids: `whd_` and 16 random lower-case hex digits (64 bits), so no two worlds (sessions, a
 * reset, two processes) ever send the same id to a receiver they share (mock README, "Webhooks").
 * The random bytes are drawn 64 ids at a time: one `getRandomValues` call per id was 3 % of a
 * booking's CPU over HTTP (BENCHMARKS.md, issue 32).
 */
export function randomDeliveryIds(): () => string {
  const perDraw = 64;
  let pool: Uint8Array | undefined;
  let next = perDraw;
  return () => {
    if (next === perDraw) {
      pool = globalThis.crypto.getRandomValues(pool ?? new Uint8Array(8 * perDraw));
      next = 0;
    }
    const bytes = (pool as Uint8Array).subarray(8 * next, 8 * ++next);
    let hex = '';
    for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
    return `whd_${hex}`;
  };
}

interface Entry {
  /** The log record; mutated here only, handed out as copies. */
  readonly record: Delivery;
  /** Enqueue order: breaks ties between attempts due at the same time (oldest first). */
  readonly seq: number;
  /** Epoch ms of the next scheduled attempt; null once delivered or failed. */
  dueAt: number | null;
  /** Scheduled attempts made so far (redeliveries do not count towards the schedule). */
  scheduledAttempts: number;
  /** The attempt under way, if any: the next one of this delivery waits for it. */
  inFlight: Promise<void> | null;
  /** Set by reset(): an attempt still in flight must not write back or reschedule. */
  discarded: boolean;
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { clock } = options;
  const deliveryId = options.deliveryIds ?? randomDeliveryIds();
  const delays = options.delaysMs ?? DEFAULT_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  validateDelays(delays);
  validateTimeout(timeoutMs);

  const entries = new Map<string, Entry>();
  /**
   * The entries with an attempt to come (dueAt set): what startDue() and nextDueTime() look at. The
   * log keeps up to 1,000 deliveries, mostly settled, and both run after every delivery and attempt,
   * so walking the whole log there was the largest cost of a booking over HTTP (BENCHMARKS.md).
   */
  const scheduled = new Set<Entry>();
  let nextSeq = 0;
  /** How many resets so far: a redelivery tells a reset from its delivery leaving the log. */
  let resets = 0;
  // Time comes from the world's scheduler (runtime/scheduler.ts): it owns every timer and moves the
  // clock; the dispatcher only says when its attempts fall due. Alone (tests), it makes its own.
  const scheduler =
    options.scheduler ?? createScheduler({ clock, ...(options.timers ? { timers: options.timers } : {}) });
  const ownScheduler = options.scheduler === undefined;
  // The fetch is looked up on use, not at creation, so that MSW's patched fetch, which may be
  // installed after the mock was created, is the one used.
  const transport =
    options.transport ??
    fetchTransport((request) => (options.fetch ? options.fetch(request) : globalThis.fetch(request)));

  // Chosen on the first delivery (a mock that sends none never looks for node:crypto).
  let signer: DeliverySigner | undefined;
  const sign = (body: string, secret: string): string => {
    signer ??= deliverySigner();
    return signer(body, secret);
  };
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // A failing error reporter must not break the API request either.
    }
  };
  const changed = (entry: Entry): void => {
    try {
      // The live record, to be read at once, and a copy made only for a listener that keeps it (the
      // event stream): a deep copy per change cost every booking one nobody read.
      options.onChange?.(entry.record, () => copyDelivery(entry.record));
    } catch (error) {
      report(error);
    }
  };

  function setDue(entry: Entry, dueAt: number | null): void {
    entry.dueAt = dueAt;
    if (dueAt === null) scheduled.delete(entry);
    else scheduled.add(entry);
    entry.record.nextAttemptAt = dueAt === null ? null : iso(dueAt);
  }

  async function attempt(entry: Entry, manual: boolean, url: string): Promise<void> {
    const at = clock.now();
    // reset() while this attempt waited behind the attempt before it: send nothing, since the
    // delivery is gone and its id may already name a new one. Nor once the world has ended.
    if (entry.discarded || scheduler.ended) return;
    const outcome: AttemptOutcome = await sendAttempt({
      url,
      body: entry.record.body,
      signature: entry.record.signature,
      deliveryId: entry.record.id,
      timeoutMs,
      transport,
      timers: scheduler.timers,
      onWorldEnd: scheduler.onEnd,
      ...(options.headers ? { headers: options.headers } : {}),
    });
    // An attempt aborted because the world ended is not recorded: nothing of it happens afterwards.
    if (entry.discarded || scheduler.ended) return;

    const record = entry.record;
    const logged: DeliveryAttempt = {
      number: record.attempts.length + 1,
      at: iso(at),
      url,
      request: { headers: outcome.requestHeaders },
      durationMs: outcome.durationMs,
    };
    if (outcome.response !== undefined) {
      logged.response = outcome.response;
      logged.responseStatus = outcome.response.status;
    }
    if (outcome.error !== undefined) logged.error = outcome.error;
    if (manual) logged.manual = true;
    record.attempts.push(logged);

    if (url !== record.url) {
      // A copy sent elsewhere (redeliver with a url) is only logged: the project's own target still
      // has to answer, so status and schedule stay as they were.
    } else if (outcome.ok) {
      record.status = 'delivered';
      setDue(entry, null);
    } else if (!manual) {
      // A failed redelivery changes nothing: the schedule (or the final status) stays as it was.
      entry.scheduledAttempts += 1;
      const delay = delays[entry.scheduledAttempts];
      if (delay === undefined) {
        record.status = 'failed';
        setDue(entry, null);
      } else {
        // Counted from this attempt's time, so attempts fall at 0, 1, 6, 36, 156 minutes.
        setDue(entry, at + delay);
      }
    }
    changed(entry);
  }

  /** Runs an attempt (to `url`, default the delivery's) as the delivery's next, after the one under way. */
  function chain(entry: Entry, manual: boolean, url = entry.record.url): Promise<void> {
    const previous = entry.inFlight ?? Promise.resolve();
    const current: Promise<void> = previous
      .then(() => attempt(entry, manual, url))
      .catch(report)
      .finally(() => {
        if (entry.inFlight === current) entry.inFlight = null;
        pump();
      });
    // The world's end waits for it (it ends at once then: its request is aborted).
    void tracked(current);
    entry.inFlight = current;
    return current;
  }

  /** Starts every attempt that is due now and not already under way; re-arms the scheduler's timer. */
  function pump(): void {
    startDue();
    scheduler.wake();
  }

  function startDue(): void {
    if (scheduler.ended) return;
    const now = clock.now();
    const due: Entry[] = [];
    for (const entry of scheduled) {
      if (entry.inFlight === null && entry.dueAt !== null && entry.dueAt <= now) due.push(entry);
    }
    // Oldest delivery first, as they were made (a retry re-enters `scheduled` after newer ones).
    if (due.length > 1) due.sort((a, b) => a.seq - b.seq);
    for (const entry of due) {
      // The schedule slot is taken now; the attempt sets the next one when it ends.
      setDue(entry, null);
      void chain(entry, false);
    }
  }

  /** Attempts under way, for close() to wait on. */
  const inFlight = new Set<Promise<void>>();
  function tracked(work: Promise<void>): Promise<void> {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  }

  /** Resolves when no attempt is under way (attempts started meanwhile included). */
  async function attemptsSettled(): Promise<void> {
    for (;;) {
      const running = [...entries.values()].flatMap((e) => (e.inFlight ? [e.inFlight] : []));
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  /** The earliest scheduled attempt at or before `limit` (oldest delivery first on ties). */
  function nextDueTime(limit: number): number | undefined {
    let best: Entry | undefined;
    for (const entry of scheduled) {
      if (entry.dueAt === null || entry.dueAt > limit) continue;
      if (
        best?.dueAt == null ||
        entry.dueAt < best.dueAt ||
        (entry.dueAt === best.dueAt && entry.seq < best.seq)
      )
        best = entry;
    }
    return best?.dueAt ?? undefined;
  }

  // The scheduler asks when attempts fall due and starts them when the clock gets there.
  scheduler.onDue({ nextDue: nextDueTime, run: startDue, settled: attemptsSettled });

  const dispatcher: WebhookDispatcher = {
    prepare(projectId, events) {
      const prepared: PreparedDelivery[] = [];
      for (const event of events) {
        try {
          const target = options.getTarget(projectId);
          if (target === null) continue;
          // Two-space indentation, not what JSON.stringify(parsed) gives: a receiver that verifies a
          // re-serialised body fails here, locally (mock README, "Webhooks").
          const body: unknown = JSON.stringify(event, null, 2);
          if (typeof body !== 'string')
            throw new TypeError('The webhook event could not be serialised to JSON');
          prepared.push({
            id: deliveryId(),
            event: event.event,
            projectId,
            reservationId: event.data.reservation.id,
            url: target.url,
            secret: target.secret,
            body,
            createdAt: clock.now(),
          });
        } catch (error) {
          report(error);
        }
      }
      return prepared;
    },

    deliver(deliveries) {
      // Never throws into the outcome bus: a failure is reported and the other deliveries still go.
      for (const prepared of deliveries) {
        try {
          const record: Delivery = {
            id: prepared.id,
            event: prepared.event,
            projectId: prepared.projectId,
            reservationId: prepared.reservationId,
            url: prepared.url,
            status: 'pending',
            attempts: [],
            nextAttemptAt: null,
            createdAt: iso(prepared.createdAt),
            body: prepared.body,
            signature: sign(prepared.body, prepared.secret),
          };
          const entry: Entry = {
            record,
            seq: nextSeq++,
            dueAt: null,
            scheduledAttempts: 0,
            inFlight: null,
            discarded: false,
          };
          entries.set(record.id, entry);
          // validateDelays guarantees a first delay.
          setDue(entry, prepared.createdAt + (delays[0] ?? 0));
          changed(entry);
        } catch (error) {
          report(error);
        }
      }
      // The newest 1,000, settled ones dropped first; a dropped pending one sends nothing more.
      pruneDeliveryLog(
        entries,
        (e) => e.record.status === 'pending',
        (e) => {
          e.discarded = true;
          scheduled.delete(e);
        },
      );
      if (deliveries.length > 0) pump();
    },

    enqueue(projectId, event) {
      const [prepared] = dispatcher.prepare(projectId, [event]);
      if (prepared === undefined) return null;
      dispatcher.deliver([prepared]);
      return prepared.id;
    },

    deliveries(): Delivery[] {
      return [...entries.values()].map(({ record }) => copyDelivery(record));
    },

    has: (id) => entries.has(id),

    async redeliver(id: string, redeliverOptions: { url?: string } = {}): Promise<Delivery> {
      const entry = entries.get(id);
      if (entry === undefined) throw new Error(`No webhook delivery with id "${id}"`);
      const resetsBefore = resets;
      await chain(entry, true, redeliverOptions.url);
      // Its world was reset (or ended) while the copy was on its way: refused like any request that
      // waited across a reset (the copy may have reached the receiver; it is not recorded), never
      // reported as a redelivery of a delivery that is gone. Dropped from the log meanwhile (it
      // keeps the newest 1,000): said so.
      if (entry.discarded) {
        if (scheduler.ended) throw new WorldEndedError();
        if (resets !== resetsBefore) throw new WorldResetError(REDELIVERY_RESET);
        throw new Error(
          `Webhook delivery "${id}" left the delivery log (it keeps the newest 1,000) while it was redelivered`,
        );
      }
      return copyDelivery(entry.record);
    },

    async idle(): Promise<void> {
      for (;;) {
        await scheduler.moved();
        await attemptsSettled();
        if (scheduler.ended || nextDueTime(clock.now()) === undefined) return;
        pump();
      }
    },

    reset(): void {
      resets += 1;
      // Moves under way stop (the world's reset restarts its scheduler itself).
      if (ownScheduler) scheduler.restart();
      for (const entry of entries.values()) entry.discarded = true;
      entries.clear();
      scheduled.clear();
      scheduler.wake();
    },

    async close(): Promise<void> {
      if (ownScheduler) scheduler.end();
      for (const entry of entries.values()) entry.discarded = true;
      scheduled.clear();
      await Promise.all([...inFlight]);
    },
  };

  return dispatcher;
}

const iso = isoOf;

// Copies by Object.assign, not `{ ...record, attempts }`: on Node 20 an object made by a spread and
// then given more properties gets a hidden class of its own, one per copy, and a copy is made on
// every change of every delivery (BENCHMARKS.md, "In process").
function copyDelivery(record: Delivery): Delivery {
  return Object.assign({}, record, { attempts: record.attempts.map(copyAttempt) });
}

function copyAttempt(attempt: DeliveryAttempt): DeliveryAttempt {
  const copy: DeliveryAttempt = Object.assign({}, attempt, {
    request: { headers: { ...attempt.request.headers } },
  });
  if (attempt.response)
    copy.response = Object.assign({}, attempt.response, { headers: { ...attempt.response.headers } });
  return copy;
}

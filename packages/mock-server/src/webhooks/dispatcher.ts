// Turns domain events into signed HTTP deliveries with the documented retry schedule, on the
// mock's clock. All attempts run one at a time on a single queue: that is what makes "never the
// same delivery twice at once", "runDue calls are serialised" and exact manual-clock times hold
// without locks. The price is that a receiver that hangs delays other deliveries by up to the
// timeout, which is acceptable for a mock.
import { signWebhookPayload } from '@reservation-api/sdk/webhooks';
import { DEFAULT_DELAYS_MS, DEFAULT_TIMEOUT_MS, validateDelays, validateTimeout } from './schedule';
import { type AttemptOutcome, describeError, sendAttempt } from './send-attempt';
import type {
  Delivery,
  DeliveryAttempt,
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookEvent,
  WebhookTimers,
} from './types';

/** Id prefix of deliveries: `whd_0001`. */
const DELIVERY_ID_PREFIX = 'whd';

/** setTimeout fires at once for delays above 2^31 - 1 ms; a longer wait is split into several. */
const MAX_TIMER_MS = 2_147_483_647;

interface Entry {
  /** The log record; mutated here only, handed out as copies. */
  readonly record: Delivery;
  /** Signed once at enqueue; every attempt awaits the same promise. */
  readonly signing: Promise<string>;
  /** Enqueue order: breaks ties between attempts due at the same time (oldest first). */
  readonly seq: number;
  /** Epoch ms of the next scheduled attempt; null once delivered or failed. */
  dueAt: number | null;
  /** Scheduled attempts made so far (redeliveries do not count towards the schedule). */
  scheduledAttempts: number;
  /** Set by reset(): an attempt still in flight must not write back or reschedule. */
  discarded: boolean;
}

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { clock, ids } = options;
  const delays = options.delaysMs ?? DEFAULT_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  validateDelays(delays);
  validateTimeout(timeoutMs);

  const entries = new Map<string, Entry>();
  /** Entries with a next attempt; scanned to find what is due, so delivered/failed ones cost nothing. */
  const scheduled = new Set<Entry>();
  let nextSeq = 0;
  /** Tail of the queue every run and redelivery goes through; never rejects. */
  let queue: Promise<void> = Promise.resolve();
  /** A run started by enqueue() or idle() is waiting in the queue; more would find nothing new. */
  let kickQueued = false;
  /** Bumped by reset(): queued work from before a reset must not touch the new state or the clock. */
  let generation = 0;
  let timer: { handle: unknown } | null = null;
  let closed = false;

  // Looked up on use, not at creation, so that MSW's patched fetch and vitest's fake timers, which
  // may be installed after the mock was created, are the ones used.
  const timers = (): WebhookTimers => options.timers ?? globalThis;
  const fetchFn = (request: Request): Promise<Response> =>
    options.fetch ? options.fetch(request) : globalThis.fetch(request);

  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // A failing error reporter must not break the API request either.
    }
  };

  function setDue(entry: Entry, dueAt: number | null): void {
    entry.dueAt = dueAt;
    entry.record.nextAttemptAt = dueAt === null ? null : iso(dueAt);
    if (dueAt === null) scheduled.delete(entry);
    else scheduled.add(entry);
  }

  /** The attempt due earliest (oldest delivery first on ties) at or before `limit`. */
  function nextDue(limit: number): Entry | undefined {
    let best: Entry | undefined;
    for (const entry of scheduled) {
      if (entry.dueAt === null || entry.dueAt > limit) continue;
      if (
        best === undefined ||
        best.dueAt === null ||
        entry.dueAt < best.dueAt ||
        (entry.dueAt === best.dueAt && entry.seq < best.seq)
      ) {
        best = entry;
      }
    }
    return best;
  }

  function enqueueTask<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task);
    // Re-arming after every task keeps the system-clock timer pointing at the earliest due attempt.
    queue = result.then(arm, arm);
    return result;
  }

  async function attempt(entry: Entry, manual: boolean): Promise<void> {
    const at = clock.now();
    let outcome: AttemptOutcome;
    try {
      const signature = await entry.signing;
      outcome = await sendAttempt({
        url: entry.record.url,
        body: entry.record.body,
        signature,
        deliveryId: entry.record.id,
        timeoutMs,
        fetch: fetchFn,
        timers: timers(),
      });
    } catch (error) {
      // sendAttempt never throws, so this is the signing promise.
      outcome = { ok: false, error: `could not sign the payload: ${describeError(error)}` };
    }
    if (entry.discarded) return;

    const record = entry.record;
    const logged: DeliveryAttempt = { number: record.attempts.length + 1, at: iso(at) };
    if (outcome.responseStatus !== undefined) logged.responseStatus = outcome.responseStatus;
    if (outcome.error !== undefined) logged.error = outcome.error;
    if (manual) logged.manual = true;
    record.attempts.push(logged);

    if (outcome.ok) {
      record.status = 'delivered';
      setDue(entry, null);
      return;
    }
    // A failed redelivery changes nothing: the schedule (or the final status) stays as it was.
    if (manual) return;
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

  async function runDueNow(until: number | undefined, startedIn: number, shift = 0): Promise<void> {
    if (startedIn !== generation) return;
    if (!clock.manual && shift > 0) return runDueStepping(shift, startedIn);
    const limit = until ?? clock.now();
    for (;;) {
      const entry = nextDue(limit);
      if (entry === undefined || entry.dueAt === null) break;
      // Stepping a manual clock to each due time makes the recorded times exact. Never backwards:
      // an API request served meanwhile must not see time go back.
      if (clock.manual && entry.dueAt > clock.now()) clock.set(entry.dueAt);
      await attempt(entry, false);
      if (startedIn !== generation) return;
    }
    if (clock.manual && until !== undefined && until > clock.now()) clock.set(until);
  }

  /**
   * A system clock moved forward by `shift` ms. It is stepped to each attempt's due time on the way,
   * like a manual clock, because jumping to the end first would make the first retry late and
   * schedule the next ones from there, past the window: advancing by a day would then make one
   * attempt instead of the remaining four. Real time keeps flowing meanwhile, so the window end is
   * re-read after every attempt and the total move is exactly `shift`.
   */
  async function runDueStepping(shift: number, startedIn: number): Promise<void> {
    let remaining = shift;
    for (;;) {
      const entry = nextDue(clock.now() + remaining);
      if (entry === undefined || entry.dueAt === null) break;
      const step = entry.dueAt - clock.now();
      if (step > 0) {
        clock.advance(step);
        remaining -= step;
      }
      await attempt(entry, false);
      if (startedIn !== generation) return;
    }
    if (remaining > 0) clock.advance(remaining);
  }

  /** Runs what is due now, soon and without blocking the caller (used by enqueue and idle). */
  function kick(): void {
    if (kickQueued) return;
    kickQueued = true;
    const startedIn = generation;
    void enqueueTask(() => {
      kickQueued = false;
      return runDueNow(undefined, startedIn);
    }).catch(report);
  }

  function clearTimer(): void {
    if (timer === null) return;
    const { handle } = timer;
    timer = null;
    timers().clearTimeout(handle);
  }

  /** System clock only: one timer for the earliest due attempt, which runs runDue() when it fires. */
  function arm(): void {
    clearTimer();
    if (clock.manual || closed) return;
    let earliest: number | undefined;
    for (const entry of scheduled) {
      if (entry.dueAt !== null && (earliest === undefined || entry.dueAt < earliest)) earliest = entry.dueAt;
    }
    if (earliest === undefined) return;
    const wait = Math.min(Math.max(0, earliest - clock.now()), MAX_TIMER_MS);
    try {
      const handle = timers().setTimeout(() => {
        timer = null;
        dispatcher.runDue().catch(report);
      }, wait);
      timer = { handle };
      unref(handle);
    } catch (error) {
      report(error);
    }
  }

  const dispatcher: WebhookDispatcher = {
    enqueue(projectId: string, event: WebhookEvent): void {
      try {
        const target = options.getTarget(projectId);
        if (target === null) return;
        const body: unknown = JSON.stringify(event);
        if (typeof body !== 'string')
          throw new TypeError('The webhook event could not be serialised to JSON');
        const now = clock.now();
        const record: Delivery = {
          id: ids.next(DELIVERY_ID_PREFIX),
          event: event.event,
          projectId,
          url: target.url,
          status: 'pending',
          attempts: [],
          nextAttemptAt: null,
          createdAt: iso(now),
          body,
          signature: null,
        };
        const signing = signWebhookPayload(body, target.secret).then((signature) => {
          record.signature = signature;
          return signature;
        });
        // A signing failure is recorded by each attempt that awaits it, not reported as unhandled.
        signing.catch(() => undefined);
        const entry: Entry = {
          record,
          signing,
          seq: nextSeq++,
          dueAt: null,
          scheduledAttempts: 0,
          discarded: false,
        };
        entries.set(record.id, entry);
        // validateDelays guarantees a first delay.
        setDue(entry, now + (delays[0] ?? 0));
        kick();
      } catch (error) {
        report(error);
      }
    },

    deliveries(): Delivery[] {
      return [...entries.values()].map(({ record }) => copyDelivery(record));
    },

    async redeliver(id: string): Promise<Delivery> {
      const entry = entries.get(id);
      if (entry === undefined) throw new Error(`No webhook delivery with id "${id}"`);
      await enqueueTask(() => attempt(entry, true));
      if (entry.discarded)
        throw new Error(`Webhook delivery "${id}" was removed by reset() during redelivery`);
      return copyDelivery(entry.record);
    },

    runDue(until?: number): Promise<void> {
      if (until !== undefined && !Number.isFinite(until)) {
        return Promise.reject(
          new RangeError(`runDue(until) needs a finite epoch time, got ${String(until)}`),
        );
      }
      // A system clock flows, so the distance is measured here, when asked: `runDue(clock.now() + ms)`
      // means "advance by ms" with either clock, however long the queue ahead of this run takes.
      const shift = !clock.manual && until !== undefined ? until - clock.now() : 0;
      const startedIn = generation;
      return enqueueTask(() => runDueNow(until, startedIn, shift));
    },

    async idle(): Promise<void> {
      for (;;) {
        const observed = queue;
        await observed;
        if (observed !== queue) continue;
        // Something is due but nothing queued to run it: the clock was moved without runDue, or
        // a system-clock timer has not fired yet. Run it rather than report idle.
        if (nextDue(clock.now()) === undefined) return;
        kick();
      }
    },

    reset(): void {
      generation += 1;
      for (const entry of entries.values()) entry.discarded = true;
      entries.clear();
      scheduled.clear();
      clearTimer();
    },

    close(): void {
      closed = true;
      clearTimer();
    },
  };

  return dispatcher;
}

function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

function copyDelivery(record: Delivery): Delivery {
  return { ...record, attempts: record.attempts.map((attempt) => ({ ...attempt })) };
}

/** Node: a pending retry must not keep the process alive. Browsers return a number: nothing to do. */
function unref(handle: unknown): void {
  if (typeof handle !== 'object' || handle === null || !('unref' in handle)) return;
  const { unref: unrefMethod } = handle;
  if (typeof unrefMethod === 'function') unrefMethod.call(handle);
}

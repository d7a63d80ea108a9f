// Every timer of one world (the root mock or a session; mock README, "How it works"): webhook
// attempts and their timeouts, fault delays, idle sweeps, and the work that falls due as the mock
// clock moves. The scheduler is the only one that moves the clock for due work: a clock move steps to
// each due time on the way and lets that work run there. end() cancels every timer, ends every wait
// and aborts `signal` (attempts in flight listen to it), so nothing of an ended world runs afterwards.
import type { Clock } from './clock';

/** The world ended while this waited: whatever waited must not take effect. */
export class WorldEndedError extends Error {
  override readonly name: string = 'WorldEndedError';

  constructor(message = 'The mock (or session) has ended') {
    super(message);
  }
}

/**
 * The world was reset while this waited (a fault delay, a request's body): what waited belongs to the
 * world before, so it must not take effect in the new one either (mock README, "Ending a world").
 */
export class WorldResetError extends WorldEndedError {
  override readonly name = 'WorldResetError';

  /** `message`: what became of the request, when the answer should say more than the default. */
  constructor(message = RESET_MESSAGE) {
    super(message);
  }
}

export const RESET_MESSAGE = 'The mock (or session) was reset';

/** A redelivery cut short by a reset: its copy may have been sent, but the delivery is gone. */
export const REDELIVERY_RESET =
  'The mock was reset while this redelivery was under way: its copy may have reached the receiver, and is not recorded';

/** The two timer functions the scheduler uses; the globals by default (looked up on use, so fake timers apply). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Work that falls due on the mock clock (webhook attempts): the scheduler asks when, and runs it
 * when the clock (moved, or flowing) reaches that time.
 */
export interface DueWork {
  /** The earliest due time at or before `limit` (epoch ms, mock clock), if any. */
  nextDue(limit: number): number | undefined;
  /** Starts everything due at the clock's now. */
  run(): void;
  /** Resolves when the work under way has finished (its outcome may set the next due time). */
  settled(): Promise<void>;
}

/** Runs when a queued clock move starts, with the clock as the moves before it left it; throwing refuses the move. */
export type MoveCheck = (now: number) => void;

export interface Scheduler {
  readonly clock: Clock;
  /**
   * Aborted when the world ends. Made on the first call (an event stream, a session's watchers): an
   * AbortController is costly to make and to collect, and most mocks (one per test) never need it.
   */
  signal(): AbortSignal;
  /**
   * Calls `listener` when the world ends (at once if it has); returns the unsubscribe. For the many
   * listeners of a busy world (webhook attempts in flight): listeners on `signal` would pass Node's
   * limit of 10 per EventTarget and print a leak warning. A reset does not call it.
   */
  onEnd(listener: () => void): () => void;
  /** True once end() was called. */
  readonly ended: boolean;
  /** Runs `task` after `ms` of real time unless cancelled or the world ends first; never keeps a process alive. */
  after(ms: number, task: () => void): () => void;
  /** setTimeout/clearTimeout backed by after(): for code that takes timer functions. */
  readonly timers: Timers;
  /**
   * Resolves after `ms` of real time; rejects with WorldEndedError when the world ends first, or
   * with WorldResetError when it is reset first.
   */
  sleep(ms: number): Promise<void>;
  /**
   * `work`'s result, or a WorldEndedError (WorldResetError) as soon as the world ends (is reset)
   * first, for a wait that has no timer: a request's body. Holds nothing once `work` settles.
   */
  untilEnded<T>(work: Promise<T>): Promise<T>;
  /** Registers work that falls due on the mock clock. */
  onDue(work: DueWork): void;
  /** The due work changed (a new due time): re-arms the timer of a flowing clock. */
  wake(): void;
  /**
   * Moves the clock forward by `ms` after every move asked for before: each piece of due work on the
   * way runs at its own due time, and the move resolves when that work has finished; it rejects
   * with WorldResetError (WorldEndedError) when a reset (the world's end) cuts it short.
   */
  advance(ms: number, check?: MoveCheck): Promise<void>;
  /** The same to an absolute time; a time in the past just sets the clock. */
  setTime(epochMs: number, check?: MoveCheck): Promise<void>;
  /** Resolves when no move is under way (moves asked for meanwhile included). */
  moved(): Promise<void>;
  /**
   * A reset starts a new world: a move under way stops where it is and rejects with
   * WorldResetError (one queued, not started yet, runs in the new world), and so does every wait
   * (sleep, untilEnded).
   */
  restart(): void;
  /** Cancels every timer and wait, aborts `signal`; later timers never start. */
  end(): void;
}

/** setTimeout fires at once for longer delays (2^31 - 1 ms); a longer wait is split into several. */
export const MAX_TIMER_MS = 2_147_483_647;

export function createScheduler(options: { clock: Clock; timers?: Timers }): Scheduler {
  const { clock } = options;
  const timerFns = (): Timers => options.timers ?? globalThis;
  // Made on the first signal() (see there).
  let controller: AbortController | undefined;
  let hasEnded = false;
  const endListeners = new Set<() => void>();
  function onEnd(listener: () => void): () => void {
    if (hasEnded) {
      listener();
      return () => undefined;
    }
    endListeners.add(listener);
    return () => endListeners.delete(listener);
  }
  /**
   * The waits of requests (sleep, untilEnded): rejected when the world ends and when it is reset,
   * whose new world they do not belong to. Kept apart from endListeners: a webhook attempt in
   * flight outlives a reset (the dispatcher starts over by itself) but not the world's end.
   */
  const waits = new Set<(reason: WorldEndedError) => void>();
  function onWaitEnd(listener: (reason: WorldEndedError) => void): () => void {
    waits.add(listener);
    return () => waits.delete(listener);
  }
  const endWaits = (reason: () => WorldEndedError): void => {
    const listeners = [...waits];
    waits.clear();
    for (const listener of listeners) listener(reason());
  };
  const pending = new Map<object, { handle: unknown; cancel: () => void }>();
  const work: DueWork[] = [];
  let moves: Promise<void> = Promise.resolve();
  let generation = 0;
  let dueTimer: (() => void) | null = null;

  function after(ms: number, task: () => void): () => void {
    if (hasEnded) return () => undefined;
    const token = {};
    const cancel = () => {
      const entry = pending.get(token);
      if (!entry) return;
      pending.delete(token);
      timerFns().clearTimeout(entry.handle);
    };
    const handle = timerFns().setTimeout(
      () => {
        pending.delete(token);
        task();
      },
      Math.min(Math.max(0, ms), MAX_TIMER_MS),
    );
    unref(handle);
    pending.set(token, { handle, cancel });
    return cancel;
  }

  const timers: Timers = {
    setTimeout: (callback, ms) => after(ms, callback),
    clearTimeout: (handle) => {
      if (typeof handle === 'function') handle();
    },
  };

  function nextDue(limit: number): number | undefined {
    let best: number | undefined;
    for (const w of work) {
      const due = w.nextDue(limit);
      if (due !== undefined && (best === undefined || due < best)) best = due;
    }
    return best;
  }

  const runDue = (): void => {
    for (const w of work) w.run();
  };
  const settled = async (): Promise<void> => {
    await Promise.all(work.map((w) => w.settled()));
  };

  /** A flowing clock only: one timer for the earliest due work. */
  function arm(): void {
    dueTimer?.();
    dueTimer = null;
    if (clock.manual || hasEnded) return;
    const earliest = nextDue(Number.POSITIVE_INFINITY);
    if (earliest === undefined) return;
    dueTimer = after(earliest - clock.now(), () => {
      dueTimer = null;
      runDue();
      arm();
    });
  }

  /** Why a move started in `startedIn` cannot go on: the world ended, or a reset started another. */
  function interrupted(startedIn: number): WorldEndedError | undefined {
    if (hasEnded) return new WorldEndedError();
    return startedIn === generation ? undefined : new WorldResetError();
  }

  /**
   * Moves the clock forward by `shift` ms, stepping to each due time on the way. Before each step it
   * waits for the work under way, whose outcome decides its next due time (a retry may fall inside
   * the move). Real time may flow meanwhile (a system clock): the distance still to go is kept, not
   * an end time, so the whole move is exactly `shift`.
   */
  async function moveBy(shift: number, startedIn: number): Promise<void> {
    let remaining = shift;
    for (;;) {
      await settled();
      // A move the reset (or the end) cut short is refused, not reported as made (mock README,
      // "Ending a world"): its caller must not read the new world's clock as the result.
      const stop = interrupted(startedIn);
      if (stop) throw stop;
      const due = nextDue(clock.now() + remaining);
      if (due === undefined) break;
      const step = due - clock.now();
      if (step > 0) {
        clock.advance(step);
        remaining -= step;
      }
      runDue();
    }
    if (remaining > 0) clock.advance(remaining);
    runDue();
    arm();
  }

  function queueMove(move: (startedIn: number) => Promise<void>): Promise<void> {
    // The world a move belongs to is the one it starts in: a move queued behind a reset runs in the
    // new world, as a request queued behind it does; only one cut short by a reset is refused.
    const result = moves.then(() => {
      if (hasEnded) throw new WorldEndedError();
      return move(generation);
    });
    moves = result.catch(() => undefined);
    return result;
  }

  // `ended` is a field that end() sets and signal() a method, not getters: an object literal with a
  // getter is kept, with all it reaches (here the whole world), through young-generation collections
  // (BENCHMARKS.md, "In process").
  const scheduler: Omit<Scheduler, 'ended'> & { ended: boolean } = {
    clock,
    signal() {
      controller ??= new AbortController();
      if (hasEnded && !controller.signal.aborted) controller.abort(new WorldEndedError());
      return controller.signal;
    },
    ended: false,
    after,
    timers,
    onEnd,
    untilEnded(work) {
      if (hasEnded) return Promise.reject(new WorldEndedError());
      return new Promise((resolve, reject) => {
        const stop = onWaitEnd(reject);
        work.then(
          (value) => {
            stop();
            resolve(value);
          },
          (error: unknown) => {
            stop();
            reject(error);
          },
        );
      });
    },
    sleep(ms) {
      if (hasEnded) return Promise.reject(new WorldEndedError());
      return new Promise<void>((resolve, reject) => {
        let remaining = ms;
        let cancel: () => void = () => undefined;
        let stop: () => void = () => undefined;
        // Longer than one timer allows: several in a row.
        const step = () => {
          const wait = Math.min(remaining, MAX_TIMER_MS);
          remaining -= wait;
          cancel = after(wait, () => {
            if (remaining > 0) return step();
            stop();
            resolve();
          });
        };
        stop = onWaitEnd((reason) => {
          cancel();
          reject(reason);
        });
        step();
      });
    },
    onDue(w) {
      work.push(w);
    },
    wake: arm,
    advance(ms, check) {
      return queueMove(async (startedIn) => {
        check?.(clock.now());
        return moveBy(ms, startedIn);
      });
    },
    setTime(time, check) {
      return queueMove(async (startedIn) => {
        check?.(clock.now());
        const shift = time - clock.now();
        if (shift >= 0) return moveBy(shift, startedIn);
        clock.set(time);
        runDue();
        arm();
        await settled();
      });
    },
    moved: async () => {
      for (;;) {
        const tail = moves;
        await tail;
        if (tail === moves) return;
      }
    },
    restart() {
      generation += 1;
      dueTimer?.();
      dueTimer = null;
      endWaits(() => new WorldResetError());
    },
    end() {
      if (hasEnded) return;
      generation += 1;
      hasEnded = true;
      scheduler.ended = true;
      controller?.abort(new WorldEndedError());
      const listeners = [...endListeners];
      endListeners.clear();
      for (const listener of listeners) listener();
      endWaits(() => new WorldEndedError());
      for (const { cancel } of [...pending.values()]) cancel();
      pending.clear();
      dueTimer = null;
    },
  };
  return scheduler;
}

/** Node: a pending timer must not keep the process alive. Browsers return a number: nothing to do. */
function unref(handle: unknown): void {
  if (typeof handle !== 'object' || handle === null || !('unref' in handle)) return;
  const { unref: unrefMethod } = handle;
  if (typeof unrefMethod === 'function') unrefMethod.call(handle);
}

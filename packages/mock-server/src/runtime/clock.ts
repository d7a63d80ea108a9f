// The mock's time for the rules: what counts as a reservation in the past, availability ("past"
// slots), the records' timestamps and status history, the journal's `at`, and the webhook schedule
// (when each attempt is due) all read it, so a test can pin or move that time without waiting. It is
// not the only clock: the journal's `wallTime` is Date.now(), durations are measured with
// performance.now(), and a webhook attempt's timeout and a fault's delay run on real timers.

export interface Clock {
  /** Current time in epoch milliseconds. */
  now(): number;
  /** Jump to an absolute time. */
  set(time: Date | string | number): void;
  /** Move forward (or back, with a negative number) by `ms`. */
  advance(ms: number): void;
  /** True when time only moves through set()/advance() (a frozen test clock). */
  readonly manual: boolean;
}

export function toEpochMs(time: Date | string | number): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : time;
  if (!Number.isFinite(ms)) throw new TypeError(`Invalid time: ${String(time)}`);
  return ms;
}

/**
 * A frozen clock starting at `start`: time moves only when told to. Tests use it so that
 * availability and webhook retry times are exact.
 */
export function createManualClock(start: Date | string | number): Clock {
  let current = toEpochMs(start);
  return {
    manual: true,
    now: () => current,
    set(time) {
      current = toEpochMs(time);
    },
    advance(ms) {
      current += ms;
    },
  };
}

/**
 * Wall-clock time plus an offset: set()/advance() shift the offset and time keeps flowing, which is
 * what the standalone server wants ("pretend it is next Monday").
 */
export function createSystemClock(realNow: () => number = Date.now): Clock {
  let offset = 0;
  return {
    manual: false,
    now: () => realNow() + offset,
    set(time) {
      offset = toEpochMs(time) - realNow();
    },
    advance(ms) {
      offset += ms;
    },
  };
}

/** A clock whose source can be swapped: reset({ now }) freezes a mock that started on real time. */
export interface SwappableClock extends Clock {
  /** Reads time from `source` from now on. */
  use(source: Clock): void;
}

export function createSwappableClock(initial: Clock): SwappableClock {
  let source = initial;
  // `manual` is a field kept in step by use(), not a getter: an object literal with a getter is kept,
  // with all it reaches, through young-generation collections (BENCHMARKS.md, "In process"). A
  // source's `manual` never changes.
  const clock: { manual: boolean } & Omit<SwappableClock, 'manual'> = {
    manual: initial.manual,
    now: () => source.now(),
    set: (time) => source.set(time),
    advance: (ms) => source.advance(ms),
    use(next) {
      source = next;
      clock.manual = next.manual;
    },
  };
  return clock;
}

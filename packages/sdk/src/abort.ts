// Abort plumbing for the fetch wrapper: one controller per attempt, aborted by the attempt's timer or
// by the caller's signal. Deliberately not AbortSignal.any(): on Node 20 it costs ~30 µs per call
// (more than the rest of the SDK's per-call work), and a listener we add and remove ourselves cannot
// pile up on a long-lived caller signal.

function onTimeout(attempt: Attempt): void {
  attempt.timedOut = true;
  attempt.stop(new DOMException(`Request timed out after ${attempt.timeoutMs} ms`, 'TimeoutError'));
}

/**
 * One attempt's abort state. A class (not a closure-built object): it runs on every request, and
 * V8 makes class instances markedly cheaper here (measured in bench/overhead.ts).
 */
export class Attempt {
  /** True once the timer fired (as opposed to a caller abort or a network failure). */
  timedOut = false;
  readonly timeoutMs: number;
  private readonly controller = new AbortController();
  private readonly caller: AbortSignal | undefined;
  private readonly timer: ReturnType<typeof setTimeout>;
  private interrupt: ((reason: unknown) => void) | undefined;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
    this.timeoutMs = timeoutMs;
    this.caller = caller;
    this.timer = setTimeout(onTimeout, timeoutMs, this);
    if (caller) {
      this.onCallerAbort = () => this.stop(caller.reason);
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
  }

  /** Give this to fetch. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts the request and makes `race` reject with `reason`. */
  stop(reason: unknown): void {
    this.controller.abort(reason);
    this.interrupt?.(reason);
  }

  /** Settles like `pending`, but rejects as soon as the attempt is stopped, even if fetch ignores the signal. */
  race<T>(pending: Promise<T>): Promise<T> {
    // One promise rather than Promise.race([pending, interrupted]): this runs on every request.
    return new Promise<T>((resolve, reject) => {
      this.interrupt = reject;
      pending.then(resolve, reject);
    });
  }

  /** Stops the timer and detaches from the caller's signal. */
  end(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Resolves after `ms`; rejects with the signal's reason as soon as it aborts. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

// Abort and timeout plumbing of one call. Deliberately not AbortSignal.any(): on Node 20 it costs
// ~30 µs per call (more than the rest of the SDK's per-call work), and a listener we add and remove
// ourselves cannot pile up on a long-lived caller signal.
import { type AttemptsInfo, TimeoutError } from './errors';
import type { FetchSettings } from './fetch-with-retry';

function onTimeout(call: Call): void {
  call.timedOut = true;
  const reason = new DOMException(`Request timed out after ${call.timeoutMs} ms`, 'TimeoutError');
  // While the body is read nothing retries any more, so the call itself fails; before that, the
  // attempt's race rejects and fetchWithRetry decides between a retry and a TimeoutError.
  if (call.response) call.end(new TimeoutError(call.timeoutMs, reason, call.info()));
  else call.interrupt?.(reason);
  call.controller?.abort(reason);
}

/**
 * The abort state of one call, from the first attempt until its response body has been read: the
 * caller's signal stays linked, and the last attempt's timer keeps running, until then. Without
 * that, a body that stalls after the headers would hang despite an abort or `timeoutMs`.
 *
 * A class (not a closure-built object): it runs on every request, and V8 makes class instances
 * markedly cheaper here (measured in bench/overhead.ts).
 */
export class Call {
  /** True once the current attempt's timer fired (as opposed to a caller abort or a network failure). */
  timedOut = false;
  /** The response being read (the one fetchWithRetry returned); unset while attempts are under way. */
  response: Response | undefined = undefined;
  /** The current attempt's controller: its signal is what fetch gets. */
  controller: AbortController | undefined = undefined;
  /** Rejects the current attempt's race (set by `race`). */
  interrupt: ((reason: unknown) => void) | undefined = undefined;
  /** The request being sent (set by fetchWithRetry); errors take its method and URL, never its headers. */
  request: Request | undefined = undefined;
  /** Attempts started so far. */
  attempts = 0;
  /** When the call started (`settings.now()`), for the time a failed call took. */
  readonly startedAt: number;
  /** Rejects the whole call (set by `track`); use `end`, which also cleans up. */
  private fail: ((reason: unknown) => void) | undefined = undefined;
  readonly settings: FetchSettings;
  readonly timeoutMs: number;
  readonly caller: AbortSignal | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined = undefined;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(settings: FetchSettings, caller: AbortSignal | undefined) {
    this.settings = settings;
    this.timeoutMs = settings.timeoutMs;
    this.caller = caller;
    this.startedAt = settings.now();
    if (caller) {
      // A caller abort ends the call at once in any phase: request, backoff wait or body.
      this.onCallerAbort = () => {
        const reason = caller.reason;
        this.end(reason);
        this.interrupt?.(reason);
        this.controller?.abort(reason);
      };
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
  }

  /** Starts an attempt: a fresh controller and timer. Returns the signal to give fetch. */
  begin(): AbortSignal {
    this.attempts++;
    this.timedOut = false;
    this.controller = new AbortController();
    // Infinity means no timer at all (setTimeout would treat it as 1 ms).
    if (this.timeoutMs !== Number.POSITIVE_INFINITY) this.timer = setTimeout(onTimeout, this.timeoutMs, this);
    return this.controller.signal;
  }

  /** The request's method and URL, the attempts so far and the time since the call started. */
  info(): AttemptsInfo {
    return {
      method: this.request?.method,
      url: this.request?.url,
      attempts: this.attempts,
      elapsedMs: this.settings.now() - this.startedAt,
    };
  }

  /** Ends an attempt whose body will not be read (it failed, or it is retried). */
  endAttempt(): void {
    clearTimeout(this.timer);
  }

  /** Settles like `pending`, but rejects as soon as the attempt is stopped, even if fetch ignores the signal. */
  race<T>(pending: Promise<T>): Promise<T> {
    // One promise rather than Promise.race([pending, interrupted]): this runs on every request.
    return new Promise<T>((resolve, reject) => {
      this.interrupt = reject;
      pending.then(resolve, reject);
    });
  }

  /**
   * Settles like `pending` (the whole openapi-fetch call, body included) mapped by `onValue`, then
   * stops the timer and detaches from the caller's signal. Rejects at once on a caller abort, or on a
   * timeout while the body is read, even if the body stream ignores the signal: undici's body honours
   * it, but MSW's mocked bodies do not, and tests run on MSW. `onValue` maps the value (given the
   * call, for its request), `onError` turns a rejection into the error the caller sees. Both are
   * module-level functions, not closures over the call: this runs on every request, and `onValue`
   * saves the resource methods a `.then` of their own.
   */
  track<A, T>(
    pending: Promise<A>,
    onValue: (value: A, call: Call) => T,
    onError: (error: unknown, call: Call) => unknown,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.fail = reject;
      pending.then(
        (value) => {
          this.close();
          try {
            resolve(onValue(value, this));
          } catch (error) {
            reject(error);
          }
        },
        (error: unknown) => {
          this.close();
          reject(onError(error, this));
        },
      );
    });
  }

  /**
   * Rejects the call with `reason` now, and cleans up: the body read it abandons may never settle
   * (a stream that ignores the signal), and its timer must not outlive the call.
   */
  end(reason: unknown): void {
    this.close();
    this.fail?.(reason);
  }

  private close(): void {
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

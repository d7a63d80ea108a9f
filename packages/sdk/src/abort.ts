// Waits of a call that the caller's abort cuts short: the backoff between attempts, an async onRetry.
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

/** `promise`, or the signal's reason as soon as it aborts (what the promise does later is ignored). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    // Followed even when already aborted: its later rejection is handled here, never unhandled.
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

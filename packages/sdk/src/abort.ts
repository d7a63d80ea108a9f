// The backoff wait between the attempts of a call, cut short by the caller's abort.
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

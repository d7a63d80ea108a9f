// The fault delays (`delayMs` of POST /__mock/faults) as timers the mock owns, so that close() ends
// them at once: a pending `delayMs: 8000` must not keep the process alive after the server closed.

export interface Delays {
  /** Resolves after `ms`, or at once when the mock is (or gets) closed. */
  wait(ms: number): Promise<void>;
  /** Ends every pending wait now (the requests go on and are answered); later waits end at once. */
  close(): void;
}

export function createDelays(): Delays {
  const pending = new Map<ReturnType<typeof setTimeout>, () => void>();
  let closed = false;
  return {
    wait(ms) {
      if (closed) return Promise.resolve();
      return new Promise((resolve) => {
        const handle = setTimeout(() => {
          pending.delete(handle);
          resolve();
        }, ms);
        pending.set(handle, resolve);
      });
    },
    close() {
      closed = true;
      for (const [handle, resolve] of pending) {
        clearTimeout(handle);
        resolve();
      }
      pending.clear();
    },
  };
}

// Deterministic, injectable ids: `res_0001`, `cus_0001`, ... per prefix. A fresh source per mock
// service, so two services (or a reset) never share counters.

export interface IdSource {
  next(prefix: string): string;
  /** Restore every counter to its initial state (used by reset()). */
  reset(): void;
  /** The counters, to persist them with the data (optional: persistence needs it). */
  state?(): Record<string, number>;
  /** Continues from persisted counters. */
  restore?(state: Record<string, number>): void;
}

export function createSequentialIds(): IdSource {
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}_${String(n).padStart(4, '0')}`;
    },
    reset() {
      counters.clear();
    },
    state: () => Object.fromEntries(counters),
    restore(state) {
      counters.clear();
      for (const [prefix, n] of Object.entries(state)) if (Number.isInteger(n)) counters.set(prefix, n);
    },
  };
}

// Deterministic, injectable ids: `res_0001`, `cus_0001`, ... per prefix. A fresh source per mock
// service, so two services (or a reset) never share counters.

export interface IdSource {
  next(prefix: string): string;
  /** Restore every counter to its initial state (used by reset()). */
  reset(): void;
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
  };
}

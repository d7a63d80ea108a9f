/**
 * Resolves each `until(holds)` once `holds()` is true, checked now and whenever `check()` is called
 * (on the event that can make it true): a wait on events, with no deadline of its own (the test's
 * timeout is the bound).
 */
export function waiters() {
  const waiting = new Set<{ holds: () => boolean; resolve: () => void }>();
  return {
    until: (holds: () => boolean): Promise<void> =>
      holds() ? Promise.resolve() : new Promise((resolve) => waiting.add({ holds, resolve })),
    check(): void {
      for (const waiter of waiting) {
        if (!waiter.holds()) continue;
        waiting.delete(waiter);
        waiter.resolve();
      }
    },
  };
}

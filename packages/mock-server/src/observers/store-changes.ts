// The store's own change events (domain/store.ts), gathered per write: a world watches whichever
// store it holds (a reset or a load swaps it), and each write takes what it made when it publishes
// its outcome (observers/outcome.ts). Writes take effect one at a time under the world's lock, so
// what is gathered between begin() and take() is that write's alone.
import type { ReservationRecord } from '../domain/records';
import type { Store, StoreChange } from '../domain/store';
import type { Transition } from './outcome';

export interface StoreChanges {
  /** Watches `store` from now on (the one before is no longer heard). */
  watch(store: Store): void;
  /** Forgets what was gathered: a write starts clean. */
  begin(): void;
  /** What was gathered since begin() (or the last take()), and forgets it. */
  take(): { changes: readonly StoreChange[]; transitions: readonly Transition[] };
}

const NOTHING: ReturnType<StoreChanges['take']> = Object.freeze({
  changes: Object.freeze([]),
  transitions: Object.freeze([]),
});

export function createStoreChanges(): StoreChanges {
  let changes: StoreChange[] = [];
  let transitions: Transition[] = [];
  let stop: (() => void) | null = null;
  const hear = (change: StoreChange): void => {
    changes.push(change);
    if (change.table !== 'reservations' || change.before === null) return;
    const before = change.before as ReservationRecord;
    const after = change.after as ReservationRecord;
    if (before.status !== after.status)
      transitions.push({ reservation: after.id, from: before.status, to: after.status });
  };
  return {
    watch(store) {
      stop?.();
      stop = store.watch(hear);
    },
    begin() {
      if (changes.length > 0) changes = [];
      if (transitions.length > 0) transitions = [];
    },
    take() {
      if (changes.length === 0) return NOTHING;
      const taken = { changes, transitions };
      changes = [];
      transitions = [];
      return taken;
    },
  };
}

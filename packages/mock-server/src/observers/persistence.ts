// Keeping a mock's data between runs (mock README, "Keeping the data across reloads"): the data is
// loaded at start instead of the seed, and saved after every write whose outcome changed the store
// (observers/outcome.ts: the store's own change events, whoever wrote), never for the clock or
// faults, which are not kept.
import type { DomainContext } from '../domain/context';
import type { Store } from '../domain/store';
import type { Lock } from '../runtime/lock';
import type { MockLogger } from '../runtime/logger';
import type { OutcomeBus } from './outcome';
import { type MockPersistence, storeFromSnapshot, takeSnapshot } from './snapshot';

export interface PersistenceDependencies {
  persistence: MockPersistence;
  ctx: DomainContext;
  lock: Lock;
  outcomes: OutcomeBus;
  logger: MockLogger;
}

export interface KeptData {
  /** The persisted data as a store, or null when there is none (or it no longer fits: one warning). */
  load(): Promise<Store | null>;
  /**
   * Saves after each change from now on, and takes another writer's data when it saves; returns the
   * function that stops both.
   */
  keep(): () => void;
}

export function keptData({ persistence, ctx, lock, outcomes, logger }: PersistenceDependencies): KeptData {
  async function load(): Promise<Store | null> {
    try {
      const saved = await persistence.load();
      if (!saved) return null;
      const store = await storeFromSnapshot(saved);
      if (typeof store === 'string') {
        logger.warn(`the persisted data does not fit this mock (${store}); starting from the seed`);
        return null;
      }
      ctx.ids.restore?.(saved.ids);
      return store;
    } catch (error) {
      logger.warn('the persisted data could not be loaded; starting from the seed', error);
      return null;
    }
  }

  function keep(): () => void {
    // Saved once the change has taken effect (the save queues behind it on the lock); changes that
    // come before that save runs are saved by it.
    let saving = false;
    // A failed save (e.g. the storage quota) is reported once, not after every change; the mock goes
    // on with its data in memory, and the storage keeps the last save that succeeded.
    let saveFailed = false;
    const unsubscribe = outcomes.subscribe((outcome) => {
      if ((outcome.changes.length === 0 && !outcome.replaced) || saving) return;
      saving = true;
      void lock
        .run(async () => {
          saving = false;
          await persistence.save(takeSnapshot(ctx));
          saveFailed = false;
        })
        .catch((error: unknown) => {
          if (saveFailed) return;
          saveFailed = true;
          logger.warn(
            'the data could not be saved (kept in memory; the storage keeps the last save that succeeded)',
            error,
          );
        });
    });
    // Another tab saved: take its data (without saving it back, which would echo between tabs).
    const unwatch = persistence.watch?.(() => {
      void lock.run(async () => {
        const store = await load();
        if (store) ctx.store = store;
      });
    });
    return () => {
      unsubscribe();
      if (typeof unwatch === 'function') unwatch();
    };
  }

  return { load, keep };
}

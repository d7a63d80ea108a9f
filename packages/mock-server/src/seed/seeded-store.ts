// A store with the seed in it, for a fresh mock and for every reset. Seeding runs each record through
// @msw/data's create(), which copies and re-validates it against its schema (about 10 µs a record on
// the 2-core machine: most of what a fresh demo mock cost, see BENCHMARKS.md), although the seed was
// validated once already. So the seeded store is built once and each mock, and each reset, gets a
// copy (domain/store.ts copyStore: the records are shared, only the indexes are rebuilt).
//
// A copy is exactly what seeding would build when seeding is a pure function of (the seed, the
// instant, fresh id counters), which holds when
//   - the clock is frozen (a flowing clock stamps each record with its own "now");
//   - the ids are the default sequential ones, starting from zero (a custom id source may answer
//     anything; the counters after seeding are kept with the copy and restored);
//   - the seed draws no random bytes (a webhook without a secret gets a new one every time).
// Otherwise the seed is applied anew, as before.
//
// The kept stores are bounded: per seed object (a WeakMap, so a custom seed's go with its mock; the
// built-in seeds are one frozen object each per process, seed/built-in.ts), the last
// KEPT_INSTANTS instants. Their records are frozen, so that a write in place, which would reach
// every copy, throws instead.
import type { DomainContext } from '../domain/context';
import { copyStore, createStore, type Store, TABLE_NAMES } from '../domain/store';
import { applySeed, type HashedSeed } from './apply-seed';

/** How many instants a seed's stores are kept for (tests usually pin one or two). */
const KEPT_INSTANTS = 4;

interface Seeded {
  store: Store;
  /** The id counters after seeding. */
  ids: Record<string, number>;
}

/** Per seed, per instant: the seeded store (null: this seed draws random bytes, never kept). */
const kept = new WeakMap<HashedSeed, Map<number, Seeded | null>>();

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

async function applyToNewStore(ctx: DomainContext, seed: HashedSeed): Promise<Store> {
  const fresh: DomainContext = { ...ctx, store: createStore() };
  await applySeed(fresh, seed);
  return fresh.store;
}

/**
 * A new store holding `seed`, laid out at the clock's now; advances `ctx.ids` as seeding does.
 * `defaultIds`: `ctx.ids` is the default sequential source (its counters can be read and restored).
 */
export async function seededStore(ctx: DomainContext, seed: HashedSeed, defaultIds: boolean): Promise<Store> {
  const { ids } = ctx;
  const fromZero = defaultIds && ids.state !== undefined && Object.keys(ids.state()).length === 0;
  if (!ctx.clock.manual || !fromZero || !ids.restore) return applyToNewStore(ctx, seed);
  const at = ctx.clock.now();
  const byInstant = kept.get(seed) ?? new Map<number, Seeded | null>();
  kept.set(seed, byInstant);
  const found = byInstant.get(at);
  if (found) {
    ids.restore(found.ids);
    return copyStore(found.store);
  }
  if (found === null) return applyToNewStore(ctx, seed);

  let drewRandomBytes = false;
  const store = await applyToNewStore(
    {
      ...ctx,
      randomBytes(length) {
        drewRandomBytes = true;
        return ctx.randomBytes(length);
      },
    },
    seed,
  );
  if (byInstant.size >= KEPT_INSTANTS) {
    // Maps iterate in insertion order: the first key is the instant kept longest.
    const oldest = byInstant.keys().next().value;
    if (oldest !== undefined) byInstant.delete(oldest);
  }
  if (drewRandomBytes) {
    byInstant.set(at, null);
    return store;
  }
  for (const name of TABLE_NAMES) for (const record of store[name].all()) deepFreeze(record);
  byInstant.set(at, { store, ids: ids.state?.() ?? {} });
  // The kept store is never handed out: its tables' lists and indexes change with writes.
  return copyStore(store);
}

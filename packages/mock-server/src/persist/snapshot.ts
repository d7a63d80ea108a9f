// A mock's data as plain JSON, and back: what persistence saves and loads. Every record goes back
// through its collection's schema, so a stored snapshot that no longer fits is refused, not trusted.
import type { DomainContext } from '../domain/context';
import { createStore, type Store, Table } from '../domain/store';

export const SNAPSHOT_VERSION = 1;

export interface MockSnapshot {
  version: number;
  /** Every collection's records, by collection name. */
  records: Record<string, unknown[]>;
  /** The id source's counters, so new ids continue where they left off. */
  ids: Record<string, number>;
}

/** Where a mock keeps its data between runs (e.g. page reloads), and hears of other writers. */
export interface MockPersistence {
  load(): Promise<MockSnapshot | null>;
  save(snapshot: MockSnapshot): Promise<void>;
  /** Calls `onChange` when another writer (another tab) saved; returns the function that stops it. */
  watch?(onChange: () => void): () => void;
}

export function takeSnapshot(ctx: DomainContext): MockSnapshot {
  return { version: SNAPSHOT_VERSION, records: ctx.store.snapshot(), ids: ctx.ids.state?.() ?? {} };
}

/** A store holding the snapshot's records, or null when the snapshot does not fit (version, shapes). */
export async function storeFromSnapshot(snapshot: MockSnapshot): Promise<Store | null> {
  if (snapshot.version !== SNAPSHOT_VERSION) return null;
  const store = createStore();
  const tables = new Map(
    Object.entries(store).filter(
      (entry): entry is [string, Table<{ id: string }>] => entry[1] instanceof Table,
    ),
  );
  const entries = Object.entries(snapshot.records);
  // Checked before the first insert: @msw/data logs the issues of a record it refuses.
  const fits = entries.every(
    ([name, records]) =>
      Array.isArray(records) && records.every((r) => tables.get(name)?.schema.safeParse(r).success),
  );
  if (!fits) return null;
  for (const [name, records] of entries) {
    const table = tables.get(name);
    for (const record of records) await table?.insert(record as { id: string });
  }
  return store;
}

// A mock's data as plain JSON, and back: what persistence saves and loads. A snapshot is checked as a
// whole before it is used (mock README, "Keeping the data across reloads"): its version, every record
// against its collection's schema, every reference (a reservation's project, branch, customer and
// table, any record's project, a table's zone…) to a record of the same project, and the id counters
// (plain non-negative integers) ahead of every id they generated. One that does not fit is refused, not trusted.
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

/** The id prefixes the id source generates (`res_0001`…): their counters must be ahead of stored ids. */
const GENERATED_ID = /^(res|cus|key|blk)_(\d+)$/;

export function takeSnapshot(ctx: DomainContext): MockSnapshot {
  const records = ctx.store.snapshot();
  return { version: SNAPSHOT_VERSION, records, ids: countersAhead(ctx.ids.state?.() ?? {}, records) };
}

/**
 * The counters, each raised to the highest stored id of its form: an id given by the seed or a data
 * helper (`res_0042`, `key_0001` in a later project) may be ahead of the counter, which a load would
 * refuse as a whole (the data lost). New ids then continue after it, which a load keeps.
 */
function countersAhead(
  counters: Record<string, number>,
  records: Record<string, unknown[]>,
): Record<string, number> {
  const ahead = { ...counters };
  for (const list of Object.values(records)) {
    for (const record of list) {
      const id = (record as { id?: unknown }).id;
      const match = typeof id === 'string' ? GENERATED_ID.exec(id) : null;
      const n = Number(match?.[2]);
      // An id past 2^53 is left as it is: no counter can be ahead of it (a load refuses it).
      if (match?.[1] && Number.isSafeInteger(n) && !((ahead[match[1]] ?? 0) >= n)) ahead[match[1]] = n;
    }
  }
  return ahead;
}

/**
 * Why the id counters cannot be used, or null: each must be a plain non-negative integer (a
 * number, not a string, and a safe one), or the next create would make an id such as `res_1e+300`.
 */
function badCounters(ids: unknown): string | null {
  if (typeof ids !== 'object' || ids === null || Array.isArray(ids))
    return 'the id counters are not an object';
  for (const [prefix, value] of Object.entries(ids))
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      return `the id counter ${prefix} is not a non-negative integer`;
  return null;
}

/** The first stored id a counter is not ahead of (a create would reuse it), or null. */
function idBehindCounter(snapshot: MockSnapshot): string | null {
  const counters = snapshot.ids;
  for (const records of Object.values(snapshot.records)) {
    for (const record of records) {
      const id = (record as { id?: unknown }).id;
      const match = typeof id === 'string' ? GENERATED_ID.exec(id) : null;
      if (match && !((counters[match[1] ?? ''] ?? 0) >= Number(match[2]))) return String(id);
    }
  }
  return null;
}

/** The first reference of the store that names no record of the same project, or null. */
function brokenReference(store: Store): string | null {
  const owner = (projectId: string, id: string | null, found: { projectId: string } | undefined) =>
    id === null || found?.projectId === projectId;
  const collections = [
    store.branches,
    store.zones,
    store.tables,
    store.services,
    store.customers,
    store.blacklist,
    store.reservations,
    store.photos,
    store.reviews,
    store.apiKeys,
    store.webhooks,
  ] as const;
  for (const table of collections) {
    for (const record of table.all()) {
      if (!store.projects.get(record.projectId)) return `${record.id}: project ${record.projectId}`;
    }
  }
  for (const z of store.zones.all())
    if (!owner(z.projectId, z.branchId, z.branchId ? store.branches.get(z.branchId) : undefined))
      return `${z.id}: branch ${z.branchId}`;
  for (const t of store.tables.all()) {
    if (!owner(t.projectId, t.branchId, t.branchId ? store.branches.get(t.branchId) : undefined))
      return `${t.id}: branch ${t.branchId}`;
    if (!owner(t.projectId, t.zoneId, t.zoneId ? store.zones.get(t.zoneId) : undefined))
      return `${t.id}: zone ${t.zoneId}`;
  }
  for (const r of store.reservations.all()) {
    if (!owner(r.projectId, r.customerId, store.customers.get(r.customerId)))
      return `${r.id}: customer ${r.customerId}`;
    if (!owner(r.projectId, r.tableId, r.tableId ? store.tables.get(r.tableId) : undefined))
      return `${r.id}: table ${r.tableId}`;
    if (!owner(r.projectId, r.branchId, r.branchId ? store.branches.get(r.branchId) : undefined))
      return `${r.id}: branch ${r.branchId}`;
  }
  return null;
}

/** Why a snapshot cannot be used, or null when it fits (the store it gives then is consistent). */
export type SnapshotProblem = string;

/**
 * A store holding the snapshot's records, or the reason it does not fit: another version, a record
 * of the wrong shape, a broken reference, an id counter that is no plain integer or is behind a
 * stored id.
 */
export async function storeFromSnapshot(snapshot: MockSnapshot): Promise<Store | SnapshotProblem> {
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) return 'not a snapshot';
  if (snapshot.version !== SNAPSHOT_VERSION)
    return `version ${String(snapshot.version)}, this mock reads version ${SNAPSHOT_VERSION}`;
  if (typeof snapshot.records !== 'object' || snapshot.records === null) return 'no records';
  const store = createStore();
  const tables = new Map(
    Object.entries(store).filter(
      (entry): entry is [string, Table<{ id: string }>] => entry[1] instanceof Table,
    ),
  );
  const entries = Object.entries(snapshot.records);
  // Checked before the first insert: @msw/data logs the issues of a record it refuses. The first
  // misfit is named (collection, record, field), so a hand-edited snapshot can be put right.
  for (const [name, records] of entries) {
    const table = tables.get(name);
    if (!table) return `an unknown collection "${name}"`;
    if (!Array.isArray(records)) return `${name} is not a list`;
    for (const [i, record] of records.entries()) {
      const parsed = table.schema.safeParse(record);
      if (parsed.success) continue;
      const id = (record as { id?: unknown } | null)?.id;
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
      return `a record does not fit its collection: ${name}[${i}]${typeof id === 'string' ? ` (${id})` : ''}${field}: ${issue?.message ?? 'invalid'}`;
    }
  }
  const counters = badCounters(snapshot.ids);
  if (counters !== null) return counters;
  const behind = idBehindCounter(snapshot);
  if (behind !== null) return `the id counters are behind the stored id ${behind}`;
  for (const [name, records] of entries) {
    const table = tables.get(name);
    for (const record of records) await table?.insert(record as { id: string });
  }
  const broken = brokenReference(store);
  return broken === null ? store : `a reference to a missing record (${broken})`;
}

// The mock's data: one @msw/data Collection per record type. Each record lives once, in its
// collection; the Maps beside it are lookup indexes that point at the collection's own records, so a
// lookup by id, slug, key hash or e-mail does not scan the collection (a `where` query visits every
// record: about 2 ms at 10,000 reservations).
//
// Writes are async (@msw/data validates each record against its schema) and go through Table, which
// updates the collection first and then its indexes. Who may write when is not decided here: the
// service runs every write (and every request) under one lock (runtime/lock.ts), so a check and the
// write that depends on it are never interleaved with another request's.
//
// Records are never mutated in place: Table.update() has @msw/data produce a new version and every
// index is told of the replacement.
import { Collection } from '@msw/data';
import type { z } from 'zod';
import { ListIndex, type ListPage } from './list-index';
import {
  type ApiKeyRecord,
  apiKeySchema,
  type BlacklistEntryRecord,
  type BranchRecord,
  blacklistEntrySchema,
  branchSchema,
  type CustomerRecord,
  customerSchema,
  type PhotoRecord,
  type ProjectRecord,
  photoSchema,
  projectSchema,
  type ReservationRecord,
  type ReviewRecord,
  reservationSchema,
  reviewSchema,
  type ServiceRecord,
  serviceSchema,
  type TableRecord,
  tableSchema,
  type WebhookConfigRecord,
  webhookConfigSchema,
  type ZoneRecord,
  zoneSchema,
} from './records';

/**
 * One write to a table, as the table made it: the record before (null for an insert) and after. The
 * store is the one source of change events (mock README, "How it works"): the world that owns the
 * store turns them into the outcome of the write that made them.
 */
export interface StoreChange {
  table: TableName;
  before: { readonly id: string } | null;
  after: { readonly id: string };
}

/** Where a store's tables report their writes: set by whoever watches the store (one watcher). */
interface ChangeSink {
  listener: ((change: StoreChange) => void) | null;
}

/** Keeps a derived lookup in step with a table's records. */
interface SecondaryIndex<T> {
  add(record: T): void;
  remove(record: T): void;
}

export class Table<T extends { readonly id: string }> {
  readonly schema: z.ZodType<T>;
  #collection: Collection<z.ZodType<T>> | undefined;
  readonly #byId = new Map<string, T>();
  readonly #indexes: readonly SecondaryIndex<T>[];
  readonly #name: TableName;
  readonly #sink: ChangeSink;

  constructor(
    name: TableName,
    schema: z.ZodType<T>,
    sink: ChangeSink,
    indexes: readonly SecondaryIndex<T>[] = [],
  ) {
    this.#name = name;
    this.schema = schema;
    this.#sink = sink;
    this.#indexes = indexes;
  }

  /**
   * The table's @msw/data collection, made on first use: a mock holds an empty store until its seed
   * is in, which is never read or written (BENCHMARKS.md, "In process").
   */
  get collection(): Collection<z.ZodType<T>> {
    this.#collection ??= new Collection({ schema: this.schema });
    return this.#collection;
  }

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): T | undefined {
    return this.#byId.get(id);
  }

  /** Every record, in insertion order. */
  all(): readonly T[] {
    return this.collection.all();
  }

  async insert(value: T): Promise<T> {
    if (this.#byId.has(value.id)) throw new Error(`Duplicate id ${value.id}`);
    const record: T = await this.collection.create(value);
    this.#byId.set(record.id, record);
    for (const index of this.#indexes) index.add(record);
    this.#sink.listener?.({ table: this.#name, before: null, after: record });
    return record;
  }

  /**
   * Takes the records of `source`, the same table in another store (a seeded store kept to be copied, see
   * seed/seeded-store.ts): they were validated by this schema when first created and are never
   * written in place (update() makes a new version), so they are shared as they are, not re-created
   * one by one (@msw/data's create() copies and re-validates every record). @msw/data has no bulk
   * insert: all() is its own record list (kept by reference, so that records can be queried), and
   * the records go into it; should a release ever hand out a copy instead, the count tells, and
   * each record is created as usual.
   */
  async adopt(source: Table<T>): Promise<void> {
    const records = source.collection.all();
    const list = this.collection.all();
    const before = list.length;
    list.push(...records);
    if (this.collection.count() !== before + records.length) {
      for (const record of records) await this.collection.create(record);
    }
    for (const record of this.collection.all().slice(before)) {
      if (this.#byId.has(record.id)) throw new Error(`Duplicate id ${record.id}`);
      this.#byId.set(record.id, record);
      for (const index of this.#indexes) index.add(record);
    }
  }

  /** Replaces the record `previous` (as read from this table) by `next`, which keeps its id. */
  async update(previous: T, next: T): Promise<T> {
    if (this.#byId.get(previous.id) !== previous) throw new Error(`Stale or unknown record ${previous.id}`);
    // Passing the record itself makes @msw/data find it by primary key, not by a query.
    const record = (await this.collection.update(previous as Parameters<typeof this.collection.update>[0], {
      data(draft) {
        Object.assign(draft, next);
      },
    })) as T;
    for (const index of this.#indexes) index.remove(previous);
    this.#byId.set(record.id, record);
    for (const index of this.#indexes) index.add(record);
    this.#sink.listener?.({ table: this.#name, before: previous, after: record });
    return record;
  }
}

/** Unique key → record. */
function uniqueIndex<T extends { readonly id: string }>(
  keyOf: (record: T) => string | null,
  map: Map<string, T>,
): SecondaryIndex<T> {
  return {
    add(record) {
      const key = keyOf(record);
      if (key === null) return;
      const existing = map.get(key);
      if (existing !== undefined && existing.id !== record.id) throw new Error(`Duplicate key ${key}`);
      map.set(key, record);
    },
    remove(record) {
      const key = keyOf(record);
      if (key !== null && map.get(key) === record) map.delete(key);
    },
  };
}

/** Records grouped by a key, each group in insertion order. */
function groupIndex<T>(keyOf: (record: T) => string | null, map: Map<string, T[]>): SecondaryIndex<T> {
  return {
    add(record) {
      const key = keyOf(record);
      if (key === null) return;
      const group = map.get(key);
      if (group) group.push(record);
      else map.set(key, [record]);
    },
    remove(record) {
      const key = keyOf(record);
      const group = key === null ? undefined : map.get(key);
      if (!group) return;
      const at = group.indexOf(record);
      if (at !== -1) group.splice(at, 1);
      if (group.length === 0 && key !== null) map.delete(key);
    },
  };
}

/**
 * Records grouped by two keys (a table or project, then a date), each group in insertion order: two
 * Map lookups on the strings as they are, no key string made per lookup.
 */
function dayIndex<T>(
  ownerOf: (record: T) => string | null,
  dateOf: (record: T) => string,
  map: Map<string, Map<string, T[]>>,
): SecondaryIndex<T> {
  return {
    add(record) {
      const owner = ownerOf(record);
      if (owner === null) return;
      const days = map.get(owner) ?? new Map<string, T[]>();
      map.set(owner, days);
      groupIndex(dateOf, days).add(record);
    },
    remove(record) {
      const owner = ownerOf(record);
      if (owner === null) return;
      const days = map.get(owner);
      if (!days) return;
      groupIndex(dateOf, days).remove(record);
      if (days.size === 0) map.delete(owner);
    },
  };
}

const pair = (a: string, b: string): string => `${a}\u0000${b}`;

export interface ReservationCountFilter {
  status?: string | undefined;
  branchId?: string | undefined;
}

/** The filter keys a reservation is listed under: every combination of its status and branch with "any". */
function filterKeys(record: ReservationRecord): string[] {
  const keys = [pair('', ''), pair(record.status, '')];
  if (record.branchId !== null) keys.push(pair('', record.branchId), pair(record.status, record.branchId));
  return keys;
}

/** The store's tables by name, in the order a seed fills them. */
export const TABLE_NAMES = [
  'projects',
  'branches',
  'zones',
  'tables',
  'services',
  'customers',
  'blacklist',
  'reservations',
  'photos',
  'reviews',
  'apiKeys',
  'webhooks',
] as const;

export type TableName = (typeof TABLE_NAMES)[number];

export interface Store {
  readonly projects: Table<ProjectRecord>;
  readonly branches: Table<BranchRecord>;
  readonly zones: Table<ZoneRecord>;
  readonly tables: Table<TableRecord>;
  readonly services: Table<ServiceRecord>;
  readonly customers: Table<CustomerRecord>;
  readonly blacklist: Table<BlacklistEntryRecord>;
  readonly reservations: Table<ReservationRecord>;
  readonly photos: Table<PhotoRecord>;
  readonly reviews: Table<ReviewRecord>;
  readonly apiKeys: Table<ApiKeyRecord>;
  readonly webhooks: Table<WebhookConfigRecord>;
  projectBySlug(slug: string): ProjectRecord | undefined;
  keyByHash(hash: string): ApiKeyRecord | undefined;
  customerByEmail(projectId: string, email: string): CustomerRecord | undefined;
  /** A project's reservations on a date, in insertion order. */
  reservationsOn(projectId: string, date: string): readonly ReservationRecord[];
  reservationsOfTableOn(tableId: string, date: string): readonly ReservationRecord[];
  /**
   * A page of a project's reservations in list order (domain/list-order.ts) that have `status` and
   * `branchId` (each when given), dated `range.from` to `range.to` (inclusive, each when given), and
   * how many there are: kept by the reservations table's index (domain/list-index.ts), so neither
   * the page nor `total` reads the project's other reservations.
   */
  reservationPage(
    projectId: string,
    filter: ReservationCountFilter,
    range: { from?: string | undefined; to?: string | undefined },
    offset: number,
    limit: number,
  ): ListPage;
  /** Every collection's records as plain JSON: for before/after comparisons in tests. */
  snapshot(): Record<string, unknown[]>;
  /**
   * Hears of every insert and update from now on (one watcher: a new one replaces the one before);
   * returns the function that stops it.
   */
  watch(listener: (change: StoreChange) => void): () => void;
}

export function createStore(): Store {
  const projectBySlug = new Map<string, ProjectRecord>();
  const keyByHash = new Map<string, ApiKeyRecord>();
  const customerByEmail = new Map<string, CustomerRecord>();
  /** Per project and date, its reservations in insertion order. */
  const reservationsByProjectDay = new Map<string, Map<string, ReservationRecord[]>>();
  /** Per table and date, its reservations in insertion order. */
  const reservationsByTableDay = new Map<string, Map<string, ReservationRecord[]>>();
  /**
   * Per project and filter key (status or any, branch or any), its reservations in list order by
   * date with running counts (domain/list-index.ts): a page of GET /reservations and its `total`.
   */
  const listsByProject = new Map<string, Map<string, ListIndex>>();
  const listIndexes: SecondaryIndex<ReservationRecord> = {
    add(record) {
      const lists = listsByProject.get(record.projectId) ?? new Map<string, ListIndex>();
      listsByProject.set(record.projectId, lists);
      for (const filterKey of filterKeys(record)) {
        const list = lists.get(filterKey) ?? new ListIndex();
        lists.set(filterKey, list);
        list.add(record);
      }
    },
    remove(record) {
      const lists = listsByProject.get(record.projectId);
      if (!lists) return;
      for (const filterKey of filterKeys(record)) {
        const list = lists.get(filterKey);
        list?.remove(record);
        if (list?.size === 0) lists.delete(filterKey);
      }
      if (lists.size === 0) listsByProject.delete(record.projectId);
    },
  };
  const sink: ChangeSink = { listener: null };
  // One literal with every field, not `{ ...tables, lookups }`: V8 gives an object made by a spread
  // and then given more properties a map of its own (measured on Node 20), so each store (a fresh
  // mock, every reset) cost a new hidden class, made every lookup of `ctx.store` polymorphic and kept
  // the whole store alive through young-generation collections (bench/lifecycle.ts --before).
  const store: Store = {
    projects: new Table('projects', projectSchema, sink, [uniqueIndex((p) => p.slug, projectBySlug)]),
    branches: new Table('branches', branchSchema, sink),
    zones: new Table('zones', zoneSchema, sink),
    tables: new Table('tables', tableSchema, sink),
    services: new Table('services', serviceSchema, sink),
    customers: new Table('customers', customerSchema, sink, [
      uniqueIndex((c) => pair(c.projectId, c.email.toLowerCase()), customerByEmail),
    ]),
    blacklist: new Table('blacklist', blacklistEntrySchema, sink),
    reservations: new Table('reservations', reservationSchema, sink, [
      dayIndex(
        (r) => r.projectId,
        (r) => r.date,
        reservationsByProjectDay,
      ),
      listIndexes,
      dayIndex(
        (r) => r.tableId,
        (r) => r.date,
        reservationsByTableDay,
      ),
    ]),
    photos: new Table('photos', photoSchema, sink),
    reviews: new Table('reviews', reviewSchema, sink),
    apiKeys: new Table('apiKeys', apiKeySchema, sink, [uniqueIndex((k) => k.hash, keyByHash)]),
    webhooks: new Table('webhooks', webhookConfigSchema, sink),
    projectBySlug: (slug) => projectBySlug.get(slug),
    keyByHash: (hash) => keyByHash.get(hash),
    customerByEmail: (projectId, email) => customerByEmail.get(pair(projectId, email.toLowerCase())),
    reservationsOn: (projectId, date) => reservationsByProjectDay.get(projectId)?.get(date) ?? [],
    reservationsOfTableOn: (tableId, date) => reservationsByTableDay.get(tableId)?.get(date) ?? [],
    reservationPage(projectId, filter, range, offset, limit) {
      const list = listsByProject.get(projectId)?.get(pair(filter.status ?? '', filter.branchId ?? ''));
      return list ? list.page(range.from, range.to, offset, limit) : { items: [], total: 0 };
    },
    snapshot() {
      const out: Record<string, unknown[]> = {};
      for (const name of TABLE_NAMES) {
        out[name] = JSON.parse(JSON.stringify(store[name].all())) as unknown[];
      }
      return out;
    },
    watch(listener) {
      sink.listener = listener;
      return () => {
        if (sink.listener === listener) sink.listener = null;
      };
    },
  };
  return store;
}

/** A new store holding the records of `source` (shared, see Table.adopt), with its own indexes. */
export async function copyStore(source: Store): Promise<Store> {
  const copy = createStore();
  for (const name of TABLE_NAMES) {
    // One table type per name: TypeScript cannot pair them through the union of names.
    const from: Table<{ id: string }> = source[name];
    const to: Table<{ id: string }> = copy[name];
    await to.adopt(from);
  }
  return copy;
}

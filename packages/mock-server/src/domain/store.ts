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

/** Keeps a derived lookup in step with a table's records. */
interface SecondaryIndex<T> {
  add(record: T): void;
  remove(record: T): void;
}

export class Table<T extends { readonly id: string }> {
  readonly collection: Collection<z.ZodType<T>>;
  readonly schema: z.ZodType<T>;
  readonly #byId = new Map<string, T>();
  readonly #indexes: readonly SecondaryIndex<T>[];

  constructor(schema: z.ZodType<T>, indexes: readonly SecondaryIndex<T>[] = []) {
    this.collection = new Collection({ schema });
    this.schema = schema;
    this.#indexes = indexes;
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
    return record;
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

const pair = (a: string, b: string): string => `${a}\u0000${b}`;

export interface ReservationCountFilter {
  status?: string | undefined;
  branchId?: string | undefined;
}

/** The count keys a reservation adds to: every combination of its status and branch with "any". */
function countKeys(record: ReservationRecord): string[] {
  const keys = [pair('', ''), pair(record.status, '')];
  if (record.branchId !== null) keys.push(pair('', record.branchId), pair(record.status, record.branchId));
  return keys;
}

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
  /** A project's dates that have reservations (unordered). */
  reservationDates(projectId: string): Iterable<string>;
  reservationsOfTableOn(tableId: string, date: string): readonly ReservationRecord[];
  /**
   * How many of a project's reservations on a date have `status` and `branchId` (each when given):
   * kept by the reservations table's index, so a page's `total` is counted without reading the days.
   */
  reservationCountOn(projectId: string, date: string, filter: ReservationCountFilter): number;
  /** Every collection's records as plain JSON: for before/after comparisons in tests. */
  snapshot(): Record<string, unknown[]>;
}

export function createStore(): Store {
  const projectBySlug = new Map<string, ProjectRecord>();
  const keyByHash = new Map<string, ApiKeyRecord>();
  const customerByEmail = new Map<string, CustomerRecord>();
  /** Per project, its reservations grouped by date. */
  const reservationsByProject = new Map<string, Map<string, ReservationRecord[]>>();
  const reservationsByTableDay = new Map<string, ReservationRecord[]>();
  /** Per project and date, reservation counts by (status or any, branch or any). */
  const countsByProjectDay = new Map<string, Map<string, number>>();
  const dayCounts: SecondaryIndex<ReservationRecord> = {
    add(record) {
      const key = pair(record.projectId, record.date);
      const counts = countsByProjectDay.get(key) ?? new Map<string, number>();
      countsByProjectDay.set(key, counts);
      for (const countKey of countKeys(record)) counts.set(countKey, (counts.get(countKey) ?? 0) + 1);
    },
    remove(record) {
      const counts = countsByProjectDay.get(pair(record.projectId, record.date));
      if (!counts) return;
      for (const countKey of countKeys(record)) counts.set(countKey, (counts.get(countKey) ?? 1) - 1);
    },
  };
  const projectDays: SecondaryIndex<ReservationRecord> = {
    add(record) {
      const days = reservationsByProject.get(record.projectId) ?? new Map<string, ReservationRecord[]>();
      reservationsByProject.set(record.projectId, days);
      groupIndex<ReservationRecord>((r) => r.date, days).add(record);
    },
    remove(record) {
      const days = reservationsByProject.get(record.projectId);
      if (days) groupIndex<ReservationRecord>((r) => r.date, days).remove(record);
    },
  };

  const tables = {
    projects: new Table(projectSchema, [uniqueIndex((p) => p.slug, projectBySlug)]),
    branches: new Table(branchSchema),
    zones: new Table(zoneSchema),
    tables: new Table(tableSchema),
    services: new Table(serviceSchema),
    customers: new Table(customerSchema, [
      uniqueIndex((c) => pair(c.projectId, c.email.toLowerCase()), customerByEmail),
    ]),
    blacklist: new Table(blacklistEntrySchema),
    reservations: new Table(reservationSchema, [
      projectDays,
      dayCounts,
      groupIndex((r) => (r.tableId === null ? null : pair(r.tableId, r.date)), reservationsByTableDay),
    ]),
    photos: new Table(photoSchema),
    reviews: new Table(reviewSchema),
    apiKeys: new Table(apiKeySchema, [uniqueIndex((k) => k.hash, keyByHash)]),
    webhooks: new Table(webhookConfigSchema),
  };

  return {
    ...tables,
    projectBySlug: (slug) => projectBySlug.get(slug),
    keyByHash: (hash) => keyByHash.get(hash),
    customerByEmail: (projectId, email) => customerByEmail.get(pair(projectId, email.toLowerCase())),
    reservationsOn: (projectId, date) => reservationsByProject.get(projectId)?.get(date) ?? [],
    reservationDates: (projectId) => reservationsByProject.get(projectId)?.keys() ?? [],
    reservationsOfTableOn: (tableId, date) => reservationsByTableDay.get(pair(tableId, date)) ?? [],
    reservationCountOn: (projectId, date, filter) =>
      countsByProjectDay.get(pair(projectId, date))?.get(pair(filter.status ?? '', filter.branchId ?? '')) ??
      0,
    snapshot() {
      const out: Record<string, unknown[]> = {};
      for (const [name, table] of Object.entries(tables)) {
        out[name] = JSON.parse(JSON.stringify(table.all())) as unknown[];
      }
      return out;
    },
  };
}

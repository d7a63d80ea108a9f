// The mock's data: one @msw/data Collection per record type, plus Map indexes for the hot paths.
//
// Why rows live in Maps as well as in the collections: @msw/data's create() and update() are async
// (they await schema validation) and update() replaces the record object with a new one. The rule
// "no await between a check and its write" (50 concurrent bookings of one table must give exactly
// one 201) needs a store that commits synchronously. So every write commits at once to the Maps and
// is mirrored, in order, into the collection through a write queue; `flush()` waits for the mirror.
//
// Who reads what: business rules (create, overlap, availability, blacklist, keys) read the Maps and
// indexes, which are always current. The list endpoints (tables, services, gallery, reviews, branches)
// query the collections (findMany with where/orderBy) through `query()`, which refuses to read a
// collection that still has writes in flight; the HTTP layer flushes before each request, and those
// collections change only through seeding and control calls, which flush before they return.
//
// Records are frozen and replaced, never mutated: a reader holding a record sees a consistent
// version, and every index is told of each replacement, so none keeps a stale reference.
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
  type ReservationStatus,
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

/** Keeps a derived lookup in step with a table's rows. */
export interface SecondaryIndex<T> {
  add(record: T): void;
  remove(record: T): void;
  clear(): void;
}

/** Applies mirror writes to the collections one after another, in commit order. */
class WriteQueue {
  #tail: Promise<void> = Promise.resolve();
  #failure: unknown = null;
  /** Writes pushed and not yet applied. */
  #queued = 0;

  get idle(): boolean {
    return this.#queued === 0 && this.#failure === null;
  }

  push(write: () => unknown): void {
    this.#queued += 1;
    this.#tail = this.#tail.then(write).then(
      () => {
        this.#queued -= 1;
      },
      (error: unknown) => {
        this.#queued -= 1;
        // Rows were validated before they were committed, so this is a bug; surface it on flush().
        this.#failure ??= error;
      },
    );
  }

  async flush(): Promise<void> {
    await this.#tail;
    if (this.#failure !== null) {
      const failure = this.#failure;
      this.#failure = null;
      throw failure;
    }
  }
}

export class Table<T extends { readonly id: string }> {
  readonly collection: Collection<z.ZodType<T>>;
  readonly #rows = new Map<string, T>();
  readonly #schema: z.ZodType<T>;
  readonly #writes: WriteQueue;
  readonly #indexes: readonly SecondaryIndex<T>[];
  /** Mirror writes of this table not yet applied to its collection. */
  #pending = 0;

  constructor(schema: z.ZodType<T>, writes: WriteQueue, indexes: readonly SecondaryIndex<T>[] = []) {
    this.collection = new Collection({ schema });
    this.#schema = schema;
    this.#writes = writes;
    this.#indexes = indexes;
  }

  get size(): number {
    return this.#rows.size;
  }

  get(id: string): T | undefined {
    return this.#rows.get(id);
  }

  has(id: string): boolean {
    return this.#rows.has(id);
  }

  /** Rows in insertion order. */
  values(): IterableIterator<T> {
    return this.#rows.values();
  }

  /** The collection for a query; throws while writes to it are still in flight (read after flush()). */
  query(): Collection<z.ZodType<T>> {
    if (this.#pending > 0)
      throw new Error('Collection read before its writes were flushed (await store.flush() first)');
    return this.collection;
  }

  #mirror(write: () => unknown): void {
    this.#pending += 1;
    this.#writes.push(async () => {
      try {
        await write();
      } finally {
        this.#pending -= 1;
      }
    });
  }

  /** Validates and commits a new row at once; the collection follows on flush(). */
  insert(value: T): T {
    if (this.#rows.has(value.id)) throw new Error(`Duplicate id ${value.id}`);
    const record = Object.freeze(this.#schema.parse(value));
    this.#rows.set(record.id, record);
    for (const index of this.#indexes) index.add(record);
    this.#mirror(() => this.collection.create(record));
    return record;
  }

  /** Replaces the row with the same id by `next`. */
  replace(next: T): T {
    const previous = this.#rows.get(next.id);
    if (!previous) throw new Error(`No row with id ${next.id}`);
    const record = Object.freeze(this.#schema.parse(next));
    for (const index of this.#indexes) index.remove(previous);
    this.#rows.set(record.id, record);
    for (const index of this.#indexes) index.add(record);
    const { id } = record;
    this.#mirror(() =>
      this.collection.update((q) => q.where((row) => row.id === id), {
        data(draft) {
          Object.assign(draft, structuredClone(record));
        },
      }),
    );
    return record;
  }

  clear(): void {
    this.#rows.clear();
    for (const index of this.#indexes) index.clear();
    this.#mirror(() => this.collection.clear());
  }
}

/** Unique key → id. */
function uniqueIndex<T extends { readonly id: string }>(
  keyOf: (record: T) => string | null,
  map: Map<string, string>,
): SecondaryIndex<T> {
  return {
    add(record) {
      const key = keyOf(record);
      if (key === null) return;
      const existing = map.get(key);
      if (existing !== undefined && existing !== record.id) throw new Error(`Duplicate key ${key}`);
      map.set(key, record.id);
    },
    remove(record) {
      const key = keyOf(record);
      if (key !== null && map.get(key) === record.id) map.delete(key);
    },
    clear: () => map.clear(),
  };
}

function compareReservations(a: ReservationRecord, b: ReservationRecord): number {
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Index position of `value` in the sorted array `sorted` (first element not less than it). */
export function lowerBound<T>(sorted: readonly T[], value: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid] as T, value) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reservations by project and date (each day sorted by from, createdAt: the list order) with the
 * project's dates sorted (for from/to ranges), and by table and date (for the overlap check). Each
 * day also counts its reservations per status, so that a list's `total` is a sum over days instead
 * of a walk over every reservation (GET /reservations without filters would otherwise touch all of
 * them to answer one page).
 * Table.replace() removes the old version and adds the new one, so no bucket keeps a stale record.
 */
class ReservationIndex implements SecondaryIndex<ReservationRecord> {
  /** Per project: its dates sorted, their days in the same order, and the days by date. */
  readonly #byProject = new Map<string, { dates: string[]; dayList: Day[]; days: Map<string, Day> }>();
  readonly #byTableDay = new Map<string, ReservationRecord[]>();

  add(record: ReservationRecord): void {
    let project = this.#byProject.get(record.projectId);
    if (!project) {
      project = { dates: [], dayList: [], days: new Map() };
      this.#byProject.set(record.projectId, project);
    }
    let day = project.days.get(record.date);
    if (!day) {
      day = { date: record.date, reservations: [], byStatus: new Map() };
      project.days.set(record.date, day);
      const at = lowerBound(project.dates, record.date, compareStrings);
      project.dates.splice(at, 0, record.date);
      project.dayList.splice(at, 0, day);
    }
    day.reservations.splice(lowerBound(day.reservations, record, compareReservations), 0, record);
    day.byStatus.set(record.status, (day.byStatus.get(record.status) ?? 0) + 1);
    if (record.tableId !== null) {
      const key = tableDayKey(record.tableId, record.date);
      const list = this.#byTableDay.get(key);
      if (list) list.push(record);
      else this.#byTableDay.set(key, [record]);
    }
  }

  remove(record: ReservationRecord): void {
    const project = this.#byProject.get(record.projectId);
    const day = project?.days.get(record.date);
    if (project && day && removeItem(day.reservations, record)) {
      day.byStatus.set(record.status, (day.byStatus.get(record.status) ?? 1) - 1);
      if (day.reservations.length === 0) {
        project.days.delete(record.date);
        const at = lowerBound(project.dates, record.date, compareStrings);
        project.dates.splice(at, 1);
        project.dayList.splice(at, 1);
      }
    }
    if (record.tableId !== null) {
      const key = tableDayKey(record.tableId, record.date);
      const list = this.#byTableDay.get(key);
      if (list) {
        removeItem(list, record);
        if (list.length === 0) this.#byTableDay.delete(key);
      }
    }
  }

  clear(): void {
    this.#byProject.clear();
    this.#byTableDay.clear();
  }

  dates(projectId: string): readonly string[] {
    return this.#byProject.get(projectId)?.dates ?? [];
  }

  on(projectId: string, date: string): readonly ReservationRecord[] {
    return this.#byProject.get(projectId)?.days.get(date)?.reservations ?? [];
  }

  days(projectId: string): readonly ReservationDay[] {
    return this.#byProject.get(projectId)?.dayList ?? [];
  }

  ofTableOn(tableId: string, date: string): readonly ReservationRecord[] {
    return this.#byTableDay.get(tableDayKey(tableId, date)) ?? [];
  }
}

/** One date of a project: its reservations in list order and how many there are per status. */
export interface ReservationDay {
  readonly date: string;
  readonly reservations: readonly ReservationRecord[];
  readonly byStatus: ReadonlyMap<ReservationStatus, number>;
}

interface Day extends ReservationDay {
  reservations: ReservationRecord[];
  byStatus: Map<ReservationStatus, number>;
}

function removeItem<T>(list: T[], item: T): boolean {
  const at = list.indexOf(item);
  if (at === -1) return false;
  list.splice(at, 1);
  return true;
}

function tableDayKey(tableId: string, date: string): string {
  return `${tableId}\u0000${date}`;
}

function customerKey(projectId: string, email: string): string {
  return `${projectId}\u0000${email.toLowerCase()}`;
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
  /** A project's dates that have reservations, ascending. */
  reservationDates(projectId: string): readonly string[];
  /** A project's reservations on a date, in list order (from, createdAt). */
  reservationsOn(projectId: string, date: string): readonly ReservationRecord[];
  /** A project's days with reservations, ascending: the same order as reservationDates(). */
  reservationDays(projectId: string): readonly ReservationDay[];
  reservationsOfTableOn(tableId: string, date: string): readonly ReservationRecord[];
  /** Resolves when every committed write has reached the collections. */
  flush(): Promise<void>;
  /** True when no write is waiting for the collections: flush() would have nothing to wait for. */
  readonly flushed: boolean;
  /** Empties every table (used by reset()). */
  clear(): void;
  /** Every collection's records as plain JSON, after a flush: for before/after comparisons in tests. */
  snapshot(): Promise<Record<string, unknown[]>>;
}

export function createStore(): Store {
  const writes = new WriteQueue();
  const projectIdBySlug = new Map<string, string>();
  const keyIdByHash = new Map<string, string>();
  const customerIdByEmail = new Map<string, string>();

  const projects = new Table(projectSchema, writes, [uniqueIndex((p) => p.slug, projectIdBySlug)]);
  const apiKeys = new Table(apiKeySchema, writes, [uniqueIndex((k) => k.hash, keyIdByHash)]);
  const customers = new Table(customerSchema, writes, [
    uniqueIndex((c) => customerKey(c.projectId, c.email), customerIdByEmail),
  ]);
  const reservationIndex = new ReservationIndex();
  const reservations = new Table(reservationSchema, writes, [reservationIndex]);

  const tables = {
    projects,
    branches: new Table(branchSchema, writes),
    zones: new Table(zoneSchema, writes),
    tables: new Table(tableSchema, writes),
    services: new Table(serviceSchema, writes),
    customers,
    blacklist: new Table(blacklistEntrySchema, writes),
    reservations,
    photos: new Table(photoSchema, writes),
    reviews: new Table(reviewSchema, writes),
    apiKeys,
    webhooks: new Table(webhookConfigSchema, writes),
  };

  return {
    ...tables,
    projectBySlug(slug) {
      const id = projectIdBySlug.get(slug);
      return id === undefined ? undefined : projects.get(id);
    },
    keyByHash(hash) {
      const id = keyIdByHash.get(hash);
      return id === undefined ? undefined : apiKeys.get(id);
    },
    customerByEmail(projectId, email) {
      const id = customerIdByEmail.get(customerKey(projectId, email));
      return id === undefined ? undefined : customers.get(id);
    },
    reservationDates: (projectId) => reservationIndex.dates(projectId),
    reservationsOn: (projectId, date) => reservationIndex.on(projectId, date),
    reservationDays: (projectId) => reservationIndex.days(projectId),
    reservationsOfTableOn: (tableId, date) => reservationIndex.ofTableOn(tableId, date),
    flush: () => writes.flush(),
    get flushed() {
      return writes.idle;
    },
    clear() {
      for (const table of Object.values(tables)) table.clear();
    },
    async snapshot() {
      await writes.flush();
      const out: Record<string, unknown[]> = {};
      for (const [name, table] of Object.entries(tables)) {
        out[name] = JSON.parse(JSON.stringify(table.collection.all())) as unknown[];
      }
      return out;
    },
  };
}

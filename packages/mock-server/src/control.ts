// The mock's control interface in JavaScript: every row of DECISIONS.md's control table, plus data
// helpers for tests and benchmarks. http/control.ts offers the same operations under /__mock/.
// Writes return promises that resolve once the data is stored everywhere (see domain/store.ts).
import type { components } from '@reservation-api/sdk';
import { toEpochMs } from './clock';
import { type DomainContext, nowIso } from './domain/context';
import { createKey, keysOfProject, regenerateKey, revokeKey } from './domain/keys';
import { addToBlacklist, setWebhook } from './domain/projects';
import type { Permission, ProjectRecord } from './domain/records';
import { getReservation, insertReservation, type ReservationImport } from './domain/reservations';
import { reservationDetailView, serviceView, tableView } from './domain/views';
import type { Fault, FaultSpec, Faults } from './http/faults';
import { addSeedProject } from './seed/apply-seed';
import {
  type SeedProjectInput,
  type SeedServiceInput,
  type SeedTableInput,
  seedProjectSchema,
  seedServiceSchema,
  seedTableSchema,
} from './seed/seed-data';
import type { Delivery, WebhookDispatcher } from './webhooks';

type Schemas = components['schemas'];

/** A control call named something that does not exist (404 over HTTP) or was malformed (400). */
export class MockControlError extends Error {
  override readonly name = 'MockControlError';

  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

export interface KeyInfo {
  id: string;
  name: string;
  permissions: Permission[];
  /** The first characters of the value; the value itself is never shown again. */
  prefix: string;
}

export interface IssuedKeyInfo {
  id: string;
  /** The key value: shown this once. */
  key: string;
}

export interface MockControl {
  /** Restores the seed data, clock, keys, faults and deliveries. */
  reset(): Promise<void>;
  clock: {
    /** The mock's now, ISO 8601 UTC. */
    now(): string;
    /** Jumps to `time`; webhook attempts that fall due on the way are sent (at their own times). */
    set(time: Date | string | number): Promise<void>;
    /** Moves forward by `ms`; webhook attempts that fall due are sent. */
    advance(ms: number): Promise<void>;
  };
  keys: {
    list(slug: string): KeyInfo[];
    create(
      slug: string,
      input: { permissions: readonly Permission[]; name?: string },
    ): Promise<IssuedKeyInfo>;
    /** A new value for key `id`; the old value is rejected from now on. */
    regenerate(slug: string, id: string): Promise<IssuedKeyInfo>;
    /** The key's value is rejected from now on (401 API_KEY_INVALID); it leaves the list. */
    revoke(slug: string, id: string): Promise<{ id: string; revokedAt: string }>;
  };
  blacklist(
    slug: string,
    entry: { email?: string; phone?: string },
  ): Promise<{ id: string; email: string | null; phone: string | null }>;
  /** Sets where the project's events go; a generated `whsec_…` secret unless one is given or set. */
  setWebhook(
    slug: string,
    target: { url: string; secret?: string },
  ): Promise<{ url: string; secret: string }>;
  /** Every webhook delivery, oldest first. */
  deliveries(): Delivery[];
  /** One extra attempt of delivery `id`, now. */
  redeliver(id: string): Promise<Delivery>;
  faults: {
    add(spec: FaultSpec): Fault;
    clear(): void;
    list(): Fault[];
  };

  // Data helpers (tests, examples, benchmarks).
  /** Adds a project in the seed format (see README "Seed format"). */
  createProject(project: SeedProjectInput): Promise<{ id: string; slug: string }>;
  addTable(slug: string, table: SeedTableInput): Promise<Schemas['Table']>;
  addService(slug: string, service: SeedServiceInput): Promise<Schemas['Service']>;
  /**
   * Inserts a reservation directly: no opening-hours, blacklist or overlap check and no event (for
   * seeding and benchmarks). References must exist.
   */
  addReservation(slug: string, reservation: ReservationImport): Promise<Schemas['ReservationDetail']>;
  getReservation(slug: string, id: string): Schemas['ReservationDetail'];
  /** Every collection as plain JSON, to compare state before and after something. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** Resolves when every write is stored and no webhook attempt is in flight. */
  settled(): Promise<void>;
}

export interface ControlDependencies {
  ctx: DomainContext;
  dispatcher: WebhookDispatcher;
  faults: Faults;
  reset(): Promise<void>;
}

/** A referenced id must belong to the same project. */
function requireOwn(
  kind: string,
  id: string | null,
  ownerProjectId: string | undefined,
  project: ProjectRecord,
): void {
  if (id !== null && ownerProjectId !== project.id)
    throw new MockControlError(`Unknown ${kind} "${id}" in ${project.slug}`);
}

function keyInfo(key: { id: string; name: string; permissions: Permission[]; prefix: string }): KeyInfo {
  return { id: key.id, name: key.name, permissions: [...key.permissions], prefix: key.prefix };
}

export function createControl({ ctx, dispatcher, faults, reset }: ControlDependencies): MockControl {
  const { store, clock } = ctx;

  const project = (slug: string): ProjectRecord => {
    const found = store.projectBySlug(slug);
    if (!found) throw new MockControlError(`Unknown project slug "${slug}"`, 404);
    return found;
  };
  // Writes are async even where they could throw at once: callers get one way to see failures.
  const stored = async <T>(value: T): Promise<T> => {
    await store.flush();
    return value;
  };
  const guard = <T>(write: () => T): T => {
    try {
      return write();
    } catch (error) {
      if (error instanceof MockControlError) throw error;
      throw new MockControlError(error instanceof Error ? error.message : String(error), 400);
    }
  };

  return {
    reset,
    clock: {
      now: () => nowIso(ctx),
      // runDue(target) steps the clock through every due attempt and leaves it at target. Setting the
      // clock again afterwards would move a real-time clock back by however long the attempts took.
      async set(time) {
        const target = guard(() => toEpochMs(time));
        if (target >= clock.now()) {
          await dispatcher.runDue(target);
        } else {
          clock.set(target);
          await dispatcher.runDue();
        }
      },
      async advance(ms) {
        if (!Number.isFinite(ms)) throw new MockControlError('advance needs a finite number of milliseconds');
        if (ms >= 0) {
          await dispatcher.runDue(clock.now() + ms);
        } else {
          clock.advance(ms);
          await dispatcher.runDue();
        }
      },
    },
    keys: {
      list: (slug) => keysOfProject(store, project(slug).id).map(keyInfo),
      async create(slug, input) {
        const { id } = project(slug);
        const issued = guard(() =>
          createKey(ctx, id, {
            permissions: input.permissions,
            ...(input.name === undefined ? {} : { name: input.name }),
          }),
        );
        return stored({ id: issued.record.id, key: issued.value });
      },
      async regenerate(slug, id) {
        const key = store.apiKeys.get(id);
        if (!key || key.projectId !== project(slug).id)
          throw new MockControlError(`Unknown key id "${id}" in ${slug}`, 404);
        const issued = regenerateKey(ctx, key);
        return stored({ id: issued.record.id, key: issued.value });
      },
      async revoke(slug, id) {
        const key = store.apiKeys.get(id);
        if (!key || key.projectId !== project(slug).id || key.revokedAt !== null)
          throw new MockControlError(`Unknown key id "${id}" in ${slug}`, 404);
        const revoked = revokeKey(ctx, key);
        return stored({ id: revoked.id, revokedAt: revoked.revokedAt ?? '' });
      },
    },
    async blacklist(slug, entry) {
      const { id } = project(slug);
      const record = guard(() => addToBlacklist(ctx, id, entry));
      return stored({ id: record.id, email: record.email, phone: record.phone });
    },
    async setWebhook(slug, target) {
      const { id } = project(slug);
      guard(() => new URL(target.url));
      const record = setWebhook(ctx, id, {
        url: target.url,
        ...(target.secret ? { secret: target.secret } : {}),
      });
      return stored({ url: target.url, secret: record.secret });
    },
    deliveries: () => dispatcher.deliveries(),
    async redeliver(id) {
      if (!dispatcher.deliveries().some((d) => d.id === id))
        throw new MockControlError(`Unknown delivery id "${id}"`, 404);
      return dispatcher.redeliver(id);
    },
    faults: {
      add: (spec) => guard(() => faults.add(spec)),
      clear: () => faults.clear(),
      list: () => faults.list(),
    },
    async createProject(input) {
      const record = guard(() => addSeedProject(ctx, seedProjectSchema.parse(input)));
      return stored({ id: record.id, slug: record.slug });
    },
    async addTable(slug, input) {
      const p = project(slug);
      const table = guard(() => {
        const parsed = seedTableSchema.parse(input);
        requireOwn('branch', parsed.branchId, store.branches.get(parsed.branchId ?? '')?.projectId, p);
        requireOwn('zone', parsed.zoneId, store.zones.get(parsed.zoneId ?? '')?.projectId, p);
        const position =
          parsed.position ?? [...store.tables.values()].filter((t) => t.projectId === p.id).length + 1;
        return store.tables.insert({ ...parsed, projectId: p.id, position });
      });
      return stored(tableView(table));
    },
    async addService(slug, input) {
      const p = project(slug);
      const service = guard(() => {
        const parsed = seedServiceSchema.parse(input);
        requireOwn('branch', parsed.branchId, store.branches.get(parsed.branchId ?? '')?.projectId, p);
        return store.services.insert({ ...parsed, projectId: p.id });
      });
      return stored(serviceView(service));
    },
    async addReservation(slug, input) {
      const p = project(slug);
      const reservation = guard(() => insertReservation(ctx, p, input));
      return stored(reservationDetailView(store, reservation));
    },
    getReservation(slug, id) {
      const p = project(slug);
      try {
        return reservationDetailView(store, getReservation(store, p, id));
      } catch {
        throw new MockControlError(`Unknown reservation id "${id}" in ${slug}`, 404);
      }
    },
    snapshot: () => store.snapshot(),
    async settled() {
      await store.flush();
      await dispatcher.idle();
      await store.flush();
    },
  };
}

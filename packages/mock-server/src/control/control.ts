// The mock's control interface in JavaScript: every row of the mock README's control table, plus the
// request journal and data helpers for tests and benchmarks. pipeline/control-routes.ts offers the same
// operations under /__mock/, handing each method its input as the request brought it. Each method
// parses its own input before anything changes, once, for both: projects, tables, services and
// reservations by seed/seed-data.ts (the seed format's schemas), faults by control/faults.ts,
// everything else by control/schemas.ts, whose objects refuse unknown fields. Writes and reads of the
// store run under the service's lock, after the seed and any reset before them.

import type { z } from 'zod';
import type { components } from '../contract';
import { addService, addTable } from '../domain/catalog';
import { nowIso } from '../domain/context';
import { DomainError } from '../domain/errors';
import { createKey, keyOfProject, keysOfProject, regenerateKey, revokeKey } from '../domain/keys';
import { addToBlacklist, blacklistInput, setWebhook } from '../domain/projects';
import type { Permission, ProjectRecord } from '../domain/records';
import { compareListOrder, findReservation, insertReservation } from '../domain/reservations';
import { isoOf, latestInstantWithin } from '../domain/time';
import { TriggerError, triggerEvent } from '../domain/trigger';
import { reservationDetailView, serviceView, tableView } from '../domain/views';
import type { CoverageReport } from '../observers/api-coverage';
import type { JournalEntry, JournalFilter } from '../observers/journal';
import type { MockEventBus, StateChange } from '../observers/mock-events';
import { type ControlOutcome, controlOutcome, type OutcomeCommon } from '../observers/outcome';
import type { Delivery, WebhookEventName } from '../observers/webhooks';
import { WorldEndedError } from '../runtime/scheduler';
import { addSeedProject, hashSeedProject } from '../seed/apply-seed';
import {
  type ReservationImport,
  reservationImportSchema,
  type SeedProjectInput,
  type SeedServiceInput,
  type SeedTableInput,
  seedProjectSchema,
  seedServiceSchema,
  seedTableSchema,
} from '../seed/seed-data';
import { FOUR_DIGIT_DATES, seedFromTheFuture, seedTooEarly, seedTooLate } from '../seed/seed-dates';
import { type Fault, type FaultSpec, faultSpecSchema, MAX_FAULTS } from './faults';
import type { MockParts } from './parts';
import {
  advanceInput,
  deliveriesFilter,
  instantInput,
  journalFilter,
  keyInput,
  redeliverInput,
  reservationsFilter,
  resetInput,
  triggerInput,
  webhookInput,
} from './schemas';

type Schemas = components['schemas'];

/**
 * A control call named something that does not exist (`not_found`, 404 over HTTP), was given input
 * it refuses (`invalid`, 400 over HTTP, code VALIDATION_ERROR), asked for something the mock's state
 * or data forbids (`conflict`, 409 over HTTP: a clock moved backwards, code CLOCK_BACKWARDS; a
 * trigger the state machine refuses; a 101st fault, code TOO_MANY_FAULTS), or went past a bound
 * (`limit`, 429 over HTTP: too many sessions). Nothing changed.
 */
export class MockControlError extends Error {
  override readonly name = 'MockControlError';
  /** A machine-readable code; every `invalid` refusal is VALIDATION_ERROR. */
  readonly code: MockControlErrorCode | undefined;

  constructor(
    message: string,
    readonly kind: MockControlErrorKind = 'invalid',
    code?: MockControlErrorCode,
  ) {
    super(message);
    this.code = code ?? (kind === 'invalid' ? 'VALIDATION_ERROR' : undefined);
  }
}

/** `limit`: a bound was reached (429 over HTTP, e.g. SESSION_LIMIT). */
export type MockControlErrorKind = 'invalid' | 'not_found' | 'conflict' | 'limit';

/** Every code a MockControlError can carry (the control's and the sessions'); each is a row of pipeline/responses.ts. */
export const MOCK_CONTROL_ERROR_CODES = [
  'VALIDATION_ERROR',
  'CLOCK_BACKWARDS',
  'TOO_MANY_FAULTS',
  'SESSION_EXISTS',
  'SESSION_LIMIT',
  'SESSION_NOT_FOUND',
] as const;
export type MockControlErrorCode = (typeof MOCK_CONTROL_ERROR_CODES)[number];

export const CLOCK_BACKWARDS_MESSAGE =
  'The mock clock only moves forward; reset with a now to start over earlier';

/** Options of reset(). */
export interface ResetOptions {
  /**
   * Start over at this instant: the clock frozen there and the seed's data laid out around it
   * (any instant, earlier than the clock too). Without it the clock returns to where it started.
   */
  now?: Date | string | number;
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

export interface ProjectSummary {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
}

/** Filters of control.deliveries(), combined with AND; `order: 'newest'` lists the newest first. */
export type DeliveryFilter = z.input<typeof deliveriesFilter>;

export interface TriggerResult {
  /** The reservation the events are about (a new one unless `reservationId` was given). */
  reservationId: string;
  /** The deliveries caused, in the order of the events (none when the project has no webhook URL). */
  deliveries: string[];
}

export interface MockControl {
  /**
   * Restores the seed data, clock, keys, faults, deliveries and the journal; with `now`, starts over
   * at that instant (clock frozen there, the seed laid out around it).
   */
  reset(options?: ResetOptions): Promise<void>;
  clock: {
    /** The mock's now, ISO 8601 UTC. */
    now(): string;
    /**
     * Jumps forward to `time`; webhook attempts that fall due on the way are sent (at their own
     * times). A time before the mock's now is refused (`conflict`, code CLOCK_BACKWARDS): the clock
     * only moves forward; reset({ now }) starts over earlier.
     */
    set(time: Date | string | number): Promise<void>;
    /** Moves forward by `ms` (after any move asked for earlier); due webhook attempts are sent. */
    advance(ms: number): Promise<void>;
  };
  keys: {
    list(slug: string): Promise<KeyInfo[]>;
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
  /** Sets where the project's events go (`url: null`: nowhere); a generated `whsec_…` secret unless one is given or set. */
  setWebhook(
    slug: string,
    target: { url: string | null; secret?: string },
  ): Promise<{ url: string | null; secret: string }>;
  /**
   * Webhook deliveries, oldest first (`order: 'newest'`: newest first), each with its exact body,
   * signature and every attempt (headers sent, the receiver's answer, duration). Filters: `event`,
   * `status`, `project` (slug), `reservationId`.
   */
  deliveries(filter?: DeliveryFilter): Delivery[];
  /**
   * One extra attempt of delivery `id`, now (recorded with `manual: true`): the same bytes and
   * signature, to the delivery's URL or to `options.url`. Only an answer from the delivery's own URL
   * can mark it delivered.
   */
  redeliver(id: string, options?: { url?: string }): Promise<Delivery>;
  /**
   * Causes a webhook event through real transitions (the same as the API's, made by `system`), so
   * state, history and events agree. `reservation.created` books the next free slot at least a day
   * ahead (project local time) on a free table for the test customer `trigger@example.com`; the other
   * events move `options.reservationId` (or a new reservation) along the state machine, causing
   * every event on the way (`reservation.completed` on a new one: created, confirmed, completed).
   * Overrides: `reason` (with `reservation.cancelled`), and for a new booking `guests`, `date` (its
   * first free slot after now) and `tableId`. Throws MockControlError: `invalid` for an unknown
   * event or an override that does not fit, `not_found` for an unknown project or reservation,
   * `conflict` (nothing changed) when the reservation cannot make the transition or no slot is free.
   */
  trigger(
    slug: string,
    event: WebhookEventName,
    options?: { reservationId?: string; reason?: string; guests?: number; date?: string; tableId?: string },
  ): Promise<TriggerResult>;
  faults: {
    add(spec: FaultSpec): Fault;
    remove(id: string): void;
    clear(): void;
    list(): Fault[];
  };
  /** The request journal: every API request, oldest first (the last 1,000 by default). */
  requests: {
    list(filter?: JournalFilter): JournalEntry[];
    clear(): void;
  };
  /**
   * What this mock's traffic exercised of the contract (README, "Coverage"): every documented answer
   * of every operation, every state machine transition and DELETE cancellation, every webhook event
   * a receiver acknowledged, each with its count (0: never), and the refused requests grouped. A
   * reset starts it over; a clear of the journal does not.
   */
  coverage(): CoverageReport;
  /** Everything that happens (requests, deliveries, state changes), as it happens. */
  subscribe: MockEventBus['subscribe'];

  // Data helpers (tests, examples, benchmarks, the dashboard).
  projects(): Promise<ProjectSummary[]>;
  /** A project's reservations with their history, by date, from, createdAt; one date or all. */
  reservations(slug: string, filter?: { date?: string }): Promise<Schemas['ReservationDetail'][]>;
  getReservation(slug: string, id: string): Promise<Schemas['ReservationDetail']>;
  /** Adds a project in the seed format (see README "Seed format"). */
  createProject(project: SeedProjectInput): Promise<{ id: string; slug: string }>;
  addTable(slug: string, table: SeedTableInput): Promise<Schemas['Table']>;
  addService(slug: string, service: SeedServiceInput): Promise<Schemas['Service']>;
  /**
   * Inserts a reservation directly: no opening-hours, past, blacklist or overlap check and no event
   * (for seeding and benchmarks). References must exist.
   */
  addReservation(slug: string, reservation: ReservationImport): Promise<Schemas['ReservationDetail']>;
  /** Every collection as plain JSON, to compare state before and after something. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** Resolves when every request and write has taken effect and no webhook attempt is under way. */
  settled(): Promise<void>;
}

/**
 * The control as the /__mock routes call it (pipeline/control-routes.ts): the object createControl()
 * builds, with each input a request brings taken as it came (`unknown`; trigger's options an object
 * of unchecked fields). Each method parses its input with its schema before anything changes (an
 * `unknown` is of no use unparsed, so the compiler holds every method to it): the one input check for
 * JavaScript and HTTP callers alike, and a route hands a body or query over without parsing or casting
 * it. A MockControl, whose inputs are typed for users: only the inputs' types here are wider.
 */
export interface RawInputControl extends MockControl {
  reset(options?: unknown): Promise<void>;
  clock: Omit<MockControl['clock'], 'set' | 'advance'> & {
    set(time: unknown): Promise<void>;
    advance(ms: unknown): Promise<void>;
  };
  keys: Omit<MockControl['keys'], 'create'> & {
    create(slug: string, input: unknown): Promise<IssuedKeyInfo>;
  };
  blacklist(slug: string, entry: unknown): ReturnType<MockControl['blacklist']>;
  setWebhook(slug: string, target: unknown): ReturnType<MockControl['setWebhook']>;
  deliveries(filter?: unknown): Delivery[];
  redeliver(id: string, options?: unknown): Promise<Delivery>;
  trigger(slug: string, event: unknown, options?: Readonly<Record<string, unknown>>): Promise<TriggerResult>;
  faults: Omit<MockControl['faults'], 'add'> & { add(spec: unknown): Fault };
  requests: Omit<MockControl['requests'], 'list'> & { list(filter?: unknown): JournalEntry[] };
  reservations(slug: string, filter?: unknown): ReturnType<MockControl['reservations']>;
  createProject(project: unknown): ReturnType<MockControl['createProject']>;
  addTable(slug: string, table: unknown): ReturnType<MockControl['addTable']>;
  addService(slug: string, service: unknown): ReturnType<MockControl['addService']>;
  addReservation(slug: string, reservation: unknown): ReturnType<MockControl['addReservation']>;
}

export interface ControlDependencies extends MockParts {
  /** Back to the seed; with `now` (epoch ms, validated), frozen at that instant. */
  reset(now?: number): Promise<void>;
  /** Resolves when the world's close() has finished (called only once it has begun). */
  closed(): Promise<void>;
}

/** The value as `schema` parses it, or a MockControlError naming each field and why. */
export function parseControl<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const why = result.error.issues.map((i) =>
    i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message,
  );
  throw new MockControlError(why.join('; '));
}

/** The domain's refusal of a trigger as the control's error (409 for what the state machine refuses). */
function triggerFailure(error: unknown, slug: string, reservationId: string | undefined): unknown {
  if (error instanceof TriggerError) return new MockControlError(error.message, error.kind);
  if (!(error instanceof DomainError)) return error;
  if (error.code === 'RESERVATION_NOT_FOUND')
    return new MockControlError(`Unknown reservation id "${reservationId}" in ${slug}`, 'not_found');
  return new MockControlError(error.message, error.code === 'VALIDATION_ERROR' ? 'invalid' : 'conflict');
}

function keyInfo(key: { id: string; name: string; permissions: Permission[]; prefix: string }): KeyInfo {
  return { id: key.id, name: key.name, permissions: [...key.permissions], prefix: key.prefix };
}

export function createControl(deps: ControlDependencies): RawInputControl {
  const { ctx, lock, scheduler, dispatcher, faults, journal, events, outcomes, changes, closed } = deps;

  const project = (slug: string): ProjectRecord => {
    const found = ctx.store.projectBySlug(slug);
    if (!found) throw new MockControlError(`Unknown project slug "${slug}"`, 'not_found');
    return found;
  };
  /**
   * The sync changes (faults, the journal's clear) of a world that has ended: refused as the async
   * ones are (WorldEndedError), not made to a mock that answers nothing any more.
   */
  const refuseWhenEnded = (): void => {
    if (scheduler.ended) throw new WorldEndedError();
  };
  /** Publishes a write's outcome (observers/outcome.ts): the observers hear of it, none by name. */
  const publish = (
    source: string,
    notice: Omit<StateChange, 'at'>,
    fields: Partial<OutcomeCommon> = {},
  ): ControlOutcome => {
    const outcome = controlOutcome(source, notice, fields);
    outcomes.emit(outcome);
    return outcome;
  };
  /**
   * Runs a store write under the lock and publishes its outcome there, with the store changes it
   * made (so observers hear of writes in the order they were made); a data error the domain raises
   * (a duplicate id…) is `invalid`.
   */
  const write = <T>(
    source: string,
    task: () => Promise<T>,
    outcomeOf: (result: T) => { notice: Omit<StateChange, 'at'> } & Partial<OutcomeCommon>,
    /** false: an error that is no MockControlError goes on as it is (trigger: a bug stays a 500). */
    wrapErrors = true,
  ): Promise<T> =>
    lock.run(async () => {
      changes.begin();
      let result: T;
      try {
        result = await task();
      } catch (error) {
        // Whatever it changed before it failed is still a change: told, so nothing goes unsaved.
        const made = changes.take();
        if (made.changes.length > 0) publish(source, { kind: 'project' }, { ...made });
        if (error instanceof MockControlError || !wrapErrors) throw error;
        throw new MockControlError(error instanceof Error ? error.message : String(error));
      }
      const { notice, ...fields } = outcomeOf(result);
      // Object.assign, not `{ ...fields, ...taken }`: on Node 20 an object made by a spread and then
      // given more properties gets a hidden class of its own, one per control call (BENCHMARKS.md,
      // "In process").
      publish(source, notice, Object.assign({}, fields, changes.take()));
      return result;
    });
  const ownKey = (slug: string, id: string) => {
    const key = keyOfProject(ctx.store, project(slug).id, id);
    if (!key) throw new MockControlError(`Unknown key id "${id}" in ${slug}`, 'not_found');
    return key;
  };
  /** The latest instant the clock may reach: every project's local date keeps four digits. */
  const latestClock = () => latestInstantWithin(ctx.store.projects.all().map((p) => p.timeZone));
  /** Waits for the writes queued before (the seed first), so latestClock() sees their projects. */
  const storeReady = () => lock.run(() => undefined);
  const clockMoved = (source: string) => publish(source, { kind: 'clock', now: nowIso(ctx) });

  return {
    reset: async (options = {}) => {
      const { now } = parseControl(resetInput, options);
      // The outcome says the store was replaced: the journal clears, the dispatcher forgets its
      // deliveries, persistence saves the seed.
      await lock.run(async () => {
        await deps.reset(now);
        changes.begin();
        publish('reset', { kind: 'reset' }, { replaced: true });
      });
    },
    clock: {
      now: () => nowIso(ctx),
      async set(time) {
        const target = parseControl(instantInput, time);
        await storeReady();
        // Judged when the move runs, against the clock the moves queued before it leave.
        await scheduler.setTime(target, (now) => {
          if (target < now)
            throw new MockControlError(CLOCK_BACKWARDS_MESSAGE, 'conflict', 'CLOCK_BACKWARDS');
          const latest = latestClock();
          if (target > latest)
            throw new MockControlError(`now must be at most ${isoOf(latest)}: ${FOUR_DIGIT_DATES}`);
        });
        clockMoved('clock.set');
      },
      async advance(ms) {
        const shift = parseControl(advanceInput, ms);
        await storeReady();
        // Judged when the move runs (moves queue up), so concurrent moves cannot leave the range.
        await scheduler.advance(shift, (now) => {
          const latest = latestClock();
          if (now + shift > latest)
            throw new MockControlError(
              `advanceMs would move the clock past ${isoOf(latest)}: ${FOUR_DIGIT_DATES}`,
            );
        });
        clockMoved('clock.advance');
      },
    },
    keys: {
      list: (slug) => lock.run(() => keysOfProject(ctx.store, project(slug).id).map(keyInfo)),
      async create(slug, input) {
        const parsed = parseControl(keyInput, input);
        const issued = await write(
          'keys.create',
          () => createKey(ctx, project(slug).id, parsed),
          (made) => ({ notice: { kind: 'keys', slug, id: made.record.id } }),
        );
        return { id: issued.record.id, key: issued.value };
      },
      async regenerate(slug, id) {
        const issued = await write(
          'keys.regenerate',
          () => regenerateKey(ctx, ownKey(slug, id)),
          () => ({ notice: { kind: 'keys', slug, id } }),
        );
        return { id: issued.record.id, key: issued.value };
      },
      async revoke(slug, id) {
        const revoked = await write(
          'keys.revoke',
          () => revokeKey(ctx, ownKey(slug, id)),
          () => ({ notice: { kind: 'keys', slug, id } }),
        );
        return { id: revoked.id, revokedAt: revoked.revokedAt ?? nowIso(ctx) };
      },
    },
    async blacklist(slug, entry) {
      const parsed = parseControl(blacklistInput, entry);
      const record = await write(
        'blacklist',
        () => addToBlacklist(ctx, project(slug).id, parsed),
        (made) => ({ notice: { kind: 'blacklist', slug, id: made.id } }),
      );
      return { id: record.id, email: record.email, phone: record.phone };
    },
    async setWebhook(slug, target) {
      const parsed = parseControl(webhookInput, target);
      const record = await write(
        'setWebhook',
        () => setWebhook(ctx, project(slug).id, parsed),
        () => ({ notice: { kind: 'webhook', slug } }),
      );
      return { url: parsed.url, secret: record.secret };
    },
    deliveries(filter = {}) {
      const { event, status, project: slug, reservationId, order } = parseControl(deliveriesFilter, filter);
      // An unknown slug is a 404 as on every other control route: a misspelt one (or a project id
      // such as `prj_demo_bistro`) would otherwise read as "no deliveries".
      const projectId = slug === undefined ? undefined : project(slug).id;
      const found = dispatcher
        .deliveries()
        .filter(
          (d) =>
            (event === undefined || d.event === event) &&
            (status === undefined || d.status === status) &&
            (projectId === undefined || d.projectId === projectId) &&
            (reservationId === undefined || d.reservationId === reservationId),
        );
      return order === 'newest' ? found.reverse() : found;
    },
    async redeliver(id, options = {}) {
      const { url } = parseControl(redeliverInput, options);
      if (!dispatcher.has(id)) throw new MockControlError(`Unknown delivery id "${id}"`, 'not_found');
      return dispatcher.redeliver(id, url === undefined ? {} : { url });
    },
    async trigger(slug, event, options = {}) {
      // Spread into the input, an `event` among the options would be overwritten unseen, and `null`
      // or a string would add nothing: both read as a trigger that did what was asked.
      if (typeof options !== 'object' || options === null || Array.isArray(options))
        throw new MockControlError('trigger options must be an object');
      if (Object.hasOwn(options, 'event'))
        throw new MockControlError("event is trigger()'s second argument, not one of its options");
      const input = parseControl(triggerInput, { ...options, event });
      const result = await write(
        'trigger',
        async () => {
          const p = project(slug);
          const { event: name, ...overrides } = input;
          const outcome = await triggerEvent(ctx, p, name, overrides).catch((error: unknown) => {
            throw triggerFailure(error, slug, input.reservationId);
          });
          // Prepared under the lock, as an API request's are; the dispatcher sends them when it
          // hears the outcome.
          return { reservation: outcome.reservation, deliveries: dispatcher.prepare(p.id, outcome.events) };
        },
        ({ reservation: { id, status }, deliveries }) => ({
          notice: { kind: 'reservation', slug, id, status },
          reservations: [id],
          deliveries,
        }),
        false,
      );
      return { reservationId: result.reservation.id, deliveries: result.deliveries.map((d) => d.id) };
    },
    faults: {
      add(spec) {
        refuseWhenEnded();
        const parsed = parseControl(faultSpecSchema, spec);
        if (faults.count() >= MAX_FAULTS)
          throw new MockControlError(
            `At most ${MAX_FAULTS} faults can be active at once; remove one first`,
            'conflict',
            'TOO_MANY_FAULTS',
          );
        const fault = faults.add(parsed);
        publish('faults.add', { kind: 'faults', id: fault.id });
        return fault;
      },
      remove(id) {
        refuseWhenEnded();
        if (!faults.remove(id)) throw new MockControlError(`Unknown fault id "${id}"`, 'not_found');
        publish('faults.remove', { kind: 'faults', id });
      },
      clear() {
        refuseWhenEnded();
        faults.clear();
        publish('faults.clear', { kind: 'faults' });
      },
      list: () => faults.list(),
    },
    requests: {
      list: (filter = {}) => journal.list(parseControl(journalFilter, filter)),
      // The journal hears the outcome and clears itself.
      clear: () => {
        refuseWhenEnded();
        publish('requests.clear', { kind: 'requests-cleared' });
      },
    },
    coverage: () => deps.coverage.report(),
    subscribe: (listener) => events.subscribe(listener),
    projects: () =>
      lock.run(() =>
        ctx.store.projects.all().map(({ id, slug, name, timeZone }) => ({ id, slug, name, timeZone })),
      ),
    reservations: (slug, filter = {}) =>
      lock.run(() => {
        const { date } = parseControl(reservationsFilter, filter);
        const p = project(slug);
        return ctx.store.reservations
          .all()
          .filter((r) => r.projectId === p.id && (date === undefined || r.date === date))
          .sort(compareListOrder)
          .map((r) => reservationDetailView(ctx.store, r));
      }),
    getReservation: (slug, id) =>
      lock.run(() => {
        const reservation = findReservation(ctx.store, project(slug), id);
        if (!reservation)
          throw new MockControlError(`Unknown reservation id "${id}" in ${slug}`, 'not_found');
        return reservationDetailView(ctx.store, reservation);
      }),
    async createProject(input) {
      const hashed = hashSeedProject(parseControl(seedProjectSchema, input));
      const record = await write(
        'createProject',
        () => {
          // Judged under the lock, against the clock as it is when the project is laid out.
          const late = seedTooLate([hashed], ctx.clock.now());
          if (late !== null) throw new MockControlError(`the clock is too late for this project: ${late}`);
          const tooEarly = seedTooEarly([hashed], ctx.clock.now());
          if (tooEarly !== null)
            throw new MockControlError(`the clock is too early for this project: ${tooEarly}`);
          const early = seedFromTheFuture([hashed], ctx.clock.now());
          if (early !== null) throw new MockControlError(early);
          return addSeedProject(ctx, hashed);
        },
        (made) => ({ notice: { kind: 'project', slug: made.slug } }),
      );
      return { id: record.id, slug: record.slug };
    },
    async addTable(slug, input) {
      const parsed = parseControl(seedTableSchema, input);
      const table = await write(
        'addTable',
        () => addTable(ctx.store, project(slug), parsed),
        () => ({ notice: { kind: 'project', slug } }),
      );
      return tableView(table);
    },
    async addService(slug, input) {
      const parsed = parseControl(seedServiceSchema, input);
      const service = await write(
        'addService',
        () => addService(ctx.store, project(slug), parsed),
        () => ({ notice: { kind: 'project', slug } }),
      );
      return serviceView(service);
    },
    async addReservation(slug, input) {
      const parsed = parseControl(reservationImportSchema, input);
      const detail = await write(
        'addReservation',
        async () => {
          // Judged under the lock, against the clock as it is: a history is never in the future
          // (openapi.yaml, statusHistory).
          const now = ctx.clock.now();
          if (parsed.createdAt !== undefined && Date.parse(parsed.createdAt) > now)
            throw new MockControlError(
              `createdAt must not be later than the mock's current time, ${isoOf(now)}`,
            );
          const reservation = await insertReservation(ctx, project(slug), parsed);
          return reservationDetailView(ctx.store, reservation);
        },
        (made) => ({
          notice: { kind: 'reservation', slug, id: made.id, status: made.status },
          reservations: [made.id],
        }),
      );
      return detail;
    },
    snapshot: () => lock.run(() => ctx.store.snapshot()),
    async settled() {
      // An ended world settles when its close() has finished (the write under the lock, its save,
      // the attempts aborted): the coverage recipe's afterEach after a hook that closed the mock. One
      // waiting when the world ends rejects (WorldEndedError): what it waited for never happened.
      if (scheduler.ended) return closed();
      await lock.run(() => undefined);
      await dispatcher.idle();
    },
  };
}

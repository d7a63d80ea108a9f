// createMockCore(): one independent mock, transport-free. It takes a plain request and returns a
// plain answer (handle()); the MSW handlers (transports/msw.ts), the Fetch adapter (fetch()) and the
// standalone server (transports/node-server.ts) are thin adapters over it. Everything stateful (store,
// clock, scheduler, ids, lock, faults, journal, the event and outcome buses, webhook dispatcher,
// coverage) is created here, per call: one world, so two mocks share nothing they can change (mock
// README, "What is shared between mocks") and reset() can restore exactly what this one started with.
// Every write (an API request, a control call) publishes one outcome; the observers subscribed in
// observers/outcome-observers.ts hear of it.

import { createControl, type MockControl, MockControlError, type ResetOptions } from './control/control';
import { createFaults } from './control/faults';
import { type DomainContext, webCryptoRandomBytes } from './domain/context';
import { webhookTarget } from './domain/projects';
import { createStore, type Store } from './domain/store';
import {
  contractCoverageSources,
  createCoverageCounter,
  sharedCoverageSpace,
} from './observers/api-coverage';
import { createJournal, DEFAULT_JOURNAL_LIMIT } from './observers/journal';
import type { MockEvent, MockEventBus } from './observers/mock-events';
import { controlOutcome, type Outcome } from './observers/outcome';
import { observeOutcomes } from './observers/outcome-observers';
import { keptData } from './observers/persistence';
import type { MockPersistence } from './observers/snapshot';
import { createStoreChanges, type StoreChanges } from './observers/store-changes';
import { createWebhookDispatcher, type WebhookTransport } from './observers/webhooks';
import { type Api, createApi } from './pipeline/api';
import { answerControl } from './pipeline/control-routes';
import { RequestAbortedError } from './pipeline/errors';
import { eventsResponse, isEventsUrl } from './pipeline/events-response';
import type { MockAnswer, MockRequest } from './pipeline/exchange';
import { fromFetchRequest, toFetchResponse } from './pipeline/fetch-exchange';
import { closedAnswer, sessionNotFoundAnswer } from './pipeline/responses';
import { type Clock, createManualClock, createSwappableClock, createSystemClock } from './runtime/clock';
import { createEventBus, type EventBus } from './runtime/event-bus';
import { createSequentialIds, type IdSource } from './runtime/ids';
import { createLock, type Lock } from './runtime/lock';
import { consoleLogger, type MockLogger } from './runtime/logger';
import { checkOptionNames } from './runtime/option-names';
import { createScheduler, type Scheduler, WorldEndedError } from './runtime/scheduler';
import { type HashedSeed, hashSeed } from './seed/apply-seed';
import { builtInSeed } from './seed/built-in';
import { demoSeed } from './seed/demo';
import { emptySeed } from './seed/empty';
import { parseSeedData } from './seed/from-json';
import type { ResolvedSeedData, SeedData } from './seed/seed-data';
import { seedFromTheFuture, seedTooEarly, seedTooLate } from './seed/seed-dates';
import { seededStore } from './seed/seeded-store';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

export interface MockServiceOptions {
  /** Initial data: the documented demo data (default), nothing, or your own (see README "Seed format"). */
  seed?: 'demo' | 'empty' | SeedData;
  /** Freezes time at this instant (a manual clock that moves only through control.clock). */
  now?: Date | string | number;
  /** The base URL the mock answers on (`{baseUrl}` of openapi.yaml's `servers`), without `/api/v1`. Default http://127.0.0.1:4010. */
  baseUrl?: string;
  /** fetch used for webhook deliveries. Default: the global fetch at the time of each attempt. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * How each webhook attempt is sent, below `fetch`: a plain request (url, headers, body, an abort
   * signal) in, the receiver's status, headers and body out. When given, `fetch` is not used. The
   * standalone server passes one over node:http keep-alive connections (README, "Webhooks").
   */
  webhookTransport?: WebhookTransport;
  /** Id source (default: sequential `res_0001`, `cus_0001`, …). */
  ids?: IdSource;
  /** Clock (default: a manual clock at `now` when given, else the system clock). */
  clock?: Clock;
  /**
   * The session this mock is (the standalone server sets it): its deliveries carry
   * `X-Mock-Session: <id>`, its journal entries `session` and paths relative to the session.
   */
  session?: string;
  /** Where the mock reports its own failures (a bug, a webhook dispatcher error). Default: console. */
  logger?: MockLogger;
  /** Webhook answer timeout per attempt. Default 5000 ms. */
  webhookTimeoutMs?: number;
  /** How many requests the journal keeps (default 1,000); 0 turns it off. */
  journalLimit?: number;
  /**
   * Keep the data (not the clock, faults, deliveries or journal) between runs: loaded at start
   * instead of the seed, saved after every change; reset() returns to the seed and saves that.
   */
  persistence?: MockPersistence;
}

export interface MockCore {
  readonly baseUrl: string;
  readonly control: MockControl;
  /**
   * Every write's outcome as the observers hear it (observers/outcome.ts): API requests, control
   * calls, trigger, resets, clock moves. For observers made outside (coverage, tests).
   */
  readonly outcomes: Pick<EventBus<Outcome>, 'subscribe'>;
  /** Same as control.reset(). */
  reset(options?: ResetOptions): Promise<void>;
  /** Answers an API or control request given as plain data; undefined when the URL is not the mock's. */
  handle(request: MockRequest, options?: { control?: boolean }): Promise<MockAnswer | undefined>;
  /**
   * The same for a Fetch Request (workers, Deno, Bun, a custom fetch); undefined when not the mock's.
   * `GET /__mock/events` answers a stream of Server-Sent Events (unless `control: false`).
   * A request whose body stream fails (the client aborted) gets `Response.error()` and no journal entry.
   */
  fetch(request: Request, options?: { control?: boolean }): Promise<Response | undefined>;
  /**
   * A fresh request id (`req_…`) from the journal's counter, for an answer given outside handle()
   * (the standalone server's own: Host check, preflight, dashboard files, events). handle() sets
   * `x-request-id` on every answer itself.
   */
  requestId(): string;
  /**
   * Ends this mock's world (mock README, "Ending a world"): new requests are refused (503, or 404
   * SESSION_NOT_FOUND with `reason: 'session'`), a request waiting on a fault delay or its body never
   * takes effect (answered the same), a request taking effect under the lock finishes, pending
   * webhook attempts are cancelled and those in flight aborted, event streams end. Resolves when
   * nothing of the mock can still change state, send a request or hold a timer.
   */
  close(options?: { reason?: 'closed' | 'session' }): Promise<void>;
  /** Aborted when close() begins: event streams and other watchers let go. */
  readonly ended: AbortSignal;
}

/** The seed option as validated seed data (undefined is the demo seed). */
export function resolveSeed(seed: MockServiceOptions['seed']): ResolvedSeedData {
  if (seed === undefined || seed === 'demo') return parseSeedData(demoSeed());
  if (seed === 'empty') return parseSeedData(emptySeed());
  return parseSeedData(seed);
}

/** The base URL as the mock uses it: origin and path, no trailing slash (no query or hash allowed). */
export function normaliseBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.search || url.hash) throw new TypeError(`baseUrl must not have a query or a hash: ${baseUrl}`);
  const path = url.pathname.replace(/\/+$/, '');
  // The API would then answer under /api/v1/api/v1, and every request of a client given this URL
  // would be a 404.
  if (/\/api\/v1$/i.test(path))
    throw new TypeError(
      `baseUrl is the mock's root, without /api/v1 (the API answers under {baseUrl}/api/v1): got ${baseUrl}`,
    );
  return `${url.origin}${path}`;
}

/** Every option of MockServiceOptions, by name: the type makes it list each one, and only those. */
const MOCK_OPTIONS: Record<keyof MockServiceOptions, true> = {
  seed: true,
  now: true,
  baseUrl: true,
  fetch: true,
  webhookTransport: true,
  ids: true,
  clock: true,
  session: true,
  logger: true,
  webhookTimeoutMs: true,
  journalLimit: true,
  persistence: true,
};
export const MOCK_OPTION_NAMES: readonly string[] = Object.keys(MOCK_OPTIONS);

/** `journalLimit` as the journal takes it: a whole number of entries, 0 for none (the default 1,000). */
function journalLimitOf(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_JOURNAL_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new TypeError(
      `journalLimit must be a whole number of entries, 0 or more (0 turns the journal off): ${limit}`,
    );
  return limit;
}

export function createMockCore(options: MockServiceOptions = {}): MockCore {
  checkOptionNames('createMockCore', options, MOCK_OPTION_NAMES);
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  // Validated and hashed at once, so a bad seed throws here and only key hashes are kept (the
  // built-in seeds once per process: seed/built-in.ts).
  const seed =
    options.seed === undefined || typeof options.seed === 'string'
      ? builtInSeed(options.seed ?? 'demo')
      : hashSeed(resolveSeed(options.seed));
  const logger = options.logger ?? consoleLogger;
  const startClock =
    options.clock ?? (options.now === undefined ? createSystemClock() : createManualClock(options.now));
  // reset({ now }) freezes the clock at that instant whatever it started as; reset() returns to the
  // clock it started with.
  const clock = createSwappableClock(startClock);
  // reset() returns the clock to where it started: the same instant for a manual clock, the same
  // offset from real time for a flowing one.
  const startedAt = clock.now();
  const startOffset = startedAt - Date.now();
  // A start too late (or too early) for the seed's dates is refused here, not left with no data: a
  // flowing clock too, which starts where it is.
  const misplaced = seedTooLate(seed.projects, startedAt) ?? seedTooEarly(seed.projects, startedAt);
  if (misplaced !== null) throw new MockControlError(misplaced);
  // And one too early for a booking's given creation time (its history would be in the future).
  const tooEarly = seedFromTheFuture(seed.projects, startedAt);
  if (tooEarly !== null) throw new MockControlError(tooEarly);
  const ids = options.ids ?? createSequentialIds();
  // The store's change events feed each write's outcome; whichever store the world holds (a reset or
  // a load swaps it) is the one heard.
  const changes = createStoreChanges();
  const ctx: DomainContext = new WorldContext(createStore(), clock, ids, changes);
  // Every timer of this world and every clock move for due work (runtime/scheduler.ts).
  const scheduler = createScheduler({ clock });
  const baseLock = createLock();
  // Once the world has ended, a task that had not started yet never does (its request is refused).
  const lock: Lock = {
    run: (task) =>
      baseLock.run(() => {
        if (scheduler.ended) throw new WorldEndedError();
        return task();
      }),
  };
  let endedAnswer: () => MockAnswer = closedAnswer;
  /** The answer of a request the ended world cannot take, numbered like every answer (README, "Request ids"). */
  const endedWithId = (): MockAnswer => {
    const answer = endedAnswer();
    answer.headers['x-request-id'] = journal.nextId();
    return answer;
  };
  const events: MockEventBus = createEventBus<MockEvent>(logger);
  // Every write's outcome, whoever made it (observers/outcome.ts).
  const outcomes = createEventBus<Outcome>(logger);
  // A fault taken by a request (its `times` used up) is a change of the world's faults.
  const faults = createFaults((fault) =>
    outcomes.emit(controlOutcome('fault', { kind: 'faults', id: fault.id })),
  );
  const journal = createJournal(journalLimitOf(options.journalLimit));
  // Coverage hears outcomes and delivery changes as plain inputs (observers/api-coverage).
  // The root mock's outcome paths include its base URL's path; a session's are relative to it.
  const coverage = createCoverageCounter(
    sharedCoverageSpace(contractCoverageSources),
    options.session === undefined ? new URL(baseUrl).pathname.replace(/\/$/, '') : '',
  );
  const dispatcher = createWebhookDispatcher({
    clock,
    scheduler,
    ...(options.session === undefined ? {} : { headers: { 'X-Mock-Session': options.session } }),
    getTarget: (projectId) => webhookTarget(ctx.store, projectId),
    onError: (error) => logger.error('webhook dispatcher error', error),
    onChange: (delivery, copy) => {
      coverage.observeDelivery(delivery);
      if (events.listening()) events.emit({ type: 'delivery', data: copy() });
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.webhookTransport ? { transport: options.webhookTransport } : {}),
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
  });
  observeOutcomes(outcomes, { dispatcher, events, journal, clock, coverage });

  /**
   * A fresh store with the seed: built aside (or copied from one built before, seed/seeded-store.ts),
   * then swapped in whole, so no reader sees it half done.
   */
  const seeded = (seed: HashedSeed): Promise<Store> => seededStore(ctx, seed, options.ids === undefined);

  const kept = options.persistence
    ? // The base lock: a write that finished as the world ended is still saved.
      keptData({ persistence: options.persistence, ctx, lock: baseLock, outcomes, logger })
    : null;

  // The first task of the lock: every request and control call waits for the seed.
  lock
    .run(async () => {
      ctx.store = (await kept?.load()) ?? (await seeded(seed));
    })
    .catch((error: unknown) => {
      // A mock closed before its seed went in (a test that ends at once) simply never seeds.
      if (!(error instanceof WorldEndedError)) logger.error('the seed could not be applied', error);
    });
  const stopKeeping = kept?.keep();

  /**
   * Back to the seed; with `now`, the clock frozen there and the seed laid out around it. Run under
   * the lock by the control, which publishes the outcome (the journal and the dispatcher start over
   * when they hear it).
   */
  const reset = async (now?: number): Promise<void> => {
    // Refused before anything changes: never half a reset.
    const late =
      now === undefined ? null : (seedTooLate(seed.projects, now) ?? seedTooEarly(seed.projects, now));
    if (late !== null) throw new MockControlError(late);
    const early = seedFromTheFuture(
      seed.projects,
      now ?? (startClock.manual ? startedAt : Date.now() + startOffset),
    );
    if (early !== null) throw new MockControlError(early);
    // Moves under way stop: the new world's time starts here.
    scheduler.restart();
    faults.clear();
    ids.reset();
    if (now === undefined) {
      clock.use(startClock);
      clock.set(startClock.manual ? startedAt : Date.now() + startOffset);
    } else {
      clock.use(createManualClock(now));
    }
    ctx.store = await seeded(seed);
  };

  const control = createControl({
    ctx,
    lock,
    scheduler,
    dispatcher,
    faults,
    journal,
    events,
    outcomes,
    changes,
    coverage,
    reset,
    // Read only after close() began (settled() of an ended world), when `closing` is set.
    closed: () => closing ?? Promise.resolve(),
  });
  const api: Api = createApi({
    ctx,
    lock,
    webhooks: dispatcher,
    faults,
    requestIds: journal,
    outcomes,
    changes,
    logger,
    baseUrl,
    scheduler,
    ended: endedWithId,
    ...(options.session === undefined ? {} : { session: options.session }),
  });
  const base = new URL(baseUrl);
  let closing: Promise<void> | undefined;

  async function handle(request: MockRequest, handleOptions: { control?: boolean } = {}) {
    if (scheduler.ended) return endedWithId();
    const answer = await api.answer(request);
    if (answer || handleOptions.control === false) return answer;
    let controlAnswer: MockAnswer | undefined;
    try {
      controlAnswer = await answerControl(control, base, request, logger, scheduler.untilEnded);
    } catch (error) {
      // The world ended while the control request waited (its body, a clock move): as any request
      // of an ended world, it is refused and nothing of it is done.
      if (error instanceof WorldEndedError) return endedWithId();
      throw error;
    }
    // Control requests are not journaled (the dashboard's polling would fill the journal), but their
    // ids come from the same counter, so every id names one request.
    if (controlAnswer) controlAnswer.headers['x-request-id'] = journal.nextId();
    return controlAnswer;
  }

  return new Core(scheduler, {
    baseUrl,
    control,
    outcomes: { subscribe: (listener) => outcomes.subscribe(listener) },
    reset: (resetOptions) => control.reset(resetOptions),
    handle,
    async fetch(request, fetchOptions) {
      // From plain JavaScript fetch's own form (`mock.fetch('/api/…', init)`) failed deep inside with
      // a TypeError about `toUpperCase`.
      if (typeof request !== 'object' || request === null || typeof request.url !== 'string')
        throw new TypeError(
          `mock.fetch() takes a Request (new Request(url, init)), not ${request === null ? 'null' : typeof request}`,
        );
      // The event stream is no single answer: a streaming Response, where Fetch can carry one.
      if (
        fetchOptions?.control !== false &&
        request.method === 'GET' &&
        isEventsUrl(new URL(request.url), baseUrl)
      )
        return eventsResponse(
          control,
          journal.nextId(),
          AbortSignal.any([request.signal, scheduler.signal()]),
        );
      try {
        const answer = await handle(fromFetchRequest(request), fetchOptions);
        return answer && toFetchResponse(answer);
      } catch (error) {
        // The body stream failed (the client aborted): no answer, a network error as fetch has it.
        if (error instanceof RequestAbortedError) return Response.error();
        throw error;
      }
    },
    close(closeOptions = {}) {
      closing ??= (async () => {
        if (closeOptions.reason === 'session') endedAnswer = sessionNotFoundAnswer;
        // Refuses new requests and lock turns not yet begun; cancels every timer and wait (fault
        // delays, pending attempts, bodies); aborts attempts in flight and event streams.
        scheduler.end();
        // The request under the lock, if any, finishes; the save it caused queues behind this turn,
        // so persistence stops listening only then, and the next turn waits for that save.
        await baseLock.run(() => undefined);
        stopKeeping?.();
        await baseLock.run(() => undefined);
        await dispatcher.close();
      })();
      return closing;
    },
    requestId: () => journal.nextId(),
  });
}

// The two objects below are classes so that their accessors live on a prototype: V8 keeps an object
// literal with a getter or setter, and all it reaches (here the whole world), through
// young-generation collections until a full one, which made every fresh mock and every reset cost
// more in garbage collection than in its own work (BENCHMARKS.md, "In process").

/** The domain's context of one world: `store` is swapped whole (a reset, a load), and watched. */
class WorldContext implements DomainContext {
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly randomBytes = webCryptoRandomBytes;
  #store: Store;
  readonly #changes: StoreChanges;

  constructor(store: Store, clock: Clock, ids: IdSource, changes: StoreChanges) {
    this.clock = clock;
    this.ids = ids;
    this.#changes = changes;
    this.#store = store;
    changes.watch(store);
  }

  get store(): Store {
    return this.#store;
  }

  set store(next: Store) {
    this.#store = next;
    this.#changes.watch(next);
  }
}

/** What createMockCore() returns; `ended` is the scheduler's signal, made on first read. */
class Core implements MockCore {
  readonly baseUrl: string;
  readonly control: MockControl;
  readonly outcomes: MockCore['outcomes'];
  readonly reset: MockCore['reset'];
  readonly handle: MockCore['handle'];
  readonly fetch: MockCore['fetch'];
  readonly requestId: MockCore['requestId'];
  readonly close: MockCore['close'];
  readonly #scheduler: Scheduler;

  constructor(scheduler: Scheduler, members: Omit<MockCore, 'ended'>) {
    this.#scheduler = scheduler;
    this.baseUrl = members.baseUrl;
    this.control = members.control;
    this.outcomes = members.outcomes;
    this.reset = members.reset;
    this.handle = members.handle;
    this.fetch = members.fetch;
    this.requestId = members.requestId;
    this.close = members.close;
  }

  get ended(): AbortSignal {
    return this.#scheduler.signal();
  }
}

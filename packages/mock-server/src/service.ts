// createMockService(): one independent mock. Everything stateful (store, clock, ids, faults,
// webhook dispatcher) is created here, per call, so two services never share anything and reset()
// can restore exactly what this one started with.
import type { RequestHandler } from 'msw';
import { type Clock, createManualClock, createSystemClock } from './clock';
import { createControl, type MockControl } from './control';
import { type DomainContext, webCryptoRandomBytes } from './domain/context';
import { webhookTarget } from './domain/projects';
import { createStore } from './domain/store';
import { createTimeZones } from './domain/time';
import { createApi } from './http/api';
import { answerControlRequest, createControlHandlers, handleControlRequest } from './http/control';
import type { ApiAnswer, ApiRequest } from './http/exchange';
import { createFaults } from './http/faults';
import { createApiHandlers } from './http/handlers';
import { createSequentialIds, type IdSource } from './ids';
import { applySeed } from './seed/apply-seed';
import { demoSeed } from './seed/demo';
import { emptySeed } from './seed/empty';
import { parseSeedData } from './seed/from-json';
import type { ResolvedSeedData, SeedData } from './seed/seed-data';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

export interface MockServiceOptions {
  /** Initial data: the documented demo data (default), nothing, or your own (see README "Seed format"). */
  seed?: 'demo' | 'empty' | SeedData;
  /** Freezes time at this instant (a manual clock that moves only through control.clock). */
  now?: Date | string | number;
  /** `{base_url}` the handlers answer on, without `/api/v1`. Default http://127.0.0.1:4010. */
  baseUrl?: string;
  /** fetch used for webhook deliveries. Default: the global fetch at the time of each attempt. */
  fetch?: (request: Request) => Promise<Response>;
  /** Id source (default: sequential `res_0001`, `cus_0001`, …). */
  ids?: IdSource;
  /** Clock (default: a manual clock at `now` when given, else the system clock). */
  clock?: Clock;
  /** Webhook answer timeout per attempt. Default 5000 ms. */
  webhookTimeoutMs?: number;
}

export interface MockService {
  /** One MSW handler for `{baseUrl}/api/v1/*` (fast: dispatches over its own route table). */
  readonly handlers: RequestHandler[];
  /** The same API as one MSW handler per route, plus a final catch-all for unknown paths. */
  readonly routeHandlers: RequestHandler[];
  /** The control interface over HTTP, under `{baseUrl}/__mock/`. */
  readonly controlHandlers: RequestHandler[];
  readonly control: MockControl;
  /** Same as control.reset(). */
  reset(): Promise<void>;
  readonly baseUrl: string;
  /** Answers a Fetch request without MSW (API and control routes); undefined when not ours. */
  handle(request: Request, options?: { control?: boolean }): Promise<Response | undefined>;
  /**
   * The same without Fetch objects, for transports that build their own responses (the standalone
   * server answers node:http requests through it); identical answers.
   */
  answer(request: ApiRequest, options?: { control?: boolean }): Promise<ApiAnswer | undefined>;
  /** Stops webhook timers (the standalone server calls it on shutdown). */
  close(): void;
}

/** The seed option as validated seed data (undefined is the demo seed). */
export function resolveSeed(seed: MockServiceOptions['seed']): ResolvedSeedData {
  if (seed === undefined || seed === 'demo') return parseSeedData(demoSeed());
  if (seed === 'empty') return parseSeedData(emptySeed());
  return parseSeedData(seed);
}

function normaliseBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.search || url.hash) throw new TypeError(`baseUrl must not have a query or a hash: ${baseUrl}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const seed = resolveSeed(options.seed);
  const clock =
    options.clock ?? (options.now === undefined ? createSystemClock() : createManualClock(options.now));
  // reset() returns the clock to where it started: the same instant for a manual clock, the same
  // offset from real time for a flowing one.
  const startedAt = clock.now();
  const startOffset = startedAt - Date.now();
  const ids = options.ids ?? createSequentialIds();
  const store = createStore();
  const ctx: DomainContext = {
    store,
    clock,
    ids,
    zones: createTimeZones(),
    randomBytes: webCryptoRandomBytes,
  };
  const faults = createFaults();
  const dispatcher: WebhookDispatcher = createWebhookDispatcher({
    clock,
    ids,
    getTarget: (projectId) => webhookTarget(store, projectId),
    onError: (error) => console.error('[reservation-mock] webhook dispatcher error', error),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
  });

  applySeed(ctx, seed);

  async function reset(): Promise<void> {
    dispatcher.reset();
    faults.clear();
    store.clear();
    ids.reset();
    clock.set(clock.manual ? startedAt : Date.now() + startOffset);
    applySeed(ctx, seed);
    await store.flush();
  }

  const control = createControl({ ctx, dispatcher, faults, reset });
  const api = createApi({ ctx, dispatcher, faults, baseUrl });
  // MSW handlers are built on first use: the standalone server never needs them (it answers through
  // answer()), and its bundled CLI leaves msw out altogether (tsup.config.ts) to start faster.
  let apiHandlers: { handlers: RequestHandler[]; routeHandlers: RequestHandler[] } | undefined;
  let controlHandlers: RequestHandler[] | undefined;
  const mswHandlers = () => {
    apiHandlers ??= createApiHandlers(api, baseUrl);
    return apiHandlers;
  };

  return {
    get handlers() {
      return mswHandlers().handlers;
    },
    get routeHandlers() {
      return mswHandlers().routeHandlers;
    },
    get controlHandlers() {
      controlHandlers ??= createControlHandlers(control, baseUrl);
      return controlHandlers;
    },
    control,
    reset,
    baseUrl,
    async handle(request, handleOptions = {}) {
      const answer = await api.handle(request);
      if (answer || handleOptions.control === false) return answer;
      return handleControlRequest(control, baseUrl, request);
    },
    async answer(request, answerOptions = {}) {
      const answered = await api.answer(request);
      if (answered || answerOptions.control === false) return answered;
      return answerControlRequest(control, baseUrl, request);
    },
    close: () => dispatcher.close(),
  };
}

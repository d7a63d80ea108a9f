import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { type Sleep, sleep } from './abort';
import { type AnswerSlot, apiPromise } from './api-promise';
import { type Answer, type FetchLike, type FetchSettings, runCall } from './call';
import type { paths } from './generated/schema';
import { type Hooks, MARKER, type RetryInfo } from './hooks';
import { createLog, type Logger, type LogLevel } from './logger';
import { serializeQuery } from './query';
import { secretValues } from './redact';
import type { HeadersInput, RequestOptions } from './request-options';
import { type AvailabilityResource, createAvailabilityResource } from './resources/availability';
import { type ResourceContext, settleWith } from './resources/context';
import { createGalleryResource, type GalleryResource } from './resources/gallery';
import { createInfoResource, type InfoResource } from './resources/info';
import { createReservationsResource, type ReservationsResource } from './resources/reservations';
import { createReviewsResource, type ReviewsResource } from './resources/reviews';
import { createScheduleResource, type ScheduleResource } from './resources/schedule';
import { createServicesResource, type ServicesResource } from './resources/services';
import { createTablesResource, type TablesResource } from './resources/tables';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';

/**
 * Delays in ms, each from 0 to 2 147 483 647 (the longest a timer can wait). Each may be given as
 * `undefined` (under `exactOptionalPropertyTypes` too), which keeps its default.
 */
export interface RetryOptions {
  /** Backoff before retry n (0-based) is baseDelayMs * 2^n, capped at maxDelayMs, with equal jitter. */
  baseDelayMs?: RetryPolicy['baseDelayMs'] | undefined;
  maxDelayMs?: RetryPolicy['maxDelayMs'] | undefined;
  /** The longest `Retry-After` the client waits for; a longer one goes to the caller as the error. */
  maxRetryAfterMs?: RetryPolicy['maxRetryAfterMs'] | undefined;
  /** Replaces the backoff timer, e.g. to make tests instant. Must reject when `signal` aborts. */
  sleep?: Sleep | undefined;
  /** Source of jitter in [0, 1); Math.random by default. */
  random?: (() => number) | undefined;
}

export interface ReservationClientOptions {
  /** The service root without `/api/v1`, e.g. `http://127.0.0.1:4010` or `https://host/prefix`. */
  baseUrl: string;
  /** Server-side secret; sent as `X-API-Key` and never included in errors. */
  apiKey: string;
  /** The project's slug (`/api/v1/:slug/...`). */
  project: string;
  /**
   * Per attempt, in ms: from sending the request until the response body has been read (a body that
   * stalls counts). Greater than 0 and at most 2 147 483 647, or `Infinity` for no timeout. Default 30 000.
   */
  timeoutMs?: number | undefined;
  /**
   * Retries of reads (GET) after network errors, timeouts, 408, 429, 500, 502, 503 and 504 (not other
   * 5xx): a whole number ≥ 0. Default 2.
   */
  maxRetries?: number | undefined;
  /** A fetch implementation; default: `globalThis.fetch`, looked up at call time. */
  fetch?: FetchLike | undefined;
  /** Sent with every request (the API key always wins over an `X-API-Key` given here). */
  headers?: HeadersInput | undefined;
  /** Allows creating the client where `window` and `document` exist. The key is then exposed to users. */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Fine-tuning of backoff; the defaults suit production. */
  retry?: RetryOptions | undefined;
  /**
   * The least severe level to log: `debug` (every attempt: method, URL, status, attempt, duration),
   * `warn` (every retry), `error` (a call that got no response). Default `off`: nothing is logged.
   */
  logLevel?: LogLevel | undefined;
  /** Where records go (default `console`), e.g. pino or winston. Never receives the API key. */
  logger?: Logger | undefined;
  /**
   * Called before each retry (reads only) with the failed attempt's number, the wait, the reason
   * (`status` with `status`, `network-error`, `timeout`), its request id, method and URL: for
   * metrics or tracing. It may be async: the retry waits for its promise. An exception it throws (or
   * a promise it rejects) rejects the call with a HookError (no further attempt).
   */
  onRetry?: ((info: RetryInfo) => void) | undefined;
}

export interface ReservationClient {
  reservations: ReservationsResource;
  availability: AvailabilityResource;
  schedule: ScheduleResource;
  tables: TablesResource;
  services: ServicesResource;
  info: InfoResource;
  gallery: GalleryResource;
  reviews: ReviewsResource;
  /**
   * Adds middleware (openapi-fetch's `Middleware`: `onRequest`, `onResponse`, `onError`) that runs
   * around every attempt of every call (resource methods, each page, `raw`), retries included, in
   * the order added (responses and errors in reverse). The SDK's headers and the API key are set on
   * the request before it.
   */
  use(...middleware: Middleware[]): void;
  /** Removes middleware added with `use`. */
  eject(...middleware: Middleware[]): void;
  /**
   * The underlying openapi-fetch client: same auth, headers, timeout, retries and `signal` handling;
   * returns `{ data, error, response }` for any HTTP answer and rejects like the resource methods
   * when there is none (ConnectionError, TimeoutError, a 2xx body that is not JSON, the abort reason).
   */
  raw: Client<paths>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest delay setTimeout honours; a longer one fires after 1 ms (with a TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2_147_483_647;

declare const __SDK_VERSION__: string | undefined;
/** package.json's version, put in by tsup's `define` at build time; tests and the bench run the source. */
const VERSION = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : '0.0.0-dev';

/**
 * Sent first, so `headers` can replace them. Browsers ignore a User-Agent set by scripts, which is
 * fine: it is for the service's logs of server-side clients.
 */
const SDK_HEADERS: ReadonlyArray<[string, string]> = [
  ['Accept', 'application/json'],
  ['User-Agent', `reservation-api-sdk/${VERSION}`],
];

const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

function isBrowserLike(): boolean {
  return 'window' in globalThis && 'document' in globalThis;
}

const CREATE = 'createReservationClient';
const PER_CALL = 'per-call options';

/** A value for a message: numbers as they are (NaN, -1, Infinity), anything else by its type only. */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value;
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${CREATE}: \`${name}\` must be a non-empty string`);
  }
  return value;
}

/**
 * The service root as openapi-fetch joins it with `/api/v1/...`: checked here, because fetch would
 * only reject it at call time, with a TypeError that names no option.
 */
function checkBaseUrl(value: unknown): string {
  const text = requireString(value, 'baseUrl').trim();
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      `${CREATE}: \`baseUrl\` must be an absolute http(s) URL of the service root, ` +
        'e.g. https://reservations.example.com or http://127.0.0.1:4010',
    );
  }
  // Not echoed in these messages: a URL with credentials would put them into logs.
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(
      `${CREATE}: \`baseUrl\` must not contain credentials (user:password@); fetch refuses them`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError(`${CREATE}: \`baseUrl\` must not have a query string or fragment`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  const apiPath = /\/api\/v1(\/[^/]+)?$/.exec(path);
  if (apiPath) {
    // The API's base URL is the service root (openapi.yaml, "Base URL"); the SDK adds /api/v1/<project> to every path.
    const root = url.origin + path.slice(0, apiPath.index);
    throw new TypeError(
      `${CREATE}: \`baseUrl\` must be the service root without /api/v1 (the SDK adds /api/v1/<project> ` +
        `itself): use ${root} and pass the project slug as \`project\``,
    );
  }
  return url.origin + path;
}

/**
 * The key as it will be sent. Checked now because Headers.set would reject it on every call with a
 * TypeError that quotes the key. Neither this message nor any other shows the key.
 */
function checkApiKey(value: unknown): string {
  const key = requireString(value, 'apiKey').trim();
  const bad = /[^\x21-\x7E]/.exec(key)?.[0];
  if (bad !== undefined) {
    const kind =
      bad.charCodeAt(0) > 0x7e
        ? 'a non-ASCII character (e.g. a typographic quote)'
        : 'whitespace or a control character (e.g. a line break)';
    throw new TypeError(
      `${CREATE}: \`apiKey\` contains ${kind}; an API key is printable ASCII without spaces. ` +
        'Check how it is loaded (the environment variable or secrets file).',
    );
  }
  return key;
}

function checkProject(value: unknown): string {
  const project = requireString(value, 'project').trim();
  // `.` and `..` would change the path instead of naming a project.
  if (project === '.' || project === '..')
    throw new TypeError(`${CREATE}: \`project\` must be a project slug`);
  return project;
}

function checkTimeoutMs(value: unknown, where: string): number {
  if (value === Infinity || (typeof value === 'number' && value > 0 && value <= MAX_TIMER_MS)) {
    return value;
  }
  throw new TypeError(
    `${where}: \`timeoutMs\` must be a number of milliseconds greater than 0 and at most ${MAX_TIMER_MS} ` +
      `(about 24.8 days), or Infinity for no timeout; got ${shown(value)}`,
  );
}

/** Else "throwIfAborted is not a function" came from deep inside the first attempt. */
function checkSignal(value: unknown, where: string): void {
  if (value != null && typeof (value as AbortSignal).throwIfAborted !== 'function')
    throw new TypeError(`${where}: \`signal\` must be an AbortSignal; got ${shown(value)}`);
}

function checkMaxRetries(value: unknown, where: string): number {
  // NaN would retry forever: `retry >= NaN` is never true.
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  throw new TypeError(`${where}: \`maxRetries\` must be a whole number ≥ 0; got ${shown(value)}`);
}

function checkDelay(value: unknown, name: string): number {
  if (typeof value === 'number' && value >= 0 && value <= MAX_TIMER_MS) return value;
  throw new TypeError(
    `${CREATE}: \`retry.${name}\` must be a number of milliseconds from 0 to ${MAX_TIMER_MS}; got ${shown(value)}`,
  );
}

function checkFunction<T>(value: T | undefined, name: string): T | undefined {
  if (value === undefined || typeof value === 'function') return value;
  throw new TypeError(`${CREATE}: \`${name}\` must be a function; got ${shown(value)}`);
}

/**
 * Headers fetch sets itself or refuses (undici rejects them before sending): given here, each would
 * fail every call as "No answer from the Reservation API", and a read would be retried.
 */
const FETCH_OWN_HEADERS =
  /^(connection|content-length|expect|keep-alive|te|trailer|transfer-encoding|upgrade)$/;

function headerEntries(init: HeadersInput | undefined, where: string): Array<[string, string]> {
  if (init === undefined) return [];
  let entries: Array<[string, string]>;
  try {
    // Any iterable of pairs: what the Headers constructor reads (HeadersInput says so).
    entries = [...new Headers(init as ConstructorParameters<typeof Headers>[0])];
  } catch {
    // Headers' own message quotes the offending value, which may be a secret (an Authorization header).
    throw new TypeError(
      `${where}: \`headers\` has an invalid header name or value (values cannot contain line breaks or non-Latin-1 characters)`,
    );
  }
  for (const [name] of entries)
    if (FETCH_OWN_HEADERS.test(name))
      throw new TypeError(`${where}: \`headers\` cannot set ${name} (fetch does)`);
  return entries;
}

type RawInit = { signal?: AbortSignal | null; headers?: HeadersInput; middleware?: Middleware[] } | undefined;
type LooseRequest = (method: string, url: string, init: object) => Promise<Answer>;
const asIs = <T>(value: T): T => value;

/**
 * `client.raw`: openapi-fetch's client, with every call run like a resource method's (the signal of
 * its init, the timeout until the body is read, retries, errors mapped), and any HTTP answer given as
 * openapi-fetch gives it. openapi-fetch's own methods are generic over the paths, so the wrapper is
 * built loosely and typed as the client it stands for.
 */
function rawClient(
  api: Client<paths>,
  settingsFor: (call: RequestOptions) => FetchSettings,
  hooks: Hooks,
  methods: Pick<ReservationClient, 'use' | 'eject'>,
): Client<paths> {
  const request = api.request as unknown as LooseRequest;
  const send = async (method: string, url: string, init: RawInit): Promise<unknown> => {
    // Per-request middleware is watched like client.use's: the marker goes in front unless it already is.
    const { headers, middleware, ...rest } = init ?? {};
    // Another origin for one request would take the API key there: the base URL is the client's.
    if ('baseUrl' in rest) throw new TypeError("client.raw: `baseUrl` is the client's alone");
    checkSignal(init?.signal, 'client.raw');
    const extra = middleware && hooks.middleware.length === 0 ? [MARKER, ...middleware] : middleware;
    return runCall(
      // The call's headers as a resource method's: after the SDK's and the client's (the key last),
      // and masked in errors. Left to openapi-fetch, the client's were written over them.
      settingsFor(headers === undefined ? {} : { headers }),
      init?.signal,
      // `redirect` cannot be overridden: see RedirectError.
      (fetch) => request(method, url, { ...rest, middleware: extra, redirect: 'manual', fetch }),
      asIs,
      middleware !== undefined,
    );
  };
  // One set of hooks: `raw.use` is `client.use`.
  const raw: Record<string, unknown> = { request: send, use: methods.use, eject: methods.eject };
  for (const method of HTTP_METHODS) raw[method] = (url: string, init: RawInit) => send(method, url, init);
  return raw as unknown as Client<paths>;
}

export function createReservationClient(options: ReservationClientOptions): ReservationClient {
  if (isBrowserLike() && options.dangerouslyAllowBrowser !== true) {
    throw new Error(
      `${CREATE}: refusing to run in a browser: API keys are server-side secrets, which anyone who opens ` +
        'the page could read and use. Call the API from your server, or pass `dangerouslyAllowBrowser: true` ' +
        'where that is safe (tests, an internal tool).',
    );
  }
  const baseUrl = checkBaseUrl(options.baseUrl);
  const apiKey = checkApiKey(options.apiKey);
  const project = checkProject(options.project);
  const { sleep: sleepOption, random, ...policy } = options.retry ?? {};
  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY };
  // An option given as `undefined` keeps its default, as everywhere else.
  for (const [name, value] of Object.entries(policy))
    if (value !== undefined) Object.assign(retry, { [name]: value });
  retry.baseDelayMs = checkDelay(retry.baseDelayMs, 'baseDelayMs');
  retry.maxDelayMs = checkDelay(retry.maxDelayMs, 'maxDelayMs');
  retry.maxRetryAfterMs = checkDelay(retry.maxRetryAfterMs, 'maxRetryAfterMs');
  retry.maxRetries =
    options.maxRetries === undefined
      ? DEFAULT_RETRY_POLICY.maxRetries
      : checkMaxRetries(options.maxRetries, CREATE);

  const userHeaders = headerEntries(options.headers, CREATE);
  /** The headers of a call: the SDK's, the client's, the call's, and always the API key last (it wins). */
  const headersWith = (call: Array<[string, string]>): Pick<FetchSettings, 'headers' | 'secrets'> => {
    const entries: Array<[string, string]> = [...SDK_HEADERS, ...userHeaders, ...call, ['X-API-Key', apiKey]];
    return { headers: entries, secrets: secretValues(entries, apiKey) };
  };
  const defaults: FetchSettings = {
    fetch: checkFunction(options.fetch, 'fetch'),
    ...headersWith([]),
    timeoutMs:
      options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : checkTimeoutMs(options.timeoutMs, CREATE),
    retry,
    sleep: checkFunction(sleepOption, 'retry.sleep') ?? sleep,
    random: checkFunction(random, 'retry.random') ?? Math.random,
    now: Date.now,
    log: createLog(options.logger, options.logLevel),
    hooks: { middleware: [], onRetry: checkFunction(options.onRetry, 'onRetry') },
  };
  const { hooks } = defaults;

  /** The settings of one call: the client's, unless the call overrides some (checked like the client's). */
  function settingsFor(call: RequestOptions): FetchSettings {
    if (call.timeoutMs === undefined && call.maxRetries === undefined && call.headers === undefined)
      return defaults;
    return {
      ...defaults,
      timeoutMs: call.timeoutMs === undefined ? defaults.timeoutMs : checkTimeoutMs(call.timeoutMs, PER_CALL),
      retry:
        call.maxRetries === undefined
          ? defaults.retry
          : { ...defaults.retry, maxRetries: checkMaxRetries(call.maxRetries, PER_CALL) },
      ...(call.headers === undefined ? {} : headersWith(headerEntries(call.headers, PER_CALL))),
    };
  }

  // Every attempt passes its own `fetch` (see call.ts), so openapi-fetch's client-wide one is unused.
  // The API has no redirects, and following one would send the key to wherever it points.
  const api = createClient<paths>({ baseUrl, redirect: 'manual', querySerializer: serializeQuery });
  const ctx: ResourceContext = {
    api,
    slug: { slug: project },
    send(call, request, map, check) {
      const slot: AnswerSlot = {};
      const onValue = settleWith(slot, map, check);
      if (call === undefined) return apiPromise(runCall(defaults, undefined, request, onValue), slot);
      try {
        checkSignal(call.signal, PER_CALL);
        return apiPromise(runCall(settingsFor(call), call.signal, request, onValue), slot);
      } catch (error) {
        return apiPromise(Promise.reject(error), slot);
      }
    },
  };
  const use = (...middleware: Middleware[]): void => {
    for (const m of middleware) {
      if (typeof m !== 'object' || m === null || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
        throw new TypeError(
          `client.use: a middleware must be an object with onRequest, onResponse or onError; got ${shown(m)}`,
        );
      }
    }
    // openapi-fetch runs the middleware and checks what it returns. Its extra work per call once it
    // has any middleware is done only when needed; MARKER (hooks.ts) always goes first.
    if (hooks.middleware.length === 0 && middleware.length > 0) api.use(MARKER);
    api.use(...middleware);
    hooks.middleware.push(...middleware);
  };
  const eject = (...middleware: Middleware[]): void => {
    api.eject(...middleware);
    // One copy per argument, as openapi-fetch ejects (a middleware added twice runs once after one eject).
    for (const m of middleware) {
      const at = hooks.middleware.indexOf(m);
      if (at !== -1) hooks.middleware.splice(at, 1);
    }
    if (hooks.middleware.length === 0) api.eject(MARKER);
  };

  return {
    reservations: createReservationsResource(ctx),
    availability: createAvailabilityResource(ctx),
    schedule: createScheduleResource(ctx),
    tables: createTablesResource(ctx),
    services: createServicesResource(ctx),
    info: createInfoResource(ctx),
    gallery: createGalleryResource(ctx),
    reviews: createReviewsResource(ctx),
    use,
    eject,
    raw: rawClient(api, settingsFor, hooks, { use, eject }),
  };
}

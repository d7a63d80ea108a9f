import createClient, { type Client } from 'openapi-fetch';
import { type Sleep, sleep } from './abort';
import { type FetchLike, type FetchSettings, fetchWithRetry } from './fetch-with-retry';
import type { paths } from './generated/schema';
import type { RequestOptions } from './request-options';
import { type AvailabilityResource, createAvailabilityResource } from './resources/availability';
import type { PerRequestInit, ResourceContext } from './resources/context';
import { createGalleryResource, type GalleryResource } from './resources/gallery';
import { createInfoResource, type InfoResource } from './resources/info';
import { createReservationsResource, type ReservationsResource } from './resources/reservations';
import { createReviewsResource, type ReviewsResource } from './resources/reviews';
import { createScheduleResource, type ScheduleResource } from './resources/schedule';
import { createServicesResource, type ServicesResource } from './resources/services';
import { createTablesResource, type TablesResource } from './resources/tables';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';

export interface RetryOptions extends Partial<Omit<RetryPolicy, 'maxRetries'>> {
  /** Replaces the backoff timer, e.g. to make tests instant. Must reject when `signal` aborts. */
  sleep?: Sleep;
  /** Source of jitter in [0, 1); Math.random by default. */
  random?: () => number;
}

export interface ReservationClientOptions {
  /** The service root without `/api/v1`, e.g. `http://127.0.0.1:4010` or `https://host/prefix`. */
  baseUrl: string;
  /** Server-side secret; sent as `X-API-Key` and never included in errors. */
  apiKey: string;
  /** The project's slug (`/api/v1/:slug/...`). */
  project: string;
  /** Per attempt, until the response headers arrive. Default 30 000. */
  timeoutMs?: number;
  /** Retries of reads (GET) after network errors, timeouts, 408, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** A fetch implementation; default: `globalThis.fetch`, looked up at call time. */
  fetch?: FetchLike;
  /** Sent with every request (the API key always wins over an `X-API-Key` given here). */
  headers?: HeadersInit;
  /** Allows creating the client where `window` and `document` exist. The key is then exposed to users. */
  dangerouslyAllowBrowser?: boolean;
  /** Fine-tuning of backoff; the defaults suit production. */
  retry?: RetryOptions;
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
  /** The underlying openapi-fetch client: same auth, timeout and retries; returns `{ data, error, response }`. */
  raw: Client<paths>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function isBrowserLike(): boolean {
  return 'window' in globalThis && 'document' in globalThis;
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`createReservationClient: \`${name}\` must be a non-empty string`);
  }
  return value;
}

function headerEntries(init: HeadersInit | undefined): Array<[string, string]> {
  return init === undefined ? [] : [...new Headers(init)];
}

export function createReservationClient(options: ReservationClientOptions): ReservationClient {
  if (isBrowserLike() && options.dangerouslyAllowBrowser !== true) {
    throw new Error(
      'createReservationClient: refusing to run in a browser. Reservation API keys are server-side secrets: ' +
        'anyone who opens your page can read the key and act on your project. Call the API from your server ' +
        'instead, or pass `dangerouslyAllowBrowser: true` if this environment is trusted (e.g. tests, an internal tool).',
    );
  }
  const baseUrl = requireString(options.baseUrl, 'baseUrl');
  const apiKey = requireString(options.apiKey, 'apiKey');
  const project = requireString(options.project, 'project');
  const { sleep: sleepOption, random, ...policy } = options.retry ?? {};

  const userHeaders = headerEntries(options.headers);
  const defaults: FetchSettings = {
    fetch: options.fetch,
    headers: [...userHeaders, ['X-API-Key', apiKey]],
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: {
      ...DEFAULT_RETRY_POLICY,
      ...policy,
      maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    },
    signal: undefined,
    sleep: sleepOption ?? sleep,
    random: random ?? Math.random,
    now: Date.now,
  };

  // openapi-fetch captures its `fetch` option when the client is created; this indirection keeps the
  // lookup of the real fetch (options.fetch or globalThis.fetch) at call time inside fetchWithRetry.
  const raw = createClient<paths>({ baseUrl, fetch: (request) => fetchWithRetry(request, defaults) });

  const none: PerRequestInit = {};
  const ctx: ResourceContext = {
    raw,
    slug: { slug: project },
    init(call: RequestOptions | undefined) {
      if (call === undefined) return none;
      const settings: FetchSettings = {
        ...defaults,
        signal: call.signal,
        timeoutMs: call.timeoutMs ?? defaults.timeoutMs,
        retry:
          call.maxRetries === undefined ? defaults.retry : { ...defaults.retry, maxRetries: call.maxRetries },
        headers: call.headers
          ? [...userHeaders, ...headerEntries(call.headers), ['X-API-Key', apiKey]]
          : defaults.headers,
      };
      return { fetch: (request) => fetchWithRetry(request, settings) };
    },
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
    raw,
  };
}

// The standalone HTTP server: node:http over the mock core (core.handle(): the same answers as the
// MSW handlers), without building Fetch Requests and Responses, which cost several times the mock's
// own work per request (BENCHMARKS.md). It adds what a real server needs: the Host and Origin
// checks, CORS, the 64 KiB limit while reading, the event stream and the dashboard, and a clean
// shutdown.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWebhookUrl } from '../domain/records';
import { createMockCore, type MockCore, resolveSeed } from '../mock';
import { MAX_BODY_BYTES } from '../pipeline/body';
import { controlPath } from '../pipeline/control-routes';
import { httpErrors, RequestAbortedError } from '../pipeline/errors';
import type { MockAnswer, MockRequest } from '../pipeline/exchange';
import {
  closedAnswer,
  errorAnswer,
  fixedAnswer,
  messageAnswer,
  sessionNotFoundAnswer,
} from '../pipeline/responses';
import { createRouter, pathSegments, type RouteDefinition } from '../pipeline/router';
import { consoleLogger, type MockLogger } from '../runtime/logger';
import { checkOptionNames } from '../runtime/option-names';
import type { ResolvedSeedData, SeedData } from '../seed/seed-data';
import { onClientError } from './client-errors';
import { dashboardFile } from './dashboard-files';
import { encodeBody } from './encode-body';
import { createEventStream, type EventStream, MAX_EVENT_CLIENTS } from './events-stream';
import { checkAllowedHost, createHostCheck, hostName, isLoopbackOrigin } from './host-check';
import { createNodeWebhookTransport } from './node-webhook-transport';
import { requestTargetParser } from './request-target';
import { DASHBOARD_HEADERS } from './security-headers';
import {
  createSessionRegistry,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  type SessionInfo,
  type SessionRegistry,
} from './sessions';

interface MockServerCommonOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (local only). */
  host?: string;
  /** Serve the /__mock/ control routes and the dashboard. Default true. */
  control?: boolean;
  /**
   * Host names or IP addresses answered besides loopback ones and the bound address (DNS rebinding
   * protection), bare (`app.test`, not `https://app.test`); `'all'` turns the check off. Default none.
   */
  allowedHosts?: readonly string[] | 'all';
  /** Where the server and its mock report their own failures, and the server its warnings (a refused Host). Default: console. */
  logger?: MockLogger;
  /** How many sessions (POST /__mock/sessions) may exist at once. Default 64; 0 turns sessions off. */
  maxSessions?: number;
  /** A session unused for this long (ms) is ended. Default 30 minutes; 0 never ends one. */
  sessionIdleMs?: number;
  /**
   * Told of each session's mock as it is created, e.g. to subscribe to its events (the CLI's
   * terminal log does). The session's end closes that mock; nothing is called then.
   */
  onSessionStart?(id: string, mock: MockCore): void;
}

/** The server creates its mock from these. */
export interface MockServerOwnMockOptions extends MockServerCommonOptions {
  service?: undefined;
  /** Default 'demo'. */
  seed?: 'demo' | 'empty' | SeedData;
  /**
   * Where webhook events go, each signed with its project's secret: one URL for every project, or
   * one per project slug (`{ 'demo-bistro': url }`: the others keep the seed's target). An unknown
   * slug is a TypeError.
   */
  webhookUrl?: string | Readonly<Record<string, string>>;
  /** Freeze the mock's clock at this instant. Default: real time. */
  now?: Date | string | number;
  /** How many requests the journal keeps (default 1,000; 0 turns it off). */
  journalLimit?: number;
}

/** The server serves a mock made elsewhere: give its seed, clock and journal to createMockService(). */
export interface MockServerGivenMockOptions extends MockServerCommonOptions {
  /** Serve this mock instead of creating one. */
  service: MockCore;
  seed?: never;
  webhookUrl?: never;
  now?: never;
  journalLimit?: never;
}

export type MockServerOptions = MockServerOwnMockOptions | MockServerGivenMockOptions;

/** The options that configure a mock the server creates: refused with `service`. */
const OWN_MOCK_OPTIONS = ['seed', 'webhookUrl', 'now', 'journalLimit'] as const;

/** Every option of startMockServer, by name: the type makes it list each one, and only those. */
const SERVER_OPTIONS: Record<keyof MockServerOwnMockOptions | keyof MockServerGivenMockOptions, true> = {
  port: true,
  host: true,
  control: true,
  allowedHosts: true,
  logger: true,
  maxSessions: true,
  sessionIdleMs: true,
  onSessionStart: true,
  service: true,
  seed: true,
  webhookUrl: true,
  now: true,
  journalLimit: true,
};

/**
 * Throws a TypeError for an option the server does not have (a misspelt `prot` was ignored) or for
 * options that cannot apply together (types say so too, JavaScript may not).
 */
function checkServerOptions(options: MockServerOptions): void {
  checkOptionNames('startMockServer', options, Object.keys(SERVER_OPTIONS));
  if (options.service !== undefined) {
    const ignored = OWN_MOCK_OPTIONS.filter((name) => options[name] !== undefined);
    if (ignored.length > 0) {
      throw new TypeError(
        `startMockServer: ${ignored.join(', ')} cannot be combined with service (they configure the mock the server would create); pass them to createMockService() instead`,
      );
    }
  }
  if (options.allowedHosts !== undefined && options.allowedHosts !== 'all')
    for (const name of options.allowedHosts) checkAllowedHost(name);
  for (const name of ['maxSessions', 'sessionIdleMs'] as const) {
    const value = options[name];
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      throw new TypeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

export interface MockServer {
  /** The base URL, e.g. http://127.0.0.1:4010 (the API is under {url}/api/v1/). */
  url: string;
  /** Where the server listens (address, family, port), as node:http reports it. */
  address: AddressInfo;
  service: MockCore;
  /** The sessions open now (see README "Sessions"). */
  sessions(): SessionInfo[];
  close(): Promise<void>;
}

/**
 * The seed with webhook URLs set (secrets kept, or generated): `url` for every project, or the
 * project's entry of a slug → URL record. A slug the seed does not have is a TypeError.
 */
export function withWebhookUrl(
  seed: 'demo' | 'empty' | SeedData,
  url: string | Readonly<Record<string, string>>,
): ResolvedSeedData {
  const resolved = resolveSeed(seed);
  const perProject: Readonly<Record<string, string>> | null = typeof url === 'string' ? null : url;
  if (perProject) {
    const slugs = new Set(resolved.projects.map((p) => p.slug));
    const unknown = Object.keys(perProject).filter((slug) => !slugs.has(slug));
    if (unknown.length > 0)
      throw new TypeError(
        `webhookUrl names unknown project ${unknown.map((s) => `"${s}"`).join(', ')} (projects: ${[...slugs].join(', ')})`,
      );
  }
  const refused = (typeof url === 'string' ? [url] : Object.values(url)).find((u) => !isWebhookUrl(u));
  if (refused !== undefined)
    throw new TypeError(
      `webhookUrl ${
        perProject
          ? `for ${Object.keys(perProject)
              .filter((slug) => perProject[slug] === refused)
              .join(', ')} `
          : ''
      }must be an http: or https: URL without credentials (user:password@), got ${refused}`,
    );
  return {
    projects: resolved.projects.map((p) => {
      const target = perProject ? (Object.hasOwn(perProject, p.slug) ? perProject[p.slug] : undefined) : url;
      return typeof target === 'string' ? { ...p, webhook: { ...p.webhook, url: target } } : p;
    }),
  };
}

/**
 * A session's seed with the server's webhook targets: a per-project record keeps only the slugs
 * that seed has (an empty session has none of the demo projects).
 */
function sessionSeed(
  seed: 'demo' | 'empty',
  url: MockServerOwnMockOptions['webhookUrl'],
): 'demo' | 'empty' | ResolvedSeedData {
  if (url === undefined) return seed;
  if (typeof url === 'string') return withWebhookUrl(seed, url);
  const slugs = new Set(resolveSeed(seed).projects.map((p) => p.slug));
  return withWebhookUrl(seed, Object.fromEntries(Object.entries(url).filter(([slug]) => slugs.has(slug))));
}

const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After, X-Request-Id',
};
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'X-API-Key, Content-Type',
  'access-control-max-age': '600',
};
/** `Access-Control-Request-Headers`: header names (tokens) separated by commas. */
const REQUESTED_HEADERS = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * The answer to a preflight: X-API-Key and Content-Type, and whatever other headers the page's
 * request asks for (a front end's `traceparent`, `Authorization`, a correlation id), as Prism and
 * WireMock allow them; the mock reads none of them, so allowing them opens nothing.
 */
function preflightHeaders(req: IncomingMessage, id: Record<string, string>): Record<string, string> {
  const asked = (req.headers['access-control-request-headers'] ?? '').trim();
  const extra = asked.length <= 1000 && REQUESTED_HEADERS.test(asked) ? `, ${asked}` : '';
  return {
    ...PREFLIGHT_HEADERS,
    'access-control-allow-headers': `${PREFLIGHT_HEADERS['access-control-allow-headers']}${extra}`,
    // The answer depends on what the preflight asked: a cache must not give it to another one.
    vary: 'Access-Control-Request-Headers',
    ...id,
  };
}

interface ReadBody {
  bytes: Buffer;
  /** More than the limit arrived; only limit + 1 bytes were kept. */
  truncated: boolean;
}

/**
 * Reads at most `limit + 1` bytes: enough to see that the body is too large (413 in its documented
 * place in the check order) without ever buffering a huge upload.
 */
function readLimited(req: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) {
        chunks.push(chunk.subarray(0, limit + 1 - size));
        cleanup();
        req.pause();
        resolve({ bytes: Buffer.concat(chunks), truncated: true });
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => {
      cleanup();
      resolve({ bytes: Buffer.concat(chunks), truncated: false });
    };
    // The client went away before the whole body arrived: there is nobody to answer.
    const onError = (error: Error) => {
      cleanup();
      reject(new RequestAbortedError({ cause: error }));
    };
    const onClose = () => {
      cleanup();
      if (!req.complete) reject(new RequestAbortedError());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

interface BodyState {
  read?: Promise<ReadBody>;
  /** The body was refused as too large (announced or sent): the rest of it is not worth reading. */
  oversized: boolean;
  /**
   * The request asked `Expect: 100-continue` and has not been told to go on: its client sends the
   * body only after `100 Continue`, written when the pipeline first asks for the body (or before a
   * refusal, when the client sent its body anyway: serve()).
   */
  continueOwed?: ServerResponse;
}

/** The node:http request as the core reads it; the body is read only when the core asks for it. */
function mockRequest(req: IncomingMessage, method: string, url: URL, state: BodyState): MockRequest {
  const header = (name: string): string | null => {
    const value = req.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const length = header('content-length');
  return {
    method,
    url,
    header,
    hasBody: (length !== null && Number(length) > 0) || header('transfer-encoding') !== null,
    async body(limit) {
      if (length !== null && Number(length) > limit) {
        state.oversized = true;
        throw httpErrors.payloadTooLarge();
      }
      if (state.continueOwed) {
        state.continueOwed.writeContinue();
        state.continueOwed = undefined;
      }
      state.read ??= readLimited(req, limit);
      const read = await state.read;
      if (read.truncated) {
        state.oversized = true;
        throw httpErrors.payloadTooLarge();
      }
      return read.bytes;
    },
  };
}

/**
 * The page that sent the request was served by this server under the same host (the dashboard
 * opened through an allowed host name). The Host check has already accepted that host.
 */
function sameOrigin(origin: string, req: IncomingMessage): boolean {
  try {
    return new URL(origin).host === (req.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

/** Name, value, name, value…: node:http's flat form of a head's headers. */
type HeaderList = readonly string[];

const CORS_LIST: HeaderList = Object.entries(CORS_HEADERS).flat();
const CORS_CLOSE_LIST: HeaderList = [...CORS_LIST, 'connection', 'close'];

/**
 * Sends `answer` with the server's `extra` headers; an answer's own header of the same name wins, and
 * Content-Length is the encoded body's.
 */
function send(res: ServerResponse, answer: MockAnswer, extra: HeaderList): void {
  if (answer.dropConnection) {
    // A `connection: "reset"` fault: no status line at all, the client sees a TCP reset.
    res.socket?.resetAndDestroy();
    return;
  }
  // Speed (BENCHMARKS.md, "HTTP: what the edge changed, and where the rest goes"): the body is
  // encoded once, here, into a Buffer (outside the JavaScript heap) whose length is the
  // Content-Length, and the head goes beside it as latin1. A string body measured slower: node:http
  // prepends the head to it, so the socket flattened that joined string (a copy on the heap) and
  // encoded it, after Buffer.byteLength() had scanned the body once more to count it. The head is a
  // flat list, not a merged object. encodeBody() says why not Buffer.from().
  const body = encodeBody(answer.body);
  const own = answer.headers;
  const headers: string[] = [];
  for (let i = 0; i < extra.length; i += 2) {
    const name = extra[i] as string;
    if (!Object.hasOwn(own, name)) headers.push(name, extra[i + 1] as string);
  }
  for (const name in own) if (name !== 'content-length') headers.push(name, own[name] as string);
  headers.push('content-length', String(body.length));
  res.writeHead(answer.status, headers);
  res.end(body);
}

const NOT_FOUND = errorAnswer(httpErrors.notFound());
const HOST_NOT_ALLOWED = errorAnswer(httpErrors.hostNotAllowed());
const FOREIGN_ORIGIN = fixedAnswer('FOREIGN_ORIGIN');
const MALFORMED_URL = errorAnswer(httpErrors.malformedUrl());
const TOO_MANY_WATCHERS = messageAnswer(
  'TOO_MANY_WATCHERS',
  `Too many event-stream clients: at most ${MAX_EVENT_CLIENTS} may watch at a time; close one and retry`,
);
const SESSION_NOT_FOUND = sessionNotFoundAnswer();
/**
 * The server's own paths under `/__mock` (besides the control routes the core answers): the event
 * stream, the dashboard page (GET / asking for HTML) and its files.
 */
const SERVER_ROUTER = createRouter<RouteDefinition & { name: 'events' | 'page' | 'file' }>([
  { method: 'GET', path: '/events', name: 'events' },
  { method: 'GET', path: '/', name: 'page' },
  { method: 'GET', path: '/dashboard/:file', name: 'file' },
]);
const CLOSING = closedAnswer();
/** `x-request-id` for an answer the server gives itself (core.handle() sets it on its own answers). */
const idHeader = (core: MockCore): Record<string, string> => ({ 'x-request-id': core.requestId() });
/** The same as a header list, after `before`. */
const withId = (before: HeaderList, core: MockCore): HeaderList => [
  ...before,
  'x-request-id',
  core.requestId(),
];

// Before the core exists (the moment between listen() and its creation) there is no counter yet: the
// only answer without an id.
const STARTING = fixedAnswer('STARTING');
const FAILED = errorAnswer(httpErrors.internal());

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  checkServerOptions(options);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const control = options.control ?? true;
  const logger = options.logger ?? consoleLogger;
  let core: MockCore | undefined = options.service;
  let hostAllowed: (header: string | undefined) => boolean = () => true;
  let sessions: SessionRegistry | undefined;
  /** Set by close(): the server refuses every new request from then on. */
  let closing: Promise<void> | undefined;
  /** Each mock's (the root's, a session's) event stream, created with its first client. */
  const streams = new Map<MockCore, EventStream>();
  /** Each mock's base URL, parsed once rather than on every request. */
  const baseUrls = new WeakMap<MockCore, URL>();
  const baseUrlOf = (mock: MockCore): URL => {
    let parsed = baseUrls.get(mock);
    if (!parsed) {
      parsed = new URL(mock.baseUrl);
      baseUrls.set(mock, parsed);
    }
    return parsed;
  };

  async function serveControlExtras(
    req: IncomingMessage,
    res: ServerResponse,
    active: MockCore,
    path: string,
  ): Promise<boolean> {
    // Matched by the one router, as the API and control routes are (the same segment decoding).
    const parts = pathSegments(path.replace(/\/$/, ''));
    const match = parts && SERVER_ROUTER.match(req.method ?? 'GET', parts);
    if (!match) return false;
    if (match.route.name === 'events') {
      // The bound is the server's, across the root and its sessions.
      let watching = 0;
      for (const stream of streams.values()) watching += stream.clients;
      let stream = streams.get(active);
      if (!stream) {
        const created = createEventStream(active.control);
        stream = created;
        streams.set(active, created);
        // The world's end lets its watchers go (mock.ts close()).
        active.ended.addEventListener(
          'abort',
          () => {
            created.close();
            streams.delete(active);
          },
          { once: true },
        );
        if (active.ended.aborted) created.close();
      }
      if (watching >= MAX_EVENT_CLIENTS || !stream.add(req, res, { ...CORS_HEADERS, ...idHeader(active) }))
        send(res, TOO_MANY_WATCHERS, withId(CORS_LIST, active));
      return true;
    }
    const wantsPage = match.route.name === 'page' && (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && !(req.url ?? '').split('?')[0]?.endsWith('/')) {
      // The page's relative URLs (assets, API) need the trailing slash.
      res.writeHead(308, {
        ...DASHBOARD_HEADERS,
        location: dashboardPath(active),
        ...idHeader(active),
      });
      res.end();
      return true;
    }
    const name = wantsPage ? 'index.html' : (match.params.file ?? null);
    if (name === null) return false;
    const file = await dashboardFile(name);
    if (!file) return false;
    res.writeHead(200, {
      ...DASHBOARD_HEADERS,
      'content-type': file.type,
      'content-length': String(file.body.length),
      ...idHeader(active),
    });
    res.end(file.body);
    return true;
  }

  /**
   * Each refused Host is told to the logger once (at most 20 of them): the 403 alone left whoever
   * runs the server (behind docker-compose, on a LAN name) without a word in its terminal. Only a
   * Host that is a valid name is quoted (checkAllowedHost: no control character reaches the log),
   * and the advice is for a name you reach the mock by: a rebinding page's must stay refused.
   */
  const refusedHosts = new Set<string>();
  const warnRefusedHost = (header: string | undefined): void => {
    const raw = header ?? '';
    if (refusedHosts.has(raw) || refusedHosts.size >= 20) return;
    refusedHosts.add(raw);
    const name = hostName(raw.slice(0, 300));
    let valid: string | undefined;
    try {
      valid = name === null ? undefined : checkAllowedHost(name);
    } catch {
      valid = undefined;
    }
    logger.warn(
      valid === undefined
        ? 'Refused a request whose Host header is empty or malformed (403 HOST_NOT_ALLOWED)'
        : `Refused requests for Host ${valid} (403 HOST_NOT_ALLOWED, DNS rebinding protection): if you reach the mock by that name, start it with --allowed-host ${valid} (allowedHosts)`,
    );
  };

  /** Where a mock's dashboard page is, below the server's origin. */
  const dashboardPath = (mock: MockCore): string => `${baseUrlOf(mock).pathname.replace(/\/$/, '')}/__mock/`;

  /** Made once the root mock exists (its base URL is fixed from then on). */
  let parseTarget: ReturnType<typeof requestTargetParser> | undefined;

  /** `expectsContinue`: the request asked `Expect: 100-continue` (node:http's `checkContinue`). */
  async function serve(req: IncomingMessage, res: ServerResponse, expectsContinue = false): Promise<void> {
    try {
      const root = core;
      if (!root) {
        send(res, STARTING, CORS_LIST);
        return;
      }
      // Closing: every new request is refused (mock README, "Ending a world").
      if (closing) {
        send(res, CLOSING, withId(CORS_CLOSE_LIST, root));
        return;
      }
      if (!hostAllowed(req.headers.host)) {
        warnRefusedHost(req.headers.host);
        send(res, HOST_NOT_ALLOWED, withId([], root));
        return;
      }
      const method = (req.method ?? 'GET').toUpperCase();
      // Parsed against the mock's own origin, so the routes see the path the client sent whatever
      // its Host header (`/api/v1/../../__mock/reset` is a control path too).
      parseTarget ??= requestTargetParser(root.baseUrl);
      const parsedUrl = parseTarget(req.url);
      if (!parsedUrl) {
        send(res, MALFORMED_URL, withId(CORS_LIST, root));
        return;
      }
      // `/sessions/{id}/…` is that session's own mock; the rules below apply to it as to the root.
      const visit = control ? sessions?.resolve(parsedUrl) : undefined;
      if (visit === 'missing') {
        // A preflight to its API is answered all the same, so that a page sees the 404
        // SESSION_NOT_FOUND of its request rather than a CORS failure that reads as "the mock is
        // down". Not one to its control routes, whose preflights follow the origin rule below.
        if (method === 'OPTIONS' && !/\/sessions\/[^/]*\/__mock(\/|$)/.test(parsedUrl.pathname)) {
          res.writeHead(204, preflightHeaders(req, idHeader(root)));
          res.end();
          return;
        }
        send(res, SESSION_NOT_FOUND, withId(CORS_LIST, root));
        return;
      }
      // The session is busy (not idle) until this answer, or this event stream, is over.
      if (visit) res.once('close', visit.leave);
      const active = visit?.core ?? root;
      const url = visit?.url ?? parsedUrl;
      const path = controlPath(url, baseUrlOf(active));
      // The control routes have no key: a page on another site, open in the developer's browser,
      // must not reset the mock or read its journal. Browsers send Origin with such requests; curl,
      // SDKs and tests send none.
      const origin = req.headers.origin;
      if (
        path !== undefined &&
        origin !== undefined &&
        !isLoopbackOrigin(origin) &&
        !sameOrigin(origin, req)
      ) {
        send(res, FOREIGN_ORIGIN, withId([], active));
        return;
      }
      if (method === 'OPTIONS') {
        res.writeHead(204, preflightHeaders(req, idHeader(active)));
        res.end();
        return;
      }
      if (control && path !== undefined && (await serveControlExtras(req, res, active, path))) return;
      // A browser opening the mock's root (the banner's first URL) is shown the dashboard; any other
      // client gets the API's 404 there, as documented. Looked at only for a GET whose Accept names
      // text/html (a browser's page load), so the API's requests pay one header read.
      if (control && method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
        const base = baseUrlOf(active).pathname.replace(/\/$/, '');
        if (url.pathname === base || url.pathname === `${base}/`) {
          res.writeHead(302, { ...DASHBOARD_HEADERS, location: dashboardPath(active), ...idHeader(active) });
          res.end();
          return;
        }
      }
      const body: BodyState = expectsContinue
        ? { oversized: false, continueOwed: res }
        : { oversized: false };
      const request = mockRequest(req, method, url, body);
      // The session routes' own answers carry an id of the root mock, as its other answers do.
      const sessionAnswer =
        active === root && path !== undefined && sessions ? await sessions.answer(path, request) : undefined;
      const answer = sessionAnswer
        ? { ...sessionAnswer, headers: { ...sessionAnswer.headers, ...idHeader(root) } }
        : ((await active.handle(request, { control })) ?? {
            ...NOT_FOUND,
            headers: { ...NOT_FOUND.headers, ...idHeader(active) },
          });
      // A server closing keeps no connection open after its answer.
      const list = closing ? CORS_CLOSE_LIST : CORS_LIST;
      if (!body.oversized && req.complete) {
        send(res, answer, list);
        return;
      }
      // A body nobody read (a refused request's), announced within the API's limit: Node discards it once
      // the answer is sent, and the connection goes on. Closing it instead, as when the answer came
      // before the body's last bytes were parsed (often: the same packet), left a request pipelined
      // behind it taking effect with no answer. One not over within a second is cut off.
      // A client told nothing after `Expect: 100-continue` sends no body (node:http closes the
      // connection after an answer without `100 Continue`). One that sent its body anyway
      // (RFC 9110 §10.1.1 allows it) is owed the `100 Continue` after all: the body is then
      // discarded as any unread one and the connection kept, so a request pipelined behind it is
      // answered.
      if (body.continueOwed && (req.readableLength > 0 || req.complete)) {
        res.writeContinue();
        body.continueOwed = undefined;
      }
      const announced = Number(req.headers['content-length'] ?? Number.NaN);
      if (!body.oversized && announced <= MAX_BODY_BYTES) {
        send(res, answer, list);
        const timer = setTimeout(() => req.destroy(), 1000).unref();
        req.once('end', () => clearTimeout(timer));
        req.once('close', () => clearTimeout(timer));
        return;
      }
      // An oversized upload, or one of unknown length, is not drained: the connection closes after
      // the answer (the client gets a second to read it).
      send(res, answer, CORS_CLOSE_LIST);
      req.resume();
      setTimeout(() => req.destroy(), 1000).unref();
    } catch (error) {
      if (error instanceof RequestAbortedError) {
        // The client is gone: nothing to answer, nothing to report.
        res.destroy();
        return;
      }
      logger.error('request failed', error);
      if (!res.headersSent) send(res, FAILED, core ? withId(CORS_LIST, core) : CORS_LIST);
      else res.destroy();
    }
  }

  // Before listening, so a webhookUrl naming an unknown project throws without leaving a port open.
  const seed =
    !core && options.webhookUrl ? withWebhookUrl(options.seed ?? 'demo', options.webhookUrl) : options.seed;

  const server = createServer((req, res) => {
    void serve(req, res);
  });
  server.on('clientError', onClientError);
  // Without this listener node:http answers `100 Continue` itself before the request is seen, so a
  // client told to go on uploads a body the checks then refuse unread (a 401, a 413). Now `100
  // Continue` is written only when the pipeline reads the body, after the checks before it.
  server.on('checkContinue', (req, res) => {
    void serve(req, res, true);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' || host.includes(':') ? `[${address.address}]` : host;
  const url = `http://${hostPart}:${address.port}`;
  hostAllowed = createHostCheck(address.address, options.allowedHosts ?? []);

  // Deliveries of the mocks made here go out over node:http keep-alive connections
  // (node-webhook-transport.ts). A server given a mock (`service`) leaves the sending to it, and its
  // sessions send as mocks in process do (through fetch, so MSW and stubs see them).
  const webhooks = core ? undefined : createNodeWebhookTransport();
  const ownTransport = webhooks ? { webhookTransport: webhooks.send } : {};
  if (!core) {
    core = createMockCore({
      baseUrl: url,
      ...ownTransport,
      ...(seed === undefined ? {} : { seed }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.journalLimit === undefined ? {} : { journalLimit: options.journalLimit }),
      logger,
    });
  }
  const active = core;
  if (options.allowedHosts !== 'all') {
    // A host given with --host is one the user means to reach the server by.
    hostAllowed = createHostCheck(address.address, [...(options.allowedHosts ?? []), host]);
  }
  const basePath = new URL(active.baseUrl).pathname.replace(/\/$/, '');
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const registry =
    control && maxSessions > 0
      ? createSessionRegistry({
          serverUrl: `${url}${basePath}`,
          maxSessions,
          idleMs: options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
          createCore: ({ id, baseUrl, now, seed: sessionSeedName }) => {
            const sessionCore = createMockCore({
              baseUrl,
              session: id,
              seed: sessionSeed(sessionSeedName, options.webhookUrl),
              ...ownTransport,
              ...(now === undefined ? {} : { now }),
              ...(options.journalLimit === undefined ? {} : { journalLimit: options.journalLimit }),
              logger,
            });
            options.onSessionStart?.(id, sessionCore);
            return sessionCore;
          },
          // An ended session's watchers were let go as it ended (its `ended` signal).
          onEnd(sessionCore) {
            streams.delete(sessionCore);
          },
        })
      : undefined;
  sessions = registry;

  return {
    url: `${url}${basePath}`,
    address,
    service: active,
    sessions: () => registry?.list() ?? [],
    close: () => {
      // Ending every world (mock README, "Ending a world"): new requests refused at once, then each
      // session's mock and the root's ended (waits cancelled, attempts aborted, streams closed), and
      // the server resolves when nothing is left.
      closing ??= (async () => {
        const ended = Promise.all([registry?.close(), active.close()]);
        for (const stream of streams.values()) stream.close();
        await ended;
        webhooks?.close();
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

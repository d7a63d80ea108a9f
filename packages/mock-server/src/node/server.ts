// The standalone HTTP server: node:http over the mock core (core.handle(): the same answers as the
// MSW handlers), without building Fetch Requests and Responses, which cost several times the mock's
// own work per request (BENCHMARKS.md). It adds what a real server needs: the Host and Origin
// checks, CORS, the 64 KiB limit while reading, the event stream and the dashboard, and a clean
// shutdown.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleLogger, type MockLogger } from '../core/logger';
import { createMockCore, type MockCore, resolveSeed } from '../core/mock-core';
import { controlPath } from '../http/control-routes';
import { httpErrors } from '../http/errors';
import type { MockAnswer, MockRequest } from '../http/exchange';
import { controlErrorAnswer, errorAnswer } from '../http/responses';
import type { ResolvedSeedData, SeedData } from '../seed/seed-data';
import { dashboardFile } from './dashboard-files';
import { streamEvents } from './events-stream';
import { createHostCheck, isLoopbackOrigin } from './host-check';
import {
  createSessionRegistry,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  type SessionInfo,
  type SessionRegistry,
} from './sessions';

export interface MockServerOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (local only). */
  host?: string;
  /** Default 'demo'. */
  seed?: 'demo' | 'empty' | SeedData;
  /** Where every project's webhook events go (each keeps its signing secret). */
  webhookUrl?: string;
  /** Serve the /__mock/ control routes and the dashboard. Default true. */
  control?: boolean;
  /**
   * Host names answered besides loopback ones and the bound address (DNS rebinding protection);
   * `'all'` turns the check off. Default none.
   */
  allowedHosts?: readonly string[] | 'all';
  /** Serve this mock instead of creating one (seed, webhookUrl and now are then ignored). */
  service?: MockCore;
  /** Freeze the mock's clock at this instant. Default: real time. */
  now?: Date | string | number;
  /** How many requests the journal keeps (default 1,000; 0 turns it off). */
  journalLimit?: number;
  /** Where the server and its mock report their own failures. Default: console. */
  logger?: MockLogger;
  /** How many sessions (POST /__mock/sessions) may exist at once. Default 64; 0 turns sessions off. */
  maxSessions?: number;
  /** A session unused for this long (ms) is ended. Default 30 minutes; 0 never ends one. */
  sessionIdleMs?: number;
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

/** The seed with every project's webhook URL set to `url` (secrets kept, or generated). */
export function withWebhookUrl(seed: 'demo' | 'empty' | SeedData, url: string): ResolvedSeedData {
  const resolved = resolveSeed(seed);
  return { projects: resolved.projects.map((p) => ({ ...p, webhook: { ...p.webhook, url } })) };
}

const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Retry-After',
};
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'X-API-Key, Content-Type',
  'access-control-max-age': '600',
};

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
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

interface BodyState {
  read?: Promise<ReadBody>;
  /** The body was refused as too large (announced or sent): the rest of it is not worth reading. */
  oversized: boolean;
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

function send(res: ServerResponse, answer: MockAnswer, extra: Record<string, string>): void {
  if (answer.dropConnection) {
    // A `connection: "reset"` fault: no status line at all, the client sees a TCP reset.
    res.socket?.resetAndDestroy();
    return;
  }
  // Encoded once here: a string body would be measured for Content-Length and encoded again on write.
  const body = Buffer.from(answer.body);
  res.writeHead(answer.status, { ...extra, ...answer.headers, 'content-length': String(body.length) });
  res.end(body);
}

const NOT_FOUND = errorAnswer(httpErrors.notFound());
const HOST_NOT_ALLOWED = errorAnswer(httpErrors.hostNotAllowed());
const FOREIGN_ORIGIN = controlErrorAnswer(
  403,
  'Control requests from web pages of other origins are refused',
);
const SESSION_NOT_FOUND = controlErrorAnswer(
  404,
  'No such session (ended, or never created)',
  'SESSION_NOT_FOUND',
);
const STARTING = errorAnswer(httpErrors.internal(), { status: 503 });
const FAILED = errorAnswer(httpErrors.internal());

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const control = options.control ?? true;
  const logger = options.logger ?? consoleLogger;
  let core: MockCore | undefined = options.service;
  let hostAllowed: (header: string | undefined) => boolean = () => true;
  let sessions: SessionRegistry | undefined;

  async function serveControlExtras(
    req: IncomingMessage,
    res: ServerResponse,
    active: MockCore,
    path: string,
  ): Promise<boolean> {
    if (req.method !== 'GET') return false;
    if (path === '/events') {
      streamEvents(active.control, req, res, CORS_HEADERS);
      return true;
    }
    const wantsPage = path === '/' && (req.headers.accept ?? '').includes('text/html');
    if (wantsPage && !(req.url ?? '').split('?')[0]?.endsWith('/')) {
      // The page's relative URLs (assets, API) need the trailing slash.
      res.writeHead(308, { location: `${new URL(active.baseUrl).pathname.replace(/\/$/, '')}/__mock/` });
      res.end();
      return true;
    }
    const name = wantsPage
      ? 'index.html'
      : path.startsWith('/dashboard/')
        ? path.slice('/dashboard/'.length)
        : null;
    if (name === null) return false;
    const file = await dashboardFile(name);
    if (!file) return false;
    res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.body.length) });
    res.end(file.body);
    return true;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const root = core;
      if (!root) {
        send(res, STARTING, CORS_HEADERS);
        return;
      }
      if (!hostAllowed(req.headers.host)) {
        send(res, HOST_NOT_ALLOWED, {});
        return;
      }
      const method = (req.method ?? 'GET').toUpperCase();
      // Parsed against the mock's own origin, so the routes see the path the client sent whatever
      // its Host header (`/api/v1/../../__mock/reset` is a control path too).
      const url = new URL(req.url ?? '/', root.baseUrl);
      // `/sessions/{id}/…` is that session's own mock; the rules below apply to it as to the root.
      const session = control ? sessions?.resolve(url) : undefined;
      if (session === 'missing') {
        send(res, SESSION_NOT_FOUND, CORS_HEADERS);
        return;
      }
      const active = session ?? root;
      const path = controlPath(url, new URL(active.baseUrl));
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
        send(res, FOREIGN_ORIGIN, {});
        return;
      }
      if (method === 'OPTIONS') {
        res.writeHead(204, PREFLIGHT_HEADERS);
        res.end();
        return;
      }
      if (control && path !== undefined && (await serveControlExtras(req, res, active, path))) return;
      const body: BodyState = { oversized: false };
      const request = mockRequest(req, method, url, body);
      const answer =
        (active === root && path !== undefined && sessions
          ? await sessions.answer(path, request)
          : undefined) ??
        (await active.handle(request, { control })) ??
        NOT_FOUND;
      // An oversized upload, or a body nobody read that is still arriving, is not drained: the
      // connection closes after the answer (the client gets a second to read it).
      if (!body.oversized && req.complete) {
        send(res, answer, CORS_HEADERS);
        return;
      }
      send(res, answer, { ...CORS_HEADERS, connection: 'close' });
      req.resume();
      setTimeout(() => req.destroy(), 1000).unref();
    } catch (error) {
      logger.error('request failed', error);
      if (!res.headersSent) send(res, FAILED, CORS_HEADERS);
      else res.destroy();
    }
  }

  const server = createServer((req, res) => {
    void serve(req, res);
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

  if (!core) {
    const seed = options.webhookUrl
      ? withWebhookUrl(options.seed ?? 'demo', options.webhookUrl)
      : options.seed;
    core = createMockCore({
      baseUrl: url,
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
  if (!Number.isInteger(maxSessions) || maxSessions < 0)
    throw new TypeError(`maxSessions must be a non-negative integer, got ${maxSessions}`);
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  if (!Number.isInteger(idleMs) || idleMs < 0)
    throw new TypeError(`sessionIdleMs must be a non-negative integer, got ${idleMs}`);
  const registry =
    control && maxSessions > 0
      ? createSessionRegistry({
          serverUrl: `${url}${basePath}`,
          maxSessions,
          idleMs,
          createCore: ({ baseUrl, now, seed }) =>
            createMockCore({
              baseUrl,
              seed: options.webhookUrl ? withWebhookUrl(seed, options.webhookUrl) : seed,
              ...(now === undefined ? {} : { now }),
              ...(options.journalLimit === undefined ? {} : { journalLimit: options.journalLimit }),
              logger,
            }),
        })
      : undefined;
  sessions = registry;

  return {
    url: `${url}${basePath}`,
    address,
    service: active,
    sessions: () => registry?.list() ?? [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        registry?.close();
        active.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// Node-only entry: the standalone HTTP server. It answers node:http requests through the same API
// pipeline and control routes as the MSW handlers (service.answer(): identical answers), without
// building Fetch Requests and Responses or going through msw's getResponse, which cost several
// times the API's own work per request (see BENCHMARKS.md). It adds what a real server needs: CORS,
// the 64 KiB limit while reading, and a clean shutdown.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors } from './domain/errors';
import type { ApiAnswer, ApiRequest } from './http/exchange';
import { isLoopbackOrigin } from './http/loopback';
import { controlErrorBody, errorAnswer, jsonAnswer } from './http/responses';
import { parseSeedJson } from './seed/from-json';
import type { ResolvedSeedData, SeedData } from './seed/seed-data';
import { createMockService, type MockService, resolveSeed } from './service';

export * from './index';

export interface MockServerOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (local only). */
  host?: string;
  /** Default 'demo'. */
  seed?: 'demo' | 'empty' | SeedData;
  /** Where every project's webhook events go (each keeps its signing secret). */
  webhookUrl?: string;
  /** Serve the /__mock/ control routes. Default true. */
  control?: boolean;
  /** Serve this service instead of creating one (seed, webhookUrl and now are then ignored). */
  service?: MockService;
  /** Freeze the mock's clock at this instant. Default: real time. */
  now?: Date | string | number;
}

export interface MockServer {
  /** The base URL, e.g. http://127.0.0.1:4010 (the API is under {url}/api/v1/). */
  url: string;
  /** Where the server listens (address, family, port), as node:http reports it. */
  address: AddressInfo;
  service: MockService;
  close(): Promise<void>;
}

/** Reads and validates a seed JSON file (see README "Seed format"). */
export async function loadSeedFile(path: string): Promise<ResolvedSeedData> {
  return parseSeedJson(await readFile(path, 'utf8'));
}

/** The seed with every project's webhook URL set to `url` (secrets kept, or generated). */
export function withWebhookUrl(seed: 'demo' | 'empty' | SeedData, url: string): ResolvedSeedData {
  const resolved = resolveSeed(seed);
  return {
    projects: resolved.projects.map((p) => ({ ...p, webhook: { ...p.webhook, url } })),
  };
}

const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
};
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'X-API-Key, Content-Type',
  'Access-Control-Max-Age': '600',
};

interface ReadBody {
  bytes: Buffer;
  /** More than the limit arrived; only limit + 1 bytes were kept. */
  truncated: boolean;
}

/**
 * Reads at most `limit + 1` bytes: enough for the API to see that the body is too large (and answer
 * 413 in its documented place in the check order) without ever buffering a huge upload.
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

/**
 * The node:http request as the API pipeline reads it. The body is read only when the pipeline asks
 * for it, which is after the key, project, route and permission checks: a request refused before
 * that never has its body buffered.
 */
function apiRequest(req: IncomingMessage, method: string, url: URL, state: BodyState): ApiRequest {
  const header = (name: string): string | null => {
    const value = req.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    method,
    url,
    header,
    async body(limit) {
      // As for a Fetch body (http/body.ts): an announced size over the limit is refused unread.
      const announced = header('content-length');
      if (announced !== null && Number(announced) > limit) {
        state.oversized = true;
        throw errors.payloadTooLarge();
      }
      state.read ??= readLimited(req, limit);
      const read = await state.read;
      if (read.truncated) {
        state.oversized = true;
        throw errors.payloadTooLarge();
      }
      return read.bytes;
    },
  };
}

/** Name, value, name, value…: node:http's flat header form, which spares building an object per answer. */
type HeaderList = readonly string[];

const CORS_LIST: HeaderList = Object.entries(CORS_HEADERS).flat();
const CORS_CLOSE_LIST: HeaderList = [...CORS_LIST, 'connection', 'close'];

function send(res: ServerResponse, answer: ApiAnswer, extraHeaders: HeaderList): void {
  // Encoded once here: a string body would be measured for Content-Length and encoded again on write.
  const body = Buffer.from(answer.body);
  const headers = [...extraHeaders];
  for (const name in answer.headers) headers.push(name, answer.headers[name] as string);
  headers.push('content-length', String(body.length));
  res.writeHead(answer.status, headers);
  res.end(body);
}

const NOT_FOUND = errorAnswer(errors.notFound());
const FOREIGN_ORIGIN = jsonAnswer(
  403,
  controlErrorBody(403, 'Control requests from web pages of other origins are refused'),
);
const STARTING = errorAnswer(errors.internal(), { status: 503 });
const FAILED = errorAnswer(errors.internal());

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const control = options.control ?? true;
  let service: MockService | undefined = options.service;
  let origin = '';
  /** Paths of the control routes start with this (set once the base URL is known). */
  let controlRoot = '/__mock/';

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const current = service;
      if (!current) {
        send(res, STARTING, CORS_LIST);
        return;
      }
      const method = (req.method ?? 'GET').toUpperCase();
      // The control routes have no key: a page on another site, open in the developer's browser,
      // must not reset the mock or point its webhooks elsewhere. Browsers send Origin with such
      // requests; curl, SDKs and tests send none.
      // (Checked on the parsed path, the one the routes see: `/api/v1/../../__mock/reset` is one.)
      const url = new URL(req.url ?? '/', origin);
      const browserOrigin = req.headers.origin;
      if (
        browserOrigin !== undefined &&
        !isLoopbackOrigin(browserOrigin) &&
        url.pathname.startsWith(controlRoot)
      ) {
        send(res, FOREIGN_ORIGIN, []);
        return;
      }
      if (method === 'OPTIONS') {
        res.writeHead(204, PREFLIGHT_HEADERS);
        res.end();
        return;
      }
      const body: BodyState = { oversized: false };
      const answer = (await current.answer(apiRequest(req, method, url, body), { control })) ?? NOT_FOUND;
      // An oversized upload, or a body nobody read that is still arriving, is not drained: the
      // connection closes after the answer (the client gets a second to read it).
      if (!body.oversized && req.complete) {
        send(res, answer, CORS_LIST);
        return;
      }
      send(res, answer, CORS_CLOSE_LIST);
      req.resume();
      setTimeout(() => req.destroy(), 1000).unref();
    } catch (error) {
      console.error('[reservation-mock] request failed', error);
      if (!res.headersSent) send(res, FAILED, CORS_LIST);
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

  if (!service) {
    const seed = options.webhookUrl
      ? withWebhookUrl(options.seed ?? 'demo', options.webhookUrl)
      : options.seed;
    service = createMockService({
      baseUrl: url,
      ...(seed === undefined ? {} : { seed }),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
  }
  const active = service;
  origin = new URL(active.baseUrl).origin;
  const basePath = new URL(active.baseUrl).pathname.replace(/\/$/, '');
  controlRoot = `${basePath}/__mock/`;

  return {
    url: `${url}${basePath}`,
    address,
    service: active,
    close: () =>
      new Promise<void>((resolve, reject) => {
        active.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

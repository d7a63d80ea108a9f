// Node-only entry: the standalone HTTP server. It turns node:http requests into Fetch Requests and
// answers them through the service's MSW handlers (msw's getResponse), so the server behaves exactly
// like the mock in tests. It adds what a real server needs: CORS, the 64 KiB limit while reading,
// and a clean shutdown.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { MAX_BODY_BYTES } from './http/body';
import { json } from './http/responses';
import { demoSeed } from './seed/demo';
import { emptySeed } from './seed/empty';
import { parseSeedData, parseSeedJson } from './seed/from-json';
import type { ResolvedSeedData, SeedData } from './seed/seed-data';
import { createMockService, type MockService } from './service';

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
  service: MockService;
  close(): Promise<void>;
}

/** Reads and validates a seed JSON file (see README "Seed format"). */
export async function loadSeedFile(path: string): Promise<ResolvedSeedData> {
  return parseSeedJson(await readFile(path, 'utf8'));
}

/** The seed with every project's webhook URL set to `url` (secrets kept, or generated). */
export function withWebhookUrl(seed: 'demo' | 'empty' | SeedData, url: string): ResolvedSeedData {
  const base = seed === 'empty' ? emptySeed() : seed === 'demo' ? demoSeed() : seed;
  const resolved = parseSeedData(base);
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
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'expect']);

/**
 * Reads at most `limit + 1` bytes: enough for the API to see that the body is too large (and answer
 * 413 in its documented place in the check order) without ever buffering a huge upload.
 */
function readLimited(req: IncomingMessage, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
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

async function toFetchRequest(
  req: IncomingMessage,
  origin: string,
): Promise<{ request: Request; truncated: boolean }> {
  const url = new URL(req.url ?? '/', origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD')
    return { request: new Request(url, { method, headers }), truncated: false };
  const { bytes, truncated } = await readLimited(req, MAX_BODY_BYTES);
  return { request: new Request(url, { method, headers, body: new Uint8Array(bytes) }), truncated };
}

async function send(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 4010;
  const control = options.control ?? true;
  let service: MockService | undefined = options.service;
  let origin = '';

  const server = createServer(async (req, res) => {
    try {
      if (!service) {
        await send(res, json(503, { error: 'Service Unavailable', message: 'Starting' }), CORS_HEADERS);
        return;
      }
      if ((req.method ?? '').toUpperCase() === 'OPTIONS') {
        res.writeHead(204, PREFLIGHT_HEADERS);
        res.end();
        return;
      }
      const { request, truncated } = await toFetchRequest(req, origin);
      const handlers = control ? [...service.controlHandlers, ...service.handlers] : service.handlers;
      const response =
        (await getResponse(handlers, request)) ?? json(404, { error: 'Not Found', message: 'Not found' });
      const extra: Record<string, string> = { ...CORS_HEADERS };
      if (truncated) extra.connection = 'close';
      await send(res, response, extra);
      if (truncated) {
        // The rest of an oversized upload is discarded, then the connection is closed.
        req.resume();
        setTimeout(() => req.destroy(), 1000).unref();
      }
    } catch (error) {
      console.error('[reservation-mock] request failed', error);
      if (!res.headersSent)
        await send(
          res,
          json(500, { error: 'Internal Server Error', message: 'Internal server error' }),
          CORS_HEADERS,
        );
      else res.destroy();
    }
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

  return {
    url: `${url}${basePath}`,
    service: active,
    close: () =>
      new Promise<void>((resolve, reject) => {
        active.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// The replay's HTTP client: node:http, so that every header (Host, Content-Type) and body byte is the
// traffic's choice, and every request is recorded with its answer for the contract check afterwards.
import { type IncomingHttpHeaders, request } from 'node:http';

/** The parts of a request the traffic gets wrong on purpose: the contract check of the request skips them. */
export type Broken = 'key' | 'path' | 'query' | 'body';

export interface ReplayRequest {
  method: string;
  /** Path and query, e.g. /api/v1/demo-bistro/reservations?date=2026-06-16. */
  path: string;
  /** X-API-Key; null sends none. Default rk_demo_full. */
  key?: string | null;
  /** Serialised as the body (application/json unless `contentType` says otherwise). */
  json?: unknown;
  /** The body's exact bytes (application/json unless `contentType` says otherwise). */
  body?: string | Buffer;
  /** Content-Type of the body; null sends a body without one. */
  contentType?: string | null;
  /** The Host header; default 127.0.0.1:<port>. */
  host?: string;
  breaks?: readonly Broken[];
  /** The status the request must get, and its error code (null: an error body without code). */
  expect: { status: number; code?: string | null };
}

export interface Exchange {
  request: ReplayRequest;
  url: URL;
  requestHeaders: Record<string, string>;
  requestBody: Buffer | undefined;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  responseText: string;
}

export const DEFAULT_KEY = 'rk_demo_full';

/** Sends one request to the server at `port` on a fresh connection, and records the exchange. */
export function replay(port: number, req: ReplayRequest): Promise<Exchange> {
  const body =
    req.body !== undefined
      ? Buffer.from(req.body)
      : req.json !== undefined
        ? Buffer.from(JSON.stringify(req.json))
        : undefined;
  const headers: Record<string, string> = { host: req.host ?? `127.0.0.1:${port}` };
  const key = req.key === undefined ? DEFAULT_KEY : req.key;
  if (key !== null) headers['x-api-key'] = key;
  if (body !== undefined) {
    headers['content-length'] = String(body.length);
    const type = req.contentType === undefined ? 'application/json' : req.contentType;
    if (type !== null) headers['content-type'] = type;
  }
  const url = new URL(req.path, `http://127.0.0.1:${port}`);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            request: req,
            url,
            requestHeaders: headers,
            requestBody: body,
            status: res.statusCode ?? 0,
            responseHeaders: res.headers,
            responseText: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // A server that answers 413 and closes while the upload is still going resets the connection;
    // the answer has been read by then.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    outgoing.end(body);
  });
}

/** A JSON control call under /__mock/ (not part of the contract, not recorded). */
export async function control(port: number, method: string, path: string, json?: unknown): Promise<unknown> {
  const exchange = await replay(port, {
    method,
    path: `/__mock${path}`,
    key: null,
    ...(json === undefined ? {} : { json }),
    expect: { status: 200 },
  });
  if (exchange.status >= 300)
    throw new Error(`control ${method} ${path}: ${exchange.status} ${exchange.responseText}`);
  return exchange.responseText === '' ? undefined : JSON.parse(exchange.responseText);
}

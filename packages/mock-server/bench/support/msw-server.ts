// The standalone server as it was before it answered through the core's handle(): every node:http
// request turned into a Fetch Request and answered through msw's getResponse over the MSW handlers, the
// Response read back into bytes. Kept here so that `pnpm bench:http` measures what the change to
// the core's plain requests bought, in the same run (the "via MSW" column), not from memory.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import type { MockCore } from '../../src/mock';
import { createMswHandlers } from '../../src/transports/msw';

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After' };
const LIMIT = 64 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'expect']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= LIMIT + 1) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function toFetchRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', origin);
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: new Uint8Array(await readBody(req)) });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = { ...CORS };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Listens on 127.0.0.1:0 and answers through getResponse over the core's MSW handlers. */
export async function startMswServer(service: MockCore): Promise<{ server: Server; url: string }> {
  const origin = new URL(service.baseUrl).origin;
  const { handlers } = createMswHandlers(service);
  const server = createServer((req, res) => {
    void (async () => {
      const response = await getResponse(handlers, await toFetchRequest(req, origin));
      await send(
        res,
        response ?? new Response('{"error":"Not Found","message":"Not found"}', { status: 404 }),
      );
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

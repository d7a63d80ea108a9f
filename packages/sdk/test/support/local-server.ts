// A misbehaving server on 127.0.0.1 (a real socket, the runtime's real fetch): for what only a real
// fetch does, such as following redirects, and for what a hostile server sends back.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every request received, body included. */
  requests: SeenRequest[];
}

type Handler = (request: SeenRequest, response: ServerResponse) => void;

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** Starts a server answering with `handler`; it is closed after the test. */
export async function localServer(handler: Handler): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    requests.push(seen);
    handler(seen, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

// A misbehaving server on 127.0.0.1 (a real socket, the runtime's real fetch): for what only a real
// fetch does, such as following redirects, and for what a hostile server sends back.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenUntilTestFinished } from '../../../../test/support/listen';

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
  return { origin: await listenUntilTestFinished(server), requests };
}

// GET /__mock/events: the mock's event bus as Server-Sent Events, for the dashboard and any client
// that wants to watch (`curl -N`). One stream per server, shared by its clients: each event is
// formatted once and the same bytes are written to every client. Bounded (SECURITY.md): at most 64
// clients (the next gets 503), and a client that stops reading is dropped once more than 1 MiB waits
// unsent for it, so a paused client costs at most that much memory. A comment line every 15 s keeps
// proxies from closing an idle stream.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockControl } from '../control/control';

const PING_MS = 15_000;
const PING = Buffer.from(': ping\n\n');
const CONNECTED = Buffer.from(': connected\n\n');

/** How many clients may watch one server at a time. */
export const MAX_EVENT_CLIENTS = 64;
/** Unsent bytes above which a client that is not reading is dropped. */
export const MAX_UNSENT_BYTES = 1024 * 1024;

export interface EventStreamOptions {
  maxClients?: number;
  maxUnsentBytes?: number;
}

export interface EventStream {
  /**
   * Starts streaming to this client; false (nothing written) when the stream already has its
   * maximum of clients: the caller answers 503.
   */
  add(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): boolean;
  /** How many clients are connected. */
  readonly clients: number;
  /** Ends every client's stream and stops listening (server shutdown). */
  close(): void;
}

interface Client {
  res: ServerResponse;
  /** The last write did not go out at once: check the unsent bytes on every write until 'drain'. */
  behind: boolean;
}

export function createEventStream(
  control: Pick<MockControl, 'subscribe'>,
  options: EventStreamOptions = {},
): EventStream {
  const maxClients = options.maxClients ?? MAX_EVENT_CLIENTS;
  const maxUnsent = options.maxUnsentBytes ?? MAX_UNSENT_BYTES;
  const clients = new Set<Client>();
  let unsubscribe: (() => void) | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  function drop(client: Client): void {
    if (!clients.delete(client)) return;
    // Destroyed, not ended: an orderly end would wait behind the megabyte nobody reads.
    client.res.destroy();
    if (clients.size === 0) stopListening();
  }

  function write(client: Client, frame: Buffer): void {
    if (client.res.destroyed) {
      drop(client);
      return;
    }
    const sent = client.res.write(frame);
    if (sent && !client.behind) return;
    client.behind = true;
    if (client.res.writableLength > maxUnsent) drop(client);
  }

  function broadcast(frame: Buffer): void {
    for (const client of clients) write(client, frame);
  }

  function startListening(): void {
    unsubscribe = control.subscribe((event) => {
      // Formatted once for every client.
      broadcast(Buffer.from(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`));
    });
    ping = setInterval(() => broadcast(PING), PING_MS);
    ping.unref();
  }

  function stopListening(): void {
    unsubscribe?.();
    unsubscribe = undefined;
    clearInterval(ping);
    ping = undefined;
  }

  return {
    add(req, res, headers) {
      if (closed || clients.size >= maxClients) return false;
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const client: Client = { res, behind: false };
      clients.add(client);
      if (!unsubscribe) startListening();
      res.on('drain', () => {
        client.behind = false;
      });
      req.on('close', () => drop(client));
      res.on('error', () => drop(client));
      write(client, CONNECTED);
      return true;
    },
    get clients() {
      return clients.size;
    },
    close() {
      closed = true;
      for (const client of [...clients]) {
        clients.delete(client);
        client.res.end();
      }
      stopListening();
    },
  };
}

// GET /__mock/events: the mock's event bus as Server-Sent Events, for the dashboard and any client
// that wants to watch (`curl -N`). A comment line every 15 s keeps proxies from closing it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockControl } from '../control/control';

const PING_MS = 15_000;

export function streamEvents(
  control: MockControl,
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string>,
): void {
  res.writeHead(200, {
    ...cors,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.write(': connected\n\n');
  const unsubscribe = control.subscribe((event) => {
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  });
  const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
  ping.unref();
  const stop = () => {
    clearInterval(ping);
    unsubscribe();
  };
  req.on('close', stop);
  res.on('error', stop);
}

// The webhook receiver of the HTTP benchmarks: a bare node:http server that reads each delivery and
// answers 204, in its own process (so neither a mock under test nor the load generator does its
// work), counting what it received for the parent (IPC `count`). The mocks under test send their
// webhooks here, so a booking's delivery is made, signed and sent as a user's mock would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ChildMessage, isParentMessage } from './protocol';

let received = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(204);
    res.end();
  });
});

const send = (message: ChildMessage): void => {
  process.send?.(message);
};
process.on('message', (raw: unknown) => {
  if (!isParentMessage(raw)) return;
  if (raw.type === 'count') send({ type: 'counted', requests: received });
  if (raw.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  send({ type: 'ready', url: `http://127.0.0.1:${port}`, seedMs: 0 });
});

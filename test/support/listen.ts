// A test's own HTTP server on 127.0.0.1: listening on a free port, and closed (its open connections
// too) when the test finishes. The hook is registered per call, not at module level: test files share
// this module (vitest `isolate: false`), and a module-level `afterEach` would attach to the first file
// that imported it only.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** Listens on 127.0.0.1 (a free port) until the test finishes, then closes; `http://127.0.0.1:<port>`. */
export async function listenUntilTestFinished(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

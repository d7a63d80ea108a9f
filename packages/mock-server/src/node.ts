// Node-only entry: the standalone HTTP server and seed files. It needs no msw: the server answers
// through the mock core; createMockService() with MSW handlers is in the main entry.
import { readFile } from 'node:fs/promises';
import { parseSeedJson } from './seed/from-json';
import type { ResolvedSeedData } from './seed/seed-data';

export * from './public';
export { isLoopbackHost } from './transports/host-check';
export {
  type MockServer,
  type MockServerGivenMockOptions,
  type MockServerOptions,
  type MockServerOwnMockOptions,
  startMockServer,
  withWebhookUrl,
} from './transports/node-server';

/** Reads and validates a seed JSON file (see README "Seed format"). */
export async function loadSeedFile(path: string): Promise<ResolvedSeedData> {
  return parseSeedJson(await readFile(path, 'utf8'));
}

// Shared by the fuzz tests: the REAL standalone server on 127.0.0.1 (port 0), the contract check of
// every answer, raw sockets for bytes fetch() refuses to send, and the fixed seed of every property.

import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { afterAll, beforeAll } from 'vitest';
import { assertResponseMatches, assertSchema, findOperation } from '../support/openapi';

/** A Monday morning in Prague (10:00 local): the demo bistro opens at 11:00. */
export const NOW = '2026-06-15T08:00:00.000Z';

/**
 * Every property runs with this seed, so a failure replays exactly; fast-check prints the seed and
 * the path of a failing run. FUZZ_SEED overrides it; FUZZ_RUNS multiplies the number of runs (e.g.
 * 10 for a longer local search).
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_615);
if (!Number.isSafeInteger(FUZZ_SEED)) {
  throw new Error(`FUZZ_SEED must be an integer; got ${JSON.stringify(process.env.FUZZ_SEED)}`);
}
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
if (!Number.isFinite(SCALE) || SCALE <= 0) {
  throw new Error(`FUZZ_RUNS must be a finite number > 0; got ${JSON.stringify(process.env.FUZZ_RUNS)}`);
}

export function runs(count: number): { seed: number; numRuns: number; endOnFailure: true } {
  return { seed: FUZZ_SEED, numRuns: Math.max(1, Math.round(count * SCALE)), endOnFailure: true };
}

/** One standalone server for the file (demo data, frozen clock, control on), closed afterwards. */
export function useStandaloneServer(options: { control?: boolean } = {}): { readonly current: MockServer } {
  let server: MockServer | undefined;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, now: NOW, control: options.control ?? true });
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get current() {
      if (!server) throw new Error('the server is not running');
      return server;
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
  text: string;
}

/** Sends one request with fetch and returns the answer, its body parsed as JSON. */
export async function send(
  server: MockServer,
  method: string,
  path: string,
  init: { key?: string | null; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.key !== undefined && init.key !== null) headers.set('X-API-Key', init.key);
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path}: the answer is not JSON (${response.status}): ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body, text };
}

/**
 * The answer is no 5xx and matches openapi.yaml: the operation's declared status and schema, or, for a
 * path the contract does not have, a documented Error body with 401, 403 or 404.
 */
export function assertContract(method: string, pathname: string, answer: Answer): void {
  if (answer.status >= 500) throw new Error(`${method} ${pathname}: ${answer.status} ${answer.text}`);
  if (findOperation(method, pathname)) {
    assertResponseMatches(method, pathname, answer.status, answer.body);
    return;
  }
  assertSchema('ErrorBody', answer.body);
  if (![401, 403, 404].includes(answer.status))
    throw new Error(`${method} ${pathname}: ${answer.status} for a path the contract does not have`);
}

export { type RawAnswer, rawRequest } from '../../packages/mock-server/test/support/raw-http';

/** A snapshot of Object.prototype's own keys and a fresh object's view of a polluted key. */
export function prototypeState(): { keys: string[]; polluted: unknown } {
  return {
    keys: Object.getOwnPropertyNames(Object.prototype).sort(),
    polluted: ({} as Record<string, unknown>).polluted,
  };
}

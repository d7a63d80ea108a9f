// Shared by the fuzz tests: the REAL standalone server on 127.0.0.1 (port 0), the contract check of
// every answer, raw sockets for bytes fetch() refuses to send, and the fixed seed of every property.
import { connect } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { assertResponseMatches, assertSchema, findOperation } from '../../../../test/support/openapi';
import { type MockServer, startMockServer } from '../../src/node';

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
  assertSchema('Error', answer.body);
  if (![401, 403, 404].includes(answer.status))
    throw new Error(`${method} ${pathname}: ${answer.status} for a path the contract does not have`);
}

export interface RawAnswer {
  /** The status line and headers, as received. */
  head: string;
  status: number;
  body: string;
  /** The server closed the connection (or it was closed after the answer). */
  closed: boolean;
}

/**
 * Writes raw bytes to the server and reads one HTTP answer (for input fetch() will not send:
 * CR/LF in a header, invalid bytes, lying lengths). Bounded: gives up after `timeoutMs`.
 */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) {
        if (closed) {
          settled = true;
          clearTimeout(timer);
          reject(new Error(`connection closed without a complete answer: ${JSON.stringify(text)}`));
        }
        return;
      }
      const head = text.slice(0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      const body = received.subarray(end + 4);
      if (length && body.length < Number(length[1]) && !closed) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        head,
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        body: body.subarray(0, length ? Number(length[1]) : body.length).toString('utf8'),
        closed,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      if (!settled) {
        settled = true;
        reject(new Error(`no answer within ${timeoutMs} ms: ${JSON.stringify(received.toString('latin1'))}`));
      }
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // A server that answers and closes while we still write (413) resets the connection: the answer
    // already read counts.
    socket.on('error', () => finish(true));
    socket.write(bytes);
  });
}

/** A snapshot of Object.prototype's own keys and a fresh object's view of a polluted key. */
export function prototypeState(): { keys: string[]; polluted: unknown } {
  return {
    keys: Object.getOwnPropertyNames(Object.prototype).sort(),
    polluted: ({} as Record<string, unknown>).polluted,
  };
}

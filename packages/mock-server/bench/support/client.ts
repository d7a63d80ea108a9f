// A small keep-alive HTTP client for the soak: `concurrency` loops send requests one after another
// and check each answer's status against the request that caused it (autocannon's per-request
// callbacks fire for the request after, so they cannot say which answer was whose).
import { Agent, request } from 'node:http';

export interface ClientRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  expect: number;
}

export interface ClientTally {
  answered: number;
  /** `label: status` → count, for answers whose status was not the expected one. */
  unexpected: Map<string, number>;
  /** Requests that got no answer (socket error or 10 s without one). */
  errors: number;
}

function send(agent: Agent, base: URL, entry: ClientRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const body = entry.body === undefined ? undefined : Buffer.from(entry.body);
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: entry.method,
        path: entry.path,
        headers: { ...entry.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${entry.label}: no answer within 10 s`)));
    // A server may answer (413) and close before the whole body was sent: an error after the
    // answer is expected then, and not a failure.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

/** Sends `total` requests, cycling through `mix`, `concurrency` at a time. */
export async function runMix(
  baseUrl: string,
  mix: readonly ClientRequest[],
  total: number,
  concurrency: number,
  tally: ClientTally,
): Promise<void> {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const entry = mix[next % mix.length] as ClientRequest;
      next++;
      try {
        const status = await send(agent, base, entry);
        tally.answered++;
        if (status !== entry.expect) {
          const key = `${entry.label}: ${status}`;
          tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
        }
      } catch {
        tally.errors++;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
}

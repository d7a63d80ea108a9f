// One bounded autocannon run against 127.0.0.1: a fixed number of connections for a fixed time.
// Latencies are taken from autocannon's per-response event (µs resolution; its own histogram keeps
// whole milliseconds, too coarse for answers that take a fraction of one).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** The body of the i-th request (POST). */
  body?: (i: number) => string;
  /** The status every answer should have. */
  expect: number;
}

export interface LoadResult {
  requests: number;
  /** Answered requests per second over the run. */
  rps: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  /** Answers with the expected status, as a share of all answers. */
  expectedShare: number;
  errors: number;
  timeouts: number;
  /** Share of one core the server child used during the run (Linux /proc), or NaN. */
  serverCpu: number;
  /** Share of one core this process (the load generator) used during the run. */
  generatorCpu: number;
  /**
   * The server's CPU time (user + system) per answered request, µs: what a request costs it,
   * whatever share of the cores it got (so less moved by other load than requests/s), or NaN.
   */
  serverCpuUs: number;
  /** How long `settled` waited after the load, ms (0 without it). */
  settleMs: number;
  /** False when `settled` gave up before the run's work had ended. */
  settleComplete: boolean;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** Shared request counter for `body` (so later runs keep making new bookings). */
  counter?: { next: number };
  /** The server's process id, to measure its CPU time during the run. */
  serverPid?: number;
  /**
   * Waits, after the load, until the work the run's answers caused has ended (the webhook
   * deliveries of its bookings; `expected`: the answers with the expected status), so that the
   * server's CPU time counts it and the next run does not share a core with it. Resolves false when
   * it gave up waiting before that.
   */
  settled?: (expected: number) => Promise<boolean>;
}

/** User + system CPU time of a process in ms, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The longest a single run may take before it is abandoned (autocannon stops itself before). */
const HARD_LIMIT_MS = 60_000;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function runLoad(baseUrl: string, load: LoadCase, options: LoadOptions): Promise<LoadResult> {
  const counter = options.counter ?? { next: 0 };
  const bodyOf = load.body;
  // Bounded: at most this many latencies are kept (far above what a few seconds can produce).
  const latencies = new Float64Array(2_000_000);
  let recorded = 0;
  let answered = 0;
  let expected = 0;
  let settle: (error: Error | null, result?: autocannon.Result) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    settle = (error, result) =>
      error || !result ? reject(error ?? new Error('no result')) : resolve(result);
  });
  const instance = autocannon(
    {
      url: `${baseUrl}${load.path}`,
      method: load.method,
      headers: load.headers,
      connections: options.connections,
      duration: options.durationS,
      // A request without an answer in 10 s counts as a timeout, so a stalled server cannot hang it.
      timeout: 10,
      ...(bodyOf
        ? {
            requests: [
              {
                setupRequest: (request) => {
                  request.body = bodyOf(counter.next++);
                  return request;
                },
              },
            ],
          }
        : {}),
    },
    (error, result) => settle(error, result),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    answered++;
    if (statusCode === load.expect) expected++;
    if (recorded < latencies.length) latencies[recorded++] = responseTime;
  });
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      instance.stop();
      reject(new Error(`${load.name}: load run did not finish within ${HARD_LIMIT_MS} ms`));
    }, HARD_LIMIT_MS);
  });
  const serverBefore = cpuMsOf(options.serverPid);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const result = await Promise.race([done, guard]);
    const elapsedMs = performance.now() - started;
    const generator = process.cpuUsage(generatorBefore);
    const serverLoadCpuMs = cpuMsOf(options.serverPid) - serverBefore;
    const settleStarted = performance.now();
    const settleComplete = (await options.settled?.(expected)) ?? true;
    const settleMs = performance.now() - settleStarted;
    const serverCpuMs = cpuMsOf(options.serverPid) - serverBefore;
    const sorted = latencies.subarray(0, recorded).sort();
    return {
      requests: answered,
      rps: answered / options.durationS,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      expectedShare: answered === 0 ? 0 : expected / answered,
      errors: result.errors,
      timeouts: result.timeouts,
      // A share of the load's time, as the generator's is; the work after it counts per request.
      serverCpu: serverLoadCpuMs / elapsedMs,
      serverCpuUs: answered === 0 ? Number.NaN : (serverCpuMs * 1000) / answered,
      generatorCpu: (generator.user + generator.system) / 1000 / elapsedMs,
      settleMs,
      settleComplete,
    };
  } finally {
    clearTimeout(timer);
  }
}

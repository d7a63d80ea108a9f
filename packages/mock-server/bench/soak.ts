// `pnpm bench:soak`: does the standalone mock (the BUILT server) hold its memory under a long mix of
// requests, and how fast does its CLI start?
//
// 1. Soak: 100,000 requests (after a warm-up) against the mock in a child process started with
//    --expose-gc: reads of every endpoint, plus writes that are rejected and so change nothing
//    (400, 401, 403, 404, 409, 413, 422). Accepted creates are left out on purpose: each one adds a
//    reservation, growth by design that would hide a leak. The child reports heapUsed after gc()
//    over IPC at 0 (after the warm-up), 50k and 100k requests, and its reservation count, which must
//    not move. Goal: heap growth from 50k to 100k under 10 %. Any warning on the child's stderr
//    (MaxListenersExceededWarning or other) fails the run. Throughout, 10 clients hold
//    GET /__mock/events open and never read a byte (a paused dashboard tab, a stuck `curl -N`):
//    every request is an event for them, and the server must drop them once 1 MiB waits unsent
//    for each (SECURITY.md) instead of buffering the whole soak.
// 2. Start time: the README's `pnpm start` (from the repository root) and the built binary alone
//    (`node dist/cli.js`), spawned five times each, each polled with GET /api/v1/demo-bistro/info
//    until its first 200; the medians. Goal: `pnpm start` under 1.5 s. This one goal is absolute
//    (a user's wait), not a ratio, so it moves with the machine's load.
//
// Writes the "soak" section of BENCHMARKS.md.
//
//   pnpm bench:soak [--requests 100000] [--connections 10] [--no-build] [--no-write]
import { spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildMockServer } from './support/build';
import { PACKAGE_DIR, type ServerChild, startChild } from './support/children';
import { type ClientRequest, type ClientTally, runMix } from './support/client';
import type { HeapMessage } from './support/protocol';
import { machineLine, median, REPO_ROOT, table, writeSection } from './support/report';
import { API, FULL_KEY } from './support/workload';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    requests: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const TOTAL = Math.min(1_000_000, Math.max(1000, Number(args.requests)));
const CONNECTIONS = Math.min(100, Math.max(1, Number(args.connections)));
const WARMUP = 5000;
const STARTS = 5;
const SEEDED = 2000;
/** Event-stream clients that never read, open during the whole soak. */
const PAUSED_WATCHERS = 10;

type SoakRequest = Omit<ClientRequest, 'headers'> & { headers?: Record<string, string> };

const JSON_HEADERS = { 'x-api-key': FULL_KEY, 'content-type': 'application/json' };
const booking = (fields: Record<string, unknown>) =>
  JSON.stringify({ email: 'soak@example.com', date: '2026-06-16', from: '12:00', to: '13:00', ...fields });

/**
 * One round of the mix; the client's loops cycle through it. res_demo_0001…0006 are the demo data's
 * own reservations, dated from the frozen clock (Monday 2026-03-02): 0001 COMPLETED (3 days before),
 * 0002 NO_SHOW, 0003 CONFIRMED on 2026-03-03 18:00–20:00 at tbl_04 (the double booking collides
 * with it, after the clock so it is not a 422 "in the past"), 0006 CANCELLED (the DELETE that must
 * be refused). Every write of the mix is checked once, before the warm-up, to change nothing
 * (`assertWritesChangeNothing`).
 */
const ENTRIES: SoakRequest[] = [
  { label: 'GET /info', method: 'GET', path: `${API}/info`, expect: 200 },
  { label: 'GET /schedule', method: 'GET', path: `${API}/schedule`, expect: 200 },
  { label: 'GET /tables', method: 'GET', path: `${API}/tables`, expect: 200 },
  { label: 'GET /services', method: 'GET', path: `${API}/services`, expect: 200 },
  { label: 'GET /gallery', method: 'GET', path: `${API}/gallery?limit=3`, expect: 200 },
  { label: 'GET /reviews', method: 'GET', path: `${API}/reviews`, expect: 200 },
  { label: 'GET /availability', method: 'GET', path: `${API}/availability?date=2026-03-10`, expect: 200 },
  {
    label: 'GET /availability (service)',
    method: 'GET',
    path: `${API}/availability?date=2026-03-11&serviceId=svc_tasting`,
    expect: 200,
  },
  { label: 'GET /reservations', method: 'GET', path: `${API}/reservations?limit=20&offset=40`, expect: 200 },
  {
    label: 'GET /reservations (filtered)',
    method: 'GET',
    path: `${API}/reservations?from=2026-02-01&to=2026-02-28&status=CONFIRMED`,
    expect: 200,
  },
  { label: 'GET /reservations/:id', method: 'GET', path: `${API}/reservations/res_demo_0002`, expect: 200 },
  { label: '404 reservation', method: 'GET', path: `${API}/reservations/res_nope`, expect: 404 },
  { label: '404 route', method: 'GET', path: `${API}/nothing-here`, expect: 404 },
  { label: '401 no key', method: 'GET', path: `${API}/reservations`, headers: {}, expect: 401 },
  {
    label: '401 wrong key',
    method: 'GET',
    path: `${API}/reservations`,
    headers: { 'x-api-key': 'rk_wrong' },
    expect: 401,
  },
  {
    label: '403 other project',
    method: 'GET',
    path: '/api/v1/demo-salon/reservations',
    expect: 403,
  },
  {
    label: '403 permission',
    method: 'POST',
    path: `${API}/reservations`,
    headers: { 'x-api-key': 'rk_demo_read', 'content-type': 'application/json' },
    body: booking({}),
    expect: 403,
  },
  {
    label: '400 missing fields',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: '{"email":"soak@example.com"}',
    expect: 400,
  },
  {
    label: '400 invalid JSON',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: '{"email": ',
    expect: 400,
  },
  {
    label: '400 validation',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: booking({ guests: 0, from: '25:00' }),
    expect: 400,
  },
  {
    label: '403 blacklisted',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: booking({ email: 'blocked@example.com' }),
    expect: 403,
  },
  {
    label: '422 closed (Sunday)',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: booking({ date: '2026-06-21' }),
    expect: 422,
  },
  {
    label: '409 double booking',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: booking({ date: '2026-03-03', from: '18:30', to: '19:30', tableId: 'tbl_04' }),
    expect: 409,
  },
  {
    label: '409 illegal PATCH',
    method: 'PATCH',
    path: `${API}/reservations/res_demo_0001/status`,
    headers: JSON_HEADERS,
    body: '{"status":"CONFIRMED"}',
    expect: 409,
  },
  {
    label: '400 PATCH unknown status',
    method: 'PATCH',
    path: `${API}/reservations/res_demo_0002/status`,
    headers: JSON_HEADERS,
    body: '{"status":"DONE"}',
    expect: 400,
  },
  {
    label: '409 DELETE cancelled',
    method: 'DELETE',
    path: `${API}/reservations/res_demo_0006`,
    headers: JSON_HEADERS,
    body: '{"reason":"again"}',
    expect: 409,
  },
  {
    label: '413 body over 64 KiB',
    method: 'POST',
    path: `${API}/reservations`,
    headers: JSON_HEADERS,
    body: booking({ note: 'x'.repeat(70 * 1024) }),
    expect: 413,
  },
];
const MIX: ClientRequest[] = ENTRIES.map((entry) => ({
  ...entry,
  headers: entry.headers ?? { 'x-api-key': FULL_KEY },
}));

/** Everything a write could change, read over the control routes: every project and its reservations. */
async function stateOf(baseUrl: string): Promise<string> {
  const read = async (path: string) => {
    const response = await fetch(`${baseUrl}/__mock${path}`);
    if (response.status !== 200) throw new Error(`GET /__mock${path}: ${response.status}`);
    return response.text();
  };
  const projects = await read('/projects');
  const slugs = (JSON.parse(projects) as { projects: { slug: string }[] }).projects.map((p) => p.slug);
  const reservations = await Promise.all(slugs.map((slug) => read(`/projects/${slug}/reservations`)));
  return JSON.stringify([projects, reservations]);
}

/**
 * Sends each write of the mix once, alone, and fails unless it got its expected status and the
 * state read before and after it is the same: the soak's "rejected writes change nothing" is
 * checked, not assumed. Returns the failures.
 */
async function assertWritesChangeNothing(baseUrl: string): Promise<string[]> {
  const failures: string[] = [];
  for (const entry of MIX.filter((m) => m.method !== 'GET')) {
    const before = await stateOf(baseUrl);
    const tally: ClientTally = { answered: 0, unexpected: new Map(), errors: 0 };
    await runMix(baseUrl, [entry], 1, 1, tally);
    const after = await stateOf(baseUrl);
    if (tally.unexpected.size > 0 || tally.errors > 0) {
      failures.push(`${entry.label}: ${[...tally.unexpected.keys()].join(', ') || 'no answer'}`);
    }
    if (after !== before) failures.push(`${entry.label}: changed the mock's state`);
  }
  return failures;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls /info every 5 ms until a 200; the time since `started`. */
async function pollUntilAnswered(port: number, started: number, exited: () => boolean): Promise<number> {
  while (performance.now() - started < 60_000) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/demo-bistro/info`, {
        headers: { 'x-api-key': 'rk_demo_basic' },
        signal: AbortSignal.timeout(1000),
      });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (exited()) throw new Error('the CLI exited before it answered');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the CLI did not answer within 60 s');
}

/** How the CLI is started: the README's command, and the built binary it ends up running. */
const STARTERS = {
  'pnpm start': (port: number) => ({
    command: 'pnpm',
    args: ['start', '--port', String(port)],
    cwd: REPO_ROOT,
  }),
  'node dist/cli.js': (port: number) => ({
    command: process.execPath,
    args: [join(PACKAGE_DIR, 'dist/cli.js'), '--port', String(port)],
    cwd: PACKAGE_DIR,
  }),
} as const;
type Starter = keyof typeof STARTERS;

/** Milliseconds from spawning the CLI to its first 200 on /info (at most 60 s: a loaded machine). */
async function timeToFirstAnswer(starter: Starter): Promise<number> {
  const port = await freePort();
  const { command, args: argv, cwd } = STARTERS[starter](port);
  const started = performance.now();
  // Its own process group, so that stopping it also stops what pnpm started.
  const child = spawn(command, argv, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  let elapsed: number;
  try {
    elapsed = await pollUntilAnswered(port, started, () => child.exitCode !== null);
  } finally {
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  // pnpm reports the signal that stopped its script; anything before that is a failure.
  const own = stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !/ELIFECYCLE|SIGTERM|Command failed/.test(line));
  if (own.length > 0) throw new Error(`${starter} wrote to stderr: ${stderr}`);
  return elapsed;
}

/** Opens GET /__mock/events and never reads: what the server buffers for it is the question. */
function pausedWatcher(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.pause();
      socket.write(`GET /__mock/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`, () => resolve(socket));
    });
    socket.once('error', reject);
  });
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
// Taken before the run, so the load average is the one it started with.
const machine = machineLine();
if (!args['no-build']) buildMockServer();

let failed = false;
const tally: ClientTally = { answered: 0, unexpected: new Map(), errors: 0 };
const heaps: { label: string; heap: HeapMessage }[] = [];
let child: ServerChild | undefined;
let soakMs = 0;
const watchers: Socket[] = [];
try {
  child = await startChild('./mock-child.ts', ['--reservations', String(SEEDED), '--control'], {
    nodeFlags: ['--expose-gc'],
  });
  for (let i = 0; i < PAUSED_WATCHERS; i++) {
    const watcher = await pausedWatcher(child.url);
    // The server drops it at some point: an error or a close is expected, not a failure.
    watcher.on('error', () => undefined);
    watchers.push(watcher);
  }
  const writeFailures = await assertWritesChangeNothing(child.url);
  if (writeFailures.length > 0) {
    console.error(
      `rejected writes that were not rejected or changed something:\n${writeFailures.join('\n')}`,
    );
    failed = true;
  }
  // The warm-up's statuses are checked too: a write that succeeds there would change what the soak measures.
  const warmup: ClientTally = { answered: 0, unexpected: new Map(), errors: 0 };
  await runMix(child.url, MIX, WARMUP, CONNECTIONS, warmup);
  for (const [key, count] of warmup.unexpected) tally.unexpected.set(`warm-up ${key}`, count);
  tally.errors += warmup.errors;
  heaps.push({ label: '0 (after warm-up)', heap: await child.heap() });
  const soakStart = performance.now();
  const half = Math.floor(TOTAL / 2);
  await runMix(child.url, MIX, half, CONNECTIONS, tally);
  heaps.push({ label: half.toLocaleString('en-US'), heap: await child.heap() });
  await runMix(child.url, MIX, TOTAL - half, CONNECTIONS, tally);
  heaps.push({ label: TOTAL.toLocaleString('en-US'), heap: await child.heap() });
  soakMs = performance.now() - soakStart;
} finally {
  for (const watcher of watchers) watcher.destroy();
  await child?.stop();
}
const stderr = child?.stderr() ?? '';
if (stderr.trim() !== '') {
  console.error(
    `the server wrote to stderr (a MaxListenersExceededWarning or any other warning fails the run):\n${stderr}`,
  );
  failed = true;
}
if (tally.unexpected.size > 0) {
  console.error('unexpected statuses:', Object.fromEntries(tally.unexpected));
  failed = true;
}
const [atStart, atHalf, atEnd] = heaps.map((h) => h.heap) as [HeapMessage, HeapMessage, HeapMessage];
const growth = (atEnd.heapUsed - atHalf.heapUsed) / atHalf.heapUsed;
if (atEnd.reservations !== atStart.reservations) {
  console.error(`the reservation count moved: ${atStart.reservations} → ${atEnd.reservations}`);
  failed = true;
}
console.log(
  heaps.map((h) => `${h.label}: ${mib(h.heap.heapUsed)} (${h.heap.reservations} reservations)`).join('; '),
);
console.log(
  `heap growth ${TOTAL / 2}→${TOTAL} with ${PAUSED_WATCHERS} paused event-stream clients: ${(growth * 100).toFixed(2)} % (goal < 10 %: ${growth < 0.1 ? 'met' : 'MISSED'}); rss ${mib(atHalf.rss)} → ${mib(atEnd.rss)}; ${tally.answered} answers, ${tally.errors} errors in ${Math.round(soakMs)} ms`,
);

const starts = new Map<Starter, number[]>();
// Alternating, so that other load on the machine hits both commands alike.
for (let i = 0; i < STARTS; i++) {
  for (const starter of Object.keys(STARTERS) as Starter[]) {
    starts.set(starter, [...(starts.get(starter) ?? []), await timeToFirstAnswer(starter)]);
  }
}
const startMedian = median(starts.get('pnpm start') ?? []);
const builtMedian = median(starts.get('node dist/cli.js') ?? []);
const runsOf = (starter: Starter) => (starts.get(starter) ?? []).map((s) => `${s.toFixed(0)} ms`).join(', ');
console.log(
  `start to first answer: pnpm start median ${startMedian.toFixed(0)} ms (${runsOf('pnpm start')}); node dist/cli.js median ${builtMedian.toFixed(0)} ms (${runsOf('node dist/cli.js')})`,
);
if (tally.errors > 0) {
  console.error(`${tally.errors} requests failed at the socket level`);
  failed = true;
}

if (!args['no-write'] && !failed) {
  const rows = heaps.map(({ label, heap }) => [
    label,
    mib(heap.heapUsed),
    mib(heap.rss),
    String(heap.reservations),
  ]);
  writeSection(
    'soak',
    `## Soak and start time

\`pnpm bench:soak\` (\`packages/mock-server/bench/soak.ts\`), run ${startedAt}.
Machine: ${machine}.

**Soak.** ${TOTAL.toLocaleString('en-US')} requests (after ${WARMUP.toLocaleString('en-US')} of warm-up) from a keep-alive node:http client, ${CONNECTIONS} at a time,
against the built mock in a child process started with \`--expose-gc\` (demo data plus ${SEEDED.toLocaleString('en-US')} seeded
reservations, frozen clock, control routes on), cycling through ${MIX.length} requests: reads of every endpoint, and rejected writes that change nothing
(${MIX.filter((m) => m.expect >= 400)
      .map((m) => m.label)
      .join(', ')}). Accepted creates are left out: each adds a reservation by design.
Before the warm-up, each of these writes was sent once, alone, with the mock's projects and reservations read over
the control routes before and after it: each got its expected status and changed nothing (the run fails otherwise).
During the whole soak ${PAUSED_WATCHERS} clients held \`GET /__mock/events\` open without reading a byte (each request is an
event for them; the server drops such a client once 1 MiB waits unsent for it).
Every answer had the expected status (${tally.answered.toLocaleString('en-US')} answers, ${tally.errors} socket errors), the child wrote nothing
to stderr (no \`MaxListenersExceededWarning\` or any other warning), and it took ${(soakMs / 1000).toFixed(1)} s.
heapUsed is read in the child after two \`gc()\` calls, reported over IPC.

${table(['after requests', 'heapUsed after gc', 'rss', 'reservations'], rows)}

Heap growth from ${(TOTAL / 2).toLocaleString('en-US')} to ${TOTAL.toLocaleString('en-US')} requests: **${(growth * 100).toFixed(2)} %** (goal < 10 %: ${
      growth < 0.1 ? 'met' : '**missed**'
    }).

**Start time.** From the repository root, the README's \`pnpm start --port <free>\` and the built
binary alone (\`node packages/mock-server/dist/cli.js --port <free>\`) spawned ${STARTS} times each, alternating,
each polled every 5 ms with \`GET /api/v1/demo-bistro/info\` until its first 200. The goal is absolute (the
time a user waits), so it moves with the machine's load: \`pnpm start\` median **${startMedian.toFixed(0)} ms**
(goal < 1,500 ms: ${startMedian < 1500 ? 'met' : '**missed**'}; runs: ${runsOf('pnpm start')}); the built CLI alone
median ${builtMedian.toFixed(0)} ms (runs: ${runsOf('node dist/cli.js')}).
`,
  );
  console.log('wrote the "soak" section of BENCHMARKS.md');
}
process.exit(failed ? 1 : 0);

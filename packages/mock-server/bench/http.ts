// `pnpm bench:http`: the standalone mock (the BUILT server) over real HTTP on 127.0.0.1 against a
// bare node:http server that answers the same requests with the same bytes, captured from the mock,
// and against the same mock with its request journal turned off (what the journal costs; goal: under
// 10 % fewer requests per second with it on). Each server runs in its own child process; autocannon, here, is the only load generator,
// so on two cores the generator and a server under test never share an event loop. For each
// endpoint the servers are warmed up, then measured in alternating rounds (mock, journal off, raw, …) so
// that other load on the machine hits them alike; the ratios are medians of the paired rounds.
// Afterwards the mock and the raw server are profiled per endpoint (separate runs, so profiling
// does not slow a measured one), and the mock's own cost is timed in process, without HTTP.
//
// Goals: GET /services ≥ 60 % of the raw server's requests/s, GET /availability ≥ 50 %, the
// reservations page and POST /reservations ≥ 40 %.
// Writes the "http" section of BENCHMARKS.md and docs/benchmarks.svg.
//
//   pnpm bench:http [--rounds 3] [--round-s 2] [--warmup-s 1] [--connections 10] [--no-build]
//                   [--no-profile] [--no-write] [--only TEXT]
// `--only services` measures the endpoints whose name contains TEXT, for trial runs; it never writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildMockServer } from './support/build';
import { PACKAGE_DIR, type ServerChild, startChild } from './support/children';
import { inProcessCosts } from './support/in-process';
import { type LoadCase, type LoadResult, runLoad } from './support/load';
import { timeByLayer, topFrames } from './support/profile';
import type { CannedAnswer } from './support/protocol';
import {
  barChart,
  machineLine,
  median,
  REPO_ROOT,
  table,
  waitForIdle,
  writeFile,
  writeSection,
} from './support/report';
import { API, AVAILABILITY_DATE, bookingBody, FULL_KEY } from './support/workload';

const { values: args } = parseArgs({
  // `pnpm bench:http -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    rounds: { type: 'string', default: '3' },
    'round-s': { type: 'string', default: '2' },
    'warmup-s': { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    'no-build': { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const ROUNDS = Math.min(10, Math.max(1, Number(args.rounds)));
const ROUND_S = Math.min(10, Math.max(1, Number(args['round-s'])));
const WARMUP_S = Math.min(5, Math.max(1, Number(args['warmup-s'])));
const CONNECTIONS = Math.min(100, Math.max(1, Number(args.connections)));
const PROFILE_S = 3;
const SEEDED = 10_000;

interface BenchCase extends LoadCase {
  /** Share of the raw server's requests/s the mock should reach. */
  goal: number;
}

const KEY_HEADER = { 'x-api-key': FULL_KEY };
const CASES: BenchCase[] = [
  {
    name: 'GET /services',
    method: 'GET',
    path: `${API}/services`,
    headers: KEY_HEADER,
    expect: 200,
    goal: 0.6,
  },
  {
    name: 'GET /availability',
    method: 'GET',
    path: `${API}/availability?date=${AVAILABILITY_DATE}`,
    headers: KEY_HEADER,
    expect: 200,
    goal: 0.5,
  },
  {
    name: `GET /reservations (50 of ${SEEDED.toLocaleString('en-US')})`,
    method: 'GET',
    path: `${API}/reservations`,
    headers: KEY_HEADER,
    expect: 200,
    goal: 0.4,
  },
  {
    name: 'POST /reservations',
    method: 'POST',
    path: `${API}/reservations`,
    headers: { ...KEY_HEADER, 'content-type': 'application/json' },
    body: bookingBody,
    expect: 201,
    goal: 0.4,
  },
];

interface Servers {
  mock: ServerChild;
  /** The same mock with the request journal off. */
  bare: ServerChild;
  raw: ServerChild;
}

/** Goal: the journal costs under 10 % of the requests per second. */
const JOURNAL_GOAL = 0.1;

const HEADERS_NOT_CANNED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One answer of the mock per case, byte for byte, for the raw server to repeat. */
async function captureAnswers(mockUrl: string): Promise<Record<string, CannedAnswer>> {
  const answers: Record<string, CannedAnswer> = {};
  for (const c of CASES) {
    const response = await fetch(`${mockUrl}${c.path}`, {
      method: c.method,
      headers: c.headers,
      // A booking far beyond the benchmark's own, so it takes none of their slots.
      ...(c.body ? { body: c.body(1_000_000) } : {}),
    });
    if (response.status !== c.expect) throw new Error(`${c.name}: the mock answered ${response.status}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HEADERS_NOT_CANNED.has(name)) headers[name] = value;
    });
    const body = Buffer.from(await response.arrayBuffer());
    answers[`${c.method} ${c.path}`] = { status: response.status, headers, body: body.toString('base64') };
  }
  return answers;
}

interface CaseResult {
  bench: BenchCase;
  /** µs per answer through the core's handle() in this process, without HTTP. */
  inProcessUs: number;
  mock: LoadResult[];
  /** The same mock with the journal off. */
  bare: LoadResult[];
  raw: LoadResult[];
  /** Median of mock/raw over the paired rounds. */
  ratio: number;
  /** Median of 1 - mock/bare over the paired rounds: the share of requests/s the journal costs. */
  journalCost: number;
  profile?: { mock: ProfileSummary; raw: ProfileSummary };
}

function summary(results: readonly LoadResult[]) {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    expectedShare: Math.min(...results.map((r) => r.expectedShare)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    serverCpu: median(results.map((r) => r.serverCpu)),
    generatorCpu: median(results.map((r) => r.generatorCpu)),
  };
}

async function measure(children: Servers, bench: BenchCase): Promise<CaseResult> {
  const counters = { mock: { next: 0 }, bare: { next: 5_000_000 }, raw: { next: 0 } };
  const run = (which: keyof Servers, durationS: number) => {
    const child = children[which];
    return runLoad(child.url, bench, {
      connections: CONNECTIONS,
      durationS,
      counter: counters[which],
      ...(child.process.pid === undefined ? {} : { serverPid: child.process.pid }),
    });
  };
  for (const which of ['mock', 'bare', 'raw'] as const) await run(which, WARMUP_S);
  const result: CaseResult = {
    bench,
    inProcessUs: Number.NaN,
    mock: [],
    bare: [],
    raw: [],
    ratio: 0,
    journalCost: 0,
  };
  for (let round = 0; round < ROUNDS; round++) {
    result.mock.push(await run('mock', ROUND_S));
    result.bare.push(await run('bare', ROUND_S));
    result.raw.push(await run('raw', ROUND_S));
  }
  result.ratio = median(result.mock.map((m, i) => m.rps / (result.raw[i]?.rps ?? Number.NaN)));
  result.journalCost = median(result.mock.map((m, i) => 1 - m.rps / (result.bare[i]?.rps ?? Number.NaN)));
  const m = summary(result.mock);
  const r = summary(result.raw);
  console.log(
    `${bench.name}: mock ${Math.round(m.rps)} req/s (p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms), ` +
      `journal off ${Math.round(summary(result.bare).rps)} req/s (journal costs ${(result.journalCost * 100).toFixed(1)} %), ` +
      `raw ${Math.round(r.rps)} req/s → ${(result.ratio * 100).toFixed(1)} % (goal ${bench.goal * 100} %)`,
  );
  return result;
}

interface ProfileSummary {
  /** Sampled time of the server's thread per request, µs (wall time while it ran). */
  usPerRequest: number;
  /** Of which in the socket write system call. */
  writevUs: number;
  layers: string;
  frames: string;
}

/** Profiles `child` over a separate run of `bench` (so profiling never slows a measured round). */
async function profile(
  child: ServerChild,
  bench: BenchCase,
  file: string,
  counter: { next: number },
): Promise<ProfileSummary> {
  child.profileStart();
  const run = await runLoad(child.url, bench, { connections: CONNECTIONS, durationS: PROFILE_S, counter });
  await child.profileStop(file);
  const perRequest = (us: number) => us / Math.max(1, run.requests);
  const layers = timeByLayer(file);
  const frames = topFrames(file, PACKAGE_DIR, 40);
  return {
    usPerRequest: perRequest(layers.reduce((n, l) => n + l.us, 0)),
    writevUs: perRequest(frames.filter((f) => f.name === 'writev').reduce((n, f) => n + f.us, 0)),
    layers: layers
      .slice(0, 5)
      .map((l) => `${l.layer} ${(l.self * 100).toFixed(0)} %`)
      .join(', '),
    frames: frames
      .slice(0, 8)
      .map((f) => `\`${f.name}\` (${f.where}) ${perRequest(f.us).toFixed(1)} µs`)
      .join('; '),
  };
}

function pct(share: number): string {
  return Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a';
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function report(results: readonly CaseResult[], seedMs: number, startedAt: string): void {
  const rows = results.map(({ bench, inProcessUs, mock, bare, raw, ratio, journalCost }) => {
    const m = summary(mock);
    const v = summary(bare);
    const r = summary(raw);
    return [
      bench.name,
      fmt(m.rps),
      `${m.p50.toFixed(2)} / ${m.p99.toFixed(2)}`,
      `${fmt(v.rps)} (journal costs ${(journalCost * 100).toFixed(1)} %, goal < ${JOURNAL_GOAL * 100} %${journalCost < JOURNAL_GOAL ? '' : ', **missed**'})`,
      fmt(r.rps),
      `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)}`,
      `**${(ratio * 100).toFixed(1)} %**`,
      `≥ ${bench.goal * 100} %`,
      ratio >= bench.goal ? 'met' : '**missed**',
      `${pct(m.serverCpu)} / ${pct(m.generatorCpu)}`,
      `${pct(r.serverCpu)} / ${pct(r.generatorCpu)}`,
      `${inProcessUs.toFixed(1)} µs`,
      `${(m.expectedShare * 100).toFixed(1)} % ${bench.expect}`,
    ];
  });
  const profiles = results.flatMap((r) =>
    r.profile
      ? [
          `- **${r.bench.name}**: mock ${r.profile.mock.usPerRequest.toFixed(0)} µs per request, of which ` +
            `\`writev\` ${r.profile.mock.writevUs.toFixed(0)} µs (raw server: ${r.profile.raw.usPerRequest.toFixed(0)} µs, ` +
            `\`writev\` ${r.profile.raw.writevUs.toFixed(0)} µs). Mock by layer: ${r.profile.mock.layers}. ` +
            `Top frames by self time: ${r.profile.mock.frames}.`,
        ]
      : [],
  );
  const missed = results.filter((r) => r.ratio < r.bench.goal);
  const services = results[0];
  const rawGeneratorCpu = median(results.map((r) => summary(r.raw).generatorCpu));
  const rawServerCpu = median(results.map((r) => summary(r.raw).serverCpu));
  const mockServerCpu = median(results.map((r) => summary(r.mock).serverCpu));
  const mockGeneratorCpu = median(results.map((r) => summary(r.mock).generatorCpu));
  const markdown = `## HTTP: standalone mock vs raw node:http

\`pnpm bench:http\` (\`packages/mock-server/bench/http.ts\`), run ${startedAt}.
Machine: ${machine}.

Three servers, each in its own child process, answer the same requests on 127.0.0.1; autocannon
(${CONNECTIONS} connections, keep-alive, no pipelining) runs in the parent, so the load generator never shares a
server's event loop:

- **mock**: the built standalone server (\`dist/node.js\`, \`startMockServer\`), demo data plus ${fmt(SEEDED)}
  reservations in demo-bistro (seeded in ${fmt(seedMs)} ms), clock frozen;
- **journal off**: the same built server with its request journal off (\`journalLimit: 0\`), for what
  recording every request costs (goal: the mock with its journal on answers under 10 % fewer
  requests per second);
- **raw**: a bare \`node:http\` server answering each request with the bytes (status, headers, body)
  captured from the mock; GETs at once, POSTs after reading the body.

Per endpoint: ${WARMUP_S} s warm-up each, then ${ROUNDS} alternating rounds of ${ROUND_S} s (mock, journal off, raw, …), so other
load on the machine hits all three alike. Requests/s and latencies are medians over the rounds; the
ratio is the median of the paired rounds' mock/raw. POST makes a new booking on a distinct table and slot
every time (so the store grows by design while it runs). CPU is the share of one core each process used
during the rounds (from /proc). "Mock in process" is the mean time of the core's \`handle()\` for the same
request in a loop in the parent, on the same data, without HTTP (\`bench/support/in-process.ts\`).

${table(
  [
    'endpoint',
    'mock req/s',
    'mock p50 / p99 ms',
    'journal off req/s',
    'raw req/s',
    'raw p50 / p99 ms',
    'mock / raw',
    'goal',
    '',
    'CPU in mock rounds: server / load generator',
    'CPU in raw rounds: server / load generator',
    'mock in process, no HTTP',
    'answers',
  ],
  rows,
)}

![mock, mock with the journal off and raw node:http requests per second, with the goal per endpoint](docs/benchmarks.svg)

${
  missed.length === 0
    ? 'Every goal is met.'
    : `Missed in this run: ${missed.map((r) => r.bench.name).join(', ')}.`
}

### Where the time goes, and what stands in the way

CPU profiles of the mock and the raw server (V8 sampling profiler at 100 µs, started and stopped over IPC
around a separate ${PROFILE_S} s run per endpoint and server, so start-up and seeding are not in them). Times are
per request, wall time of the server's thread while it ran; \`writev\` is the socket write, a system
call.

${profiles.join('\n')}

- **The mock's own work is a small part of a request.**${
    services?.profile
      ? ` For GET /services, the core's \`handle()\` takes ${services.inProcessUs.toFixed(1)} µs in process (no HTTP), while the mock's server thread spends ${services.profile.mock.usPerRequest.toFixed(0)} µs per request over HTTP against the raw server's ${services.profile.raw.usPerRequest.toFixed(0)} µs; the pipeline's own frames (key hash, route, query, store, JSON) are a few µs each.`
      : ''
  }
- **Most of the difference is the socket write.**${
    services?.profile
      ? ` \`writev\` takes ${services.profile.mock.writevUs.toFixed(0)} µs per GET /services answer in the mock and ${services.profile.raw.writevUs.toFixed(0)} µs in the raw server, for the same bytes.`
      : ''
  } When the server is the slower side, each answer wakes a load generator that sleeps waiting for it,
  and on this virtual machine that wake-up is paid inside the system call; when the generator is the
  slower side (raw) it is awake and the write is cheap. So the ratio falls faster than the mock's own
  work grows, and even GET /services, whose own work is smallest, stays far from its goal: closing the
  gap would take a server that does next to nothing per request (cached answers), not a faster mock.
- **CPU during the rounds** (medians over the endpoints): mock ${pct(mockServerCpu)} of a core with the generator at
  ${pct(mockGeneratorCpu)}; raw server ${pct(rawServerCpu)} with the generator at ${pct(rawGeneratorCpu)}.${
    rawGeneratorCpu >= 0.9 ? ' In the raw rounds the generator, not the raw server, sets the figure.' : ''
  }${
    mockServerCpu < 0.9
      ? ` The mock, the slower side, did not get a whole core: other work shared the two cores (load average ${loadavg()[0]?.toFixed(2)} at the end), and the alternating rounds spread it over the three servers.`
      : ''
  }

- **The reservations page** is read from the store's list index (\`src/domain/list-index.ts\`: per project
  and filter, the reservations in list order by date with the count before each date), so a page and its
  \`total\` are binary searches and slices; before, walking the project's days to count \`total\` was the
  largest frame (\`listOf\`, 280 µs per request at ${fmt(SEEDED)} reservations). What is left of its own work is
  building and encoding the 50 views (\`jsonAnswer\` above). Next lever: each reservation's view encoded
  once per record version and the page's JSON put together from those, which needs an answer that can
  carry JSON already encoded (Node 20 has no \`JSON.rawJSON\`).
- **The journal** keeps every answered request (its entry, and its answer's body up to 4,096
  characters) until 1,000 newer ones push it out: each entry outlives the young generation and is
  promoted, and the old generation's collections then mark the whole store.${
    services
      ? ` With the journal off, GET /services answered ${pct(summary(services.bare).rps / summary(services.raw).rps)} of the raw server's requests per second in this run.`
      : ''
  } A cut body is now a copy
  (\`clip()\` in \`src/observers/journal.ts\`; a slice kept the whole answer alive). Next lever: keep the
  answer's encoded bytes (outside the JavaScript heap) and clip them only when the journal is read
  (entries are made from each request's outcome in \`src/observers/journal.ts\`). The pipeline's own
  per-request work was cut in this pass without touching a rule: its decision carries who asked instead
  of spreading it into new objects, the slug is decoded once, and the journal's two timestamps are
  formatted once per instant (in a CPU profile of in-process GET /services, the spreading alone was
  about a fifth of the samples).

What the rebuilt core (one store, one lock, key hashing with @noble/hashes, Temporal) costs and why:
see "The rebuilt core" above this section. At the edge, \`src/transports/node-server.ts\` answers
from plain requests without Fetch objects and writes each answer's head and body as one string,
encoded once, in one socket write.
`;
  writeSection('http', markdown);
  writeFile(
    join(REPO_ROOT, 'docs/benchmarks.svg'),
    barChart(
      'Standalone mock vs raw node:http (requests/s, higher is better)',
      'requests per second',
      results.map(({ bench, mock, bare, raw }) => {
        const rawRps = summary(raw).rps;
        return {
          label: bench.name.replace(/ \(.*\)$/, ''),
          bars: [
            { name: 'mock', value: summary(mock).rps },
            { name: 'mock, journal off', value: summary(bare).rps },
            { name: 'raw node:http', value: rawRps },
          ],
          goal: { value: rawRps * bench.goal, label: `${bench.goal * 100} %` },
        };
      }),
    ),
  );
  console.log('wrote the "http" section of BENCHMARKS.md and docs/benchmarks.svg');
}

if (!args['no-build']) buildMockServer();
// Other work on the machine changes the figures (see the section): wait up to a minute for the two
// cores to be free before starting, and say how idle they were.
const idleAtStart = await waitForIdle(0.9, 60_000);
console.log(`machine ${(idleAtStart * 100).toFixed(0)} % idle before the run`);
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
// Taken before the run, so the load average is the one it started with.
const machine = `${machineLine()}, ${Number.isFinite(idleAtStart) ? `${Math.round(idleAtStart * 100)} % idle in the second before` : ''}`;
const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const children: ServerChild[] = [];
let failed = false;
try {
  const mock = await startChild('./mock-child.ts', ['--reservations', String(SEEDED)]);
  children.push(mock);
  console.log(`mock seeded with ${SEEDED} reservations in ${Math.round(mock.seedMs)} ms at ${mock.url}`);
  const bare = await startChild('./mock-child.ts', [
    '--reservations',
    String(SEEDED),
    '--journal-limit',
    '0',
  ]);
  children.push(bare);
  const answersFile = join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(await captureAnswers(mock.url)));
  const raw = await startChild('./raw-child.ts', ['--answers', answersFile]);
  children.push(raw);

  const results: CaseResult[] = [];
  const only = args.only;
  const selected = only === undefined ? CASES : CASES.filter((c) => c.name.includes(only));
  for (const bench of selected) results.push(await measure({ mock, bare, raw }, bench));
  // Measured after the load runs, so this process does not compete with a server child for a core.
  const costs = await inProcessCosts(selected, SEEDED);
  for (const result of results) result.inProcessUs = costs.get(result.bench.name) ?? Number.NaN;
  if (!args['no-profile']) {
    const counter = { next: 10_000_000 };
    for (const [i, result] of results.entries()) {
      result.profile = {
        mock: await profile(mock, result.bench, join(dir, `mock-${i}.cpuprofile`), counter),
        raw: await profile(raw, result.bench, join(dir, `raw-${i}.cpuprofile`), { next: 0 }),
      };
    }
  }

  for (const result of results) {
    const share = summary(result.mock).expectedShare;
    if (share < (result.bench.method === 'GET' ? 1 : 0.95)) {
      console.error(
        `${result.bench.name}: only ${(share * 100).toFixed(1)} % answered ${result.bench.expect}`,
      );
      failed = true;
    }
  }
  for (const child of children) {
    if (/warning/i.test(child.stderr())) {
      console.error(`a server child printed a warning:\n${child.stderr()}`);
      failed = true;
    }
  }
  for (const result of results) {
    const p = result.profile;
    if (p)
      console.log(
        `${result.bench.name} in process ${result.inProcessUs.toFixed(1)} µs; profile: mock ${p.mock.usPerRequest.toFixed(0)} µs (writev ${p.mock.writevUs.toFixed(0)}), raw ${p.raw.usPerRequest.toFixed(0)} µs; ${p.mock.layers}; ${p.mock.frames}`,
      );
  }
  if (!args['no-write'] && only === undefined && !failed) report(results, mock.seedMs, startedAt);
} finally {
  await Promise.all(children.map((child) => child.stop()));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

// `pnpm bench:http`: the standalone mock (the BUILT server) over real HTTP on 127.0.0.1 against a
// bare node:http server that answers the same requests with the same bytes, captured from the mock,
// against the first version of the mock (commit 41c7946, built once into .bench-cache/:
// support/first-version.ts), and against the same mock with its request journal turned off (what the
// journal costs; goal: under 10 % fewer requests per second with it on). Both mocks serve the control
// routes and the event stream, and send their webhooks to a receiver in its own process; the journal
// and request ids are on as by default. Each server runs in its own child process; autocannon, here,
// is the only load generator, so on two cores the generator and a server under test never share an
// event loop. For each endpoint the servers are warmed up, then measured in alternating rounds (mock,
// journal off, first version, raw, each round starting one later) so that other load on the machine
// hits them alike; the ratios are medians of the paired rounds. After each endpoint's rounds the
// mock, the first version and the raw server are profiled on it (separate runs, so profiling does not
// slow a measured one; summaries in prof/http.md); at the end each mock's own cost is timed in
// process, without HTTP.
//
// Goals: GET /services ≥ 60 % of the raw server's requests/s, GET /availability ≥ 45 %, the
// reservations page ≥ 50 %, POST /reservations ≥ 40 %.
// Writes the "http" section of BENCHMARKS.md, docs/benchmarks.svg and prof/http.md.
//
//   pnpm bench:http [--rounds 3] [--round-s 2] [--warmup-s 1] [--connections 10] [--no-build]
//                   [--no-profile] [--no-write] [--only TEXT] [--keep-profiles DIR] [--before COMMIT]
// `--before COMMIT` adds that commit's built mock (same options) to the rounds: a speed pass's
// before and after, measured in the same run.
// `--only services` measures the endpoints whose name contains TEXT, for trial runs; it never writes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildMockServer } from './support/build';
import { PACKAGE_DIR, type ServerChild, startChild } from './support/children';
import { FIRST_VERSION, firstVersionPackage, versionPackage } from './support/first-version';
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
    'keep-profiles': { type: 'string' },
    before: { type: 'string' },
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
    goal: 0.45,
  },
  {
    name: `GET /reservations (50 of ${SEEDED.toLocaleString('en-US')})`,
    method: 'GET',
    path: `${API}/reservations`,
    headers: KEY_HEADER,
    expect: 200,
    goal: 0.5,
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
  /** The first version of the mock, with the same data and options. */
  first: ServerChild;
  raw: ServerChild;
  /** `--before COMMIT`: that commit's mock, with the same data and options. */
  before?: ServerChild;
}

/** Each server's next booking number: every booking on one server takes a new slot. */
const counters: Record<keyof Servers, { next: number }> = {
  mock: { next: 0 },
  bare: { next: 0 },
  first: { next: 0 },
  raw: { next: 0 },
  before: { next: 0 },
};

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
  /** µs per answer of the first version's answer() in this process. */
  firstInProcessUs: number;
  mock: LoadResult[];
  /** The same mock with the journal off. */
  bare: LoadResult[];
  first: LoadResult[];
  raw: LoadResult[];
  /** `--before`: that commit's rounds (empty without it). */
  before: LoadResult[];
  /** Median of mock/raw over the paired rounds. */
  ratio: number;
  /** Median of first/raw over the paired rounds. */
  firstRatio: number;
  /** Median of 1 - mock/bare over the paired rounds: the share of requests/s the journal costs. */
  journalCost: number;
  /** Median of the paired rounds' server CPU per request, mock / first version. */
  cpuRatio: number;
  profile?: { mock: ProfileSummary; first: ProfileSummary; raw: ProfileSummary };
}

function summary(results: readonly LoadResult[]) {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    expectedShare: Math.min(...results.map((r) => r.expectedShare)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    serverCpu: median(results.map((r) => r.serverCpu)),
    serverCpuUs: median(results.map((r) => r.serverCpuUs)),
    generatorCpu: median(results.map((r) => r.generatorCpu)),
  };
}

/**
 * Waits until the receiver has the deliveries of `bookings` more bookings than `before` (each booking
 * sends one), and then for 100 ms without a new one; false when that took more than 20 s. The first version sends its
 * deliveries one at a time, most of them after its round's load has ended: without this wait they
 * were sent during the next rounds (the raw server's, then the mock's), which shared the cores with
 * them, and the first version's CPU per booking left them out.
 */
async function deliveriesSent(receiver: ServerChild, before: number, bookings: number): Promise<boolean> {
  const deadline = performance.now() + 20_000;
  let last = -1;
  for (;;) {
    const count = await receiver.count();
    if (count >= before + bookings && count === last) return true;
    if (performance.now() > deadline) return false;
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measure(children: Servers, bench: BenchCase, receiver: ServerChild): Promise<CaseResult> {
  const run = async (which: keyof Servers, durationS: number) => {
    const child = children[which] as ServerChild;
    // Only a booking sends a delivery (and only the mocks send it: the raw server answers alone).
    const sends = bench.method === 'POST' && which !== 'raw';
    const before = sends ? await receiver.count() : 0;
    return runLoad(child.url, bench, {
      connections: CONNECTIONS,
      durationS,
      counter: counters[which],
      ...(child.process.pid === undefined ? {} : { serverPid: child.process.pid }),
      ...(sends ? { settled: (bookings: number) => deliveriesSent(receiver, before, bookings) } : {}),
    });
  };
  const order = (['mock', 'bare', 'first', 'before', 'raw'] as const).filter((which) => children[which]);
  for (const which of order) await run(which, WARMUP_S);
  const result: CaseResult = {
    bench,
    inProcessUs: Number.NaN,
    firstInProcessUs: Number.NaN,
    mock: [],
    bare: [],
    first: [],
    raw: [],
    before: [],
    ratio: 0,
    firstRatio: 0,
    journalCost: 0,
    cpuRatio: 0,
  };
  // Each round starts one server later (mock, journal off, …; then journal off, first version, …),
  // so that no server always runs in the same place of a round: with a fixed order, two servers of
  // the same code measured 4–7 % apart in CPU per request.
  for (let round = 0; round < ROUNDS; round++) {
    const shift = round % order.length;
    for (const which of [...order.slice(shift), ...order.slice(0, shift)])
      result[which].push(await run(which, ROUND_S));
  }
  result.ratio = median(result.mock.map((m, i) => m.rps / (result.raw[i]?.rps ?? Number.NaN)));
  result.firstRatio = median(result.first.map((f, i) => f.rps / (result.raw[i]?.rps ?? Number.NaN)));
  result.cpuRatio = median(
    result.mock.map((m, i) => m.serverCpuUs / (result.first[i]?.serverCpuUs ?? Number.NaN)),
  );
  result.journalCost = median(result.mock.map((m, i) => 1 - m.rps / (result.bare[i]?.rps ?? Number.NaN)));
  const m = summary(result.mock);
  const r = summary(result.raw);
  console.log(
    `${bench.name}: mock ${Math.round(m.rps)} req/s (p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms), ` +
      `journal off ${Math.round(summary(result.bare).rps)} req/s (journal costs ${(result.journalCost * 100).toFixed(1)} %), ` +
      `first version ${Math.round(summary(result.first).rps)} req/s (${(result.firstRatio * 100).toFixed(1)} %), ` +
      `raw ${Math.round(r.rps)} req/s → ${(result.ratio * 100).toFixed(1)} % (goal ${bench.goal * 100} %); ` +
      `server CPU per request: mock ${m.serverCpuUs.toFixed(1)} µs, journal off ${summary(result.bare).serverCpuUs.toFixed(1)} µs, ` +
      `first ${summary(result.first).serverCpuUs.toFixed(1)} µs (mock / first ${result.cpuRatio.toFixed(2)}), raw ${r.serverCpuUs.toFixed(1)} µs` +
      (result.before.length === 0
        ? ''
        : `; before ${summary(result.before).serverCpuUs.toFixed(1)} µs (now / before ${median(
            result.mock.map((x, i) => x.serverCpuUs / (result.before[i]?.serverCpuUs ?? Number.NaN)),
          ).toFixed(2)})`),
  );
  return result;
}

interface ProfileSummary {
  /** Requests answered during the profiled run. */
  requests: number;
  /** Sampled time of the server's thread per request, µs (wall time while it ran). */
  usPerRequest: number;
  /** Of which in the socket write system call. */
  writevUs: number;
  /** Self time by layer, µs per request, busiest first. */
  layers: { layer: string; self: number; us: number }[];
  /** Top frames by self time, µs per request. */
  frames: { name: string; where: string; self: number; us: number }[];
}

/** Profiles `child` over a separate run of `bench` (so profiling never slows a measured round). */
async function profile(
  child: ServerChild,
  bench: BenchCase,
  file: string,
  counter: { next: number },
  root: string,
  /** Where the server's deliveries go (none for the raw server, which sends none). */
  receiver?: ServerChild,
): Promise<ProfileSummary> {
  // A booking's delivery is part of its work: the profile runs until the last one is sent (see
  // deliveriesSent).
  const before = bench.method === 'POST' && receiver ? await receiver.count() : 0;
  child.profileStart();
  const run = await runLoad(child.url, bench, {
    connections: CONNECTIONS,
    durationS: PROFILE_S,
    counter,
    ...(bench.method === 'POST' && receiver
      ? { settled: (bookings: number) => deliveriesSent(receiver, before, bookings) }
      : {}),
  });
  await child.profileStop(file);
  const per = (us: number) => us / Math.max(1, run.requests);
  const layers = timeByLayer(file).map((l) => ({ ...l, us: per(l.us) }));
  const frames = topFrames(file, root, 40).map((f) => ({ ...f, us: per(f.us) }));
  return {
    requests: run.requests,
    usPerRequest: layers.reduce((n, l) => n + l.us, 0),
    writevUs: frames.filter((f) => f.name === 'writev').reduce((n, f) => n + f.us, 0),
    layers,
    frames,
  };
}

/** How long the POST rounds waited for their deliveries, per server (median ms). */
function settleLine(results: readonly CaseResult[]): string {
  const post = results.find((r) => r.bench.method === 'POST');
  if (post === undefined) return 'no POST in this run';
  const wait = (rounds: readonly LoadResult[]) => fmt(median(rounds.map((r) => r.settleMs)));
  const rounds = [...post.mock, ...post.bare, ...post.first, ...post.before];
  const short = rounds.filter((r) => !r.settleComplete).length;
  return (
    `median wait after the load: mock ${wait(post.mock)} ms, journal off ${wait(post.bare)} ms, ` +
    `first version ${wait(post.first)} ms, which sends its deliveries one at a time` +
    (post.before.length > 0 ? `, before ${wait(post.before)} ms` : '') +
    (short === 0
      ? '; every round got all of its deliveries'
      : `; **${short} of ${rounds.length} rounds gave up after 20 s without all of them**`)
  );
}

function pct(share: number): string {
  return Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a';
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function ratioCell(share: number): string {
  return Number.isFinite(share) ? `${(share * 100).toFixed(1)} %` : 'n/a';
}

const SERVER_NAMES = {
  mock: 'mock (now)',
  first: `first version (${FIRST_VERSION})`,
  raw: 'raw node:http',
} as const;

/** prof/http.md: the profiles' summaries per endpoint and server (the raw profiles are not kept). */
function profileMarkdown(results: readonly CaseResult[], startedAt: string, machine: string): string {
  const parts = [
    `# CPU profiles of \`pnpm bench:http\`

Written by \`packages/mock-server/bench/http.ts\` (run ${startedAt}; machine: ${machine}). Summaries of
V8 CPU profiles (sampling every 100 µs, started and stopped over IPC around a separate ${PROFILE_S} s run
per endpoint and server, right after that endpoint's measured rounds, ${CONNECTIONS} connections, so start-up and seeding are not in them;
for POST, until the receiver had every delivery of the run's bookings) of the
current mock, the first version (${FIRST_VERSION}) and the raw node:http server under the same load,
one after another. Times are per answered request: the server thread's sampled time (idle left out)
divided by the requests it answered in that run. \`writev\` is the socket write (a system call), and
\`(garbage collector)\` the collector's pauses. Raw \`.cpuprofile\` files are not committed (megabytes
each; run the bench to make them again).
`,
  ];
  for (const result of results) {
    const p = result.profile;
    if (!p) continue;
    parts.push(`## ${result.bench.name}\n`);
    parts.push(
      table(
        ['server', 'requests in the profiled run', 'µs per request', 'of which writev'],
        (['mock', 'first', 'raw'] as const).map((which) => [
          SERVER_NAMES[which],
          fmt(p[which].requests),
          p[which].usPerRequest.toFixed(1),
          p[which].writevUs.toFixed(1),
        ]),
      ),
    );
    for (const which of ['mock', 'first', 'raw'] as const) {
      const summary = p[which];
      parts.push(
        `\n### ${SERVER_NAMES[which]}\n\nBy layer (µs per request, share of busy time): ${summary.layers
          .slice(0, 7)
          .map((l) => `${l.layer} ${l.us.toFixed(1)} (${pct(l.self)})`)
          .join('; ')}.\n`,
      );
      parts.push(
        table(
          ['frame', 'where', 'µs per request', 'share'],
          summary.frames
            .slice(0, which === 'raw' ? 8 : 20)
            .map((f) => [`\`${f.name}\``, f.where, f.us.toFixed(2), pct(f.self)]),
        ),
      );
    }
    parts.push('');
  }
  return `${parts.join('\n')}\n`;
}

/** With `--before COMMIT`: that commit against the mock, in the same rounds. */
function beforeTable(results: readonly CaseResult[]): string {
  if (!beforeCommit || results.every((r) => r.before.length === 0)) return '';
  const rows = results.map((r) => {
    const b = summary(r.before);
    const m = summary(r.mock);
    const share = median(r.before.map((x, i) => x.rps / (r.raw[i]?.rps ?? Number.NaN)));
    const cpu = median(r.mock.map((x, i) => x.serverCpuUs / (r.before[i]?.serverCpuUs ?? Number.NaN)));
    return [
      r.bench.name,
      fmt(b.rps),
      ratioCell(share),
      `**${ratioCell(r.ratio)}**`,
      `${b.serverCpuUs.toFixed(1)} µs`,
      `${m.serverCpuUs.toFixed(1)} µs`,
      `${cpu.toFixed(2)}`,
    ];
  });
  return `Before this pass (commit ${beforeCommit}, the same options and data, a fifth server in the same alternating rounds):

${table(['endpoint', 'before req/s', 'before / raw', 'now / raw', 'server CPU per request before', 'now', 'now / before (paired rounds)'], rows)}

`;
}

function report(
  results: readonly CaseResult[],
  seedMs: { mock: number; first: number },
  deliveries: number,
  startedAt: string,
): void {
  const rows = results.map((result) => {
    const { bench, inProcessUs, firstInProcessUs, mock, bare, first, raw, ratio, firstRatio, journalCost } =
      result;
    const m = summary(mock);
    const v = summary(bare);
    const f = summary(first);
    const r = summary(raw);
    return [
      bench.name,
      fmt(m.rps),
      fmt(f.rps),
      fmt(r.rps),
      `**${ratioCell(ratio)}**`,
      ratioCell(firstRatio),
      `≥ ${bench.goal * 100} %`,
      ratio >= bench.goal ? 'met' : '**missed**',
      `${fmt(v.rps)} (${(journalCost * 100).toFixed(1)} %)`,
      `${m.p50.toFixed(2)} / ${m.p99.toFixed(2)}`,
      `${f.p50.toFixed(2)} / ${f.p99.toFixed(2)}`,
      `${pct(m.serverCpu)} / ${pct(m.generatorCpu)}`,
      `${pct(f.serverCpu)} / ${pct(f.generatorCpu)}`,
      `${pct(r.serverCpu)} / ${pct(r.generatorCpu)}`,
      `${m.serverCpuUs.toFixed(0)} / ${f.serverCpuUs.toFixed(0)} / ${r.serverCpuUs.toFixed(0)} µs (${result.cpuRatio.toFixed(2)})`,
      `${inProcessUs.toFixed(1)} / ${firstInProcessUs.toFixed(1)} µs`,
      `${(m.expectedShare * 100).toFixed(1)} % ${bench.expect}`,
    ];
  });
  const profiles = results.flatMap((r) =>
    r.profile
      ? [
          `- **${r.bench.name}**: ${(['mock', 'first', 'raw'] as const)
            .map(
              (which) =>
                `${SERVER_NAMES[which]} ${r.profile?.[which].usPerRequest.toFixed(0)} µs (\`writev\` ${r.profile?.[which].writevUs.toFixed(0)})`,
            )
            .join(', ')}.`,
        ]
      : [],
  );
  const missed = results.filter((r) => r.ratio < r.bench.goal);
  const journalMissed = results.filter((r) => !(r.journalCost < JOURNAL_GOAL));
  const markdown = `## HTTP: standalone mock vs the first version vs raw node:http

\`pnpm bench:http\` (\`packages/mock-server/bench/http.ts\`), run ${startedAt}.
Machine: ${machine}.

Five servers, each in its own child process, on 127.0.0.1; autocannon (${CONNECTIONS} connections, keep-alive,
no pipelining) runs in the parent, so the load generator never shares a server's event loop:

- **mock**: the built standalone server (\`dist/node.js\`, \`startMockServer\`), demo data plus ${fmt(SEEDED)}
  reservations in demo-bistro (seeded in ${fmt(seedMs.mock)} ms), clock frozen, with every feature on: the
  request journal and request ids (as by default), the control routes and the event stream
  (\`control: true\`), and webhooks sent to a receiver (\`webhookUrl\`);
- **first version**: the built standalone server of commit ${FIRST_VERSION} (made from the local history into
  \`.bench-cache/\` on the first run: \`bench/support/first-version.ts\`), same data (seeded in
  ${fmt(seedMs.first)} ms) and options; it had no journal, request ids, event stream or lock;
- **journal off**: the current mock with its request journal off (\`journalLimit: 0\`), for what
  recording every request costs (goal: the mock with its journal on answers under ${JOURNAL_GOAL * 100} % fewer requests
  per second);
- **raw**: a bare \`node:http\` server answering each request with the bytes (status, headers, body)
  captured from the mock; GETs at once, POSTs after reading the body;
- **webhook receiver**: a bare \`node:http\` server answering 204 (${fmt(deliveries)} deliveries received in the run).

Per endpoint: ${WARMUP_S} s warm-up each, then ${ROUNDS} alternating rounds of ${ROUND_S} s (mock, journal off, first version,
raw, each round starting one server later), so other load on the machine hits all of them alike. Requests/s and latencies are medians over
the rounds; a ratio is the median of the paired rounds' ratios. POST makes a new booking on a distinct
table and slot every time (so the stores grow by design while it runs), and each booking sends a
delivery: after a POST round the next waits until the receiver has all of that round's (${settleLine(results)}),
and the server's CPU per booking counts them. CPU is the share of one core
each process used during the rounds, and a server's CPU time per answered request (both from /proc;
the latter moves less with other load than requests/s do). "In process" is the mean time of each version's own
step from request to answer (\`handle()\` today, \`answer()\` in the first version) in a loop in the
parent, on the same data, without HTTP (\`bench/support/in-process.ts\`).

${table(
  [
    'endpoint',
    'mock req/s',
    'first version req/s',
    'raw req/s',
    'mock / raw',
    'first / raw',
    'goal (mock / raw)',
    '',
    'journal off req/s (journal costs)',
    'mock p50 / p99 ms',
    'first p50 / p99 ms',
    'CPU, mock rounds: server / generator',
    'CPU, first rounds',
    'CPU, raw rounds',
    'server CPU per request: mock / first / raw (mock / first)',
    'in process: now / first',
    'answers',
  ],
  rows,
)}

![mock, first version, mock with the journal off and raw node:http requests per second, with the goal per endpoint](docs/benchmarks.svg)

${
  missed.length === 0
    ? 'Every mock / raw goal is met.'
    : `Mock / raw goals missed in this run: ${missed.map((r) => r.bench.name).join(', ')}.`
} Journal goal (under ${JOURNAL_GOAL * 100} %): ${
    journalMissed.length === 0
      ? 'met on every endpoint'
      : `missed on ${journalMissed.map((r) => r.bench.name).join(', ')}`
  } (paired rounds differ by about ±10 % from run to run).

${beforeTable(results)}CPU profiles (summaries in [prof/http.md](prof/http.md); the server thread's sampled time per request,
of which the socket write \`writev\`):

${profiles.join('\n')}
`;
  writeSection('http', markdown);
  writeFile(join(REPO_ROOT, 'prof/http.md'), profileMarkdown(results, startedAt, machine));
  writeFile(
    join(REPO_ROOT, 'docs/benchmarks.svg'),
    barChart(
      'Standalone mock vs first version vs raw node:http (requests/s, higher is better)',
      'requests per second',
      results.map(({ bench, mock, bare, first, raw }) => {
        const rawRps = summary(raw).rps;
        return {
          label: bench.name.replace(/ \(.*\)$/, ''),
          bars: [
            { name: 'mock', value: summary(mock).rps },
            { name: 'first version', value: summary(first).rps },
            { name: 'mock, journal off', value: summary(bare).rps },
            { name: 'raw node:http', value: rawRps },
          ],
          goal: { value: rawRps * bench.goal, label: `${bench.goal * 100} %` },
        };
      }),
    ),
  );
  console.log('wrote the "http" section of BENCHMARKS.md, docs/benchmarks.svg and prof/http.md');
}

if (!args['no-build']) buildMockServer();
const firstDir = firstVersionPackage();
const beforeCommit = args.before;
const beforeDir = beforeCommit === undefined ? undefined : versionPackage(beforeCommit);
// Other work on the machine changes the figures (see the section): wait up to a minute for the two
// cores to be free before starting, and say how idle they were.
const idleAtStart = await waitForIdle(0.9, 60_000);
console.log(`machine ${(idleAtStart * 100).toFixed(0)} % idle before the run`);
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
// Taken before the run, so the load average is the one it started with.
const machine = `${machineLine()}${Number.isFinite(idleAtStart) ? `, ${Math.round(idleAtStart * 100)} % idle in the second before` : ''}`;
// `--keep-profiles DIR` keeps the raw .cpuprofile files there (for a closer look; never committed).
const keptProfiles = args['keep-profiles'];
const dir = keptProfiles ?? mkdtempSync(join(tmpdir(), 'bench-http-'));
if (keptProfiles) mkdirSync(keptProfiles, { recursive: true });
const children: ServerChild[] = [];
let failed = false;
try {
  const receiver = await startChild('./receiver-child.ts', []);
  children.push(receiver);
  // Every feature on: control routes and event stream, webhooks to the receiver; journal as by default.
  const features = ['--reservations', String(SEEDED), '--control', '--webhook-url', receiver.url];
  const mock = await startChild('./mock-child.ts', features);
  children.push(mock);
  console.log(`mock seeded with ${SEEDED} reservations in ${Math.round(mock.seedMs)} ms at ${mock.url}`);
  const bare = await startChild('./mock-child.ts', [...features, '--journal-limit', '0']);
  children.push(bare);
  const first = await startChild('./mock-child.ts', [...features, '--package-dir', firstDir]);
  children.push(first);
  console.log(`first version seeded in ${Math.round(first.seedMs)} ms at ${first.url}`);
  const before = beforeDir
    ? await startChild('./mock-child.ts', [...features, '--package-dir', beforeDir])
    : undefined;
  if (before) children.push(before);
  const answersFile = join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(await captureAnswers(mock.url)));
  const raw = await startChild('./raw-child.ts', ['--answers', answersFile]);
  children.push(raw);

  const results: CaseResult[] = [];
  const only = args.only;
  const selected = only === undefined ? CASES : CASES.filter((c) => c.name.includes(only));
  for (const [i, bench] of selected.entries()) {
    const result = await measure({ mock, bare, first, raw, ...(before ? { before } : {}) }, bench, receiver);
    // Profiled right after its own rounds: a later endpoint's profile would also hold the work an
    // earlier one left behind (the webhook deliveries of the bookings, still being sent).
    if (!args['no-profile'])
      result.profile = {
        mock: await profile(
          mock,
          bench,
          join(dir, `mock-${i}.cpuprofile`),
          counters.mock,
          PACKAGE_DIR,
          receiver,
        ),
        first: await profile(
          first,
          bench,
          join(dir, `first-${i}.cpuprofile`),
          counters.first,
          firstDir,
          receiver,
        ),
        raw: await profile(raw, bench, join(dir, `raw-${i}.cpuprofile`), counters.raw, PACKAGE_DIR),
      };
    results.push(result);
  }
  // Measured after the load runs, so this process does not compete with a server child for a core.
  const costs = await inProcessCosts(selected, SEEDED);
  const firstCosts = await inProcessCosts(selected, SEEDED, firstDir);
  for (const result of results) {
    result.inProcessUs = costs.get(result.bench.name) ?? Number.NaN;
    result.firstInProcessUs = firstCosts.get(result.bench.name) ?? Number.NaN;
  }
  const deliveries = await receiver.count();
  console.log(`webhook deliveries received: ${deliveries}`);

  for (const result of results) {
    for (const [name, results] of [
      ['mock', result.mock],
      ['first version', result.first],
    ] as const) {
      const share = summary(results).expectedShare;
      if (share < (result.bench.method === 'GET' ? 1 : 0.95)) {
        console.error(
          `${result.bench.name}: only ${(share * 100).toFixed(1)} % of the ${name}'s answers were ${result.bench.expect}`,
        );
        failed = true;
      }
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
        `${result.bench.name} in process: now ${result.inProcessUs.toFixed(1)} µs, first ${result.firstInProcessUs.toFixed(1)} µs; ` +
          `profile µs/request: mock ${p.mock.usPerRequest.toFixed(0)} (writev ${p.mock.writevUs.toFixed(0)}), ` +
          `first ${p.first.usPerRequest.toFixed(0)} (writev ${p.first.writevUs.toFixed(0)}), raw ${p.raw.usPerRequest.toFixed(0)}; ` +
          p.mock.frames
            .slice(0, 10)
            .map((f) => `${f.name} ${f.us.toFixed(1)}`)
            .join(', '),
      );
  }
  if (!args['no-write'] && only === undefined && !failed)
    report(results, { mock: mock.seedMs, first: first.seedMs }, deliveries, startedAt);
} finally {
  await Promise.all(children.map((child) => child.stop()));
  if (!keptProfiles) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

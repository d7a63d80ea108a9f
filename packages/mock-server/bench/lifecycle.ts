// In-process benchmark of what a test suite pays around its requests: a fresh demo mock, a reset,
// and a user's typical test (a fresh mock, 10 mixed requests, close) against the same 10 requests
// answered by plain MSW handlers with fixed JSON (the stateless alternative a user would write).
// Every goal is a RATIO measured in the same run, on the same machine, so other load hits both
// sides alike:
//   - a fresh demo mock (created and seeded)  ≤ 5× one in-process GET /services (`mock.fetch()`);
//   - a reset                                 ≤ 3× one in-process GET /services;
//   - the typical test                        ≤ 2× the same test on plain MSW handlers.
// Medians of alternating rounds (the work itself: support/lifecycle-rounds.ts). Run: pnpm bench
// (root) or pnpm --filter @reservation-api/mock-server bench. Writes the "lifecycle" section of
// BENCHMARKS.md (`--no-write` to only print).
//
// `pnpm --filter @reservation-api/mock-server bench:lifecycle -- --before COMMIT` [--rounds N]
// [--no-build]: this checkout's built package against that commit's
// (support/first-version.ts builds it once into .bench-cache/), each in its own child process
// (support/lifecycle-child.ts), in N alternating rounds of ITERATIONS_PER_ROUND iterations; adds
// each row's now / before ratio, paired by round, to the section. A goal of a speed pass: no row
// slower than before.
import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getResponse, HttpResponse, http } from 'msw';
import { createMockService } from '../src/index';
import { comparisonArgs } from './support/args';
import { buildMockServer } from './support/build';
import { PACKAGE_DIR } from './support/children';
import { versionPackage } from './support/first-version';
import type { LifecycleChildMessage, LifecycleParentMessage } from './support/lifecycle-child';
import { createLifecycleRunner, LIFECYCLE_ROWS, type LifecycleSamples } from './support/lifecycle-rounds';
import { machineLine, median, table, waitForIdle, writeSection } from './support/report';

const args = comparisonArgs(40);
const ROUNDS = Number(process.env.LIFECYCLE_ROUNDS ?? 300);
const WARMUP = 30;
/** `--before`: alternating rounds of each version, and iterations per round. */
const BEFORE_ROUNDS = Math.max(3, Number(args.rounds));
const ITERATIONS_PER_ROUND = 15;

type Row = (typeof LIFECYCLE_ROWS)[number];
type Result = Record<Row, number>;

function medians(samples: LifecycleSamples): Result {
  return Object.fromEntries(LIFECYCLE_ROWS.map((row) => [row, median(samples[row])])) as Result;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** The current code from its TypeScript sources, in this process (`pnpm bench`). */
async function measureInProcess(): Promise<Result> {
  const runner = await createLifecycleRunner({ createMockService, msw: { getResponse, http, HttpResponse } });
  await runner.warmUp(WARMUP);
  const samples = await runner.round(ROUNDS);
  runner.close();
  return medians(samples);
}

interface LifecycleChild {
  ask(message: LifecycleParentMessage): Promise<LifecycleChildMessage>;
  stop(): Promise<void>;
}

/** A child running the rounds on the built package at `packageDir`; one request at a time. */
async function startLifecycleChild(packageDir: string): Promise<LifecycleChild> {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./support/lifecycle-child.ts', import.meta.url)),
    ['--package-dir', packageDir],
    {
      cwd: PACKAGE_DIR,
      execArgv: ['--expose-gc', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = () =>
    new Promise<LifecycleChildMessage>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`lifecycle child ${packageDir} exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: LifecycleChildMessage) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  await next();
  return {
    ask(message) {
      const answer = next();
      child.send(message);
      return answer;
    },
    async stop() {
      child.send({ type: 'stop' } satisfies LifecycleParentMessage);
      await exited;
    },
  };
}

interface BeforeResult {
  now: Result;
  before: Result;
  /** Per row: the median over rounds of (now / before), round medians and round means. */
  pairedMedian: Result;
  pairedMean: Result;
  /** KB per operation promoted by two young-generation collections, per version. */
  survivors: { now: Result; before: Result };
}

/** Runs of each operation for the survivors measure. */
const SURVIVOR_RUNS = 100;

/** Both versions built, in alternating rounds (the order flips each round). */
async function measureAgainst(beforeDir: string): Promise<BeforeResult> {
  const now = await startLifecycleChild(PACKAGE_DIR);
  const before = await startLifecycleChild(beforeDir);
  await now.ask({ type: 'warm-up', count: WARMUP });
  await before.ask({ type: 'warm-up', count: WARMUP });
  const all = { now: [] as LifecycleSamples[], before: [] as LifecycleSamples[] };
  const round = async (which: 'now' | 'before') => {
    const answer = await (which === 'now' ? now : before).ask({
      type: 'round',
      iterations: ITERATIONS_PER_ROUND,
    });
    if (answer.type !== 'samples') throw new Error(`lifecycle child: expected samples, got ${answer.type}`);
    all[which].push(answer.samples);
  };
  for (let i = 0; i < BEFORE_ROUNDS; i++) {
    for (const which of i % 2 === 0 ? (['now', 'before'] as const) : (['before', 'now'] as const))
      await round(which);
  }
  const survivors = async (child: LifecycleChild): Promise<Result> => {
    const answer = await child.ask({ type: 'survivors', count: SURVIVOR_RUNS });
    if (answer.type !== 'survivors')
      throw new Error(`lifecycle child: expected survivors, got ${answer.type}`);
    return answer.survivors;
  };
  const survived = { now: await survivors(now), before: await survivors(before) };
  await now.stop();
  await before.stop();
  const pooled = (rounds: LifecycleSamples[]): Result => {
    const out = {} as Result;
    for (const row of LIFECYCLE_ROWS) out[row] = median(rounds.flatMap((r) => r[row]));
    return out;
  };
  const paired = (of: (values: number[]) => number) =>
    Object.fromEntries(
      LIFECYCLE_ROWS.map((row) => [
        row,
        median(all.now.map((r, i) => of(r[row]) / of(all.before[i]?.[row] ?? [Number.NaN]))),
      ]),
    ) as Result;
  return {
    now: pooled(all.now),
    before: pooled(all.before),
    pairedMedian: paired(median),
    pairedMean: paired(mean),
    survivors: survived,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const beforeCommit = args.before;
  let idleAtStart = Number.NaN;
  if (beforeCommit !== undefined) {
    if (!args['no-build']) buildMockServer();
    // Other work on the machine moves the figures: wait up to a minute for the cores to be mostly
    // free, and say how idle they were.
    idleAtStart = await waitForIdle(0.9, 60_000);
    console.log(`machine ${(idleAtStart * 100).toFixed(0)} % idle before the run`);
  }
  const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = `${machineLine()}${Number.isFinite(idleAtStart) ? `, ${Math.round(idleAtStart * 100)} % idle in the second before` : ''}`;
  let r: Result;
  let compared: BeforeResult | undefined;
  if (beforeCommit === undefined) {
    r = await measureInProcess();
  } else {
    compared = await measureAgainst(versionPackage(beforeCommit));
    r = compared.now;
  }
  const loadAtEnd = loadavg()[0] ?? 0;
  const rows = [
    ['one GET /services (`mock.fetch()`)', r.getServices, r.getServices, 'the unit', ''],
    ['a fresh demo mock, seeded', r.fresh, r.getServices, '≤ 5×', 5],
    ['a reset', r.reset, r.getServices, '≤ 3×', 3],
    ['a typical test: fresh mock, 10 requests, close', r.typicalMock, r.typicalPlain, '≤ 2×', 2],
    ['the same 10 requests on plain MSW handlers', r.typicalPlain, r.typicalPlain, 'the unit', ''],
  ] as const;
  const printed = rows.map(([what, ms, unit, goal, limit]) => {
    const ratio = ms / unit;
    const verdict = limit === '' ? '' : ratio <= limit ? 'met' : '**missed**';
    return [what, ms.toFixed(3), `${ratio.toFixed(2)}×`, goal, verdict];
  });
  console.table(printed);
  let beforeText = '';
  if (compared && beforeCommit !== undefined) {
    const c = compared;
    // Within noise: paired ratios of two runs of the same code land within a few per cent of 1.
    const beforeRows = LIFECYCLE_ROWS.map((row, i) => {
      const ratio = c.pairedMedian[row];
      const verdict = row === 'typicalPlain' ? '' : ratio <= 1.05 ? 'met' : '**missed**';
      return [
        rows[i]?.[0] ?? row,
        c.before[row].toFixed(3),
        c.now[row].toFixed(3),
        `${ratio.toFixed(2)}×`,
        `${c.pairedMean[row].toFixed(2)}×`,
        verdict,
      ];
    });
    console.table(beforeRows);
    const survivorRows = LIFECYCLE_ROWS.map((row, i) => [
      rows[i]?.[0] ?? row,
      c.survivors.before[row].toFixed(1),
      c.survivors.now[row].toFixed(1),
    ]);
    console.table(survivorRows);
    beforeText = `
Against commit ${beforeCommit} (\`--before ${beforeCommit}\`): both versions built (dist/, as users
run them), each in its own child process, ${BEFORE_ROUNDS} alternating rounds of ${ITERATIONS_PER_ROUND} iterations after
${WARMUP} of warm-up (the first version to run flips each round), the table above from this checkout's
rounds. "now / before" is the median over rounds of the ratio of that round's medians (the goal: ≤ 1.0×,
within noise: ≤ 1.05×); "incl. GC" the same of the rounds' means, which keep the collector's pauses
that a median leaves out. Load average ${loadAtEnd.toFixed(2)} at the end. This checkout against a build of
itself lands within about 4 %; on the shared 2-core machine, runs against the same commit have
differed by up to 10 % from one another, so read a ratio near 1 as "no slower", not as a gain. Every
API request has done more since that commit (the journal keeps both bodies as UTF-8 in its ring,
observers/text-ring.ts; coverage counts the answer); what pays for it per request is in BENCHMARKS.md,
"HTTP: the per-request work" (each key value hashed once per mock, one journal entry object, no
coverage id built per answer).

${table([`what`, `before (${beforeCommit}) median ms`, 'now median ms', 'now / before', 'incl. GC', 'not slower'], beforeRows)}

What each operation leaves for the old generation (KB per run, after ${SURVIVOR_RUNS} runs: old-space growth from a
full collection before to two young ones after, \`node --expose-gc\`, in the same two children). Garbage that is still
reachable when a young collection runs is copied, twice, then promoted and kept until a full
collection: a cost the medians above leave out, paid by whatever runs next.

${table(['what', `before (${beforeCommit}) KB`, 'now KB'], survivorRows)}

What kept a whole mock through young collections, found with that measure and heap snapshots, each
fixed where it was (the comments there say so): on Node 20, V8 keeps an object with an accessor of its
own (an object literal's getter or setter), a closure made in a class constructor, and what either
reaches; and an object made by a spread then given more properties (\`{ ...tables, lookups }\`) gets a
hidden class of its own every time. The service, core, domain context, clock, scheduler and faults
objects had getters (now classes with prototype accessors, or fields); the store was such a spread
(one per mock and per reset); \`createMockService()\` spread the core, which also read \`ended\` and
made an AbortController per mock; and msw keeps an object per request that reaches the handler, whose
resolver held the core, so every closed test mock lived until a full collection (the handlers now go
through a link that \`close()\` empties). Per request, the journal's kept entries, the state events and
a delivery's copies no longer make a hidden class each.
`;
  }
  if (!args['no-write']) {
    writeSection(
      'lifecycle',
      `## In process: what a test pays around its requests

${compared ? `\`pnpm --filter @reservation-api/mock-server bench:lifecycle -- --before ${beforeCommit}\` (\`packages/mock-server/bench/lifecycle.ts\`, from the built package)` : '`pnpm bench` (`packages/mock-server/bench/lifecycle.ts`, from the TypeScript sources)'}, run ${startedAt}.
Machine: ${machine}.

The demo mock on a frozen clock, through \`mock.fetch()\` and the MSW handlers users get, in one process.
${compared ? `${BEFORE_ROUNDS * ITERATIONS_PER_ROUND} iterations in ${BEFORE_ROUNDS} rounds` : `${ROUNDS} alternating rounds`} after ${WARMUP} of warm-up; each ${compared ? 'iteration' : 'round'} times 5 GET /services on one mock, a fresh
demo mock (\`createMockService()\` until its seed is in), a reset of a mock, a typical test (a fresh mock,
10 mixed requests through \`getResponse(mock.handlers, …)\`: info, services, availability, a booking,
its detail, a status change, a page, a 404, a cancel, tables; then \`close()\`) and the same 10 requests
answered by plain MSW handlers returning fixed JSON. Every goal is a ratio of medians from the same run;
the milliseconds move with the machine's load, the ratios much less.

${table(['what', 'median (ms)', 'ratio', 'goal', ''], printed)}
${beforeText}`,
    );
    console.log('wrote the "lifecycle" section of BENCHMARKS.md');
  }
}

// The mock's own time per request, in process, against the first version's (commit 41c7946, built
// once into .bench-cache/: support/first-version.ts): from a plain request in to its answer out, with
// no HTTP around it (today's `createMockCore().handle()`, the first version's
// `createMockService().answer()`, the step each standalone server calls per request). Both built
// (dist/, as users run them), in this one process, on the same data (the demo seed plus SEEDED
// reservations in demo-bistro, frozen clock, journal and request ids as by default), in alternating
// rounds so other load on the machine hits both alike; medians of the rounds.
//
// Goal: GET /services at most the first version's time plus 10 µs (an absolute margin, measured in
// the same run). The other operations are shown for reference.
//
//   pnpm --filter @reservation-api/mock-server bench:handle [--no-build] [--no-write] [--before COMMIT]
// `--before COMMIT` adds that commit's built mock (support/first-version.ts builds it once into
// .bench-cache/) to the same rounds, with a now / before table.
// Also part of `pnpm bench`. Writes the "handle" section of BENCHMARKS.md.
import { comparisonArgs } from './support/args';
import { buildMockServer } from './support/build';
import { FIRST_VERSION, firstVersionPackage, versionPackage } from './support/first-version';
import { type InProcessMock, loadInProcessMock, requestFor } from './support/in-process';
import type { LoadCase } from './support/load';
import { machineLine, median, table, writeSection } from './support/report';
import { API, AVAILABILITY_DATE, bookingBody, FULL_KEY, SLUG, seededReservation } from './support/workload';

const args = comparisonArgs(15);
const ROUNDS = Math.min(50, Math.max(3, Number(args.rounds)));
const PER_ROUND = 2000;
const WARMUP = 5000;
const SEEDED = 10_000;
/** Goal: today's GET /services at most this many µs above the first version's. */
const MARGIN_US = 10;

const KEY = { 'x-api-key': FULL_KEY };
const CASES: LoadCase[] = [
  { name: 'GET /services', method: 'GET', path: `${API}/services`, headers: KEY, expect: 200 },
  {
    name: 'GET /availability',
    method: 'GET',
    path: `${API}/availability?date=${AVAILABILITY_DATE}`,
    headers: KEY,
    expect: 200,
  },
  {
    name: `GET /reservations (50 of ${SEEDED.toLocaleString('en-US')})`,
    method: 'GET',
    path: `${API}/reservations`,
    headers: KEY,
    expect: 200,
  },
  {
    name: 'POST /reservations',
    method: 'POST',
    path: `${API}/reservations`,
    headers: { ...KEY, 'content-type': 'application/json' },
    body: bookingBody,
    expect: 201,
  },
];

interface Version {
  name: string;
  mock: InProcessMock;
  /** The next booking number (each booking takes a new slot). */
  counter: number;
}

/** µs per request over `count` requests of `load`, answered one after another. */
async function timeRound(version: Version, load: LoadCase, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const answer = await version.mock.handle(requestFor(load, version.mock.baseUrl, version.counter++));
    if (answer?.status !== load.expect)
      throw new Error(`${version.name}, ${load.name}: answered ${answer?.status}`);
  }
  return ((performance.now() - started) * 1000) / count;
}

if (!args['no-build']) buildMockServer();
const firstDir = firstVersionPackage();
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const machine = machineLine();
const before = args.before;
const versions: Version[] = [
  { name: 'now', mock: await loadInProcessMock(), counter: 0 },
  { name: `first version (${FIRST_VERSION})`, mock: await loadInProcessMock(firstDir), counter: 0 },
];
// `--before COMMIT`: that commit's built mock as a third version in the same rounds (a speed pass's
// before and after in one run).
if (before !== undefined)
  versions.push({
    name: `before (${before})`,
    mock: await loadInProcessMock(versionPackage(before)),
    counter: 0,
  });
for (const version of versions)
  for (let i = 0; i < SEEDED; i++) await version.mock.addReservation(SLUG, seededReservation(i));

const rows: string[][] = [];
const beforeRows: string[][] = [];
let servicesGap = Number.NaN;
for (const load of CASES) {
  for (const version of versions) await timeRound(version, load, WARMUP);
  const samples = versions.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    // Reversed every other round: neither version always runs right after another's garbage.
    const order = versions.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const v of order) samples[v]?.push(await timeRound(versions[v] as Version, load, PER_ROUND));
  }
  const [now, first, beforeTime] = samples.map((s) => median(s)) as [number, number, number | undefined];
  const gap = now - first;
  if (load.name === 'GET /services') servicesGap = gap;
  console.log(
    `${load.name}: now ${now.toFixed(1)} µs, first ${first.toFixed(1)} µs (${gap.toFixed(1)} µs)${
      beforeTime === undefined
        ? ''
        : `, before ${beforeTime.toFixed(1)} µs (now / before ${(now / beforeTime).toFixed(2)})`
    }`,
  );
  if (beforeTime !== undefined)
    beforeRows.push([
      load.name,
      `${beforeTime.toFixed(1)} µs`,
      `${now.toFixed(1)} µs`,
      `${(now / beforeTime).toFixed(2)}`,
    ]);
  rows.push([
    load.name,
    `${now.toFixed(1)} µs`,
    `${first.toFixed(1)} µs`,
    `${gap >= 0 ? '+' : ''}${gap.toFixed(1)} µs`,
    `${(now / first).toFixed(2)}×`,
    load.name === 'GET /services' ? `≤ +${MARGIN_US} µs` : '',
    load.name === 'GET /services' ? (gap <= MARGIN_US ? 'met' : '**missed**') : '',
  ]);
}
for (const version of versions) version.mock.close();

const markdown = `## In process: the mock's own time per request, today and the first version

\`pnpm bench\` (\`packages/mock-server/bench/handle.ts\`, both versions built), run ${startedAt}.
Machine: ${machine}.

From a plain request in to its answer out, without HTTP: today's \`createMockCore().handle()\` and
the first version's \`createMockService().answer()\` (commit ${FIRST_VERSION}, built from the local
history into \`.bench-cache/\`), the step each standalone server calls per request. One process, the
same data (demo seed plus ${SEEDED.toLocaleString('en-US')} reservations in demo-bistro, frozen clock, journal on
as by default), ${WARMUP.toLocaleString('en-US')} warm-up requests each, then ${ROUNDS} alternating rounds of
${PER_ROUND.toLocaleString('en-US')} requests per version; medians of the rounds. A booking takes a new slot every time.

${table(['operation', 'now', 'first version', 'difference', 'ratio', 'goal', ''], rows)}

Goal (GET /services at most the first version's time + ${MARGIN_US} µs, same run): ${
  servicesGap <= MARGIN_US ? 'met' : '**missed**'
} (${servicesGap >= 0 ? '+' : ''}${servicesGap.toFixed(1)} µs).
${
  before === undefined
    ? ''
    : `
Before this pass (commit ${before}, built the same way, a third version in the same alternating rounds):

${table(['operation', 'before', 'now', 'now / before'], beforeRows)}
`
}`;
if (args['no-write']) console.log(markdown);
else {
  writeSection('handle', markdown);
  console.log('wrote the "handle" section of BENCHMARKS.md');
}
process.exit(0);

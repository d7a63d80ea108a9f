// In-process benchmark of the API through the same MSW handlers users get (msw's getResponse):
// GET /reservations/:id, a filtered page of GET /reservations, GET /availability and
// POST /reservations, with 100,000 reservations over a year on 50 tables, against a 100-reservation
// baseline in the same run. Two goals of a different kind: a RATIO, every median at 100k within 2×
// of the same operation's baseline measured in the same run (what the data's size costs, which the
// machine's load hardly moves), and an ABSOLUTE, every median under 1 ms (what a test waits, which
// moves with the machine's load: read it with the load average the section records).
// Run: pnpm bench (root) or pnpm --filter @reservation-api/mock-server bench. Writes the "domain"
// section of BENCHMARKS.md (`--no-write` to only print).
//
// `--before COMMIT [--rounds N] [--no-build]`: this checkout's built package against that commit's
// (support/first-version.ts builds it once into .bench-cache/), both loaded in this process with
// their own msw, on the same data; every operation measured in N rounds that alternate the two
// versions (the first to run flips each round); adds each operation's now / before, the median
// over rounds of the ratio of the rounds' medians, at 100 and at 100k. A speed pass's goal: no
// operation slower than before.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getResponse as ownGetResponse } from 'msw';
import { createMockService as ownCreateMockService, type SeedData } from '../src/index';
import { comparisonArgs } from './support/args';
import { buildMockServer } from './support/build';
import { versionPackage } from './support/first-version';
import { machineLine, median, table, writeSection } from './support/report';

const args = comparisonArgs(15);

/** What the bench needs of a version: its mock factory and the msw it was built with. */
interface Version {
  name: string;
  createMockService: (options: { seed: SeedData; now: string }) => BenchService;
  getResponse: (handlers: BenchService['handlers'], request: Request) => Promise<Response | undefined>;
}

/** A mock of any version, as far as the bench uses it. */
interface BenchService {
  baseUrl: string;
  handlers: unknown[];
  control: { addReservation(slug: string, input: unknown): Promise<{ id: string }> };
  close(): unknown;
}

/** This checkout from its TypeScript sources (plain `pnpm bench`). */
const SOURCES: Version = {
  name: 'now',
  createMockService: (options) => ownCreateMockService(options) as unknown as BenchService,
  getResponse: (handlers, request) =>
    ownGetResponse(handlers as Parameters<typeof ownGetResponse>[0], request),
};

/** The built package in `packageDir` (dist/, as users run it), with the msw it depends on. */
async function builtVersion(name: string, packageDir: string): Promise<Version> {
  const entry = (await import(pathToFileURL(join(packageDir, 'dist/index.js')).href)) as {
    createMockService: Version['createMockService'];
  };
  const msw = (await import(
    pathToFileURL(createRequire(join(packageDir, 'package.json')).resolve('msw')).href
  )) as { getResponse: Version['getResponse'] };
  return { name, createMockService: entry.createMockService, getResponse: msw.getResponse };
}

const NOW = '2026-01-01T06:00:00.000Z';
const TABLES = 50;
const KEY = 'rk_bench_key';
const STATUSES = ['PENDING', 'CONFIRMED', 'CONFIRMED', 'COMPLETED', 'CANCELLED'] as const;

function dateOf(dayIndex: number, year = 2026): string {
  return new Date(Date.UTC(year, 0, 1 + dayIndex)).toISOString().slice(0, 10);
}

function benchSeed(): SeedData {
  const day = { open: '08:00', close: '23:00' };
  return {
    projects: [
      {
        id: 'prj_bench',
        slug: 'bench',
        name: 'Bench',
        openingHours: {
          sunday: day,
          monday: day,
          tuesday: day,
          wednesday: day,
          thursday: day,
          friday: day,
          saturday: day,
        },
        branches: [{ id: 'br_bench', name: 'Main', address: 'Here 1' }],
        tables: Array.from({ length: TABLES }, (_, i) => ({
          id: `tbl_${i}`,
          name: `T${i}`,
          capacity: 6,
          branchId: 'br_bench',
        })),
        services: [{ id: 'svc_bench', name: 'Dinner', duration: 90, price: 500 }],
        apiKeys: [{ key: KEY, permissions: ['read', 'write', 'delete', 'media'] }],
      },
    ],
  };
}

async function populate(version: Version, count: number): Promise<{ service: BenchService; ids: string[] }> {
  const service = version.createMockService({ seed: benchSeed(), now: NOW });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // Spread over a year; per day, tables and hours are taken in turn so nothing overlaps.
    const perDay = Math.ceil(count / 365);
    const dayIndex = Math.floor(i / perDay) % 365;
    const slot = i % perDay;
    const hour = 8 + (Math.floor(slot / TABLES) % 14);
    const detail = await service.control.addReservation('bench', {
      date: dateOf(dayIndex),
      from: `${String(hour).padStart(2, '0')}:00`,
      to: `${String(hour + 1).padStart(2, '0')}:00`,
      tableId: `tbl_${slot % TABLES}`,
      status: STATUSES[i % STATUSES.length],
      guests: 2,
      customer: { email: `guest${i % 2000}@example.com`, firstName: 'Guest' },
    });
    ids.push(detail.id);
  }
  return { service, ids };
}

interface Operation {
  name: string;
  request(i: number): Request;
  expect: number;
}

function operations(service: BenchService, ids: string[]): Operation[] {
  const api = `${service.baseUrl}/api/v1/bench`;
  const headers = { 'X-API-Key': KEY };
  return [
    {
      name: 'GET /reservations/:id',
      expect: 200,
      request: (i) => new Request(`${api}/reservations/${ids[(i * 7919) % ids.length]}`, { headers }),
    },
    {
      // A full page in both runs: at 100 reservations a month holds about 3 CONFIRMED ones, so a
      // month's second page was empty there and full at 100k, and the ratio measured the answer's
      // size (20 reservation views), not the data's. Over the year, both answer 20.
      name: 'GET /reservations (year, status, 2nd page of 20)',
      expect: 200,
      request: () =>
        new Request(`${api}/reservations?from=2026-01-01&to=2026-12-31&status=CONFIRMED&limit=20&offset=20`, {
          headers,
        }),
    },
    {
      name: 'GET /availability',
      expect: 200,
      request: (i) =>
        new Request(`${api}/availability?date=${dateOf((i * 37) % 365)}&serviceId=svc_bench`, { headers }),
    },
    {
      name: 'POST /reservations',
      expect: 201,
      request: (i) =>
        new Request(`${api}/reservations`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          // The next year is empty: every booking gets its own table and hour.
          body: JSON.stringify({
            email: `new${i % 500}@example.com`,
            date: dateOf(Math.floor(i / (TABLES * 14)), 2027),
            from: `${String(8 + (Math.floor(i / TABLES) % 14)).padStart(2, '0')}:00`,
            to: `${String(9 + (Math.floor(i / TABLES) % 14)).padStart(2, '0')}:00`,
            tableId: `tbl_${i % TABLES}`,
            guests: 2,
          }),
        }),
    },
  ];
}

async function measure(
  version: Version,
  service: BenchService,
  operation: Operation,
  iterations: number,
  offset: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const request = operation.request(offset + i);
    const started = performance.now();
    const response = await version.getResponse(service.handlers, request);
    await response?.arrayBuffer();
    times.push(performance.now() - started);
    if (response?.status !== operation.expect) {
      throw new Error(
        `${version.name}, ${operation.name}: expected ${operation.expect}, got ${response?.status}`,
      );
    }
  }
  return median(times);
}

async function run(version: Version, count: number): Promise<Map<string, number>> {
  const seeding = performance.now();
  const { service, ids } = await populate(version, count);
  console.log(`seeded ${count} reservations in ${Math.round(performance.now() - seeding)} ms`);
  const results = new Map<string, number>();
  for (const operation of operations(service, ids)) {
    await measure(version, service, operation, 300, 0); // warm-up
    results.set(operation.name, await measure(version, service, operation, 2000, 300));
  }
  service.close();
  return results;
}

/** Per operation: this checkout's median (of the rounds' medians), the other's, and now / before. */
type Compared = Map<string, { now: number; before: number; ratio: number }>;

/**
 * Both versions on `count` reservations: each operation in ROUNDS alternating rounds of 400
 * requests per version after a warm-up of 300 each; POST bookings never repeat (the offset moves on).
 */
async function compare(now: Version, before: Version, count: number, rounds: number): Promise<Compared> {
  const mocks = [
    { version: now, ...(await populate(now, count)) },
    { version: before, ...(await populate(before, count)) },
  ] as const;
  const compared: Compared = new Map();
  const [opsNow, opsBefore] = mocks.map(({ service, ids }) => operations(service, ids));
  let offset = 0;
  for (const [index, operation] of (opsNow ?? []).entries()) {
    const pair = [operation, opsBefore?.[index] as Operation] as const;
    for (const [i, mock] of mocks.entries())
      await measure(mock.version, mock.service, pair[i] as Operation, 300, 0);
    offset = 300;
    const samples = { now: [] as number[], before: [] as number[], ratio: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const got: number[] = [];
      for (const i of order) {
        const mock = mocks[i as 0 | 1];
        got[i] = await measure(mock.version, mock.service, pair[i as 0 | 1], 400, offset);
      }
      offset += 400;
      samples.now.push(got[0] as number);
      samples.before.push(got[1] as number);
      samples.ratio.push((got[0] as number) / (got[1] as number));
    }
    compared.set(operation.name, {
      now: median(samples.now),
      before: median(samples.before),
      ratio: median(samples.ratio),
    });
  }
  for (const { service } of mocks) service.close();
  return compared;
}

const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const machine = machineLine();
const beforeCommit = args.before;
let now = SOURCES;
let against: { before: Version; small: Compared; large: Compared } | undefined;
if (beforeCommit !== undefined) {
  // Both built, as users run them: the sources under tsx against a bundle would not be a fair pair.
  if (!args['no-build']) buildMockServer();
  now = await builtVersion('now', process.cwd());
  const before = await builtVersion(beforeCommit, versionPackage(beforeCommit));
  const rounds = Math.max(3, Number(args.rounds));
  against = {
    before,
    small: await compare(now, before, 100, rounds),
    large: await compare(now, before, 100_000, rounds),
  };
}
const baseline = await run(now, 100);
const large = await run(now, 100_000);

const rows = [...large.keys()].map((name) => {
  const small = baseline.get(name) ?? Number.NaN;
  const big = large.get(name) ?? Number.NaN;
  return {
    operation: name,
    'median @100 (ms)': small.toFixed(3),
    'median @100k (ms)': big.toFixed(3),
    ratio: (big / small).toFixed(2),
  };
});
console.table(rows);
const ratioOk = rows.every((r) => Number(r.ratio) <= 2);
const absoluteOk = rows.every((r) => Number(r['median @100k (ms)']) < 1);
console.log(
  `ratio goal (100k within 2x of 100): ${ratioOk ? 'met' : 'MISSED'}; absolute goal (every median < 1 ms): ${absoluteOk ? 'met' : 'MISSED'}`,
);

let beforeText = '';
if (against && beforeCommit !== undefined) {
  const beforeRows = [...against.large.keys()].map((name) => {
    const small = against?.small.get(name);
    const big = against?.large.get(name);
    return [
      name,
      `${small?.before.toFixed(3)} / ${small?.now.toFixed(3)}`,
      (small?.ratio ?? Number.NaN).toFixed(2),
      `${big?.before.toFixed(3)} / ${big?.now.toFixed(3)}`,
      (big?.ratio ?? Number.NaN).toFixed(2),
      (small?.ratio ?? 2) <= 1.05 && (big?.ratio ?? 2) <= 1.05 ? 'met' : '**missed**',
    ];
  });
  console.table(beforeRows);
  beforeText = `
Against commit ${beforeCommit} (\`--before ${beforeCommit}\`): both versions built (dist/, as users run
them) and loaded in this process, each with the msw it was built with, on the same data; each
operation in ${Math.max(3, Number(args.rounds))} rounds of 400 requests per version after 300 of warm-up, alternating (the first to run
flips each round). "now / before" is the median over rounds of the ratio of the rounds' medians (the
goal: ≤ 1.0×, within noise: ≤ 1.05×). The table above is this checkout's built package.

${table(
  [
    'operation',
    `@100: before (${beforeCommit}) / now ms`,
    'now / before',
    `@100k: before / now ms`,
    'now / before',
    'not slower',
  ],
  beforeRows,
)}
`;
}

if (!args['no-write']) {
  writeSection(
    'domain',
    `## In process: the API through MSW at 100 and 100,000 reservations

${beforeCommit === undefined ? '`pnpm bench` (`packages/mock-server/bench/domain.ts`, from the TypeScript sources)' : `\`tsx bench/domain.ts --before ${beforeCommit}\` (\`packages/mock-server/bench/domain.ts\`, from the built package)`}, run ${startedAt}.
Machine: ${machine}.

Every request goes through the MSW handlers users get (\`getResponse(service.handlers, request)\`), in one
process: 100,000 reservations over a year on 50 tables against a 100-reservation baseline in the same run,
300 warm-up and 2,000 measured requests per operation. Two goals: a ratio, every median at 100k within 2×
of the baseline (same run), and an absolute, every median under 1 ms (moves with the machine's load).

${table(
  ['operation', 'median @100 (ms)', 'median @100k (ms)', '100k / 100'],
  rows.map((r) => [r.operation, r['median @100 (ms)'], r['median @100k (ms)'], r.ratio]),
)}

Ratio goal (within 2×): ${ratioOk ? 'met' : '**missed**'}. Absolute goal (under 1 ms): ${absoluteOk ? 'met' : '**missed**'}.
${beforeText}`,
  );
  console.log('wrote the "domain" section of BENCHMARKS.md');
}

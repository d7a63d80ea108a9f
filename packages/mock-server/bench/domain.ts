// In-process benchmark of the API through the same MSW handlers users get (msw's getResponse):
// GET /reservations/:id, a filtered page of GET /reservations, GET /availability and
// POST /reservations, with 100,000 reservations over a year on 50 tables, against a 100-reservation
// baseline in the same run. Two goals of a different kind: a RATIO, every median at 100k within 2×
// of the same operation's baseline measured in the same run (what the data's size costs, which the
// machine's load hardly moves), and an ABSOLUTE, every median under 1 ms (what a test waits, which
// moves with the machine's load: read it with the load average the section records).
// Run: pnpm bench (root) or pnpm --filter @reservation-api/mock-server bench. Writes the "domain"
// section of BENCHMARKS.md (`--no-write` to only print).
import { getResponse } from 'msw';
import { createMockService, type MockService, type SeedData } from '../src/index';
import { machineLine, table, writeSection } from './support/report';

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

async function populate(count: number): Promise<{ service: MockService; ids: string[] }> {
  const service = createMockService({ seed: benchSeed(), now: NOW });
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

function operations(service: MockService, ids: string[]): Operation[] {
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function measure(
  service: MockService,
  operation: Operation,
  iterations: number,
  offset: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const request = operation.request(offset + i);
    const started = performance.now();
    const response = await getResponse(service.handlers, request);
    await response?.arrayBuffer();
    times.push(performance.now() - started);
    if (response?.status !== operation.expect) {
      throw new Error(`${operation.name}: expected ${operation.expect}, got ${response?.status}`);
    }
  }
  return median(times);
}

async function run(count: number): Promise<Map<string, number>> {
  const seeding = performance.now();
  const { service, ids } = await populate(count);
  console.log(`seeded ${count} reservations in ${Math.round(performance.now() - seeding)} ms`);
  const results = new Map<string, number>();
  for (const operation of operations(service, ids)) {
    await measure(service, operation, 300, 0); // warm-up
    results.set(operation.name, await measure(service, operation, 2000, 300));
  }
  service.close();
  return results;
}

const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const machine = machineLine();
const baseline = await run(100);
const large = await run(100_000);

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

if (!process.argv.includes('--no-write')) {
  writeSection(
    'domain',
    `## In process: the API through MSW at 100 and 100,000 reservations

\`pnpm bench\` (\`packages/mock-server/bench/domain.ts\`, from the TypeScript sources), run ${startedAt}.
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
`,
  );
  console.log('wrote the "domain" section of BENCHMARKS.md');
}

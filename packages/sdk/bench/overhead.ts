// Cost per call of the SDK vs raw openapi-fetch vs plain fetch, all on the same stub fetch that
// returns a canned Response (no network), in one process, after warm-up. Run: pnpm --filter @reservation-api/sdk bench
import createClient from 'openapi-fetch';
import type { paths } from '../src/index';
import { createReservationClient } from '../src/index';
import { reservation } from '../test/support/fixtures';

const BASE_URL = 'http://127.0.0.1:4010';
const API_KEY = 'rk_bench';
const SLUG = 'demo-bistro';
// The typed (and contract-checked) test fixture, so the bench parses a realistic body.
const BODY = JSON.stringify({
  success: true,
  count: 2,
  total: 2,
  reservations: [reservation(1), reservation(2)],
});
const stubFetch = async (_request: Request): Promise<Response> =>
  new Response(BODY, { status: 200, headers: { 'Content-Type': 'application/json' } });

const sdk = createReservationClient({ baseUrl: BASE_URL, apiKey: API_KEY, project: SLUG, fetch: stubFetch });
const raw = createClient<paths>({ baseUrl: BASE_URL, fetch: stubFetch, headers: { 'X-API-Key': API_KEY } });

const candidates: Record<string, () => Promise<unknown>> = {
  'plain fetch': async () => {
    const response = await stubFetch(
      new Request(`${BASE_URL}/api/v1/${SLUG}/reservations`, { headers: { 'X-API-Key': API_KEY } }),
    );
    return response.json();
  },
  'openapi-fetch': async () =>
    (await raw.GET('/api/v1/{slug}/reservations', { params: { path: { slug: SLUG } } })).data,
  sdk: () => sdk.reservations.list(),
};

async function opsPerSecond(fn: () => Promise<unknown>, ms: number): Promise<number> {
  let ops = 0;
  const start = performance.now();
  const end = start + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) await fn();
    ops += 100;
  }
  return ops / ((performance.now() - start) / 1000);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

// Warm-up lets the JIT settle; rounds alternate the candidates so drift affects all alike.
for (const fn of Object.values(candidates)) await opsPerSecond(fn, 500);
const ROUNDS = 15;
const samples: Record<string, number[]> = Object.fromEntries(
  Object.keys(candidates).map((name) => [name, []]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(candidates)) samples[name]?.push(await opsPerSecond(fn, 300));
}

const results = Object.entries(samples).map(([name, values]) => ({ name, ops: median(values) }));
const of = (name: string): number => results.find((r) => r.name === name)?.ops ?? Number.NaN;
const openapiFetch = of('openapi-fetch');
console.log(`GET /reservations on a stub fetch, median of ${ROUNDS} rounds (Node ${process.version})\n`);
console.log(
  `${'candidate'.padEnd(15)}${'ops/s'.padStart(10)}${'µs/call'.padStart(10)}${'cost vs openapi-fetch'.padStart(24)}`,
);
for (const { name, ops } of results) {
  const ratio = (openapiFetch / ops).toFixed(2);
  console.log(
    `${name.padEnd(15)}${Math.round(ops).toString().padStart(10)}${(1e6 / ops).toFixed(1).padStart(10)}${`${ratio}×`.padStart(24)}`,
  );
}
// Paired per round (same moment, same GC and JIT state), then the median: steadier than a ratio of medians.
const paired = median(
  samples['openapi-fetch']?.map((ops, i) => ops / (samples.sdk?.[i] ?? Number.NaN)) ?? [],
);
console.log(
  `\nSDK cost per call: ${paired.toFixed(2)}× openapi-fetch (median of per-round ratios; goal ≤ 1.10×: ${paired <= 1.1 ? 'met' : 'missed'})`,
);

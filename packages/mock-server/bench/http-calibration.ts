// Calibration for `pnpm bench:http`: how much of raw node:http's throughput a server keeps when it
// does a fixed amount of extra work per request. The HTTP goals (mock ≥ 50 % / 25 % of raw) are
// ratios against a server that does no work at all; this shows what a given per-request cost allows
// on this machine. Each server runs in its own child; autocannon (10 connections) in this process.
// Run: pnpm --filter @reservation-api/mock-server bench:calibration
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { machineLine, table, waitForIdle, writeSection } from './support/report';

const EXTRA_US = [0, 5, 10, 25, 40];
const child = fileURLToPath(new URL('./support/spin-child.ts', import.meta.url));

async function measure(extraUs: number): Promise<number> {
  const server = fork(child, [String(extraUs)]);
  try {
    const port = await new Promise<number>((resolve) => server.once('message', (m) => resolve(Number(m))));
    const url = `http://127.0.0.1:${port}/`;
    await autocannon({ url, connections: 10, duration: 1 });
    const result = await autocannon({ url, connections: 10, duration: 4 });
    return result.requests.average;
  } finally {
    server.kill();
  }
}

const idle = await waitForIdle(0.9, 60_000);
const machine = machineLine();
const rows: string[][] = [];
let base = 0;
for (const extraUs of EXTRA_US) {
  const rps = await measure(extraUs);
  if (extraUs === 0) base = rps;
  rows.push([
    `${extraUs} µs`,
    Math.round(rps).toLocaleString('en-US'),
    `${((100 * rps) / base).toFixed(1)} %`,
  ]);
  console.log(`extra ${extraUs} µs: ${Math.round(rps)} req/s (${((100 * rps) / base).toFixed(1)} % of raw)`);
}

writeSection(
  'calibration',
  `## Calibration: raw node:http with extra work per request

\`pnpm --filter @reservation-api/mock-server bench:calibration\` (\`packages/mock-server/bench/http-calibration.ts\`).
Machine: ${machine}, ${(100 * idle).toFixed(0)} % idle at start.

A bare node:http server that burns a fixed number of microseconds before each answer, against the same
server burning none (autocannon, 10 connections, 4 s after 1 s warm-up). It shows what the HTTP goals
ask: keeping 50 % of raw throughput allows roughly the extra per-request cost at which this table
crosses 50 %, for everything the mock does (routing, key hash, domain, JSON). The mock's in-process
answer alone (no HTTP) is in the "mock in process" column of the HTTP section.

${table(['extra CPU per request', 'req/s', 'of raw'], rows)}`,
);

// What importing the package costs a test file, against what importing msw/node and @msw/data alone
// costs (the floor issue 32 set: a test of the mock loads msw anyway, and the mock stands on
// @msw/data). Goal, a RATIO measured in the same run: the package's entry at most 1.2× the floor.
// The package builds @msw/data into its own chunk (tsup.config.ts), so it no longer loads the floor's
// @msw/data from node_modules; the row of msw/node alone shows what it costs on top of what every
// MSW test loads.
//
// Each sample is a fresh node process that times its own `await import(…)` (node's start-up is not
// counted), of the built package (dist/, as users get it: built first). The cases alternate, so
// other load on the machine hits each alike; medians of IMPORT_RUNS samples per case.
// Run: pnpm bench (root) or pnpm --filter @reservation-api/mock-server bench. Writes the "import"
// section of BENCHMARKS.md (`--no-write` to only print; `--no-build` to use dist/ as it is).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildMockServer } from './support/build';
import { machineLine, median, table, writeSection } from './support/report';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
const RUNS = Number(process.env.IMPORT_RUNS ?? 15);

interface ImportCase {
  name: string;
  specifiers: string[];
}

const FLOOR: ImportCase = { name: 'msw/node + @msw/data (the floor)', specifiers: ['msw/node', '@msw/data'] };
const ENTRY: ImportCase = {
  name: '`@reservation-api/mock-server`',
  specifiers: ['@reservation-api/mock-server'],
};
const CASES: ImportCase[] = [
  FLOOR,
  { name: 'msw/node (what every MSW test loads)', specifiers: ['msw/node'] },
  ENTRY,
  {
    name: 'msw/node + `@reservation-api/mock-server` (a test file)',
    specifiers: ['msw/node', '@reservation-api/mock-server'],
  },
];

/** Milliseconds one fresh process takes to import `specifiers` (in order, as a test file lists them). */
function importOnce(specifiers: readonly string[]): number {
  const script = `const started = performance.now();
for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier);
console.log(performance.now() - started);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PACKAGE_DIR,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const ms = Number(result.stdout.trim());
  if (result.status !== 0 || !Number.isFinite(ms)) {
    throw new Error(`importing ${specifiers.join(', ')} failed (${result.status}):\n${result.stderr}`);
  }
  return ms;
}

export function measureImports(runs = RUNS): Map<ImportCase, number> {
  const samples = new Map<ImportCase, number[]>(CASES.map((c) => [c, []]));
  for (const c of CASES) importOnce(c.specifiers); // warm-up: the file system's cache
  for (let i = 0; i < runs; i++) for (const c of CASES) samples.get(c)?.push(importOnce(c.specifiers));
  return new Map(CASES.map((c) => [c, median(samples.get(c) ?? [])]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--no-build')) buildMockServer();
  const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = machineLine();
  const results = measureImports();
  const floor = results.get(FLOOR) ?? Number.NaN;
  const entry = results.get(ENTRY) ?? Number.NaN;
  const printed = CASES.map((c) => {
    const ms = results.get(c) ?? Number.NaN;
    const goal = c === ENTRY ? '≤ 1.2×' : '';
    const verdict = goal === '' ? '' : ms / floor <= 1.2 ? 'met' : '**missed**';
    return [c.name, ms.toFixed(1), `${(ms / floor).toFixed(2)}×`, goal, verdict];
  });
  console.table(printed);
  console.log(`import goal (entry within 1.2x of the floor): ${entry / floor <= 1.2 ? 'met' : 'MISSED'}`);
  if (!process.argv.includes('--no-write')) {
    writeSection(
      'import',
      `## Import: what loading the package costs a test file

\`pnpm bench\` (\`packages/mock-server/bench/import.ts\`, the built package), run ${startedAt}.
Machine: ${machine}.

Each sample is a fresh node process timing its own \`await import(…)\` (start-up not counted); the cases
alternate, ${RUNS} samples each, medians. The floor is the one issue 32 set: msw/node (for
\`setupServer\`) and @msw/data (the mock's store) as loaded from their packages. Goal, a ratio of the
same run: the package's entry at most 1.2× the floor. The package builds @msw/data into its own chunk
(\`tsup.config.ts\`: @msw/data imports es-toolkit's index modules, 555 files), so the entry no longer
loads the floor's @msw/data; msw/node alone is what every MSW test loads, with or without the mock.

${table(['import', 'median (ms)', 'ratio to the floor', 'goal', ''], printed)}
`,
    );
    console.log('wrote the "import" section of BENCHMARKS.md');
  }
}

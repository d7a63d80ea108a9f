// Runs the Playwright suite (e2e/) in `pnpm test`, with playwright.config.ts as it is: the mock
// README's config, verbatim (checked below). The mock is started here from source and Playwright's
// webServer finds it ready at /__mock/health (reuseExistingServer); the JSON report must show every
// test passed, spread over the three workers, each with its own session, all ended afterwards. Once
// on each Chromium: the system one (when the machine has one) and the npm one (@sparticuz/chromium,
// what runs on a machine without it), chosen by hiding the system one from the lookup. The config's
// mockCoverage writes one API coverage report for the run (every worker's session) to
// test-output/api-coverage/, and Playwright prints it at the end; this test prints it too.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CoverageReport, silentLogger } from '@reservation-api/mock-server';
import { startMockServer } from '@reservation-api/mock-server/node';
import { describe, expect, it } from 'vitest';
import { runToExit } from '../../../test/support/child-process';
import { CHROMIUM_SOURCES, hasSystemChromium, systemChromiumPath } from '../../../test/support/chromium';

const root = fileURLToPath(new URL('..', import.meta.url));
const playwright = join(root, 'node_modules/.bin/playwright');
const coverageDir = join(root, 'test-output/api-coverage');

interface Report {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: { specs: { title: string; tests: { results: { status: string; parallelIndex: number }[] }[] }[] }[];
}

describe('the Playwright example', () => {
  it("uses the mock README's playwright.config.ts, verbatim", async () => {
    const readme = await readFile(join(root, '../../packages/mock-server/README.md'), 'utf8');
    const start =
      readme.indexOf('```ts\n', readme.indexOf('A complete `playwright.config.ts`')) + '```ts\n'.length;
    const block = readme.slice(start, readme.indexOf('```\n', start));
    expect(block).toContain('/__mock/health');
    expect(await readFile(join(root, 'playwright.config.ts'), 'utf8')).toBe(block);
  });

  for (const source of CHROMIUM_SOURCES) {
    const absent = source === 'system' && !hasSystemChromium();
    it.skipIf(absent)(
      `passes with 3 workers in parallel, each on its own session, in the ${source} Chromium${
        absent ? ` (none at ${systemChromiumPath()})` : ''
      }`,
      async () => {
        const mock = await startMockServer({ port: 0, logger: silentLogger });
        const out = await mkdtemp(join(tmpdir(), 'pw-e2e-'));
        const report = join(out, 'results.json');
        // No report of an earlier run can stand in for this one's.
        await rm(coverageDir, { recursive: true, force: true });
        try {
          const child = spawn(playwright, ['test', '--reporter=json', `--output=${join(out, 'artifacts')}`], {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: {
              ...process.env,
              MOCK_PORT: String(mock.address.port),
              // Playwright's webServer reuses the mock started above (the README's config reuses one
              // outside CI), after finding it ready at /__mock/health.
              CI: '',
              PLAYWRIGHT_JSON_OUTPUT_NAME: report,
              PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
              // The npm Chromium: the lookup finds no system one at a path that does not exist.
              ...(source === 'npm' ? { CHROMIUM_PATH: join(out, 'no-system-chromium') } : {}),
              // The example imports the workspace packages' TypeScript sources, as the other tests do.
              NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=@reservation-api/source`.trim(),
            },
          });
          const { code, output } = await runToExit(child);
          expect(code, output).toBe(0);
          const result = JSON.parse(await readFile(report, 'utf8')) as Report;
          expect(result.stats).toMatchObject({ unexpected: 0, flaky: 0, skipped: 0 });
          expect(result.stats.expected).toBeGreaterThanOrEqual(4);
          const workers = new Set(
            result.suites.flatMap((s) =>
              s.specs.flatMap((spec) => spec.tests.flatMap((t) => t.results.map((r) => r.parallelIndex))),
            ),
          );
          expect([...workers].sort()).toEqual([0, 1, 2]);
          // The sessions were ended by the fixtures; the default mock at the root was never touched.
          expect(mock.sessions()).toEqual([]);
          expect(mock.service.control.requests.list()).toEqual([]);

          // The run's API coverage, merged over the three workers' sessions: each test's requests
          // count (the page loads the free slots once per test, the 503 fault is the `default` answer).
          const coverage = JSON.parse(
            await readFile(join(coverageDir, 'coverage.json'), 'utf8'),
          ) as CoverageReport;
          const count = (id: string) => coverage.items.find((item) => item.id === id)?.count ?? 0;
          expect(count('getAvailability 200')).toBeGreaterThanOrEqual(2);
          expect(count('getAvailability default INTERNAL_ERROR')).toBeGreaterThanOrEqual(1);
          const markdown = await readFile(join(coverageDir, 'coverage.md'), 'utf8');
          expect(output).toContain(markdown.trim());
          console.log(markdown);
        } finally {
          await rm(out, { recursive: true, force: true });
          await mock.close();
        }
      },
      240_000,
    );
  }
});

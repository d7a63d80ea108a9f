// @reservation-api/mock-server/playwright (mock README, "Testing a front end end-to-end"): Playwright
// Test runs fixture/ with three workers against one standalone mock. Each worker gets one session of
// its own (every test of a worker sees the same one, no two workers share one), at `mockNow`, reset
// before each test; mockHooks.beforeSessionEnd runs while the session is still open; after the run every
// session is ended and the default mock was never touched. With mockCoverage, the run writes one API
// coverage report that counts every test of every worker's session (though `mock` resets the session
// before each test), prints it, and fails the run below the threshold.
import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { type ChildRun, runToExit } from '../../../../test/support/child-process';
import { type CoverageReport, silentLogger } from '../../src/index';
import { startServer } from '../support/server';

const here = fileURLToPath(new URL('.', import.meta.url));
const playwright = fileURLToPath(new URL('../../node_modules/.bin/playwright', import.meta.url));

interface Report {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: {
    specs: {
      tests: { annotations: { type: string; description?: string }[]; results: { workerIndex: number }[] }[];
    }[];
  }[];
}

/** Runs fixture/ with Playwright against the mock at `mockUrl`, its files in `out`. */
async function runPlaywright(
  mockUrl: string,
  out: string,
  env: Record<string, string> = {},
): Promise<ChildRun> {
  const child = spawn(playwright, ['test', '-c', join(here, 'fixture/playwright.config.ts')], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      MOCK_URL: mockUrl,
      PW_JSON_OUTPUT: join(out, 'results.json'),
      PW_OUTPUT_DIR: join(out, 'artifacts'),
      HOOK_LOG: join(out, 'hook.log'),
      COVERAGE_DIR: join(out, 'api-coverage'),
      ...env,
    },
  });
  return runToExit(child);
}

const countOf = (report: CoverageReport, id: string): number | undefined =>
  report.items.find((item) => item.kind === 'answer' && item.id === id)?.count;

it('gives each worker one session at mockNow, resets it per test, and ends it after the worker', async () => {
  const server = await startServer({ logger: silentLogger });
  const out = await mkdtemp(join(tmpdir(), 'pw-fixture-'));
  const report = join(out, 'results.json');
  const hookLog = join(out, 'hook.log');
  try {
    const { code, output } = await runPlaywright(server.url, out);
    expect(code, output).toBe(0);

    const result = JSON.parse(await readFile(report, 'utf8')) as Report;
    expect(result.stats).toMatchObject({ expected: 6, unexpected: 0, flaky: 0, skipped: 0 });
    const sessionOfWorker = new Map<number, Set<string>>();
    for (const test of result.suites.flatMap((suite) => suite.specs.flatMap((spec) => spec.tests))) {
      const session = test.annotations.find((a) => a.type === 'session')?.description ?? '';
      const worker = test.results[0]?.workerIndex ?? -1;
      sessionOfWorker.set(worker, new Set([...(sessionOfWorker.get(worker) ?? []), session]));
    }
    expect(sessionOfWorker.size).toBe(3);
    const sessions = [...sessionOfWorker.values()].map((set) => [...set]);
    for (const own of sessions) expect(own).toHaveLength(1);
    expect(new Set(sessions.flat()).size).toBe(3);

    // The hook ran once per worker, with its session still open.
    const hooks = (await readFile(hookLog, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { baseUrl: string; open: boolean });
    expect(hooks.map((h) => h.baseUrl).sort()).toEqual(sessions.flat().sort());
    expect(hooks.every((h) => h.open)).toBe(true);

    expect(server.sessions()).toEqual([]);
    expect(server.service.control.requests.list()).toEqual([]);

    // One report for the run: each of the 6 tests (2 per worker, each after a reset of its worker's
    // session) made one request answered 200, one 401 (no key) and one 503 (a fault: the `default`
    // answer), and every one is counted.
    const coverage = JSON.parse(
      await readFile(join(out, 'api-coverage/coverage.json'), 'utf8'),
    ) as CoverageReport;
    expect(
      coverage.items.filter((item) => item.count > 0).map((item) => `${item.id}: ${item.count}`),
    ).toEqual([
      'getProjectInfo 200: 6',
      'getProjectInfo 401 API_KEY_MISSING: 6',
      'getProjectInfo default INTERNAL_ERROR: 6',
    ]);
    expect(coverage.summary.covered).toBe(3);
    expect(coverage.summary.total).toBeGreaterThan(100);
    const markdown = await readFile(join(out, 'api-coverage/coverage.md'), 'utf8');
    expect(markdown).toMatch(/^## API coverage of the fixture run: 3\/\d+ /);
    // Printed at the end (print: 'markdown'), and the workers' parts removed once merged.
    expect(output).toContain(markdown.trim());
    await expect(access(join(out, 'api-coverage/parts'))).rejects.toThrow();
    expect(server.service.control.coverage().summary.covered).toBe(0);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 120_000);

it('fails the run when the API coverage is below mockCoverage.threshold, after writing the report', async () => {
  const server = await startServer({ logger: silentLogger });
  const out = await mkdtemp(join(tmpdir(), 'pw-fixture-'));
  try {
    const { code, output } = await runPlaywright(server.url, out, { COVERAGE_THRESHOLD: '50' });
    expect(code, output).toBe(1);
    expect(output).toMatch(/API coverage [\d.]+ % is below the threshold of 50 %/);
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as Report;
    expect(result.stats).toMatchObject({ expected: 6, unexpected: 0 });
    const coverage = JSON.parse(
      await readFile(join(out, 'api-coverage/coverage.json'), 'utf8'),
    ) as CoverageReport;
    expect(countOf(coverage, 'getProjectInfo 200')).toBe(6);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 120_000);

it('keeps what a session covered when a test closes it, or when beforeSessionEnd throws', async () => {
  const server = await startServer({ logger: silentLogger });
  const out = await mkdtemp(join(tmpdir(), 'pw-fixture-'));
  const covered = async () =>
    (JSON.parse(await readFile(join(out, 'api-coverage/coverage.json'), 'utf8')) as CoverageReport).items
      .filter((item) => item.count > 0)
      .map((item) => `${item.id}: ${item.count}`);
  try {
    const closing = await runPlaywright(server.url, out, { PW_CLOSING: '1' });
    expect(closing.code, closing.output).toBe(0);
    expect(await covered()).toEqual(['listTables 200: 1']);
    expect(server.sessions()).toEqual([]);

    const throwing = await runPlaywright(server.url, out, { HOOK_THROWS: '1' });
    expect(throwing.code, throwing.output).toBe(1);
    expect(throwing.output).toContain('the hook failed');
    expect(await covered()).toEqual([
      'getProjectInfo 200: 6',
      'getProjectInfo 401 API_KEY_MISSING: 6',
      'getProjectInfo default INTERNAL_ERROR: 6',
    ]);
    expect(server.sessions()).toEqual([]);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 180_000);

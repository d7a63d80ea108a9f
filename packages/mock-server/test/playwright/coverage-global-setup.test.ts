// mockCoverageGlobalSetup (mock README, "Testing a front end end-to-end"), called as Playwright calls a
// globalSetup, with a config of its own: it reads `use.mockCoverage` of every project, clears what a
// former run left, and at the end merges the workers' parts; a run where no worker saved a part does
// not pass a threshold with an empty report. The whole run through Playwright: ./fixture.test.ts.
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { saveCoveragePart } from '../../src/coverage';
import { createMockService, silentLogger } from '../../src/index';
import { type MockCoverageOptions, type MockOptions, mockCoverageGlobalSetup } from '../../src/playwright';

let dir: string;
let log: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pw-coverage-setup-'));
  log = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => {
    log.push(line);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** The part of FullConfig the global setup reads: the config file and each project's `use`. */
const configOf = (...coverage: (MockCoverageOptions | undefined)[]) =>
  ({
    configFile: join(dir, 'playwright.config.ts'),
    projects: coverage.map((mockCoverage) => ({ use: { mockCoverage } })),
  }) as unknown as FullConfig<object, Partial<MockOptions>>;

/** What one worker's session saved: a coverage report with one 200 of getProjectInfo. */
async function saveOnePart(folder: string): Promise<void> {
  const mock = createMockService({ logger: silentLogger });
  await mock.fetch(
    new Request(`${mock.baseUrl}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
  );
  await saveCoveragePart(folder, mock.control.coverage());
}

it('clears the parts of a former run, and merges the ones this run saved under dir (relative to the config)', async () => {
  await saveOnePart(join(dir, 'out'));
  const teardown = await mockCoverageGlobalSetup(configOf({ dir: 'out', print: 'none' }));
  await saveOnePart(join(dir, 'out'));
  await saveOnePart(join(dir, 'out'));
  await teardown();
  const report = JSON.parse(await readFile(join(dir, 'out/coverage.json'), 'utf8'));
  expect(report.items).toContainEqual({ kind: 'answer', id: 'getProjectInfo 200', count: 2 });
  await expect(access(join(dir, 'out/parts'))).rejects.toThrow();
  expect(log).toEqual([]);
});

it('fails a run whose workers saved no coverage when a threshold is set, and writes no empty report', async () => {
  const teardown = await mockCoverageGlobalSetup(configOf(undefined, { dir: 'out', threshold: 10 }));
  await expect(teardown()).rejects.toThrow(/no worker saved .* the threshold of 10 % is not met/);
  await expect(access(join(dir, 'out/coverage.json'))).rejects.toThrow();
  const quiet = await mockCoverageGlobalSetup(configOf({ dir: 'out' }));
  await quiet();
  expect(log.at(-1)).toMatch(/^API coverage: no worker saved its session's coverage under /);
});

it('refuses bad mockCoverage options as the run starts, naming the project', async () => {
  const named = (mockCoverage: unknown) =>
    ({
      configFile: join(dir, 'playwright.config.ts'),
      projects: [{ name: 'chromium', use: { mockCoverage } }],
    }) as unknown as FullConfig<object, Partial<MockOptions>>;
  await expect(mockCoverageGlobalSetup(named({ dir: 'out', threshold: 150 }))).rejects.toThrow(
    new RangeError(
      'mockCoverage of project "chromium": threshold must be a percentage from 0 to 100; got 150',
    ),
  );
  await expect(mockCoverageGlobalSetup(named({ dir: 'out', print: 'html' }))).rejects.toThrow(
    new TypeError(
      'mockCoverage of project "chromium": print must be "table", "markdown" or "none"; got "html"',
    ),
  );
  await expect(mockCoverageGlobalSetup(named({ dir: '' }))).rejects.toThrow(/dir must be a folder name/);
  await expect(mockCoverageGlobalSetup(named('out'))).rejects.toThrow(/must be an object/);
  await expect(access(join(dir, 'out'))).rejects.toThrow();
});

it('refuses a config where no project sets mockCoverage', async () => {
  await expect(mockCoverageGlobalSetup(configOf(undefined))).rejects.toThrow(
    /no project sets `use.mockCoverage`/,
  );
});

it("removes a former run's report at the start, so a run that saves no part leaves none to upload", async () => {
  const first = await mockCoverageGlobalSetup(configOf({ dir: 'out', print: 'none' }));
  await saveOnePart(join(dir, 'out'));
  await first();
  await access(join(dir, 'out/coverage.md'));
  const second = await mockCoverageGlobalSetup(configOf({ dir: 'out' }));
  await second();
  await expect(access(join(dir, 'out/coverage.md'))).rejects.toThrow();
  await expect(access(join(dir, 'out/coverage.json'))).rejects.toThrow();
});

it('judges no dir whose projects did not run (--project) when another dir got its parts', async () => {
  const teardown = await mockCoverageGlobalSetup(
    configOf({ dir: 'ran', print: 'none' }, { dir: 'filtered-out', threshold: 50 }),
  );
  await saveOnePart(join(dir, 'ran'));
  await expect(teardown()).resolves.toBeUndefined();
  expect(log.at(-1)).toMatch(
    /no worker saved its session's coverage under .*filtered-out \(its projects did not run/,
  );
});

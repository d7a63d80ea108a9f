// `@reservation-api/mock-server/coverage` (mock README, "Coverage"): one report for a whole run. Parts
// saved by workers (or sessions) are merged and written once as coverage.json and coverage.md; below
// the threshold the run fails, with the report written all the same.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  CoverageThresholdError,
  coverageGlobalSetup,
  coveragePercent,
  mergeCoverage,
  mergeCoverageParts,
  saveCoveragePart,
  writeCoverageReport,
} from '../../src/coverage';
import { type CoverageReport, createMockCore, type MockCore, silentLogger } from '../../src/index';

const NOW = '2030-06-17T08:00:00.000Z';

// coverageGlobalSetup fails a run by its exit code: each test starts without one, and this test
// process gets its own back afterwards.
let exitCode: typeof process.exitCode;
beforeEach(() => {
  exitCode = process.exitCode;
  process.exitCode = undefined;
});
afterEach(() => {
  process.exitCode = exitCode;
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'api-coverage-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function worker(...paths: string[]): Promise<CoverageReport> {
  const core: MockCore = createMockCore({ now: NOW, logger: silentLogger });
  for (const path of paths)
    await core.fetch(
      new Request(`${core.baseUrl}/api/v1/demo-bistro${path}`, { headers: { 'x-api-key': 'rk_demo_full' } }),
    );
  return core.control.coverage();
}

const count = (report: CoverageReport, id: string) => report.items.find((item) => item.id === id)?.count;

describe('coverage report files', () => {
  it('merges the parts of two workers into one coverage.json and coverage.md, and removes the parts', async () => {
    const dir = await folder();
    await saveCoveragePart(dir, await worker('/info', '/tables'));
    await saveCoveragePart(dir, await worker('/info'));
    const written = await mergeCoverageParts(dir);
    expect(count(written.report, 'getProjectInfo 200')).toBe(2);
    expect(count(written.report, 'listTables 200')).toBe(1);
    expect(written.report.summary.covered).toBe(2);
    const json = JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8')) as CoverageReport;
    expect(json).toEqual(written.report);
    expect(await readFile(join(dir, 'coverage.md'), 'utf8')).toMatch(/^## API coverage: 2\/\d+ /);
    expect((await readdir(dir)).sort()).toEqual(['coverage.json', 'coverage.md']);
  });

  it('fails below the threshold after writing the report', async () => {
    const dir = await folder();
    const report = await worker('/info');
    const error = await writeCoverageReport(dir, report, { threshold: 50 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CoverageThresholdError);
    expect(error).toMatchObject({ name: 'CoverageThresholdError', threshold: 50 });
    expect(JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8'))).toEqual(report);
    await expect(writeCoverageReport(dir, report, { threshold: 0 })).resolves.toMatchObject({
      percent: expect.any(Number),
    });
    await expect(writeCoverageReport(dir, report, { threshold: 101 })).rejects.toThrow(RangeError);
  });

  it('judges the threshold on the exact share, not on the percentage cut to one decimal', async () => {
    const dir = await folder();
    const report = await worker('/info');
    const { covered, total } = report.summary;
    const exact = (covered * 100) / total;
    const shown = coveragePercent(report);
    expect(shown).toBeLessThan(exact); // e.g. 1 of 118: 0.847… shown as 0.8
    // Between the two: met by the exact share, though above the percentage shown.
    await expect(writeCoverageReport(dir, report, { threshold: (shown + exact) / 2 })).resolves.toMatchObject(
      {
        percent: shown,
      },
    );
    await expect(writeCoverageReport(dir, report, { threshold: exact + 0.001 })).rejects.toThrow(
      CoverageThresholdError,
    );
  });

  it('as Vitest globalSetup: starts with no parts, prints the merged table at the end, fails below the threshold', async () => {
    const dir = await folder();
    await saveCoveragePart(dir, await worker('/info')); // left over from an earlier run
    const printed: string[] = [];
    const setup = coverageGlobalSetup({ dir, threshold: 90, print: (table) => printed.push(table) });
    const teardown = await setup();
    await saveCoveragePart(dir, await worker('/tables'));
    // Vitest still exits 0 when a globalSetup's teardown throws: the run fails by its exit code.
    await teardown();
    expect(process.exitCode).toBe(1);
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/^Coverage: 1\/\d+ /);
    expect(printed[0]).toMatch(/✓ listTables 200\s+1/);
    expect(printed[1]).toMatch(/^API coverage [\d.]+ % is below the threshold of 90 %/);
  });

  it('as Vitest globalSetup, when no test saved a part: no "100 %" report, and the run fails with a threshold', async () => {
    for (const threshold of [undefined, 80]) {
      process.exitCode = undefined;
      const dir = await folder();
      // The report of an earlier run is gone as the run starts: none is left to read as this run's.
      await writeCoverageReport(dir, await worker('/info'));
      const printed: string[] = [];
      const teardown = await coverageGlobalSetup({ dir, threshold, print: (text) => printed.push(text) })();
      await teardown();
      expect(printed).toEqual([expect.stringMatching(/^API coverage: no test saved a part under /)]);
      expect(await readFile(join(dir, 'coverage.md'), 'utf8').catch(() => 'none')).toBe('none');
      expect(process.exitCode).toBe(threshold === undefined ? undefined : 1);
    }
  });

  it('as Vitest globalSetup run once per project (`extends: true`): one report, and a met threshold passes', async () => {
    const dir = await folder();
    const printed: string[] = [];
    const options = { dir, threshold: 1, print: (text: string) => printed.push(text) };
    // Each project runs its own copy: every setup before the tests, every teardown after them.
    const teardowns = [
      await coverageGlobalSetup(options)(),
      await coverageGlobalSetup(options)(),
      await coverageGlobalSetup(options)(),
    ];
    await saveCoveragePart(dir, await worker('/info', '/tables'));
    for (const teardown of teardowns) await teardown();
    expect(process.exitCode).toBeUndefined();
    expect(printed).toEqual([expect.stringMatching(/^Coverage: 2\/\d+ /)]);
    expect(JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8'))).toMatchObject({
      summary: { covered: 2 },
    });
  });

  it('as Vitest globalSetup once per project, when no test saved a part: said once, and the run fails', async () => {
    const dir = await folder();
    const printed: string[] = [];
    const options = { dir, threshold: 5, print: (text: string) => printed.push(text) };
    const teardowns = [await coverageGlobalSetup(options)(), await coverageGlobalSetup(options)()];
    for (const teardown of teardowns) await teardown();
    expect(printed).toEqual([expect.stringMatching(/^API coverage: no test saved a part under .*not met$/)]);
    expect(process.exitCode).toBe(1);
    // The next run starts without the mark: it says so again.
    process.exitCode = undefined;
    const again: string[] = [];
    await (await coverageGlobalSetup({ ...options, print: (text: string) => again.push(text) })())();
    expect(again).toHaveLength(1);
  });

  it('as Vitest globalSetup, fails the run when a part cannot be merged, naming it and keeping the parts', async () => {
    const dir = await folder();
    const printed: string[] = [];
    const teardown = await coverageGlobalSetup({ dir, threshold: 1, print: (text) => printed.push(text) })();
    await saveCoveragePart(dir, await worker('/info'));
    // A part cut short (a worker killed while writing it by hand, a disk full).
    await writeFile(join(dir, 'parts', 'zz-cut.json'), '{"success":true,"items":[');
    await teardown();
    expect(process.exitCode).toBe(1);
    expect(printed).toEqual([
      expect.stringMatching(/^API coverage: no report written: coverage part .*zz-cut\.json is not JSON/),
    ]);
    expect((await readdir(join(dir, 'parts'))).length).toBe(2);
    expect(await readFile(join(dir, 'coverage.json'), 'utf8').catch(() => 'none')).toBe('none');
  });

  it('refuses to save what is no report (a remote coverage() not awaited, undefined), naming why', async () => {
    const dir = await folder();
    const report = await worker('/info');
    await expect(saveCoveragePart(dir, Promise.resolve(report) as never)).rejects.toThrow(
      new TypeError(
        'saveCoveragePart: the report is not a coverage report (what control.coverage() returns): got a Promise (await it first)',
      ),
    );
    await expect(saveCoveragePart(dir, undefined as never)).rejects.toThrow(/got undefined$/);
    await expect(
      saveCoveragePart(dir, { ...report, items: [{ kind: 'answer', id: 'x' }] } as never),
    ).rejects.toThrow(/an entry has no count/);
    expect(await readdir(join(dir, 'parts')).catch(() => 'none')).toBe('none');
    expect(() => mergeCoverage([report, {} as never])).toThrow(
      /^mergeCoverage: report 1 is not a coverage report/,
    );
  });

  it('judges a report of no items (merged from none) as 0 %: it meets only a threshold of 0', async () => {
    const dir = await folder();
    const empty = mergeCoverage([]);
    expect(coveragePercent(empty)).toBe(0);
    await expect(writeCoverageReport(dir, empty, { threshold: 50 })).rejects.toBeInstanceOf(
      CoverageThresholdError,
    );
    expect((await writeCoverageReport(dir, empty, { threshold: 0 })).percent).toBe(0);
  });

  it('as Vitest globalSetup, refuses a threshold that is no percentage when the config is read', () => {
    expect(() => coverageGlobalSetup({ dir: 'x', threshold: 150 })).toThrow(RangeError);
  });

  it('as Vitest globalSetup, at or above the threshold: the run keeps its exit code', async () => {
    const dir = await folder();
    const teardown = await coverageGlobalSetup({ dir, threshold: 0, print: () => {} })();
    await saveCoveragePart(dir, await worker('/tables'));
    await teardown();
    expect(process.exitCode).toBeUndefined();
  });
});

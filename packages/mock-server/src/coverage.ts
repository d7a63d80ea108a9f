// `@reservation-api/mock-server/coverage` (Node): one coverage report for a whole test run (mock
// README, "Coverage"). Each worker, file or session saves its part (saveCoveragePart); at the end the
// parts are merged and written once as coverage.json and coverage.md (mergeCoverageParts, or
// coverageGlobalSetup for Vitest's globalSetup), failing below a threshold the user sets. A fixture
// that already holds every report (Playwright's) calls mergeCoverage and writeCoverageReport itself.
import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CoverageReport } from './observers/api-coverage';
import {
  belowThreshold,
  checkCoverageReport,
  checkCoverageThreshold,
  coverageMarkdown,
  coveragePercent,
  coverageTable,
  mergeCoverage,
} from './observers/api-coverage/report';

export type { CoverageItem, CoverageKind, CoverageReport, RefusedGroup } from './observers/api-coverage';
export {
  coverageByKind,
  coverageMarkdown,
  coveragePercent,
  coverageTable,
  mergeCoverage,
} from './observers/api-coverage/report';

export interface CoverageReportOptions {
  /** Fail (throw CoverageThresholdError, after writing) when less than this percentage is covered. */
  threshold?: number;
  /** The markdown's heading. Default `API coverage`. */
  title?: string;
}

export interface WrittenCoverage {
  report: CoverageReport;
  /** Covered items in percent, one decimal. */
  percent: number;
  /** The terminal table (coverageTable). */
  table: string;
  /** Where coverage.json and coverage.md were written. */
  files: { json: string; markdown: string };
}

/** The run covered less than the threshold; the report was written all the same. */
export class CoverageThresholdError extends Error {
  override readonly name = 'CoverageThresholdError';
  constructor(
    readonly percent: number,
    readonly threshold: number,
    readonly written: WrittenCoverage,
  ) {
    super(`API coverage ${percent} % is below the threshold of ${threshold} % (${written.files.markdown})`);
  }
}

/** Written whole or not at all: a reader never sees half a file. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** Writes `dir/coverage.json` and `dir/coverage.md`; throws CoverageThresholdError below `threshold`. */
export async function writeCoverageReport(
  dir: string,
  report: CoverageReport,
  options: CoverageReportOptions = {},
): Promise<WrittenCoverage> {
  checkCoverageThreshold(options.threshold);
  await mkdir(dir, { recursive: true });
  const files = { json: join(dir, 'coverage.json'), markdown: join(dir, 'coverage.md') };
  await writeAtomically(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeAtomically(files.markdown, coverageMarkdown(report, options.title));
  const written = { report, percent: coveragePercent(report), table: coverageTable(report), files };
  if (options.threshold !== undefined && belowThreshold(report, options.threshold))
    throw new CoverageThresholdError(written.percent, options.threshold, written);
  return written;
}

const PARTS = 'parts';
/** Left by the first teardown of a run in which no test saved a part (the other copies say nothing). */
const NO_PARTS_MARK = '.no-parts';

/** Saves one part of a run (a worker's, a file's, a session's) under `dir/parts/`, for mergeCoverageParts. */
export async function saveCoveragePart(dir: string, report: CoverageReport): Promise<string> {
  checkCoverageReport(report, 'saveCoveragePart: the report');
  const folder = join(dir, PARTS);
  await mkdir(folder, { recursive: true });
  const file = join(folder, `${process.pid}-${randomUUID()}.json`);
  await writeAtomically(file, JSON.stringify(report));
  return file;
}

/** Removes the saved parts (before a run starts). */
export async function clearCoverageParts(dir: string): Promise<void> {
  await rm(join(dir, PARTS), { recursive: true, force: true });
}

/** The files of the parts saved under `dir` so far (none when nothing was saved). */
export async function coverageParts(dir: string): Promise<string[]> {
  const folder = join(dir, PARTS);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(folder, name));
}

/** Merges every saved part into one report, writes it (writeCoverageReport), and removes the parts. */
export async function mergeCoverageParts(
  dir: string,
  options: CoverageReportOptions = {},
): Promise<WrittenCoverage> {
  // A part that cannot be read is named, and the parts are kept to look at.
  const reports = await Promise.all(
    (await coverageParts(dir)).map(async (file) => {
      const text = await readFile(file, 'utf8');
      let report: unknown;
      try {
        report = JSON.parse(text);
      } catch (error) {
        throw new TypeError(`coverage part ${file} is not JSON (${(error as Error).message})`);
      }
      checkCoverageReport(report, `coverage part ${file}`);
      return report;
    }),
  );
  try {
    return await writeCoverageReport(dir, mergeCoverage(reports), options);
  } finally {
    await clearCoverageParts(dir);
  }
}

/**
 * Vitest's globalSetup: clears the parts when the run starts; when it ends, merges them, writes
 * coverage.json and coverage.md, prints the table, and fails the run below `threshold` (by its exit
 * code: Vitest reports an error thrown by a globalSetup's teardown but still exits 0). A run that
 * saved no part writes no report (0 of 0 items, nothing to judge): it says so, and fails when a
 * threshold is set.
 *
 * ```ts
 * // a setup file listed in vitest.config.ts as test.globalSetup
 * export default coverageGlobalSetup({ dir: 'test-output/api-coverage', threshold: 80 });
 * // in a test file that resets the mock before each test (a reset starts the count over): a part
 * // per test (README, "Coverage"; a mock never reset is saved once, in afterAll)
 * afterEach(async () => {
 *   await mock.control.settled(); // an event counts once its receiver acknowledged it
 *   await saveCoveragePart('test-output/api-coverage', mock.control.coverage());
 * });
 * ```
 */
export function coverageGlobalSetup(
  options: CoverageReportOptions & { dir: string; print?: (table: string) => void },
): () => Promise<() => Promise<void>> {
  const print = options.print ?? ((table: string) => console.log(table));
  const fail = (message: string): void => {
    print(message);
    process.exitCode = 1;
  };
  // A bad threshold fails the run's start, not its end.
  checkCoverageThreshold(options.threshold);
  return async () => {
    // The last run's report goes too: a run that saves no part writes none, and must not leave an
    // old one to read (or upload) as if it were this run's.
    await clearCoverageParts(options.dir);
    await Promise.all(
      ['coverage.json', 'coverage.md', NO_PARTS_MARK].map((name) =>
        rm(join(options.dir, name), { force: true }),
      ),
    );
    return async () => {
      if ((await coverageParts(options.dir)).length === 0) {
        // Vitest runs one copy of this setup per project (`projects` with `extends: true`, or each
        // project listing it): every setup removed the report before the tests, so one here is this
        // run's, merged from every part by the first teardown; the others have nothing left to do
        // (and must not fail the run for "no part").
        const exists = (name: string) =>
          access(join(options.dir, name)).then(
            () => true,
            () => false,
          );
        if (await exists('coverage.json')) return;
        // Nor said again by every copy when no part was saved: the first leaves a mark.
        if (await exists(NO_PARTS_MARK)) return;
        await mkdir(options.dir, { recursive: true });
        await writeFile(join(options.dir, NO_PARTS_MARK), '');
        const message = `API coverage: no test saved a part under ${options.dir} (saveCoveragePart, README "Coverage"); no report written`;
        if (options.threshold === undefined) print(message);
        else fail(`${message}: the threshold of ${options.threshold} % is not met`);
        return;
      }
      try {
        print((await mergeCoverageParts(options.dir, options)).table);
      } catch (error) {
        if (error instanceof CoverageThresholdError) {
          print(error.written.table);
          fail(error.message);
          return;
        }
        // Thrown here, it would be reported and the run would still exit 0: no gate at all.
        fail(`API coverage: no report written: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
  };
}

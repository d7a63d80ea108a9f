// `@reservation-api/mock-server/playwright`: Playwright Test fixtures for a standalone mock (mock
// README, "Testing a front end end-to-end"). Each worker gets its own session of the server through
// connectMock() (its own data, clock, faults and journal), reset before each test to the demo data at
// `mockNow`, and ended once the worker is done. With `mockCoverage`, each worker saves what its
// session's traffic covered of the API, and mockCoverageGlobalSetup merges the parts into one report
// for the run (mock README, "Coverage"). Nothing but @playwright/test (an optional peer), the remote
// control and the coverage entry (node:fs): no msw.
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { test as base, type FullConfig, type WorkerInfo } from '@playwright/test';
import { connectMock, type MockConnection, type RemoteControl, RemoteControlError } from './client';
import {
  type CoverageReportOptions,
  CoverageThresholdError,
  clearCoverageParts,
  coverageMarkdown,
  coverageParts,
  mergeCoverageParts,
  saveCoveragePart,
  type WrittenCoverage,
} from './coverage';
import { checkCoverageThreshold } from './observers/api-coverage/report';

/** Options, set in `playwright.config.ts` under `use` (or per file with `test.use`). */
export interface MockOptions {
  /**
   * The standalone mock's URL (`reservation-mock`, Playwright's `webServer`). Default: the
   * `MOCK_URL` environment variable, else `http://127.0.0.1:4010`.
   */
  mockUrl: string;
  /**
   * Freeze each worker's session clock at this instant; every test then starts from the demo data at
   * it. Default: none, the session runs on real time.
   */
  mockNow: string | undefined;
  /** The data each session starts from. Default: `'demo'`. */
  mockSeed: 'demo' | 'empty';
  /** Hooks into the worker's session (an object: Playwright takes a function in `use` for a fixture). */
  mockHooks: MockHooks;
  /**
   * One API coverage report for the whole run: each worker saves its session's coverage under `dir`,
   * and `mockCoverageGlobalSetup` (the config's `globalSetup`) merges them at the end. Set it in the
   * config (the global setup reads it there), not per file. Default: none.
   */
  mockCoverage: MockCoverageOptions | undefined;
}

export interface MockCoverageOptions extends CoverageReportOptions {
  /**
   * Where the report is written (`coverage.json`, `coverage.md`), relative to the folder of
   * `playwright.config.ts`. The workers' parts wait in `dir/parts/` until the run ends.
   */
  dir: string;
  /** What the global setup prints at the end: the terminal table (default), the markdown, or nothing. */
  print?: 'table' | 'markdown' | 'none';
}

export interface MockHooks {
  /**
   * Called once per worker after its last test, before its session is ended: the place to read what
   * the session saw (its journal, deliveries) for a report of the run.
   */
  beforeSessionEnd?: (session: MockConnection, worker: WorkerInfo) => Promise<void> | void;
}

/** Per test: the worker's session, reset to the seed (at `mockNow`) before the test. */
export interface MockTestFixtures {
  /** `baseUrl` (point the app under test at it) and `control`, the remote control of the session. */
  mock: MockConnection;
  /** The session's remote control: the same members as `mock.control` of an in-process mock, all async. */
  mockControl: RemoteControl;
}

/** Per worker: its own session, created on first use and ended after the worker's last test. */
export interface MockWorkerFixtures {
  mockSession: MockConnection;
}

/** A worker's session id: unique, so two runs against one server never share a session. */
function sessionId(worker: WorkerInfo): string {
  return `pw-w${worker.workerIndex}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Playwright's `test`, extended with the mock fixtures: `import { test, expect } from '…/playwright'`. */
export const test = base.extend<MockTestFixtures, MockWorkerFixtures & MockOptions>({
  mockUrl: [process.env.MOCK_URL ?? 'http://127.0.0.1:4010', { scope: 'worker', option: true }],
  mockNow: [undefined, { scope: 'worker', option: true }],
  mockSeed: ['demo', { scope: 'worker', option: true }],
  mockHooks: [{}, { scope: 'worker', option: true }],
  mockCoverage: [undefined, { scope: 'worker', option: true }],
  mockSession: [
    async ({ mockUrl, mockNow, mockSeed, mockHooks, mockCoverage }, use, worker) => {
      const session = await connectMock(mockUrl, {
        session: sessionId(worker),
        seed: mockSeed,
        ...(mockNow === undefined ? {} : { now: mockNow }),
      });
      try {
        if (mockCoverage === undefined) {
          await use(session);
          await mockHooks.beforeSessionEnd?.(session, worker);
          return;
        }
        const coverage = collectCoverage(session, coverageDir(worker.config, mockCoverage));
        await use(coverage.session);
        try {
          await mockHooks.beforeSessionEnd?.(coverage.session, worker);
        } finally {
          // Saved even when the hook throws: the run fails for the hook, not with its coverage lost.
          await coverage.save();
        }
      } finally {
        await session.close();
      }
    },
    { scope: 'worker' },
  ],
  mock: async ({ mockSession, mockNow }, use) => {
    await mockSession.control.reset(mockNow === undefined ? {} : { now: mockNow }).catch((error: unknown) => {
      // The worker's session ended under it: said with its URL and the usual causes, where Playwright
      // would show only "No such session" on whichever test came next.
      if (error instanceof RemoteControlError && error.code === 'SESSION_NOT_FOUND')
        throw new Error(
          `The worker's mock session ${mockSession.baseUrl} no longer exists: an earlier test of this worker ` +
            "closed it (mock.close()), or it was idle longer than the server's --session-idle-ms, or the server restarted",
          { cause: error },
        );
      throw error;
    });
    await use(mockSession);
  },
  mockControl: async ({ mock }, use) => {
    await use(mock.control);
  },
});

/**
 * The worker's session, whose `control.reset()` first saves what the session covered since the last
 * reset as a part of the run: a reset starts the session's count over, and `mock` resets before
 * every test, so each request is counted exactly once, and a worker that crashes loses only the test
 * it was running (its earlier tests are saved).
 */
function collectCoverage(
  session: MockConnection,
  dir: string,
): { session: MockConnection; save(): Promise<void> } {
  /** A test closed the session (`mock.close()`): its coverage was saved then, nothing is left. */
  let closed = false;
  const save = async () => {
    if (closed) return;
    // A webhook event counts once its receiver acknowledged it: the attempts under way finish first
    // (a receiver that answers in 30 ms was otherwise read as never reached).
    await session.control.settled();
    await saveCoveragePart(dir, await session.control.coverage());
  };
  const control: RemoteControl = {
    ...session.control,
    reset: async (options) => {
      await save();
      await session.control.reset(options);
    },
  };
  // Once, however often it is called: two close() calls at once would save the session twice.
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await save();
      closed = true;
      await session.close();
    })();
    return closing;
  };
  return { session: { ...session, control, close }, save };
}

/** `dir` of the option, from the folder of playwright.config.ts (the working directory without one). */
function coverageDir(config: FullConfig, options: MockCoverageOptions): string {
  return resolve(config.configFile === undefined ? process.cwd() : dirname(config.configFile), options.dir);
}

const PRINTS: readonly (MockCoverageOptions['print'] | undefined)[] = [
  'table',
  'markdown',
  'none',
  undefined,
];

/** A TypeError (RangeError for the threshold) for options the types allow no other way. */
function checkCoverageOptions(options: MockCoverageOptions, project: string): void {
  const where = `mockCoverage${project ? ` of project "${project}"` : ''}`;
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`${where} must be an object such as { dir: "test-output/api-coverage" }`);
  if (typeof options.dir !== 'string' || options.dir === '')
    throw new TypeError(`${where}: dir must be a folder name, e.g. "test-output/api-coverage"`);
  if (!PRINTS.includes(options.print))
    throw new TypeError(
      `${where}: print must be "table", "markdown" or "none"; got ${JSON.stringify(options.print)}`,
    );
  try {
    checkCoverageThreshold(options.threshold);
  } catch (error) {
    throw new RangeError(`${where}: ${(error as Error).message}`);
  }
}

/**
 * Playwright's `globalSetup` for `mockCoverage` (Playwright wants it as the default export of a file):
 * clears the parts a former run left, and returns the teardown that, after the last worker, merges
 * every worker's part into `coverage.json` and `coverage.md`, prints the report, and fails the run
 * (throws CoverageThresholdError) below `threshold`. Each project's `use.mockCoverage` is read from
 * the config; projects that share a `dir` share one report.
 */
export async function mockCoverageGlobalSetup(
  config: FullConfig<object, Partial<MockOptions>>,
): Promise<() => Promise<void>> {
  const runs = new Map<string, MockCoverageOptions>();
  for (const project of config.projects) {
    const options = project.use.mockCoverage;
    if (options === undefined) continue;
    // Checked as the run starts, not found wrong after the whole suite ran.
    checkCoverageOptions(options, project.name);
    runs.set(coverageDir(config, options), options);
  }
  if (runs.size === 0)
    throw new Error(
      'mockCoverageGlobalSetup: no project sets `use.mockCoverage` in playwright.config.ts (e.g. { dir: "test-output/api-coverage" })',
    );
  // The last run's reports go too: a run that saves no part writes none, and must not leave an old
  // one to read (or upload) as if it were this run's.
  for (const dir of runs.keys()) {
    await clearCoverageParts(dir);
    for (const name of ['coverage.json', 'coverage.md']) await rm(join(dir, name), { force: true });
  }
  return async () => {
    let failed: Error | undefined;
    const parts = new Map<string, number>();
    for (const dir of runs.keys()) parts.set(dir, (await coverageParts(dir)).length);
    const anySaved = [...parts.values()].some((count) => count > 0);
    for (const [dir, options] of runs) {
      // No part: no worker used the mock fixtures. An empty report (0 of 0 items) judges nothing:
      // say so instead, and fail when a threshold was asked for, unless other dirs
      // got theirs: then this dir's projects did not run (`--project`, `-g`), nothing to judge.
      if (parts.get(dir) === 0) {
        const message = `API coverage: no worker saved its session's coverage under ${dir} (its projects did not run or used no mock fixtures; a \`mockCoverage\` set with test.use() in a file is not read here: set it in playwright.config.ts)`;
        console.log(message);
        if (options.threshold !== undefined && !anySaved)
          failed ??= new Error(`${message}: the threshold of ${options.threshold} % is not met`);
        continue;
      }
      const print = (written: WrittenCoverage) => {
        if (options.print === 'none') return;
        console.log(
          options.print === 'markdown' ? coverageMarkdown(written.report, options.title) : written.table,
        );
      };
      try {
        print(await mergeCoverageParts(dir, options));
      } catch (error) {
        if (!(error instanceof CoverageThresholdError)) throw error;
        print(error.written);
        failed ??= error;
      }
    }
    if (failed) throw failed;
  };
}

export { expect } from '@playwright/test';
export type { MockConnection, RemoteControl } from './client';

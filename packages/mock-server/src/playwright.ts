// `@reservation-api/mock-server/playwright`: Playwright Test fixtures for a standalone mock (mock
// README, "Testing a front end end-to-end"). Each worker gets its own session of the server through
// connectMock() (its own data, clock, faults and journal), reset before each test to the demo data at
// `mockNow`, and ended once the worker is done. Nothing but @playwright/test (an optional peer) and
// the remote control: no msw, no node: modules.
import { test as base, type WorkerInfo } from '@playwright/test';
import { connectMock, type MockConnection, type RemoteControl } from './client';

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
  mockSession: [
    async ({ mockUrl, mockNow, mockSeed, mockHooks }, use, worker) => {
      const session = await connectMock(mockUrl, {
        session: sessionId(worker),
        seed: mockSeed,
        ...(mockNow === undefined ? {} : { now: mockNow }),
      });
      try {
        await use(session);
        await mockHooks.beforeSessionEnd?.(session, worker);
      } finally {
        await session.close();
      }
    },
    { scope: 'worker' },
  ],
  mock: async ({ mockSession, mockNow }, use) => {
    await mockSession.control.reset(mockNow === undefined ? {} : { now: mockNow });
    await use(mockSession);
  },
  mockControl: async ({ mock }, use) => {
    await use(mock.control);
  },
});

export { expect } from '@playwright/test';
export type { MockConnection, RemoteControl } from './client';

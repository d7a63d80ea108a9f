// @reservation-api/mock-server/playwright (mock README, "Testing a front end end-to-end"): Playwright
// Test runs fixture/ with three workers against one standalone mock. Each worker gets one session of
// its own (every test of a worker sees the same one, no two workers share one), at `mockNow`, reset
// before each test; mockHooks.beforeSessionEnd runs while the session is still open; after the run every
// session is ended and the default mock was never touched.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { silentLogger } from '../../src/index';
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

it('gives each worker one session at mockNow, resets it per test, and ends it after the worker', async () => {
  const server = await startServer({ logger: silentLogger });
  const out = await mkdtemp(join(tmpdir(), 'pw-fixture-'));
  const report = join(out, 'results.json');
  const hookLog = join(out, 'hook.log');
  try {
    const child = spawn(playwright, ['test', '-c', join(here, 'fixture/playwright.config.ts')], {
      cwd: here,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        MOCK_URL: server.url,
        PW_JSON_OUTPUT: report,
        PW_OUTPUT_DIR: join(out, 'artifacts'),
        HOOK_LOG: hookLog,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
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
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}, 120_000);

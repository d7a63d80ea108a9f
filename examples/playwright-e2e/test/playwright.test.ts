// Runs the Playwright suite (e2e/) in `pnpm test`: one standalone mock and the page's static server
// are started here, `playwright test` runs with its 2 workers against them, and its JSON report must
// show every test passed, spread over both workers, each with its own session.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@reservation-api/mock-server';
import { startMockServer } from '@reservation-api/mock-server/node';
import { expect, it } from 'vitest';
import { servePage } from '../e2e/global-setup';

const root = fileURLToPath(new URL('..', import.meta.url));
const playwright = join(root, 'node_modules/.bin/playwright');

interface Report {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: { specs: { title: string; tests: { results: { status: string; parallelIndex: number }[] }[] }[] }[];
}

it('the Playwright example passes with 2 workers in parallel, each on its own session', async () => {
  const mock = await startMockServer({ port: 0, logger: silentLogger });
  const page = await servePage();
  const out = await mkdtemp(join(tmpdir(), 'pw-e2e-'));
  const report = join(out, 'results.json');
  try {
    const child = spawn(playwright, ['test', '-c', root], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        MOCK_URL: mock.url,
        PAGE_URL: page.url,
        PW_JSON_OUTPUT: report,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        // The example imports the workspace packages' TypeScript sources, as the other tests do.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=@reservation-api/source`.trim(),
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
    expect(result.stats).toMatchObject({ unexpected: 0, flaky: 0, skipped: 0 });
    expect(result.stats.expected).toBeGreaterThanOrEqual(4);
    const workers = new Set(
      result.suites.flatMap((s) =>
        s.specs.flatMap((spec) => spec.tests.flatMap((t) => t.results.map((r) => r.parallelIndex))),
      ),
    );
    expect([...workers].sort()).toEqual([0, 1]);
    // The sessions were ended by the fixture; the default mock at the root was never touched.
    expect(mock.sessions()).toEqual([]);
    expect(mock.service.control.requests.list()).toEqual([]);
  } finally {
    await rm(out, { recursive: true, force: true });
    await page.close();
    await mock.close();
  }
}, 240_000);

// What the READMEs claim of their recipes beyond type-checking them (./readme-snippets.test.ts):
// - the root README's supertest recipe is the one examples/testing-with-vitest runs;
// - `npx reservation-mock …` works in a checkout right after `pnpm install` (the bin shim runs the
//   start bundle when dist/ is not built) and runs dist/ when it is (the published package);
// - the mock README's coverage rule: with a reset before each test, a part saved after each test
//   keeps the whole file's coverage, where one part saved after all keeps only the last test's;
// - the webhook delivery ids the READMEs show have the mock's form (`whd_` + 16 hex digits).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createMockService } from '@reservation-api/mock-server';
import { mergeCoverageParts, saveCoveragePart } from '@reservation-api/mock-server/coverage';
import { afterEach, describe, expect, it } from 'vitest';
import { extractSnippets, readmeFiles } from './snippets';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const temporary: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'readme-recipes-'));
  temporary.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the supertest recipe of the root README', () => {
  const example = 'examples/testing-with-vitest/test/own-server-with-supertest.test.ts';
  const block = extractSnippets(read('README.md'), 'README.md').find((snippet) =>
    snippet.code.includes('unhandledExceptLocal'),
  );

  it('is what the example it names runs, line for line (imports aside)', () => {
    expect(read('README.md')).toContain(`](${example}) runs this recipe`);
    const source = read(example);
    const lines = (block?.code ?? '')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('import '));
    expect(lines).toContain('beforeAll(() => msw.listen(unhandledExceptLocal(mock)));');
    for (const line of lines) expect(source, line).toContain(line);
  });

  it('calls no msw print.error()/defaults.error() of its own, which only print', () => {
    const code = extractSnippets(read('README.md'), 'README.md').map((snippet) => snippet.code);
    expect(code.filter((text) => /print\.error\(|defaults\.error\(/.test(text))).toEqual([]);
  });
});

describe('the reservation-mock bin shim', () => {
  const shim = join(root, 'packages/mock-server/bin/reservation-mock.js');

  /** A package folder holding the shim, and a stand-in CLI at each of `builds` that prints its name. */
  function packageWith(builds: string[]): string {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    mkdirSync(join(dir, 'bin'));
    copyFileSync(shim, join(dir, 'bin/reservation-mock.js'));
    for (const build of builds) {
      mkdirSync(join(dir, build));
      writeFileSync(
        join(dir, build, 'cli.js'),
        `console.log(${JSON.stringify(build)}, process.argv.slice(2).join(' '));\n`,
      );
    }
    return join(dir, 'bin/reservation-mock.js');
  }
  const cli = (bin: string) => run(process.execPath, [bin, 'trigger', 'reservation.created']);

  it('runs the start bundle when dist/ is not built (a checkout after `pnpm install`)', async () => {
    expect((await cli(packageWith(['.start']))).stdout).toBe('.start trigger reservation.created\n');
  });

  it('runs dist/ when it is built (the published package, or after `pnpm build`)', async () => {
    expect((await cli(packageWith(['dist']))).stdout).toBe('dist trigger reservation.created\n');
    expect((await cli(packageWith(['dist', '.start']))).stdout).toBe('dist trigger reservation.created\n');
  });

  it('names dist/cli.js when neither is there', async () => {
    await expect(cli(packageWith([]))).rejects.toThrow(/dist[\\/]cli\.js/);
  });

  it('is published without the start bundle (git-ignored, not in the files list)', () => {
    const manifest = JSON.parse(read('packages/mock-server/package.json')) as {
      files: string[];
      bin: Record<string, string>;
    };
    expect(manifest.bin['reservation-mock']).toBe('./bin/reservation-mock.js');
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'bin']));
    expect(manifest.files).not.toContain('.start');
  });
});

describe('the coverage recipe of the mock README, with a reset before each test', () => {
  const readme = read('packages/mock-server/README.md');
  const recipe = extractSnippets(readme, 'packages/mock-server/README.md').find((snippet) =>
    snippet.code.includes('saveCoveragePart('),
  );

  it('saves a part after each test, once the mock is settled, and says why', () => {
    expect(recipe?.code).toMatch(
      /afterEach\(async \(\) => \{\s*await mock\.control\.settled\(\);[\s\S]*saveCoveragePart\(/,
    );
    expect(readme).toContain('**Save a part before every reset.**');
  });

  it('counts an event a receiver acknowledges a little later only when saved after settled()', async () => {
    // A receiver that answers in 30 ms: the delivery is still under way when the test ends.
    const mock = createMockService({
      now: '2030-06-17T08:00:00Z',
      fetch: () =>
        new Promise((resolve) => setTimeout(() => resolve(new Response(null, { status: 204 })), 30)),
    });
    const event = (items: { kind: string; id: string; count: number }[]) =>
      items.find((item) => item.kind === 'event' && item.id === 'reservation.confirmed')?.count;
    try {
      await mock.control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hooks' });
      await mock.control.trigger('demo-bistro', 'reservation.confirmed');
      await mock.fetch(
        new Request(`${mock.baseUrl}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
      );
      expect(event(mock.control.coverage().items)).toBe(0);
      await mock.control.settled();
      expect(event(mock.control.coverage().items)).toBe(1);
    } finally {
      await mock.close();
    }
    // The recipe after a hook that closed the mock (Vitest runs afterEach hooks last-added first):
    // nothing is under way any more, so settled() resolves and the part is still read.
    await expect(mock.control.settled()).resolves.toBeUndefined();
    expect(event(mock.control.coverage().items)).toBe(1);
  });

  it('settles a mock that is closing only once its close() has finished', async () => {
    const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
    const order: string[] = [];
    const closing = mock.close().then(() => order.push('closed'));
    await mock.control.settled().then(() => order.push('settled'));
    await closing;
    expect(order).toEqual(['closed', 'settled']);
  });

  it('keeps every test of the file, where a part saved after all keeps only the last', async () => {
    const dir = tempDir();
    const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
    const get = (path: string) =>
      mock.fetch(
        new Request(`${mock.baseUrl}/api/v1/demo-bistro/${path}`, {
          headers: { 'X-API-Key': 'rk_demo_full' },
        }),
      );
    const count = (items: { kind: string; id: string; count: number }[], id: string) =>
      items.find((item) => item.kind === 'answer' && item.id === id)?.count;
    try {
      // Two tests, each between beforeEach(() => mock.reset()) and the recipe's afterEach.
      for (const path of ['info', 'tables']) {
        await mock.reset();
        await get(path);
        await saveCoveragePart(dir, mock.control.coverage());
      }
      // What an afterAll would have saved: the last test only.
      expect(count(mock.control.coverage().items, 'getProjectInfo 200')).toBe(0);
      const { report } = await mergeCoverageParts(dir);
      expect(count(report.items, 'getProjectInfo 200')).toBe(1);
      expect(count(report.items, 'listTables 200')).toBe(1);
    } finally {
      mock.close();
    }
  });
});

it('shows webhook delivery ids only as the mock makes them (whd_ + 16 hex digits) or elided', () => {
  const wrong = readmeFiles(root).flatMap((file) =>
    [...read(file).matchAll(/whd_[0-9A-Za-z_]+/g)]
      .map((match) => match[0])
      .filter((id) => !/^whd_[0-9a-f]{16}$/.test(id))
      .map((id) => `${file}: ${id}`),
  );
  expect(wrong).toEqual([]);
});

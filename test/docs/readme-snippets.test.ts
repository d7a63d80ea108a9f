// Every ```ts block of README.md, packages/*/README.md and examples/*/README.md is type-checked with
// the repository's strict settings against the packages' sources; the blocks marked runnable also run
// against a fresh standalone mock; and none holds a date that goes stale. The conventions (runnable,
// prelude) are in ./snippets.ts.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startMockServer } from '@reservation-api/mock-server/node';
import { describe, expect, it } from 'vitest';
import { extractSnippets, generatedSource, readmeFiles, readmeLocation, type Snippet } from './snippets';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
// Inside the repository, so that the workspace packages, msw and vitest resolve as in the READMEs.
const outDir = join(root, 'test-output/docs-snippets');
// Blocks written for msw 3 are left to the runtime matrix, which checks them under msw 3: the
// repository has msw 2, where `onUnhandledFrame` does not exist.
const allSnippets = readmeFiles(root).flatMap((file) =>
  extractSnippets(readFileSync(join(root, file), 'utf8'), file),
);
const snippets = allSnippets.filter((snippet) => snippet.msw !== 3);
const runnable = snippets.filter((snippet) => snippet.runnable);
const where = (snippet: Snippet) => `${snippet.file}:${snippet.line}`;
const fileName = (snippet: Snippet, prefix = '') =>
  `${prefix}${snippet.file.replaceAll('/', '__')}-L${snippet.line}.ts`;

function write(snippet: Snippet, name: string, transform = (source: string) => source): string {
  const path = join(outDir, name);
  const toReadme = relative(outDir, join(root, dirname(snippet.file))) || '.';
  writeFileSync(path, transform(generatedSource(snippet, toReadme)));
  return path;
}

/** Runs a command; resolves to its exit code and output instead of rejecting. */
async function exec(command: string, args: string[], timeout: number) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: root, timeout, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout = '', stderr = '' } = error as { code?: number; stdout?: string; stderr?: string };
    return { code: code ?? 1, output: stdout + stderr };
  }
}

describe('README code blocks', () => {
  it('type-checks every TypeScript block, and reports a broken one at its README line', async () => {
    expect(snippets.length).toBeGreaterThan(10);
    // A block that must fail, checked with the others: proves that tsc runs on the blocks and that
    // an error is placed at the README line it comes from.
    const canary: Snippet = {
      file: 'canary.md',
      line: 10,
      code: "const count = 1;\nconst label: number = 'one';",
      prelude: '',
      runnable: false,
    };
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const byFile = new Map<string, Snippet>();
    // msw 3 blocks do not compile against the repository's msw 2: the runtime matrix checks them.
    const checked = snippets.filter((snippet) => snippet.msw !== 3);
    for (const snippet of [...checked, canary]) byFile.set(fileName(snippet), snippet);
    for (const [name, snippet] of byFile) write(snippet, name);
    writeFileSync(
      join(outDir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.base.json',
        compilerOptions: { types: ['node', 'vite/client'] },
        include: ['*.ts'],
      }),
    );

    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const { output } = await exec(
      process.execPath,
      [tsc, '-p', join(outDir, 'tsconfig.json'), '--pretty', 'false'],
      170_000,
    );
    const errors = output
      .split('\n')
      .filter((line) => / error TS\d+:/.test(line))
      .map((line) => {
        const match = /^(?:.*[\\/])?([^\\/(]+)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
        const snippet = match ? byFile.get(match[1] ?? '') : undefined;
        return snippet && match ? `${readmeLocation(snippet, Number(match[2]))}: ${match[3]}` : line;
      });

    expect(errors.filter((error) => error.startsWith('canary.md'))).toEqual([
      expect.stringMatching(/^canary\.md:11: TS2322:/),
    ]);
    expect(errors.filter((error) => !error.startsWith('canary.md'))).toEqual([]);
  }, 180_000);

  it('shows msw 3 next to msw 2 wherever a README starts MSW with an unhandled-request option', () => {
    for (const file of readmeFiles(root)) {
      const blocks = allSnippets.filter((snippet) => snippet.file === file);
      const msw2 = blocks.filter((snippet) => /onUnhandledRequest/.test(snippet.code));
      const msw3 = blocks.filter((snippet) => /onUnhandledFrame/.test(snippet.code));
      if (msw2.length === 0) continue;
      expect(msw3.length, `${file}: an onUnhandledFrame block for msw 3`).toBeGreaterThan(0);
      for (const snippet of msw3) expect(snippet.msw, `${where(snippet)} is marked msw 3`).toBe(3);
    }
  });

  it('marks the blocks that make real calls as runnable', () => {
    expect(runnable.map(where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^README\.md:/),
        expect.stringMatching(/^packages\/sdk\/README\.md:/),
      ]),
    );
  });

  it.each(runnable.map((snippet) => [where(snippet), snippet] as const))(
    'runs %s against a fresh standalone mock',
    async (_, snippet) => {
      mkdirSync(outDir, { recursive: true });
      const server = await startMockServer({ port: 0 });
      try {
        const path = write(snippet, fileName(snippet, 'run-'), (source) =>
          source.replaceAll('http://127.0.0.1:4010', server.url),
        );
        const tsx = join(root, 'node_modules/.bin/tsx');
        const result = await exec(tsx, ['--conditions=@reservation-api/source', path], 60_000);
        expect(result, result.output).toMatchObject({ code: 0 });
      } finally {
        await server.close();
      }
    },
    90_000,
  );

  it('holds no date before 2030: dates in code are computed or far ahead', () => {
    const stale = snippets.flatMap((snippet) =>
      snippet.code
        .split('\n')
        .flatMap((text, i) =>
          [...text.matchAll(/(?<!\d)(\d{4})-\d{2}-\d{2}(?!\d)/g)]
            .filter((match) => Number(match[1]) < 2030)
            .map((match) => `${snippet.file}:${snippet.line + i}: ${match[0]}`),
        ),
    );
    expect(stale).toEqual([]);
  });
});

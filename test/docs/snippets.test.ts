// Every ```ts block of the READMEs is type-checked against the packages' sources, and the ones
// marked runnable are run against a standalone mock, so a snippet cannot rot. A block may be
// preceded by one of these comments:
//   <!-- snippet: with client -->   prepend a demo SDK client named `client`
//   <!-- snippet: with server -->   prepend an MSW `server` with `http` and `HttpResponse`
//   <!-- snippet: runnable -->      also run it (tsx), against the mock on 127.0.0.1:4010
//   <!-- snippet: skip, <reason> --> neither (the reason is required, e.g. a fragment of a file that
//                                     is type-checked itself)
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const dir = join(root, 'test-output/snippets');
const READMES = [
  'README.md',
  'packages/sdk/README.md',
  'packages/mock-server/README.md',
  'examples/node-quickstart/README.md',
  'examples/testing-with-vitest/README.md',
  'examples/webhook-receiver/README.md',
  'examples/booking-widget/README.md',
];

const PRELUDES: Record<string, string> = {
  client: `import { createReservationClient } from '@reservation-api/sdk';
const client = createReservationClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'rk_demo_full', project: 'demo-bistro' });
`,
  server: `import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
const server = setupServer();
`,
};

interface Snippet {
  file: string;
  line: number;
  code: string;
  mode: 'check' | 'runnable' | 'skip';
  prelude: string;
  reason?: string;
}

function collect(): Snippet[] {
  const snippets: Snippet[] = [];
  for (const file of READMES) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
      const before = (text.slice(0, match.index).trimEnd().split('\n').at(-1) ?? '').trim();
      const marker = /^<!-- snippet: (.+?) -->$/.exec(before)?.[1] ?? '';
      const line = text.slice(0, match.index).split('\n').length + 1;
      const skip = /^skip, (.+)$/.exec(marker);
      const prelude = /^with (\w+)$/.exec(marker)?.[1];
      snippets.push({
        file,
        line,
        code: match[1] ?? '',
        mode: skip ? 'skip' : marker === 'runnable' ? 'runnable' : 'check',
        prelude: prelude ? (PRELUDES[prelude] ?? `unknown prelude ${prelude}`) : '',
        ...(skip?.[1] ? { reason: skip[1] } : {}),
      });
    }
  }
  return snippets;
}

const snippets = collect();
const nameOf = (s: Snippet) => `${s.file.replace(/[/.]/g, '_')}_${s.line}.ts`;

describe('README snippets', () => {
  let server: MockServer | undefined;
  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  });
  afterAll(() => server?.close());

  it('are all found, and every skipped one says why', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(15);
    for (const s of snippets.filter((x) => x.mode === 'skip'))
      expect(s.reason, `${s.file}:${s.line}`).toBeTruthy();
  });

  it('type-check against the packages', async () => {
    const checked = snippets.filter((s) => s.mode !== 'skip');
    const offsets = new Map<string, { snippet: Snippet; shift: number }>();
    for (const s of checked) {
      const header = `/// <reference types="vite/client" />\n${s.prelude}`;
      offsets.set(nameOf(s), { snippet: s, shift: header.split('\n').length - 1 });
      writeFileSync(join(dir, nameOf(s)), `${header}${s.code}\nexport {};\n`);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: relative(dir, join(root, 'tsconfig.base.json')),
        compilerOptions: { noUnusedLocals: false, module: 'ESNext', moduleResolution: 'bundler' },
        include: ['*.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/.bin/tsc');
    const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: root }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    // Point each error at the README line it comes from.
    const located = result.replace(
      /([\w.-]+\.ts)\((\d+),(\d+)\)/g,
      (whole, name: string, lineText: string) => {
        const found = offsets.get(name);
        return found
          ? `${found.snippet.file}:${found.snippet.line + Number(lineText) - 1 - found.shift}`
          : whole;
      },
    );
    expect(located, located).toBe('');
  }, 120_000);

  it('that are runnable run against the mock', async () => {
    const runnable = snippets.filter((s) => s.mode === 'runnable');
    expect(runnable.length).toBeGreaterThanOrEqual(2);
    server = await startMockServer({ port: 4010 });
    const tsx = join(root, 'node_modules/.bin/tsx');
    for (const s of runnable) {
      const file = join(dir, `run_${nameOf(s)}`);
      writeFileSync(file, `${s.prelude}${s.code}\nexport {};\n`);
      const { stderr } = await run(tsx, ['--conditions=@reservation-api/source', file], {
        cwd: root,
        timeout: 30_000,
      }).catch((error: { stderr?: string; message: string }) => {
        throw new Error(`${s.file}:${s.line} failed: ${error.stderr ?? error.message}`);
      });
      expect(stderr, `${s.file}:${s.line}`).toBe('');
      await server.service.reset();
    }
  }, 120_000);
});

describe('package READMEs', () => {
  it('link absolutely, so that links work on the npm page too', () => {
    for (const file of ['packages/sdk/README.md', 'packages/mock-server/README.md']) {
      const text = readFileSync(join(root, file), 'utf8');
      const relativeLinks = [...text.matchAll(/\]\((?!https?:\/\/|#|mailto:)([^)]+)\)/g)].map((m) => m[1]);
      expect(relativeLinks, file).toEqual([]);
    }
  });
});

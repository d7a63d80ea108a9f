// The msw markers of README blocks (test/docs/snippets.ts): a block marked msw3 is left to the
// runtime matrix's msw 3 check, one marked msw2 is checked here and under msw 2 there.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { extractSnippets } from './snippets';

const readme = (...blocks: string[]) => blocks.join('\n\n');
const block = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

it('reads the msw generation a block is marked for, beside its other directives', () => {
  const snippets = extractSnippets(
    readme(
      '<!-- snippet: msw3 -->',
      block("server.listen({ onUnhandledFrame: 'error' });"),
      '<!-- snippet: prelude\ndeclare const server: { listen(o: object): void };\n-->\n<!-- snippet: msw2 -->',
      block("server.listen({ onUnhandledRequest: 'error' });"),
      block('const plain = 1;'),
    ),
    'README.md',
  );
  expect(snippets.map(({ msw, prelude }) => ({ msw, prelude }))).toEqual([
    { msw: 3, prelude: '' },
    { msw: 2, prelude: 'declare const server: { listen(o: object): void };' },
    { msw: undefined, prelude: '' },
  ]);
});

it('marks the msw 3 form of the mock README for the matrix, and its msw 2 form too', () => {
  const file = 'packages/mock-server/README.md';
  const root = resolve(import.meta.dirname, '../..');
  const marked = extractSnippets(readFileSync(join(root, file), 'utf8'), file).filter((s) => s.msw);
  expect(marked.find((s) => s.msw === 3)?.code).toContain("onUnhandledFrame: 'error'");
  // The msw 2 and msw 3 forms of the supertest helper: the same call, checked under each msw.
  expect(marked.filter((s) => s.msw === 2).map((s) => s.code)).toContainEqual(
    expect.stringContaining('server.listen(unhandledExceptLocal(mock))'),
  );
  expect(marked.filter((s) => s.msw === 3).map((s) => s.code)).toContainEqual(
    expect.stringContaining('server.listen(unhandledExceptLocal(mock, '),
  );
});

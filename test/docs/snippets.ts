// The TypeScript blocks of the READMEs, as test/docs/readme-snippets.test.ts checks them.
//
// Every ```ts block is type-checked. HTML comments (invisible on GitHub and npm) directly before the
// fence, with only blank lines between, add to that:
//   <!-- snippet: runnable -->     the block also runs as a script against a fresh standalone mock,
//                                  with http://127.0.0.1:4010 replaced by that mock's URL;
//   <!-- snippet: prelude          TypeScript put before the block when it is checked (and run), for a
//   declare const client: …;       block that continues an earlier one (`client`) or names the user's
//   -->                            own code (`offerAnotherTable()`);
//   <!-- snippet: msw3 -->         the block is written for msw 3 (`onUnhandledFrame`): the repository
//                                  (msw 2) does not check it, the runtime matrix checks it under msw 3;
//   <!-- snippet: msw2 -->         the block is written for msw 2 (`onUnhandledRequest`): checked here
//                                  and by the runtime matrix under msw 2 (scripts/matrix/run.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Snippet {
  /** The README, relative to the repository root. */
  file: string;
  /** 1-based line of the README where the block's code starts. */
  line: number;
  code: string;
  prelude: string;
  runnable: boolean;
  /** The msw generation the block is written for (`<!-- snippet: msw2 -->` / `msw3`), if any. */
  msw?: 2 | 3;
}

const FENCE = /^(\s*)```(ts|typescript|tsx)\s*$/;

/** The READMEs whose TypeScript blocks are checked: the root's, the packages' and the examples'. */
export function readmeFiles(root: string): string[] {
  const inside = (dir: string) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${dir}/${entry.name}/README.md`)
      .filter((file) => {
        try {
          return readFileSync(join(root, file)).length > 0;
        } catch {
          return false;
        }
      });
  return ['README.md', ...inside('packages'), ...inside('examples')];
}

/** The ```ts blocks of one README with their directives; a fence inside a list keeps its indent. */
export function extractSnippets(markdown: string, file: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i] ?? '');
    if (!fence) continue;
    const indent = fence[1] ?? '';
    const body: string[] = [];
    let end = i + 1;
    for (; end < lines.length && (lines[end] ?? '').trim() !== '```'; end++) {
      const text = lines[end] ?? '';
      body.push(text.startsWith(indent) ? text.slice(indent.length) : text);
    }
    snippets.push({ file, line: i + 2, code: body.join('\n'), ...directives(lines.slice(0, i).join('\n')) });
    i = end;
  }
  return snippets;
}

/** The HTML comments right above a fence (only blank lines between them and the fence). */
function directives(before: string): { prelude: string; runnable: boolean; msw?: 2 | 3 } {
  let rest = before.trimEnd();
  let prelude = '';
  let runnable = false;
  let msw: 2 | 3 | undefined;
  while (rest.endsWith('-->')) {
    const start = rest.lastIndexOf('<!--');
    if (start < 0) break;
    const text = rest.slice(start + '<!--'.length, -'-->'.length).trim();
    if (text === 'snippet: runnable') runnable = true;
    else if (text.startsWith('snippet: prelude')) prelude = text.slice('snippet: prelude'.length).trim();
    // `msw2` and `msw 2` both mark a block (the two spellings in the READMEs).
    else if (/^snippet: msw ?[23]$/.test(text)) msw = text.endsWith('3') ? 3 : 2;
    else break;
    rest = rest.slice(0, start).trimEnd();
  }
  return { prelude, runnable, ...(msw ? { msw } : {}) };
}

/** A location in the README for a line of the generated file (prelude + code). */
export function readmeLocation(snippet: Snippet, generatedLine: number): string {
  const preludeLines = snippet.prelude ? snippet.prelude.split('\n').length : 0;
  const codeLine = generatedLine - preludeLines;
  return codeLine >= 1
    ? `${snippet.file}:${snippet.line + codeLine - 1}`
    : `${snippet.file}:${snippet.line - 1} (its prelude, line ${generatedLine})`;
}

/**
 * The file that is checked and run: prelude, code, and `export {}` so that every block is a module.
 * Relative imports (`./src/receiver`) are made relative to `readmeDir` as seen from `outDir`.
 */
export function generatedSource(snippet: Snippet, fromOutDirToReadme: string): string {
  const source = `${snippet.prelude ? `${snippet.prelude}\n` : ''}${snippet.code}\nexport {};\n`;
  return source.replace(
    /(from\s+['"])(\.{1,2}\/)/g,
    (_, from: string, dots: string) => `${from}${fromOutDirToReadme}/${dots}`,
  );
}

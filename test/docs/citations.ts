// Citations that must lead somewhere: the files SECURITY.md names as enforcing and proving each promise,
// and what source comments cite. Pure functions over text, so the test can also feed them a broken
// fixture and see them report it.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export interface Citation {
  /** Where the citation is: `promise 3`, or `packages/sdk/src/client.ts:12`. */
  where: string;
  /** The path as written. */
  cited: string;
  /** The path from the repository root it resolves to (the table's conventions). */
  path: string;
}

/**
 * SECURITY.md's convention: `src/…` and `test/…` are in packages/mock-server/ (packages/sdk/ in a
 * promise that starts with "SDK:"), except the repository-level suites (the folders of the root
 * `test/`); `packages/…` is from the root.
 */
export function resolveSecurityPath(cited: string, rootSuites: readonly string[], sdk = false): string {
  if (cited.startsWith('packages/')) return cited;
  const suite = /^test\/([^/]+)\//.exec(cited)?.[1];
  if (suite !== undefined && rootSuites.includes(suite)) return cited;
  return `packages/${sdk ? 'sdk' : 'mock-server'}/${cited}`;
}

/** Every file path (`….ts`, `….js`, `….md`) in backticks in the promise table's rows. */
export function securityCitations(markdown: string, rootSuites: readonly string[]): Citation[] {
  const citations: Citation[] = [];
  for (const row of markdown.split('\n')) {
    const number = /^\|\s*(\d+)\s*\|/.exec(row)?.[1];
    if (number === undefined) continue;
    const sdk = /^\|\s*\d+\s*\|\s*\*\*SDK:/.test(row);
    for (const match of row.matchAll(/`((?:src|test|packages)\/[^`\s]+\.(?:ts|js|mjs|md))`/g)) {
      const cited = match[1] ?? '';
      citations.push({
        where: `promise ${number}`,
        cited,
        path: resolveSecurityPath(cited, rootSuites, sdk),
      });
    }
  }
  return citations;
}

/** The folders of the root `test/`: the suites SECURITY.md cites from the repository root. */
export function rootTestSuites(root: string): string[] {
  return readdirSync(join(root, 'test'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Citations of documents outside the repository, which a reader of the repository cannot follow. */
const OUTSIDE = [
  /(?<!OpenAPI )\bspecification\b/i,
  /§/,
  /\bsection \d/i,
  /\.\.\/shared\b/,
  /\bDECISIONS(?:\.md)?\b/,
];

/** The comments of a TypeScript source (`// …` and `/* … *\/`), with the line each starts on. */
export function commentsOf(source: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  for (const match of source.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)) {
    const before = source.slice(0, match.index);
    // `//` inside a string (a URL) is not a comment.
    const lineStart = before.lastIndexOf('\n') + 1;
    const quotes = (before.slice(lineStart).match(/['"`]/g) ?? []).length;
    if (match[0].startsWith('//') && quotes % 2 === 1) continue;
    comments.push({ line: before.split('\n').length, text: match[0] });
  }
  return comments;
}

/** Comments that cite a document outside the repository: `file:line: text`. */
export function outsideCitations(file: string, source: string): string[] {
  return commentsOf(source)
    .filter(({ text }) => OUTSIDE.some((pattern) => pattern.test(text)))
    .map(({ line, text }) => `${file}:${line}: ${text.split('\n')[0]}`);
}

/** Files a comment names (`….md`, `….yaml`, `….test.ts`), for checking that they exist. */
export function citedFiles(file: string, source: string): Citation[] {
  const citations: Citation[] = [];
  for (const { line, text } of commentsOf(source)) {
    for (const match of text.matchAll(/[\w./-]*\w\.(?:md|yaml|test\.ts)\b/g)) {
      citations.push({ where: `${file}:${line}`, cited: match[0], path: match[0] });
    }
  }
  return citations;
}

/** Whether a file named in a comment of `file` exists: from the root, the package, or the file's folder. */
export function citedFileExists(root: string, file: string, cited: string): boolean {
  const packageDir = /^packages\/[^/]+/.exec(file)?.[0] ?? '.';
  const fileDir = file.slice(0, file.lastIndexOf('/'));
  // Only files inside the repository count: CI has a shared/ folder beside the clone, which a
  // citation like ../shared/… would otherwise find.
  const inside = (path: string) => !relative(root, path).startsWith('..');
  return [root, join(root, packageDir), join(root, fileDir)].some((base) => {
    const path = resolve(base, cited);
    return inside(path) && existsSync(path);
  });
}

// Citations that must lead somewhere: the files SECURITY.md names as enforcing and proving each promise
// (and the test titles it quotes from them), and the files the repository's own text cites. No text
// may cite a document outside the repository. Pure functions over text, so the test can also feed
// them a broken fixture and see them report it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
 * `test/`); `packages/…` and `scripts/…` are from the root.
 */
export function resolveSecurityPath(cited: string, rootSuites: readonly string[], sdk = false): string {
  if (cited.startsWith('packages/') || cited.startsWith('scripts/')) return cited;
  const suite = /^test\/([^/]+)\//.exec(cited)?.[1];
  if (suite !== undefined && rootSuites.includes(suite)) return cited;
  return `packages/${sdk ? 'sdk' : 'mock-server'}/${cited}`;
}

/** A file path in backticks in the promise table: `src/…`, `test/…`, `packages/…` or `scripts/…`, any type. */
const SECURITY_PATH = /`((?:src|test|packages|scripts)\/[^`\s]*[\w-]\.[a-z]+)`/g;

/** A cited file and the test titles quoted after it (`path` › "title", "title"). */
export interface SecurityCitation extends Citation {
  titles: string[];
}

/** Every file path in backticks in the promise table's rows, with the test titles quoted after it. */
export function securityCitations(markdown: string, rootSuites: readonly string[]): SecurityCitation[] {
  const citations: SecurityCitation[] = [];
  for (const row of markdown.split('\n')) {
    const number = /^\|\s*(\d+)\s*\|/.exec(row)?.[1];
    if (number === undefined) continue;
    const sdk = /^\|\s*\d+\s*\|\s*\*\*SDK:/.test(row);
    const matches = [...row.matchAll(SECURITY_PATH)];
    matches.forEach((match, i) => {
      const cited = match[1] ?? '';
      // What follows the path up to the next path or the end of the cell: `› "title", "title" (…)`.
      const start = match.index + match[0].length;
      const tail = row.slice(start, matches[i + 1]?.index ?? row.length).split('|')[0] ?? '';
      const titles = /^\s*›/.test(tail)
        ? [...tail.matchAll(/"([^"]+)"/g)].map((title) => title[1] ?? '')
        : [];
      citations.push({
        where: `promise ${number}`,
        cited,
        path: resolveSecurityPath(cited, rootSuites, sdk),
        titles,
      });
    });
  }
  return citations;
}

/** Text as a title is compared: no Markdown emphasis, escapes or code quotes, one space between words. */
function comparable(text: string): string {
  return text
    .replace(/[*_`\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a test file holds a title SECURITY.md quotes. `…` stands for the rest of a title (or its
 * start): each part between the ellipses must appear, in order. Compared without Markdown emphasis,
 * so `**proto**` (how a formatter may render `__proto__`) still matches the source's `__proto__`.
 */
export function titleInSource(source: string, title: string): boolean {
  const text = comparable(source);
  let from = 0;
  for (const part of title.split('…').map(comparable)) {
    if (part === '') continue;
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/** The folders of the root `test/`: the suites SECURITY.md cites from the repository root. */
export function rootTestSuites(root: string): string[] {
  return readdirSync(join(root, 'test'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Citations of documents outside the repository, which a reader of the repository cannot follow. */
const OUTSIDE = [
  // "the OpenAPI specification" and "the HTTP specification (RFC 9110)" name public standards.
  /(?<!\b(?:OpenAPI|HTTP|Fetch|URL|WHATWG) )\bspecification\b/i,
  // So does an RFC's section (RFC 9110 §15.4).
  /(?<!\bRFC ?\d+,? ?)§/,
  /(?<!\bRFC ?\d+,? )\bsection \d/i,
  /\.\.\/shared\b/,
  /\bDECISIONS(?:\.md)?\b/,
  // The external specification's name for the base URL; openapi.yaml's `servers` call it {baseUrl}.
  /\{base_url\}/,
];

/** Files whose comments are read for cited files: JavaScript and TypeScript, any module flavour. */
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;

/** Folders that hold no text of the repository's own: installed, built, generated or written by a run. */
const NOT_OWN =
  /(?:^|\/)(?:\.git|node_modules|dist|test-output|\.matrix-cache|\.bench-cache|\.start|generated)(?:\/|$)/;

/** The folders of `dir` (relative to the root). */
function subfolders(root: string, dir: string): string[] {
  return existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}`)
    : [];
}

/** The files under `dir` (relative to the root) whose path matches `pattern`, own text only. */
function filesUnder(root: string, dir: string, pattern: RegExp): string[] {
  return existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .map((file) => `${dir}/${file}`)
        .filter((file) => pattern.test(file) && !NOT_OWN.test(file))
    : [];
}

/**
 * The repository's own text, relative to the root: the packages' sources, tests, benchmarks, scripts
 * and dashboard; the root `test/`; the examples' code; `scripts/`; the READMEs, SECURITY.md,
 * BENCHMARKS.md, docs/*.md, the pending changesets and openapi.yaml. Generated code is left out (it
 * comes from openapi.yaml), and so are this checker and its test, which quote citations on purpose.
 */
export function repositoryTexts(root: string): string[] {
  const packages = subfolders(root, 'packages');
  const examples = subfolders(root, 'examples');
  const code = [
    ...packages.flatMap((dir) =>
      ['src', 'test', 'bench', 'scripts', 'dashboard'].map((sub) => `${dir}/${sub}`),
    ),
    ...examples,
    'test',
    'scripts',
  ].flatMap((dir) => filesUnder(root, dir, CODE));
  const docs = [
    'README.md',
    'SECURITY.md',
    'BENCHMARKS.md',
    'openapi.yaml',
    ...[...packages, ...examples].map((dir) => `${dir}/README.md`),
    ...filesUnder(root, 'docs', /\.md$/),
    ...filesUnder(root, '.changeset', /\.md$/),
  ].filter((file) => existsSync(join(root, file)));
  const checker = ['test/docs/citations.ts', 'test/docs/citations.test.ts'];
  return [...code, ...docs].filter((file) => !checker.includes(file)).sort();
}

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

/**
 * Lines that cite a document outside the repository: `file:line: text`. Every line counts, code and
 * strings too: a test's title is read as much as its comment.
 */
export function outsideCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      OUTSIDE.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

/** The prose of a Markdown or YAML document: its lines outside fenced code blocks (the reader's code). */
function proseOf(text: string): { line: number; text: string }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: i + 1, text: line }];
  });
}

/**
 * A file path: a name with a file type (`openapi.yaml`, `scripts/start.mjs`, `src/domain/keys.ts`),
 * possibly with folders; not a glob (`*.test.ts`), a call (`response.json()`) or a placeholder
 * (`<flow>.ts`).
 */
const FILE_PATH =
  /(?<![\w@$*./<-])(?:\.{1,2}\/)*[\w@$-][\w@$.-]*(?:\/[\w@$.-]+)*\.(?:[cm]?[jt]sx?|json|md|ya?ml|css|html|svg|png)(?![\w(*/>-])/g;
/** A product's name, not a file: Node.js, Next.js. */
const PRODUCT = /^[A-Z][a-z]+\.js$/;

const installedCache = new Map<string, Set<string>>();

/** The packages the repository's package.json files depend on (`zod`, `@msw/data`), read once per root. */
function installedPackages(root: string): Set<string> {
  const cached = installedCache.get(root);
  if (cached !== undefined) return cached;
  const manifests = [
    'package.json',
    ...[...subfolders(root, 'packages'), ...subfolders(root, 'examples')].map((dir) => `${dir}/package.json`),
  ];
  const names = new Set<string>();
  for (const manifest of manifests.filter((file) => existsSync(join(root, file)))) {
    const json = JSON.parse(readFileSync(join(root, manifest), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys((json[field] as Record<string, string> | undefined) ?? {}))
        names.add(name);
    }
  }
  installedCache.set(root, names);
  return names;
}

/**
 * Files the text of `file` names, for checking that they exist: in a source, what its comments name;
 * in a document, what its prose names (outside code blocks; SECURITY.md's promise rows have their own
 * conventions, see securityCitations). Left out, as no file of the repository: URLs, a product's name
 * (Node.js), an installed scoped package's export (`@scope/name/file.yaml`), a file of an installed
 * package in a profile's frame (`(zod v4/core/schemas.js:97)`), and
 * a bare name in a command or code in backticks (`--seed my-seed.json`: the reader's own file).
 */
export function citedFiles(root: string, file: string, text: string): Citation[] {
  const parts = CODE.test(file)
    ? commentsOf(text)
    : proseOf(text).filter((part) => file !== 'SECURITY.md' || !/^\|\s*\d+\s*\|/.test(part.text));
  const installed = installedPackages(root);
  const citations: Citation[] = [];
  for (const { line, text: part } of parts) {
    const words = part.replace(/\b[a-z][\w+.-]*:\/\/\S*/gi, (url) => ' '.repeat(url.length));
    // Backticks around more than one word: a command or code.
    const commands = [...words.matchAll(/`[^`]*\s[^`]*`/g)].map((span) => [
      span.index,
      span.index + span[0].length,
    ]);
    for (const match of words.matchAll(FILE_PATH)) {
      const cited = match[0];
      if (PRODUCT.test(cited)) continue;
      const frame = /\(((?:@[\w.-]+\/)?[\w.-]+) $/.exec(words.slice(0, match.index))?.[1];
      if (frame !== undefined && installed.has(frame) && /^:\d/.test(words.slice(match.index + cited.length)))
        continue;
      // A scoped package's export (`@reservation-api/mock-server/openapi.yaml`), not a path.
      const scope = /^(@[\w.-]+\/[\w.-]+)\//.exec(cited)?.[1];
      if (scope !== undefined && installed.has(scope)) continue;
      const inCommand = commands.some(([from = 0, to = 0]) => match.index > from && match.index < to);
      if (!cited.includes('/') && inCommand && !CODE.test(file)) continue;
      citations.push({ where: `${file}:${line}`, cited, path: cited });
    }
  }
  return citations;
}

interface OwnFiles {
  /** The names of the repository's own files and of the files its .gitignore files name. */
  names: Set<string>;
  /** Each .gitignore's folder and its entries (no globs, no slashes around them). */
  ignores: { dir: string; entries: string[] }[];
}

const ownFilesCache = new Map<string, OwnFiles>();

/** The repository's own files (NOT_OWN left out) and its .gitignore files, read once per root. */
function ownFiles(root: string): OwnFiles {
  const cached = ownFilesCache.get(root);
  if (cached !== undefined) return cached;
  const own: OwnFiles = { names: new Set(), ignores: [] };
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!NOT_OWN.test(path)) walk(path);
        continue;
      }
      own.names.add(entry.name);
      if (entry.name !== '.gitignore') continue;
      const entries = readFileSync(join(root, path), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('*'));
      own.ignores.push({ dir, entries });
      for (const line of entries) own.names.add(line.replace(/\/$/, '').split('/').at(-1) ?? '');
    }
  };
  walk('.');
  ownFilesCache.set(root, own);
  return own;
}

/**
 * Whether a .gitignore names `path` (from the root): a file a tool installs, builds or a run writes
 * (node_modules/, dist/, test-output/, docs/api/, public/mockServiceWorker.js). An entry with a slash
 * inside or in front is a path from its .gitignore's folder; one without names a file or folder at any
 * depth below it.
 */
function gitignored(root: string, path: string): boolean {
  return ownFiles(root).ignores.some(({ dir, entries }) => {
    const prefix = dir === '.' ? '' : `${dir}/`;
    if (!path.startsWith(prefix)) return false;
    const rest = path.slice(prefix.length);
    return entries.some((entry) => {
      const name = entry.replace(/\/$/, '');
      if (name.includes('/')) {
        const from = name.replace(/^\//, '');
        return rest === from || rest.startsWith(`${from}/`);
      }
      return rest.split('/').includes(name);
    });
  });
}

/**
 * Whether a file named in the text of `file` exists, or is one a .gitignore names (a tool or a run
 * writes it). A path with a folder resolves from the root, the file's folder, or the package or example
 * the file belongs to and that one's src/ (a text outside them, such as BENCHMARKS.md, speaks of every
 * package); a bare name (`runtime-checks.mjs`) must be the name of one of the repository's files.
 */
export function citedFileExists(root: string, file: string, cited: string): boolean {
  if (!cited.includes('/')) return ownFiles(root).names.has(cited);
  // A file of one of the repository's packages by its export (`@reservation-api/sdk/openapi.yaml`).
  for (const dir of subfolders(root, 'packages')) {
    const manifest = join(root, dir, 'package.json');
    const name = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name
      : undefined;
    if (name !== undefined && cited.startsWith(`${name}/`))
      return citedFileExists(root, file, `${dir}/${cited.slice(name.length + 1)}`);
  }
  const owner = /^(?:packages|examples)\/[^/]+/.exec(file)?.[0];
  const fileDir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
  const owners = owner === undefined ? subfolders(root, 'packages') : [owner];
  return ['.', fileDir, ...owners.flatMap((dir) => [dir, `${dir}/src`])].some((base) => {
    const path = relative(root, resolve(root, base, cited));
    // Only files inside the repository count: CI has a shared/ folder beside the clone, which a
    // citation like ../shared/… would otherwise find.
    if (path.startsWith('..')) return false;
    return existsSync(join(root, path)) || gitignored(root, path);
  });
}

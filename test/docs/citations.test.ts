// Docs cite only what the repository holds: every file SECURITY.md names for a promise exists and holds
// the test titles quoted from it; no text of the repository (sources, tests, benchmarks, scripts, the
// dashboard, the examples, the READMEs, SECURITY.md, BENCHMARKS.md, docs/, openapi.yaml) cites a
// document outside the repository (a specification section, ../shared, DECISIONS.md) or a file that
// is not there.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citedFileExists,
  citedFiles,
  outsideCitations,
  repositoryTexts,
  rootTestSuites,
  securityCitations,
  titleInSource,
} from './citations';

const root = resolve(import.meta.dirname, '../..');
const suites = rootTestSuites(root);

/** The quoted titles a file named in SECURITY.md does not hold: `promise 3: path › "title"`. */
function missingTitles(markdown: string): string[] {
  return securityCitations(markdown, suites).flatMap((citation) => {
    if (!existsSync(join(root, citation.path))) return [];
    const source = readFileSync(join(root, citation.path), 'utf8');
    return citation.titles
      .filter((title) => !titleInSource(source, title))
      .map((title) => `${citation.where}: ${citation.cited} › "${title}"`);
  });
}

/** The paths SECURITY.md-style rows name that do not exist, resolved by the table's conventions. */
function missingPaths(markdown: string): string[] {
  return securityCitations(markdown, suites)
    .filter((citation) => !existsSync(join(root, citation.path)))
    .map((citation) => citation.path);
}

/** What `file`'s text cites that the repository does not hold. */
function missingFiles(file: string, text: string): string[] {
  return citedFiles(root, file, text)
    .filter((citation) => !citedFileExists(root, file, citation.cited))
    .map((citation) => citation.cited);
}

describe('SECURITY.md', () => {
  const markdown = readFileSync(join(root, 'SECURITY.md'), 'utf8');
  const citations = securityCitations(markdown, suites);

  it('names, for every promise, files that exist', () => {
    const promises = new Set(citations.map((citation) => citation.where));
    expect(promises.size).toBeGreaterThanOrEqual(20);
    expect(citations.map((citation) => citation.cited)).toContain(
      'scripts/matrix/fixtures/runtime-checks.mjs',
    );
    const missing = citations.filter((citation) => !existsSync(join(root, citation.path)));
    expect(missing).toEqual([]);
  });

  it('names a test file for every promise', () => {
    const table = markdown.split('\n').flatMap((row) => /^\|\s*(\d+)\s*\|/.exec(row)?.[1] ?? []);
    const proven = new Set(
      citations.filter((citation) => /\.test\.ts$/.test(citation.cited)).map((c) => c.where),
    );
    expect(table.filter((number) => !proven.has(`promise ${number}`))).toEqual([]);
  });

  it('quotes only test titles that the cited files hold', () => {
    expect(citations.flatMap((citation) => citation.titles).length).toBeGreaterThanOrEqual(40);
    expect(missingTitles(markdown)).toEqual([]);
  });

  it('reports a test file that does not exist, resolved by the table conventions (a broken fixture)', () => {
    const fixture = [
      '| #   | Promise | Where | Proven by |',
      '| --- | ------- | ----- | --------- |',
      '| 3   | **Keys** | `src/domain/keys.ts` | `test/node/races.test.ts` › "x"; `test/fuzz/hostile-input.test.ts` |',
      '| 4   | **SDK** | `packages/sdk/src/client.ts` | `packages/sdk/test/no-such.test.ts` |',
    ].join('\n');
    expect(missingPaths(fixture)).toEqual([
      'packages/mock-server/test/node/races.test.ts',
      'packages/sdk/test/no-such.test.ts',
    ]);
  });

  it('reports a missing file under scripts/ or of any type (.mjs, .json) (a broken fixture)', () => {
    const fixture = [
      '| 19  | **SDK: redirects** | `packages/sdk/src/client.ts` | `scripts/matrix/fixtures/runtime-checks.mjs` › "does not follow a redirect to another origin…"; `scripts/matrix/fixtures/no-such-checks.mjs` |',
      '| 20  | **Seed** | `packages/mock-server/seed.example.json`, `packages/mock-server/no-such-seed.json` | `test/seed/no-such.test.ts` |',
    ].join('\n');
    expect(missingPaths(fixture)).toEqual([
      'scripts/matrix/fixtures/no-such-checks.mjs',
      'packages/mock-server/no-such-seed.json',
      'packages/mock-server/test/seed/no-such.test.ts',
    ]);
  });

  it('reports a quoted test title that the cited file does not hold (a broken fixture)', () => {
    const fixture = [
      '| 11  | **No prototype pollution.** | `src/pipeline/body.ts` | `test/fuzz/hostile-input.test.ts` › "drops `__proto__`, constructor and prototype keys at any depth and in any spelling", "answers 413 to a 1 MB body…", "…on a control route too", "drops __proto__ at depth 1000"; `test/security/prototype-pollution.test.ts` |',
      '| 4   | **Control off** | `src/transports/node-server.ts` | `test/node/server.test.ts` › "does not serve /__mock with control: false", "exits 0 on SIGTERM…prints the base URL" (a real title, its parts swapped) |',
    ].join('\n');
    expect(missingTitles(fixture)).toEqual([
      'promise 11: test/fuzz/hostile-input.test.ts › "drops __proto__ at depth 1000"',
      'promise 4: test/node/server.test.ts › "exits 0 on SIGTERM…prints the base URL"',
    ]);
  });
});

describe("the repository's own text", () => {
  const texts = repositoryTexts(root);

  it('is read everywhere: sources, tests, benchmarks, scripts, dashboard, examples, docs, openapi.yaml', () => {
    expect(texts.length).toBeGreaterThan(300);
    expect(texts).toEqual(
      expect.arrayContaining([
        'packages/mock-server/src/mock.ts',
        'packages/mock-server/test/domain/state-machine.test.ts',
        'packages/mock-server/bench/http.ts',
        'packages/mock-server/dashboard/dashboard.js',
        'packages/sdk/scripts/generate.mjs',
        'test/openapi/contract.test.ts',
        'examples/booking-widget/src/api.ts',
        'examples/testing-with-vitest/test/booking-service.test.ts',
        'scripts/start.mjs',
        'scripts/matrix/fixtures/runtime-checks.mjs',
        'README.md',
        'packages/mock-server/README.md',
        'examples/booking-widget/README.md',
        'SECURITY.md',
        'BENCHMARKS.md',
        'docs/README.md',
        'openapi.yaml',
      ]),
    );
    expect(texts.filter((file) => /generated|node_modules|dist\//.test(file))).toEqual([]);
  });

  it('cites no document outside the repository', () => {
    const found = texts.flatMap((file) => outsideCitations(file, readFileSync(join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('cites only files the repository holds', () => {
    const missing = texts.flatMap((file) =>
      citedFiles(root, file, readFileSync(join(root, file), 'utf8'))
        .filter((citation) => !citedFileExists(root, file, citation.cited))
        .map((citation) => `${citation.where}: ${citation.cited}`),
    );
    expect(missing).toEqual([]);
  });

  it('is reported when a comment cites the specification, ../shared, DECISIONS.md or a missing file (a broken fixture)', () => {
    const fixture = [
      '// The state machine of the specification (§3).',
      '/** Receivers answer within 5 s (section 6). */',
      '// As decided in ../shared/spec/DECISIONS.md.',
      "const url = 'http://example.test/'; // fine: openapi.yaml, README.md",
      '// Proven by test/node/races.test.ts.',
    ].join('\n');
    const file = 'packages/mock-server/src/domain/fixture.ts';
    expect(outsideCitations(file, fixture).map((entry) => entry.split(':')[1])).toEqual(['1', '2', '3']);
    expect(missingFiles(file, fixture)).toEqual(['../shared/spec/DECISIONS.md', 'test/node/races.test.ts']);
  });

  it('is reported when a test title, a README or openapi.yaml cites the specification, not a public standard (a broken fixture)', () => {
    const test = [
      "it('has exactly the transitions of the specification', () => {});",
      "it('follows the OpenAPI specification and the HTTP specification (RFC 9110 §15.4)', () => {});",
    ].join('\n');
    expect(outsideCitations('packages/mock-server/test/domain/fixture.test.ts', test)).toEqual([
      "packages/mock-server/test/domain/fixture.test.ts:1: it('has exactly the transitions of the specification', () => {});",
    ]);
    const readme = [
      "| `baseUrl` | `http://127.0.0.1:4010` | the specification's `{base_url}`, without `/api/v1` |",
      'API keys are for server-side use only (Authentication, rule 7 of the API Specification).',
      'Defined by RFC 9110, section 15.4, and by `openapi.yaml`.',
      '/** `{base_url}` without `/api/v1`. */',
    ].join('\n');
    expect(
      outsideCitations('examples/booking-widget/README.md', readme).map((entry) => entry.split(':')[1]),
    ).toEqual(['1', '2', '4']);
    const yaml = ['# Every point DECISIONS.md leaves open is decided here.', 'openapi: 3.1.0'].join('\n');
    expect(outsideCitations('openapi.yaml', yaml).map((entry) => entry.split(':')[1])).toEqual(['1']);
  });

  it('is reported when a document or a script cites a missing file of any type, scripts/ too (a broken fixture)', () => {
    const readme = [
      'Run `node scripts/matrix/run.mjs` or `node scripts/matrix/no-such.mjs`; the checks are in',
      '`runtime-checks.mjs`, not `no-such-checks.mjs`. The seed: `seed.example.json` and',
      '`packages/mock-server/no-such-seed.json`; the reference, `docs/no-such.md`.',
      // Not files of the repository: a URL, a product, what a tool or a run writes, the reader's own
      // file in a command, an installed package's file in a profile's frame, a code block.
      'See https://example.test/a.json on Node.js; `dist/cli.js`, `test-output/x.png`, `docs/api/index.html`;',
      '`npx reservation-mock --seed my-seed.json`; `parse` (zod v4/core/schemas.js:97).',
      'The file export `@reservation-api/mock-server/openapi.yaml`; not `@no-such/pkg/x.yaml`.',
      '```sh',
      'node my-own-script.mjs',
      '```',
    ].join('\n');
    expect(missingFiles('README.md', readme)).toEqual([
      'scripts/matrix/no-such.mjs',
      'no-such-checks.mjs',
      'packages/mock-server/no-such-seed.json',
      'docs/no-such.md',
      '@no-such/pkg/x.yaml',
    ]);
    const script = [
      '// Bundled like scripts/start.mjs; src/node/dashboard-files.ts looks up (it is in src/transports/).',
      "const checks = 'scripts/matrix/no-such.mjs'; // not a comment: the string is code",
      '/* Writes test-output/matrix.json; see fixtures/supertest-recipe-msw2/3.test.ts and pins.json. */',
    ].join('\n');
    expect(missingFiles('scripts/matrix/fixture.mjs', script)).toEqual([
      'src/node/dashboard-files.ts',
      'fixtures/supertest-recipe-msw2/3.test.ts',
    ]);
    // From a package's source: paths from the package and its src/; dist/ (a .gitignore names it) is built.
    const source = '// See pipeline/api.ts, src/pipeline/no-such.ts and dist/node.js.';
    expect(missingFiles('packages/mock-server/src/domain/fixture.ts', source)).toEqual([
      'src/pipeline/no-such.ts',
    ]);
  });
});

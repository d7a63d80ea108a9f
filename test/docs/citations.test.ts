// Docs cite only what the repository holds: every file SECURITY.md names for a promise exists, and no
// comment in the packages' sources cites a document outside the repository (a specification section,
// ../shared, DECISIONS.md) or a file that is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  citedFileExists,
  citedFiles,
  outsideCitations,
  rootTestSuites,
  securityCitations,
} from './citations';

const root = resolve(import.meta.dirname, '../..');
const suites = rootTestSuites(root);

/** The TypeScript sources of packages/*\/src, generated code excluded (it comes from openapi.yaml). */
function packageSources(): string[] {
  return readdirSync(join(root, 'packages'))
    .filter((name) => existsSync(join(root, 'packages', name, 'src')))
    .flatMap((name) =>
      readdirSync(join(root, 'packages', name, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.startsWith('generated'))
        .map((file) => `packages/${name}/src/${file}`),
    );
}

describe('SECURITY.md', () => {
  const citations = securityCitations(readFileSync(join(root, 'SECURITY.md'), 'utf8'), suites);

  it('names, for every promise, files that exist', () => {
    const promises = new Set(citations.map((citation) => citation.where));
    expect(promises.size).toBeGreaterThanOrEqual(20);
    const missing = citations.filter((citation) => !existsSync(join(root, citation.path)));
    expect(missing).toEqual([]);
  });

  it('names a test file for every promise', () => {
    const table = readFileSync(join(root, 'SECURITY.md'), 'utf8')
      .split('\n')
      .flatMap((row) => /^\|\s*(\d+)\s*\|/.exec(row)?.[1] ?? []);
    const proven = new Set(
      citations.filter((citation) => /\.test\.ts$/.test(citation.cited)).map((c) => c.where),
    );
    expect(table.filter((number) => !proven.has(`promise ${number}`))).toEqual([]);
  });

  it('reports a test file that does not exist, resolved by the table conventions (a broken fixture)', () => {
    const fixture = [
      '| #   | Promise | Where | Proven by |',
      '| --- | ------- | ----- | --------- |',
      '| 3   | **Keys** | `src/domain/keys.ts` | `test/node/races.test.ts` › "x"; `test/fuzz/hostile-input.test.ts` |',
      '| 4   | **SDK** | `packages/sdk/src/client.ts` | `packages/sdk/test/no-such.test.ts` |',
    ].join('\n');
    const broken = securityCitations(fixture, suites).filter(
      (citation) => !existsSync(join(root, citation.path)),
    );
    expect(broken.map((citation) => citation.path)).toEqual([
      'packages/mock-server/test/node/races.test.ts',
      'packages/sdk/test/no-such.test.ts',
    ]);
  });
});

describe('comments in packages/*/src', () => {
  const sources = packageSources();

  it('cite no document outside the repository', () => {
    expect(sources.length).toBeGreaterThan(50);
    const found = sources.flatMap((file) => outsideCitations(file, readFileSync(join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('cite only files the repository holds', () => {
    const missing = sources.flatMap((file) =>
      citedFiles(file, readFileSync(join(root, file), 'utf8')).filter(
        (citation) => !citedFileExists(root, file, citation.cited),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('are reported when they cite the specification, ../shared, DECISIONS.md or a missing file (a broken fixture)', () => {
    const fixture = [
      '// The state machine of the specification (§3).',
      '/** Receivers answer within 5 s (section 6). */',
      '// As decided in ../shared/spec/DECISIONS.md.',
      "const url = 'http://example.test/'; // fine: openapi.yaml, README.md",
      '// Proven by test/node/races.test.ts.',
    ].join('\n');
    const file = 'packages/mock-server/src/domain/fixture.ts';
    expect(outsideCitations(file, fixture).map((entry) => entry.split(':')[1])).toEqual(['1', '2', '3']);
    expect(
      citedFiles(file, fixture)
        .filter((citation) => !citedFileExists(root, file, citation.cited))
        .map((citation) => citation.cited),
    ).toEqual(['../shared/spec/DECISIONS.md', 'test/node/races.test.ts']);
  });
});

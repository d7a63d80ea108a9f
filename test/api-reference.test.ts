// The API reference page (`pnpm build:docs`, scripts/build-docs.mjs) builds from openapi.yaml and documents
// every operation and webhook. CI builds it through this test; the output is not committed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openapi } from './support/openapi';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

function operationIds(group: Record<string, Record<string, Record<string, unknown>>> | undefined): string[] {
  return Object.values(group ?? {}).flatMap((item) =>
    Object.values(item).flatMap((operation) =>
      typeof operation.operationId === 'string' ? [operation.operationId] : [],
    ),
  );
}

describe('API reference (pnpm build:docs)', () => {
  it('is the docs script of the repository', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['build:docs']).toBe('node scripts/build-docs.mjs');
  });

  it('builds one HTML page that documents all 12 operations and 4 webhooks', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'api-docs-')), 'index.html');

    await run('node', [join(root, 'scripts/build-docs.mjs'), '--out', out], { cwd: root });

    const html = readFileSync(out, 'utf8');
    expect(html).toContain(`<title>${String((openapi.info as { title: unknown }).title)}</title>`);
    const operations = operationIds(openapi.paths);
    const webhooks = operationIds(openapi.webhooks);
    expect(operations).toHaveLength(12);
    expect(webhooks).toHaveLength(4);
    for (const id of [...operations, ...webhooks]) expect(html, id).toContain(id);
  }, 60_000);
});

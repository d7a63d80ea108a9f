// Proves that the CI gates bite: a hand edit of the generated types, or a broken openapi.yaml,
// makes the corresponding check fail.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const generator = join(root, 'packages/sdk/scripts/generate.mjs');
const schema = join(root, 'packages/sdk/src/generated/schema.ts');
const spec = join(root, 'openapi.yaml');

async function exitCode(cmd: string, args: string[]): Promise<number> {
  try {
    await run(cmd, args, { cwd: root });
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? 1;
  }
}

describe('CI gates', () => {
  it('the drift check passes on the committed generated types', async () => {
    expect(await exitCode('node', [generator, '--check'])).toBe(0);
  });

  it('the drift check fails when the generated file is edited by hand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-'));
    const edited = join(dir, 'schema.ts');
    writeFileSync(edited, readFileSync(schema, 'utf8').replace('"PENDING"', '"PENDNG"'));
    expect(await exitCode('node', [generator, '--check', '--out', edited])).toBe(1);
  });

  it('the drift check fails when openapi.yaml changes without regenerating', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drift-'));
    const changed = join(dir, 'openapi.yaml');
    writeFileSync(changed, readFileSync(spec, 'utf8').replace('- NO_SHOW', '- NO_SHOW\n        - ARCHIVED'));
    expect(readFileSync(changed, 'utf8')).toContain('ARCHIVED');
    expect(await exitCode('node', [generator, '--check', '--spec', changed])).toBe(1);
  });

  it('the openapi lint fails on a broken openapi.yaml', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-'));
    copyFileSync(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    const broken = join(dir, 'openapi.yaml');
    writeFileSync(
      broken,
      readFileSync(spec, 'utf8').replace(
        /\$ref: '#\/components\/schemas\/Reservation'/,
        "$ref: '#/components/schemas/Nope'",
      ),
    );
    const redocly = join(root, 'node_modules/.bin/redocly');
    expect(await exitCode(redocly, ['lint', '--config', join(dir, 'redocly.yaml'), broken])).not.toBe(0);
  }, 60_000);

  it('Spectral passes on openapi.yaml with zero errors, and fails on an array without items', async () => {
    const spectral = join(root, 'node_modules/.bin/spectral');
    const ruleset = join(root, '.spectral.yaml');
    const lint = (file: string) =>
      exitCode(spectral, ['lint', file, '--ruleset', ruleset, '--fail-severity=error', '-q']);
    expect(await lint(spec)).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'spectral-'));
    const broken = join(dir, 'openapi.yaml');
    writeFileSync(
      broken,
      readFileSync(spec, 'utf8').replace(
        "details:\n          type: array\n          minItems: 1\n          items:\n            $ref: '#/components/schemas/ValidationErrorDetail'\n",
        'details:\n          type: array\n',
      ),
    );
    expect(readFileSync(broken, 'utf8')).not.toEqual(readFileSync(spec, 'utf8'));
    expect(await lint(broken)).not.toBe(0);
  }, 60_000);
});

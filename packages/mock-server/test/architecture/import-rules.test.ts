// The import rule of src/ (.dependency-cruiser.cjs, run by `pnpm check:imports` in `pnpm test`) holds
// for the real tree, and bites: a small tree with forbidden imports, laid out like src/, is reported.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = resolve(import.meta.dirname, '../..');
const config = createRequire(import.meta.url)(join(packageDir, '.dependency-cruiser.cjs')) as IConfiguration;

/** Each violation as `rule: from → to`. */
async function violations(baseDir: string): Promise<string[]> {
  const { output } = await cruise(['src'], {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

// Inside the package, so `@reservation-api/sdk` and msw resolve as they do from src/.
const cacheDir = join(packageDir, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const gateDir = mkdtempSync(join(cacheDir, 'import-rules-'));
afterAll(() => rmSync(gateDir, { recursive: true, force: true }));

function file(path: string, text: string) {
  mkdirSync(dirname(join(gateDir, path)), { recursive: true });
  writeFileSync(join(gateDir, path), text);
}

describe('the import rule of src/', () => {
  it('holds for the real tree', async () => {
    expect(await violations(packageDir)).toEqual([]);
  }, 60_000);

  it('reports a domain module importing the pipeline, a second SDK import and msw outside transports/', async () => {
    file('src/pipeline/api.ts', 'export const api = 1;\n');
    file('src/runtime/lock.ts', "import { api } from '../pipeline/api';\nexport const lock = api;\n");
    file('src/contract.ts', "export type { components } from '@reservation-api/sdk';\n");
    file(
      'src/domain/rules.ts',
      [
        "import { api } from '../pipeline/api';",
        "import type { components } from '@reservation-api/sdk';",
        "import type { http } from 'msw';",
        "import type { components as fine } from '../contract';",
        'export type Rules = [typeof api, components, typeof http, fine];',
        '',
      ].join('\n'),
    );
    const found = await violations(gateDir);
    expect(found).toEqual(
      expect.arrayContaining([
        'domain-imports-no-layer-above: src/domain/rules.ts → src/pipeline/api.ts',
        'runtime-imports-no-layer-above: src/runtime/lock.ts → src/pipeline/api.ts',
        'runtime-imports-only-runtime: src/runtime/lock.ts → src/pipeline/api.ts',
        expect.stringMatching(/^sdk-only-through-the-contract: src\/domain\/rules\.ts → /),
        expect.stringMatching(/^msw-only-in-transports: src\/domain\/rules\.ts → /),
      ]),
    );
    // The contract's own SDK import and the domain's import of the contract are allowed.
    expect(found.filter((v) => v.includes('src/contract.ts'))).toEqual([]);
    expect(found).toHaveLength(5);
  }, 60_000);

  it('reports a module outside every layer, whether it imports a layer or is imported by one', async () => {
    const dir = mkdtempSync(join(cacheDir, 'import-rules-unlayered-'));
    try {
      const put = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      put('src/pipeline/api.ts', 'export const api = 1;\n');
      // A module in no layer, through which the domain could reach the pipeline unseen.
      put('src/util.ts', "export { api } from './pipeline/api';\n");
      put('src/domain/rules.ts', "import { api } from '../util';\nexport const rules = api;\n");
      // And one that neither imports nor is imported.
      put('src/lonely.ts', 'export const lonely = 1;\n');
      expect((await violations(dir)).sort()).toEqual([
        'every-module-in-a-layer: src/util.ts → src/pipeline/api.ts',
        'no-unlayered-orphan: src/lonely.ts → src/lonely.ts',
        'nothing-imports-an-unlayered-module: src/domain/rules.ts → src/util.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

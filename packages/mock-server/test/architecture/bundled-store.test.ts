// The built package carries its store library: @msw/data (and what it uses of es-toolkit) is built into
// dist/ (tsup.config.ts: its es-toolkit index imports were most of the package's import time), so a
// child process in which resolving either fails still makes a mock and answers a request, and the
// licences of the bundled code ship with it. Needs `pnpm build` (dist/).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const dist = (file: string) => `${packageDir}dist/${file}`;

/** A module-resolution hook that makes @msw/data and es-toolkit unresolvable, as in a project without them. */
const NO_STORE_PACKAGES = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  "export async function resolve(specifier, context, next) {" +
  "  if (/^(@msw\\\\/data|es-toolkit)(\\\\/|$)/.test(specifier)) {" +
  "    const error = new Error('Cannot find package ' + specifier); error.code = 'ERR_MODULE_NOT_FOUND'; throw error;" +
  "  }" +
  "  return next(specifier, context);" +
  "}"));
`)}`;

const runScript = (script: string) =>
  spawnSync(process.execPath, ['--import', NO_STORE_PACKAGES, '--input-type=module', '-e', script], {
    cwd: packageDir, // where @msw/data resolves (a devDependency), so that only the hook refuses it
    encoding: 'utf8',
    timeout: 20_000,
  });

describe('the built package without @msw/data or es-toolkit installed', () => {
  it('refuses an import of @msw/data itself, proving the hook works', () => {
    const result = runScript(`await import('@msw/data');`);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Cannot find package @msw/data');
  });

  it('makes a mock from the main entry and answers the API and its writes', () => {
    const result = runScript(`
      const { createMockService } = await import(${JSON.stringify(dist('index.js'))});
      const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
      const headers = { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' };
      const info = await mock.fetch(new Request(mock.baseUrl + '/api/v1/demo-bistro/info', { headers }));
      console.log('info', info.status);
      const refused = await mock.fetch(new Request(mock.baseUrl + '/api/v1/demo-bistro/reservations', {
        method: 'POST', headers, body: '{}',
      }));
      console.log('refused', refused.status);
      mock.close();
    `);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('info 200');
    expect(result.stdout).toContain('refused 400');
  });

  it('ships the licences of the code built into dist/', () => {
    const notices = readFileSync(dist('THIRD-PARTY-LICENSES.md'), 'utf8');
    expect(notices).toMatch(/^## @msw\/data \S+ \(MIT\)$/m);
    expect(notices).toMatch(/^## es-toolkit \S+ \(MIT\)$/m);
    expect(notices).toContain('Permission is hereby granted');
  });
});

// The standalone server, the CLI and `@reservation-api/mock-server/node` need no msw: a child process
// in which resolving `msw` (or any `msw/…`) fails starts the built server and answers a request.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));

/** A module-resolution hook that makes msw unresolvable, as in a project that never installed it. */
const NO_MSW = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  "export async function resolve(specifier, context, next) {" +
  "  if (specifier === 'msw' || specifier.startsWith('msw/')) {" +
  "    const error = new Error('Cannot find package msw'); error.code = 'ERR_MODULE_NOT_FOUND'; throw error;" +
  "  }" +
  "  return next(specifier, context);" +
  "}"));
`)}`;

function runWithoutMsw(...args: string[]) {
  return spawnSync(process.execPath, ['--import', NO_MSW, ...args], { encoding: 'utf8', timeout: 20_000 });
}

const runScript = (script: string) => runWithoutMsw('--input-type=module', '-e', script);

describe('without msw installed', () => {
  it('refuses the main entry (it makes MSW handlers), proving the hook works', () => {
    const result = runScript(`await import(${JSON.stringify(dist('index.js'))});`);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Cannot find package msw');
  });

  it('starts the standalone server from ./node and answers the API', () => {
    const result = runScript(`
      const { startMockServer } = await import(${JSON.stringify(dist('node.js'))});
      const server = await startMockServer({ port: 0 });
      const answer = await fetch(server.url + '/api/v1/demo-bistro/info', { headers: { 'X-API-Key': 'rk_demo_full' } });
      console.log('status', answer.status);
      await server.close();
    `);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('status 200');
  });

  it('drives a server through ./client (connectMock)', () => {
    const result = runScript(`
      const { startMockServer } = await import(${JSON.stringify(dist('node.js'))});
      const { connectMock } = await import(${JSON.stringify(dist('client.js'))});
      const server = await startMockServer({ port: 0 });
      // A session's clock is its own: real time unless the session is created with a now.
      const mock = await connectMock(server.url, { session: 'w1', now: '2030-06-17T08:00:00Z' });
      console.log('session', mock.baseUrl === server.url + '/sessions/w1');
      console.log('now', await mock.control.clock.now());
      await mock.close();
      await server.close();
    `);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('session true');
    expect(result.stdout).toContain('now 2030-06-17T08:00:00.000Z');
  });

  it('runs the CLI', () => {
    const result = runWithoutMsw(dist('cli.js'), '--help');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('reservation-mock: the Reservation API in memory');
  });
});

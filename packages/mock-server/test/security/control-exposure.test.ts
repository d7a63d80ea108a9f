// Who can reach the control interface: nobody with --no-control, only this machine by default (the
// server binds 127.0.0.1), a warning when it is bound elsewhere with control on, and no web page of
// another origin through the developer's browser.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/node';
import { isLoopbackHost, isLoopbackOrigin } from '../../src/transports/host-check';
import { rawRequest } from '../support/raw-http';

const CONTROL_ROUTES: [string, string, unknown?][] = [
  ['POST', '/__mock/reset'],
  ['POST', '/__mock/clock', { advanceMs: 1000 }],
  ['GET', '/__mock/projects/demo-bistro/keys'],
  ['POST', '/__mock/projects/demo-bistro/keys', { permissions: ['read'] }],
  ['POST', '/__mock/projects/demo-bistro/keys/key_demo_full/regenerate'],
  ['POST', '/__mock/projects/demo-bistro/blacklist', { email: 'x@example.com' }],
  ['PUT', '/__mock/projects/demo-bistro/webhook', { url: 'http://127.0.0.1:9/hook' }],
  ['GET', '/__mock/webhooks/deliveries'],
  ['POST', '/__mock/webhooks/deliveries/dlv_0001/redeliver'],
  ['POST', '/__mock/projects/demo-bistro/trigger', { event: 'reservation.created' }],
  ['POST', '/__mock/faults', { status: 500 }],
  ['GET', '/__mock/faults'],
  ['DELETE', '/__mock/faults'],
];

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  if (!server) throw new Error('no server');
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the control interface', () => {
  it('answers 404 on every /__mock route with control: false (--no-control), and the API still works', async () => {
    server = await startMockServer({ port: 0, control: false });
    const before = await server.service.control.snapshot();
    for (const [method, path, body] of CONTROL_ROUTES) {
      const response = await call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await server.service.control.snapshot()).toEqual(before);
    expect(server.service.control.faults.list()).toEqual([]);
    const info = await call('GET', '/api/v1/demo-bistro/info', undefined, { 'X-API-Key': 'rk_demo_basic' });
    expect(info.status).toBe(200);
  });

  it('binds to 127.0.0.1 when no host is given', async () => {
    server = await startMockServer({ port: 0 });
    expect(server.address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it('refuses control requests that carry the Origin of another site, preflight included', async () => {
    server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    await server.service.control.blacklist('demo-bistro', { email: 'kept@example.com' });
    const before = await server.service.control.snapshot();
    for (const origin of [
      'https://evil.example',
      'http://attacker.example:4010',
      'null',
      'http://127.0.0.1.evil.example',
    ]) {
      for (const [method, path, body] of CONTROL_ROUTES) {
        const response = await call(method, path, body, { Origin: origin });
        expect(response.status, `${origin} ${method} ${path}`).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
      const preflight = await call('OPTIONS', '/__mock/reset', undefined, {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
      });
      expect(preflight.status).toBe(403);
    }
    expect(await server.service.control.snapshot()).toEqual(before);
    // Dot segments do not get around it: the check is on the path the routes see (sent raw, as
    // fetch() would resolve them before sending).
    const sneaky = await rawRequest(
      server.address.port,
      'POST /api/v1/../../__mock/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n' +
        'Content-Length: 14\r\nConnection: close\r\n\r\n{"status":500}',
    );
    expect(sneaky.status).toBe(403);
    expect(server.service.control.faults.list()).toEqual([]);
  });

  it('serves control requests from local pages and from clients that send no Origin', async () => {
    server = await startMockServer({ port: 0 });
    for (const headers of [
      {} as Record<string, string>,
      { Origin: 'http://localhost:5173' },
      { Origin: 'http://127.0.0.1:8080' },
      { Origin: 'http://[::1]:3000' },
    ]) {
      expect((await call('GET', '/__mock/faults', undefined, headers)).status).toBe(200);
    }
    // The API itself stays open to every origin (CORS), as the mock README's rules say.
    const api = await call('GET', '/api/v1/demo-bistro/info', undefined, {
      Origin: 'https://evil.example',
      'X-API-Key': 'rk_demo_basic',
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('classifies loopback hosts and origins', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'app.localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      '10.0.0.1',
      '127.0.0.1.evil.example',
      '128.0.0.1',
      'example.com',
      '127.0.0.256',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
    expect(isLoopbackOrigin('http://localhost:5173')).toBe(true);
    expect(isLoopbackOrigin('https://127.0.0.1')).toBe(true);
    for (const origin of [
      'null',
      'file://',
      'https://evil.example',
      'chrome-extension://abc',
      'http://localhost.evil.example',
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(false);
  });
});

describe('reservation-mock --host', () => {
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

  /** Runs the CLI until it listens (then stops it) or exits; its stderr. */
  function run(args: string[]): Promise<{ stderr: string; listened: boolean }> {
    return new Promise((resolve, reject) => {
      const child = spawn(tsx, ['--conditions=@reservation-api/source', cli, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let listened = false;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the CLI neither listened nor exited: ${stdout}${stderr}`));
      }, 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!listened && stdout.includes('rk_salon_full')) {
          listened = true;
          child.kill('SIGTERM');
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('exit', () => {
        clearTimeout(timer);
        resolve({ stderr, listened });
      });
    });
  }

  // 192.0.2.1 (TEST-NET-1) is assigned to no machine: binding it fails, so the test exposes nothing
  // and sends nothing, yet sees the warning, which comes before the server listens.
  it('warns on stderr when the host is not a loopback address and control is on', async () => {
    const { stderr, listened } = await run(['--host', '192.0.2.1', '--port', '0']);
    expect(listened).toBe(false);
    expect(stderr).toContain('Warning: --host 192.0.2.1 is not a loopback address');
    expect(stderr).toContain('--no-control');
  }, 30_000);

  it('warns when --allowed-host all turns the Host check off with control on (DNS rebinding), not with --no-control', async () => {
    const open = await run(['--host', '192.0.2.1', '--port', '0', '--allowed-host', 'all']);
    expect(open.stderr).toContain('Warning: --allowed-host all turns the Host check off');
    const withoutControl = await run([
      '--host',
      '192.0.2.1',
      '--port',
      '0',
      '--allowed-host',
      'all',
      '--no-control',
    ]);
    expect(withoutControl.stderr).not.toContain('Warning');
  }, 30_000);

  it('does not warn with --no-control, nor for a loopback host', async () => {
    const withoutControl = await run(['--host', '192.0.2.1', '--port', '0', '--no-control']);
    expect(withoutControl.stderr).not.toContain('Warning');
    const loopback = await run(['--host', '127.0.0.1', '--port', '0']);
    expect(loopback.listened).toBe(true);
    expect(loopback.stderr).toBe('');
  }, 30_000);
});

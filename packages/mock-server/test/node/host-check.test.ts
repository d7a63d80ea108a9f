// DNS rebinding: the standalone server answers only Host headers it knows (mock README, "Host check").
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHostCheck, hostName } from '../../src/node/host-check';
import { rawRequest } from '../support/raw-http';
import { useServer } from '../support/server';

const FORBIDDEN = { error: 'Forbidden', message: 'Host not allowed', code: 'HOST_NOT_ALLOWED' };
const get = (path: string, host: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nX-API-Key: rk_demo_full\r\n${extra}Connection: close\r\n\r\n`;

describe('the Host check', () => {
  const harness = useServer({ now: '2026-06-15T08:00:00Z' });

  it('refuses a foreign Host on the API, the control routes, the journal and the dashboard', async () => {
    const server = await harness.start();
    const { port } = server.address;
    for (const path of [
      '/api/v1/demo-bistro/reservations',
      '/__mock/webhooks/deliveries',
      '/__mock/projects/demo-bistro/keys',
      '/__mock/requests',
      '/__mock/',
    ]) {
      const answer = await rawRequest(port, get(path, `evil.example:${port}`, 'Accept: text/html\r\n'));
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.body), path).toEqual(FORBIDDEN);
    }
    // A POST that would change state changes nothing.
    const reset = await rawRequest(
      port,
      `POST /__mock/faults HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 14\r\nConnection: close\r\n\r\n{"status":500}`,
    );
    expect(reset.status).toBe(403);
    expect(server.service.control.faults.list()).toEqual([]);
  });

  it('answers loopback names, the bound address and any port', async () => {
    const server = await harness.start();
    const { port } = server.address;
    for (const host of [`127.0.0.1:${port}`, 'localhost', `app.localhost:${port}`, '127.0.0.2', '[::1]:80']) {
      const answer = await rawRequest(port, get('/api/v1/demo-bistro/info', host));
      expect(answer.status, host).toBe(200);
    }
  });

  it('answers hosts allowed with allowedHosts, and every host with "all"', async () => {
    let server = await harness.start({ allowedHosts: ['mock.test'] });
    expect(
      (await rawRequest(server.address.port, get('/api/v1/demo-bistro/info', 'mock.test:4010'))).status,
    ).toBe(200);
    expect(
      (await rawRequest(server.address.port, get('/api/v1/demo-bistro/info', 'other.test'))).status,
    ).toBe(403);
    await server.close();
    server = await harness.start({ allowedHosts: 'all' });
    expect(
      (await rawRequest(server.address.port, get('/api/v1/demo-bistro/info', 'evil.example'))).status,
    ).toBe(200);
  });

  it('parses Host values and decides by name', () => {
    expect(hostName('Example.TEST:4010')).toBe('example.test');
    expect(hostName('[::1]:4010')).toBe('::1');
    expect(hostName('bad host')).toBeNull();
    const check = createHostCheck('192.0.2.10', ['mock.test']);
    expect(check('192.0.2.10:4010')).toBe(true);
    expect(check('mock.test')).toBe(true);
    expect(check('localhost:1')).toBe(true);
    expect(check('evil.example')).toBe(false);
    expect(check('127.0.0.1.evil.example')).toBe(false);
    expect(check(undefined)).toBe(true);
  });
});

describe('reservation-mock --allowed-host', () => {
  it('allows the named host (repeatable)', async () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
    const child = spawn(
      tsx,
      [
        '--conditions=@reservation-api/source',
        cli,
        '--port',
        '0',
        '--allowed-host',
        'a.test',
        '--allowed-host',
        'mock.test',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /listening on (http:\/\/\S+)/.exec(out);
          if (found?.[1]) resolve(found[1]);
        });
        child.on('exit', () => reject(new Error(`exited: ${out}`)));
      });
      const port = Number(new URL(url).port);
      expect((await rawRequest(port, get('/api/v1/demo-bistro/info', 'mock.test'))).status).toBe(200);
      expect((await rawRequest(port, get('/api/v1/demo-bistro/info', 'evil.example'))).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

// The Host check against DNS rebinding (mock README, "The standalone server"): a page served from a
// rebinding domain reaches 127.0.0.1 with its own name in Host, so anything but a loopback name, the
// bound address or an allowed host is refused, for the API and the control routes alike.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/node';
import { createHostCheck, hostName } from '../../src/transports/host-check';
import { rawRequest } from '../support/raw-http';
import { send, startServer, TUESDAY_NOON, useServer } from '../support/server';

const REFUSED = { error: 'Forbidden', message: 'Host not allowed', code: 'HOST_NOT_ALLOWED' };
const INFO = '/api/v1/demo-bistro/info';

/** Foreign names, including ones that merely start like a loopback name. */
const FOREIGN = ['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', 'mock.test'];
const LOOPBACK = ['localhost', 'foo.localhost', '127.0.0.1', '127.0.0.2', '[::1]'];

const withPort = (server: MockServer, name: string) => `${name}:${server.address.port}`;

describe('Host check', () => {
  it.each(FOREIGN)(
    'refuses Host %s on the API, the control routes and the dashboard with 403 HOST_NOT_ALLOWED',
    async (name) => {
      const server = await startServer({ now: TUESDAY_NOON });
      const host = withPort(server, name);
      for (const path of [
        INFO,
        '/api/v1/demo-bistro/reservations',
        '/__mock/webhooks/deliveries',
        '/__mock/projects/demo-bistro/keys',
        '/__mock/requests',
        '/__mock/',
      ]) {
        // Accept: text/html makes /__mock/ the dashboard page.
        const answer = await send(server, 'GET', path, { host, headers: { accept: 'text/html' } });
        expect(answer.status, path).toBe(403);
        expect(answer.body, path).toEqual(REFUSED);
      }
    },
  );

  it('tells the logger once per refused Host how to answer it (the 403 alone said nothing in the terminal)', async () => {
    const warned: string[] = [];
    const logger = { warn: (message: string) => void warned.push(message), error: () => undefined };
    const server = await startServer({ now: TUESDAY_NOON, logger });
    const host = withPort(server, 'mock.test');
    for (let i = 0; i < 3; i++) expect((await send(server, 'GET', INFO, { host })).status).toBe(403);
    expect((await send(server, 'GET', INFO, { host: withPort(server, 'other.test') })).status).toBe(403);
    // A Host with a C1 control character: never quoted (the log may be a terminal).
    expect((await send(server, 'GET', INFO, { host: 'evil\u009b31m.test' })).status).toBe(403);
    expect(warned).toEqual([
      'Refused requests for Host mock.test (403 HOST_NOT_ALLOWED, DNS rebinding protection): if you reach the mock by that name, start it with --allowed-host mock.test (allowedHosts)',
      expect.stringContaining('--allowed-host other.test'),
      'Refused a request whose Host header is empty or malformed (403 HOST_NOT_ALLOWED)',
    ]);
  });

  it('changes nothing for a refused control request', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const host = withPort(server, 'evil.example');
    const clock = await send(server, 'POST', '/__mock/clock', { host, json: { advanceMs: 3_600_000 } });
    expect(clock.status).toBe(403);
    expect(clock.body).toEqual(REFUSED);
    const key = await send(server, 'POST', '/__mock/projects/demo-bistro/keys/key_demo_full/regenerate', {
      host,
    });
    expect(key.status).toBe(403);
    const fault = await send(server, 'POST', '/__mock/faults', { host, json: { status: 500 } });
    expect(fault.status).toBe(403);
    expect(await server.service.control.clock.now()).toBe(TUESDAY_NOON);
    expect(await server.service.control.faults.list()).toEqual([]);
    expect((await send(server, 'GET', INFO)).status).toBe(200);
  });

  it.each(LOOPBACK)(
    'answers Host %s (with and without a port), and only foreign names are refused',
    async (name) => {
      const server = await startServer({ now: TUESDAY_NOON });
      expect((await send(server, 'GET', INFO, { host: withPort(server, name) })).status).toBe(200);
      expect((await send(server, 'GET', INFO, { host: name })).status).toBe(200);
      expect((await send(server, 'GET', '/__mock/faults', { host: withPort(server, name) })).status).toBe(
        200,
      );
      // The same server refuses a foreign name: the check is on, not skipped.
      expect((await send(server, 'GET', INFO, { host: withPort(server, 'evil.example') })).status).toBe(403);
    },
  );

  it('answers a host listed in allowedHosts, and still refuses the others', async () => {
    const server = await startServer({ now: TUESDAY_NOON, allowedHosts: ['mock.test'] });
    expect((await send(server, 'GET', INFO, { host: withPort(server, 'mock.test') })).status).toBe(200);
    expect((await send(server, 'GET', '/__mock/faults', { host: 'mock.test' })).status).toBe(200);
    const other = await send(server, 'GET', INFO, { host: withPort(server, 'evil.example') });
    expect(other.status).toBe(403);
    expect(other.body).toEqual(REFUSED);
  });

  it("allowedHosts: 'all' turns the check off that is on by default", async () => {
    const checked = await startServer({ now: TUESDAY_NOON });
    expect((await send(checked, 'GET', INFO, { host: withPort(checked, 'evil.example') })).status).toBe(403);
    const open = await startServer({ now: TUESDAY_NOON, allowedHosts: 'all' });
    expect((await send(open, 'GET', INFO, { host: withPort(open, 'evil.example') })).status).toBe(200);
    expect((await send(open, 'GET', '/__mock/faults', { host: 'evil.example' })).status).toBe(200);
  });
});

describe('createHostCheck', () => {
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

  it('compares allowed hosts in the form the Host header takes (IPv6 brackets and case, a final dot)', () => {
    const check = createHostCheck('127.0.0.1', ['[2001:db8::1]', '2001:DB8:0::2', 'App.Test.', 'other.test']);
    expect(check('[2001:db8::1]:4010')).toBe(true);
    expect(check('[2001:db8::2]')).toBe(true);
    expect(check('app.test')).toBe(true);
    expect(check('other.test.:4010')).toBe(true);
    expect(check('localhost.:4010')).toBe(true);
    expect(check('[2001:db8::3]')).toBe(false);
    expect(check('app.test.evil.example')).toBe(false);
  });
});

// The CLI as a child process (tsx as a loader in this one process, so a kill leaves nothing behind).
const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const children: ReturnType<typeof spawn>[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
});

/** Starts `reservation-mock --port 0 ...args` and resolves with its port once it listens. */
async function startCli(args: string[]): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, '--conditions=@reservation-api/source', cli, '--port', '0', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  return new Promise<number>((resolve, reject) => {
    const onData = (chunk: string) => {
      output += chunk;
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.stderr?.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`reservation-mock exited ${code}:\n${output}`)));
  });
}

describe('reservation-mock --allowed-host', () => {
  it('answers each host given (repeatable) and refuses the others', async () => {
    const port = await startCli(['--allowed-host', 'mock.test', '--allowed-host', 'other.test']);
    expect((await send(port, 'GET', INFO, { host: `mock.test:${port}` })).status).toBe(200);
    expect((await send(port, 'GET', INFO, { host: `other.test:${port}` })).status).toBe(200);
    const refused = await send(port, 'GET', INFO, { host: `evil.example:${port}` });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REFUSED);
  });

  it('--allowed-host all turns the check off', async () => {
    const port = await startCli(['--allowed-host', 'all']);
    expect((await send(port, 'GET', INFO, { host: `evil.example:${port}` })).status).toBe(200);
  });

  it('without the flag, refuses a foreign host', async () => {
    const port = await startCli([]);
    const refused = await send(port, 'GET', INFO, { host: `mock.test:${port}` });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REFUSED);
  });
});

/** Runs `reservation-mock ...args` to its exit; resolves with its exit code and output. */
async function runCliToExit(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, '--conditions=@reservation-api/source', cli, '--port', '0', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('the form of an allowed host', () => {
  const NOT_A_HOST = /is not a host name or IP address: give the bare name/;

  it.each(['https://x.test', 'x.test:8080', 'x.test/path', 'user@x.test', '', 'a b'])(
    'startMockServer refuses allowedHosts [%j] with a clear error, before listening',
    async (name) => {
      await expect(startMockServer({ port: 0, allowedHosts: [name] })).rejects.toThrow(NOT_A_HOST);
    },
  );

  it.each(['x.test', 'MOCK.test', '192.168.1.10', '::1', '[fe80::1]', 'my_host.local'])(
    'startMockServer accepts %j',
    async (name) => {
      const server = await startMockServer({ port: 0, allowedHosts: [name] });
      await server.close();
      expect(server.url).toMatch(/^http:/);
    },
  );

  it('reservation-mock --allowed-host https://x.test exits 2 (bad usage) and says why', async () => {
    const { code, output } = await runCliToExit(['--allowed-host', 'https://x.test']);
    expect(code).toBe(2);
    expect(output).toMatch(/--allowed-host: allowed host "https:\/\/x.test" is not a host name/);
  });
});

describe('the Origin check with an allowed host', () => {
  const harness = useServer({ now: '2026-06-15T08:00:00Z' });

  it("serves the mock's own pages under that host, and still refuses other sites", async () => {
    const server = await harness.start({ allowedHosts: ['mock.test'] });
    const { port } = server.address;
    const post = (origin: string) =>
      rawRequest(
        port,
        `POST /__mock/faults HTTP/1.1\r\nHost: mock.test:${port}\r\nOrigin: ${origin}\r\nContent-Length: 14\r\nConnection: close\r\n\r\n{"status":500}`,
      );
    expect((await post(`http://mock.test:${port}`)).status).toBe(201);
    expect((await post('http://evil.example')).status).toBe(403);
    expect((await post(`http://mock.test:${port + 1}`)).status).toBe(403);
  });
});

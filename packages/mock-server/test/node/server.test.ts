// The standalone server over real HTTP on 127.0.0.1 (port 0 = a free port).
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { signWebhookPayload } from '@reservation-api/sdk/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';
import { type MockServer, startMockServer } from '../../src/node';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, init);
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  return { status: response.status, body, headers: response.headers };
}

/** POSTs `size` bytes in chunks without a Content-Length (chunked), the way a streaming client would. */
function postChunked(
  url: string,
  size: number,
  key: string | null,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { 'X-API-Key': key } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    const chunk = 'x'.repeat(8192);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('startMockServer', () => {
  it('serves the API with the demo data on 127.0.0.1 and adds CORS headers', async () => {
    server = await startMockServer({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await call(`${server.url}/api/v1/demo-bistro/reservations`, {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("sends each header once, an answer's own before the server's, and the UTF-8 body's length", async () => {
    server = await startMockServer({ port: 0 });
    server.service.control.faults.add({
      path: '/api/v1/demo-bistro/services',
      status: 503,
      body: { message: 'Příliš žluťoučký kůň 😀' },
      // A fault cannot set Content-Length (refused when added): the server counts the UTF-8 bytes.
      headers: { 'access-control-allow-origin': 'https://app.test' },
    });
    const url = `${server.url}/api/v1/demo-bistro/services`;
    const { rawHeaders, body } = await new Promise<{ rawHeaders: string[]; body: Buffer }>(
      (resolve, reject) => {
        httpRequest(url, { headers: { 'X-API-Key': 'rk_demo_full' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      },
    );
    const values = (name: string) =>
      rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]?.toLowerCase() === name);
    expect(values('access-control-allow-origin')).toEqual(['https://app.test']);
    expect(values('access-control-expose-headers')).toEqual(['Retry-After, X-Request-Id']);
    expect(values('content-length')).toEqual([String(body.length)]);
    expect(values('x-request-id')).toHaveLength(1);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ message: 'Příliš žluťoučký kůň 😀' });
  });

  it('answers CORS preflight requests from any origin for X-API-Key and Content-Type', async () => {
    server = await startMockServer({ port: 0 });
    const response = await fetch(`${server.url}/api/v1/demo-bistro/reservations`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/i);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/i);
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('serves the /__mock control routes', async () => {
    server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    const clock = await call(`${server.url}/__mock/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 60_000 }),
    });
    expect(clock.body).toEqual({ now: '2026-06-15T08:01:00.000Z' });
    const keys = await call(`${server.url}/__mock/projects/demo-bistro/keys`);
    expect((keys.body as { keys: unknown[] }).keys).toHaveLength(3);
    expect((await call(`${server.url}/__mock/reset`, { method: 'POST' })).body).toEqual({ success: true });
  });

  it('does not serve /__mock with control: false (--no-control)', async () => {
    server = await startMockServer({ port: 0, control: false });
    expect((await call(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(404);
    expect(
      (await call(`${server.url}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_basic' } }))
        .status,
    ).toBe(200);
  });

  it('enforces 64 KiB while reading a streamed body, in the documented check order', async () => {
    server = await startMockServer({ port: 0 });
    const url = `${server.url}/api/v1/demo-bistro/reservations`;
    const big = await postChunked(url, 2 * 1024 * 1024, 'rk_demo_full');
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await postChunked(url, 200_000, null)).status).toBe(401);
    expect((await postChunked(url, 200_000, 'rk_demo_read')).status).toBe(403);
    // The server is still fine afterwards.
    expect(
      (await call(`${server.url}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }))
        .status,
    ).toBe(200);
  });

  it('gives exactly one 201 for 50 concurrent bookings of one table over real HTTP', async () => {
    server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    const url = `${server.url}/api/v1/demo-bistro/reservations`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(url, {
          method: 'POST',
          headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: `p${i}@x.cz`,
            date: '2026-06-16',
            from: '12:00',
            to: '13:00',
            tableId: 'tbl_01',
          }),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
  });

  it('sends webhook events to --webhook-url, signed with the project secret, also after a reset', async () => {
    const received: { body: string; signature: string | undefined }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        received.push({ body, signature: req.headers['x-webhook-signature'] as string | undefined });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      server = await startMockServer({ port: 0, webhookUrl: hook, now: '2026-06-15T08:00:00Z' });
      await server.service.reset();
      const created = await call(`${server.url}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'hook@x.cz', date: '2026-06-16', from: '12:00', to: '13:00' }),
      });
      expect(created.status).toBe(201);
      await server.service.control.settled();
      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
        event: 'reservation.created',
        projectId: 'prj_demo_bistro',
      });
      expect(delivery?.signature).toBe(await signWebhookPayload(delivery?.body ?? '', 'whsec_demo_bistro'));
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('shuts down cleanly, closing open connections', async () => {
    const running = await startMockServer({ port: 0 });
    await call(`${running.url}/api/v1/demo-bistro/info`, {
      headers: { 'X-API-Key': 'rk_demo_full', Connection: 'keep-alive' },
    });
    await running.close();
    await expect(fetch(`${running.url}/api/v1/demo-bistro/info`)).rejects.toThrow();
  });
});

describe('startMockServer with a service of your own', () => {
  it.each([
    ['webhookUrl', { webhookUrl: 'http://127.0.0.1:9/hooks' }],
    ['seed', { seed: 'empty' }],
    ['now', { now: '2026-06-15T08:00:00Z' }],
    ['journalLimit', { journalLimit: 5 }],
  ] as const)('refuses %s with it (types and run time), instead of ignoring it', async (name, extra) => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    const options = { port: 0, service, ...extra };
    // @ts-expect-error: the options of a mock the server creates do not go with `service`.
    const started = startMockServer(options);
    await expect(started).rejects.toThrow(
      new RegExp(
        `^startMockServer: ${name} cannot be combined with service .*pass them to createMockService\\(\\) instead$`,
      ),
    );
    service.close();
  });

  it('refuses an option it does not have before listening, naming the nearest known one', async () => {
    await expect(startMockServer({ prot: 0 } as never)).rejects.toThrow(
      /^startMockServer: unknown option "prot" \(did you mean "port"\?\); the options are port, host, /,
    );
    await expect(startMockServer({ port: 0, sesionIdleMs: 5 } as never)).rejects.toThrow(
      /unknown option "sesionIdleMs" \(did you mean "sessionIdleMs"\?\)/,
    );
  });

  it('serves the service given, with the server options that still apply', async () => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z', seed: 'empty' });
    const server = await startMockServer({ port: 0, service, control: false });
    try {
      expect(server.service).toBe(service);
    } finally {
      await server.close();
      service.close();
    }
  });
});

describe('reservation-mock CLI', () => {
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

  function start(args: string[]) {
    const child = spawn(tsx, ['--conditions=@reservation-api/source', cli, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const ready = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1] && output.includes('rk_salon_full')) resolve(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, ready, exited, output: () => output };
  }

  it('prints the base URL and the demo keys, serves, and exits 0 on SIGTERM', async () => {
    const run = start(['--port', '0', '--no-control']);
    const url = await run.ready;
    expect(run.output()).toContain('rk_demo_full');
    const answer = await call(`${url}/api/v1/demo-bistro/reservations`, {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    expect(answer.status).toBe(200);
    expect((await fetch(`${url}/__mock/reset`, { method: 'POST' })).status).toBe(404);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 30_000);

  it('prints usage for --help', async () => {
    const child = spawn(tsx, ['--conditions=@reservation-api/source', cli, '--help'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    for (const flag of ['--port', '--host', '--seed', '--webhook-url', '--no-control', '--help'])
      expect(output).toContain(flag);
  }, 30_000);
});

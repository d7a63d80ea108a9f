// One answer on every transport (mock README, "One answer on every transport"): the same table of
// requests gives the same status, Content-Type and body through (a) the standalone server, (b) the
// MSW handlers in Node (setupServer), (c) mock.fetch() and (d) the MSW service worker in Chromium.
// Each transport gets a fresh mock with the clock frozen, so ids and timestamps agree without any
// normalising; what a transport cannot carry (a HEAD body, the OPTIONS preflight) is set aside by
// comparable() in requests.ts and stated in the README.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../../../test/support/chromium';
import { createMockService } from '../../src/index';
import { startMockServer } from '../../src/node';
import {
  comparable,
  PARITY_NOW,
  PARITY_REQUESTS,
  type ParityAnswer,
  readAnswer,
  requestInit,
} from './requests';

const TIMEOUT = 120_000;

type Answers = Record<string, ParityAnswer>;

async function overStandaloneServer(): Promise<Answers> {
  const server = await startMockServer({ port: 0, now: PARITY_NOW });
  try {
    const answers: Answers = {};
    for (const request of PARITY_REQUESTS) {
      answers[request.name] = await readAnswer(
        await fetch(`${server.url}${request.path}`, requestInit(request)),
      );
    }
    return answers;
  } finally {
    await server.close();
  }
}

async function overMswInNode(): Promise<Answers> {
  const mock = createMockService({ now: PARITY_NOW });
  const msw = setupServer(...mock.handlers, ...mock.controlHandlers);
  msw.listen({ onUnhandledRequest: 'error' });
  try {
    const answers: Answers = {};
    for (const request of PARITY_REQUESTS) {
      answers[request.name] = await readAnswer(
        await fetch(`${mock.baseUrl}${request.path}`, requestInit(request)),
      );
    }
    return answers;
  } finally {
    msw.close();
    mock.close();
  }
}

async function overMockFetch(): Promise<Answers> {
  const mock = createMockService({ now: PARITY_NOW });
  const answers: Answers = {};
  for (const request of PARITY_REQUESTS) {
    const response = await mock.fetch(new Request(`${mock.baseUrl}${request.path}`, requestInit(request)));
    if (!response) throw new Error(`mock.fetch() did not answer ${request.method} ${request.path}`);
    answers[request.name] = await readAnswer(response);
  }
  mock.close();
  return answers;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/** Builds the page (browser-entry.ts) and serves it with msw's worker script on 127.0.0.1. */
async function servePage(outDir: string): Promise<Server> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('.', import.meta.url)),
    resolve: { conditions: ['@reservation-api/source', 'browser', 'module', 'import', 'default'] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      rollupOptions: {
        input: fileURLToPath(new URL('./browser-entry.ts', import.meta.url)),
        output: { entryFileNames: 'parity.js', chunkFileNames: '[name].js' },
      },
    },
  });
  const workerScript = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    const file =
      path === '/'
        ? null
        : path === '/mockServiceWorker.js'
          ? workerScript
          : /^\/[\w.-]+\.js$/.test(path)
            ? join(outDir, path)
            : undefined;
    if (file === null) {
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      res.end('<!doctype html><title>parity</title><script type="module" src="/parity.js"></script>');
      return;
    }
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function overBrowserWorker(): Promise<Answers> {
  const outDir = await mkdtemp(join(tmpdir(), 'mock-parity-'));
  const page = await servePage(outDir);
  const browser = await chromium.launch({ ...(await findChromium()), timeout: TIMEOUT });
  try {
    const tab = await browser.newPage();
    const origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    await tab.goto(`${origin}/?now=${encodeURIComponent(PARITY_NOW)}`);
    await tab.waitForFunction(() => window.parityReady === true, undefined, { timeout: 30_000 });
    const answers: Answers = {};
    for (const request of PARITY_REQUESTS) {
      const init = requestInit(request);
      answers[request.name] = await tab.evaluate(
        async ({ path, method, headers, body }) => {
          const response = await fetch(path, {
            method,
            headers,
            ...(body === null ? {} : { body: new TextEncoder().encode(body) }),
          });
          const text = await response.text();
          let parsed: unknown = text;
          try {
            parsed = text === '' ? '' : JSON.parse(text);
          } catch {
            // Not JSON: compared as text.
          }
          return { status: response.status, contentType: response.headers.get('content-type'), body: parsed };
        },
        {
          path: request.path,
          method: request.method,
          headers: init.headers as Record<string, string>,
          body: request.body ?? null,
        },
      );
    }
    return answers;
  } finally {
    await browser.close().catch(() => undefined);
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    await rm(outDir, { recursive: true, force: true });
  }
}

describe('one table of requests on every transport', () => {
  const results: Record<'server' | 'msw' | 'fetch' | 'browser', Answers> = {
    server: {},
    msw: {},
    fetch: {},
    browser: {},
  };

  beforeAll(async () => {
    results.server = await overStandaloneServer();
    results.msw = await overMswInNode();
    results.fetch = await overMockFetch();
    results.browser = await overBrowserWorker();
  }, 3 * TIMEOUT);

  it.each(PARITY_REQUESTS.filter((r) => r.method !== 'OPTIONS').map((r) => [r.name, r] as const))(
    '%s: the same status, Content-Type and body on all four',
    (_, request) => {
      const server = comparable(request, results.server[request.name] as ParityAnswer);
      expect(server.status).toBeLessThan(500);
      expect(comparable(request, results.msw[request.name] as ParityAnswer)).toEqual(server);
      expect(comparable(request, results.fetch[request.name] as ParityAnswer)).toEqual(server);
      expect(comparable(request, results.browser[request.name] as ParityAnswer)).toEqual(server);
    },
  );

  it('documents each answer the table expects (no row silently answers something else)', () => {
    const statuses = Object.fromEntries(
      PARITY_REQUESTS.map((r) => [r.name, (results.server[r.name] as ParityAnswer).status]),
    );
    for (const [name, status] of Object.entries(statuses)) {
      const expected = /^(\d{3}) /.exec(name)?.[1];
      if (expected) expect(status, name).toBe(Number(expected));
    }
  });

  it('OPTIONS: a CORS preflight on the standalone server only; elsewhere an ordinary request', () => {
    const row = PARITY_REQUESTS.find((r) => r.method === 'OPTIONS');
    if (!row) throw new Error('the table has no OPTIONS row');
    expect(results.server[row.name]?.status).toBe(204);
    // Judged like any other request: this one carries no key, the first check.
    const elsewhere = results.fetch[row.name];
    expect(elsewhere?.status).toBe(401);
    expect(results.msw[row.name]).toEqual(elsewhere);
    expect(results.browser[row.name]).toEqual(elsewhere);
  });
});

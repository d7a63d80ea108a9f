// When run alone (`pnpm e2e`), starts the mock server and the page's static server on free ports;
// under `pnpm test` the runner (test/playwright.test.ts) has started them and set MOCK_URL/PAGE_URL.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockServer } from '@reservation-api/mock-server/node';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.MOCK_URL && process.env.PAGE_URL) return undefined;
  const mock = await startMockServer({ port: 0 });
  const page = await servePage();
  process.env.MOCK_URL = mock.url;
  process.env.PAGE_URL = page.url;
  return async () => {
    await page.close();
    await mock.close();
  };
}

/** Serves page/ (index.html and app.js) on 127.0.0.1 and a free port. */
export async function servePage(): Promise<{ url: string; close(): Promise<void> }> {
  const root = new URL('../page/', import.meta.url);
  const types: Record<string, string> = { html: 'text/html', js: 'text/javascript' };
  const server = createServer(async (req, res) => {
    const name = (req.url ?? '/').split('?')[0]?.replace(/^\//, '') || 'index.html';
    if (!/^[a-z]+\.(html|js)$/.test(name)) {
      res.writeHead(404).end();
      return;
    }
    const body = await readFile(new URL(name, root));
    res.writeHead(200, { 'content-type': types[name.split('.')[1] ?? ''] ?? 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

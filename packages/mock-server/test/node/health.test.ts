// Readiness (mock README, "Readiness"): GET /__mock/health answers 200 with the package's version,
// without a key, for every host the server allows (and 403 for the others, as any route), in a
// session too; it is what Playwright's webServer.url waits for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/index';
import { send, startServer } from '../support/server';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const HEALTHY = { status: 'ok', version };

describe('GET /__mock/health', () => {
  it('answers 200 with the package version, no API key needed', async () => {
    const server = await startServer({ logger: silentLogger });
    const answer = await send(server, 'GET', '/__mock/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(HEALTHY);
  });

  it('answers for every host the server allows, and refuses the others as every route does', async () => {
    const server = await startServer({ logger: silentLogger, allowedHosts: ['mock.test'] });
    const port = server.address.port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `mock.test:${port}`]) {
      const answer = await send(server, 'GET', '/__mock/health', { host });
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toEqual(HEALTHY);
    }
    expect((await send(server, 'GET', '/__mock/health', { host: `evil.example:${port}` })).status).toBe(403);
  });

  it("answers under a session's base URL too, and is listed among the control routes", async () => {
    const server = await startServer({ logger: silentLogger });
    const created = await send(server, 'POST', '/__mock/sessions', { json: { id: 'ready' } });
    expect(created.status).toBe(201);
    const answer = await send(server, 'GET', '/sessions/ready/__mock/health');
    expect(answer).toMatchObject({ status: 200, body: HEALTHY });
    const routes = await send(server, 'GET', '/__mock/');
    expect((routes.body as { routes: string[] }).routes).toContain('GET /__mock/health');
  });

  it('answers HEAD with 200 and no body (wget --spider), over HTTP and in a session', async () => {
    const server = await startServer({ logger: silentLogger });
    const head = await fetch(`${server.url}/__mock/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    await send(server, 'POST', '/__mock/sessions', { json: { id: 'probe' } });
    expect((await fetch(`${server.url}/sessions/probe/__mock/health`, { method: 'HEAD' })).status).toBe(200);
    // Other routes stay GET only.
    expect((await fetch(`${server.url}/__mock/clock`, { method: 'HEAD' })).status).toBe(404);
  });

  it('changes nothing: the journal stays empty', async () => {
    const server = await startServer({ logger: silentLogger });
    await send(server, 'GET', '/__mock/health');
    expect(server.service.control.requests.list()).toEqual([]);
  });
});

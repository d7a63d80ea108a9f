// A request target no URL parser accepts is the client's mistake: 400 MALFORMED_URL with the
// documented body (openapi.yaml, mock README "Errors"), never a 500, nothing logged, nothing journaled.
import { describe, expect, it, vi } from 'vitest';
import type { MockLogger } from '../../src/runtime/logger';
import { rawRequest } from '../support/raw-http';
import { startServer } from '../support/server';

const MALFORMED = ['//%00', '//[', 'http://[', '//a%/'];

function spyLogger() {
  return { error: vi.fn<MockLogger['error']>(), warn: vi.fn<MockLogger['warn']>() };
}

describe('a malformed request target on the standalone server', () => {
  it.each(MALFORMED)('GET %s is 400 MALFORMED_URL, not logged and not journaled', async (target) => {
    const logger = spyLogger();
    const server = await startServer({ logger });
    const answer = await rawRequest(
      server.address.port,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.address.port}\r\nX-API-Key: rk_demo_full\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'Bad Request',
      message: 'Malformed request URL',
      code: 'MALFORMED_URL',
    });
    expect(answer.head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(logger.error).not.toHaveBeenCalled();
    expect(server.service.control.requests.list()).toEqual([]);
  });

  it('still answers well-formed requests afterwards', async () => {
    const server = await startServer();
    await rawRequest(server.address.port, 'GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const response = await fetch(`${server.url}/api/v1/demo-bistro/info`, {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    expect(response.status).toBe(200);
  });
});

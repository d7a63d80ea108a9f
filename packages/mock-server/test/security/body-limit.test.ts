// The 64 KiB request body limit: 413 PAYLOAD_TOO_LARGE over real HTTP and through the MSW handlers,
// for an announced size, a chunked body without Content-Length, and a Content-Length that lies in
// either direction; never more than 64 KiB + 1 byte buffered, never a crash.
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';
import { type MockServer, startMockServer } from '../../src/node';
import { MAX_BODY_BYTES } from '../../src/pipeline/body';
import { rawRequest } from '../support/raw-http';

const PATH = '/api/v1/demo-bistro/reservations';
const booking = (note: string) =>
  JSON.stringify({ email: 'size@example.com', date: '2026-06-16', from: '12:00', to: '13:00', note });
/** A booking body of exactly `size` bytes (the note pads it). */
const bodyOfSize = (size: number) => booking('x'.repeat(size - booking('').length));

describe('the 64 KiB body limit', () => {
  it('is 64 KiB', () => {
    expect(MAX_BODY_BYTES).toBe(65_536);
  });

  describe('over real HTTP', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    });
    afterAll(() => server.close());
    const port = () => server.address.port;
    const head = (length: number | 'chunked', key = 'rk_demo_full') =>
      `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
      (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
      'Connection: close\r\n\r\n';

    it('accepts exactly 64 KiB and answers 413 to one byte more', async () => {
      await server.service.reset();
      // A valid booking whose note is too long for the schema, so "accepted" means read and parsed.
      const atLimit = await rawRequest(port(), head(MAX_BODY_BYTES) + bodyOfSize(MAX_BODY_BYTES));
      expect(atLimit.status).toBe(400);
      expect(JSON.parse(atLimit.body)).toMatchObject({ code: 'VALIDATION_ERROR' });
      const over = await rawRequest(port(), head(MAX_BODY_BYTES + 1) + bodyOfSize(MAX_BODY_BYTES + 1));
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Request body too large',
      });
    });

    it('answers 413 to a chunked body without Content-Length once it passes 64 KiB', async () => {
      const chunk = 'x'.repeat(16 * 1024);
      let chunked = head('chunked');
      for (let i = 0; i < 8; i++) chunked += `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
      chunked += '0\r\n\r\n';
      const answer = await rawRequest(port(), chunked);
      expect(answer.status).toBe(413);
      expect(answer.head).toMatch(/\r\nconnection: close/i);
    });

    it('answers 413 at once to a Content-Length over the limit, without waiting for a body that never comes', async () => {
      // rawRequest gives up after 3 s: a server waiting for the 10 MB would fail this.
      const answer = await rawRequest(port(), `${head(10 * 1024 * 1024)}{"email":`, 3000);
      expect(answer.status).toBe(413);
    });

    it('checks the key before the size: 401 and 403 come first, and their bodies are never read', async () => {
      for (const [key, status] of [
        ['rk_wrong', 401],
        ['rk_demo_read', 403],
      ] as const) {
        const answer = await rawRequest(port(), `${head(10 * 1024 * 1024, key)}{"email":`, 3000);
        expect(answer.status).toBe(status);
      }
    });

    it('treats bytes beyond a too-small Content-Length as the next request: a 400, no crash', async () => {
      const body = booking('y');
      const answer = await rawRequest(port(), `${head(10).replace('Connection: close\r\n', '')}${body}`);
      expect(answer.status).toBe(400);
      // The server is still there.
      const info = await fetch(`${server.url}/api/v1/demo-bistro/info`, {
        headers: { 'X-API-Key': 'rk_demo_basic' },
      });
      expect(info.status).toBe(200);
    });
  });

  describe('through the MSW handlers', () => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    const url = `http://127.0.0.1:4010${PATH}`;
    const headers = { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' };
    afterAll(() => service.close());

    async function status(init: RequestInit): Promise<number | undefined> {
      return (await getResponse(service.handlers, new Request(url, { method: 'POST', ...init })))?.status;
    }

    it('answers 413 to a body over 64 KiB, announced or streamed, and to a lying Content-Length', async () => {
      expect(await status({ headers, body: bodyOfSize(MAX_BODY_BYTES + 1) })).toBe(413);
      expect(await status({ headers, body: bodyOfSize(MAX_BODY_BYTES) })).toBe(400);
      const stream = new Blob([bodyOfSize(200_000)]).stream();
      expect(await status({ headers, body: stream, duplex: 'half' } as RequestInit)).toBe(413);
      // Says 10 bytes, sends 200 KB: counted while read.
      expect(
        await status({ headers: { ...headers, 'Content-Length': '10' }, body: bodyOfSize(200_000) }),
      ).toBe(413);
      // Says 1 MB, sends a little: refused on the announcement.
      expect(
        await status({ headers: { ...headers, 'Content-Length': String(1024 * 1024) }, body: '{}' }),
      ).toBe(413);
      // And the key still comes first.
      expect(
        await status({ headers: { ...headers, 'X-API-Key': 'rk_wrong' }, body: bodyOfSize(200_000) }),
      ).toBe(401);
    });
  });
});

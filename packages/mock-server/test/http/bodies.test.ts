// Request bodies over real HTTP (mock README, "Rules"): JSON only, valid UTF-8, nested at most 32
// levels; whether a body is accepted never depends on the text of strings it ignores.
import { describe, expect, it } from 'vitest';
import { booking } from '../support/api';
import { rawRequest } from '../support/raw-http';
import { useServer } from '../support/server';

const P = '/api/v1/demo-bistro';
const NOW = '2026-06-15T08:00:00Z';
const UNSUPPORTED = {
  error: 'Unsupported Media Type',
  code: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'Content-Type must be application/json',
};
const INVALID_JSON = {
  error: 'Bad Request',
  code: 'INVALID_JSON',
  message: 'Request body must be a JSON object',
};

/** A booking with an ignored field nested `depth` levels deep in total (the body object is level 1). */
function nested(depth: number, text: string): string {
  const inner = `${'['.repeat(depth - 1)}"${text}"${']'.repeat(depth - 1)}`;
  return JSON.stringify(booking()).replace(/}$/, `,"x":${inner}}`);
}

describe('request bodies over HTTP', () => {
  const harness = useServer({ now: NOW });

  const post = (body: string | Buffer, contentType: string | null, path = `${P}/reservations`) =>
    rawRequest(
      harness.server.address.port,
      Buffer.concat([
        Buffer.from(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: rk_demo_full\r\n` +
            `${contentType === null ? '' : `Content-Type: ${contentType}\r\n`}Content-Length: ${Buffer.byteLength(body)}\r\n` +
            'Connection: close\r\n\r\n',
        ),
        Buffer.isBuffer(body) ? body : Buffer.from(body),
      ]),
    );

  it('refuses JSON sent as text/plain or without a Content-Type with 415, and creates nothing', async () => {
    const server = await harness.start();
    const before = await server.service.control.snapshot();
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      null,
    ]) {
      const answer = await post(JSON.stringify(booking()), type);
      expect(answer.status, String(type)).toBe(415);
      expect(JSON.parse(answer.body)).toEqual(UNSUPPORTED);
    }
    const patch = await rawRequest(
      server.address.port,
      `PATCH ${P}/reservations/res_demo_0004/status HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: rk_demo_full\r\nContent-Type: text/plain\r\nContent-Length: 22\r\nConnection: close\r\n\r\n{"status":"CONFIRMED"}`,
    );
    expect(patch.status).toBe(415);
    expect(await server.service.control.snapshot()).toEqual(before);
  });

  it('accepts application/json with parameters and application/*+json', async () => {
    await harness.start();
    expect((await post(JSON.stringify(booking()), 'application/json; charset=utf-8')).status).toBe(201);
    expect(
      (await post(JSON.stringify(booking({ from: '13:00', to: '14:00' })), 'Application/JSON')).status,
    ).toBe(201);
    expect(
      (await post(JSON.stringify(booking({ from: '14:00', to: '15:00' })), 'application/vnd.api+json'))
        .status,
    ).toBe(201);
  });

  it('checks 415 after the permission and before 413', async () => {
    const server = await harness.start();
    const read = await rawRequest(
      server.address.port,
      `POST ${P}/reservations HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: rk_demo_read\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    expect(read.status).toBe(403);
    const big = await post('x'.repeat(70_000), 'text/plain');
    expect(big.status).toBe(415);
  });

  it('refuses bytes that are not UTF-8 inside a string with 400 INVALID_JSON', async () => {
    const server = await harness.start();
    const json = Buffer.from(JSON.stringify(booking({ firstName: 'XX' })));
    const at = json.indexOf('XX');
    json[at] = 0xff;
    json[at + 1] = 0xfe;
    const answer = await post(json, 'application/json');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(INVALID_JSON);
    expect((await server.service.control.snapshot()).reservations).toHaveLength(
      (await server.service.control.snapshot()).reservations?.length ?? 0,
    );
    expect(server.service.control.requests.list({ status: 201 })).toEqual([]);
  });

  it('refuses nesting deeper than 32 levels, whatever the strings hold; accepts 32', async () => {
    await harness.start();
    for (const text of ['plain', 'é', 'constructor', '__proto__', '\\u005f_proto__']) {
      const deep = await post(nested(5000, text), 'application/json');
      expect(deep.status, text).toBe(400);
      expect(JSON.parse(deep.body), text).toEqual(INVALID_JSON);
      expect((await post(nested(33, text), 'application/json')).status, `33 ${text}`).toBe(400);
    }
    expect((await post(nested(32, 'é constructor'), 'application/json')).status).toBe(201);
  });
});

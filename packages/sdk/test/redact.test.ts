// A server that echoes the key (a 401 saying which key it refused, a proxy's page quoting the request)
// or a fetch whose error quotes the headers must not put the key into an error: not its message,
// body, headers, cause, JSON or util.inspect output.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConnectionError,
  createReservationClient,
  ReservationApiError,
  ServerError,
} from '../src/index';
import { redactValue } from '../src/redact';
import { clientOn } from './support/client';
import { API_KEY, SLUG } from './support/fixtures';
import { localServer } from './support/local-server';
import { type Responder, stubFetch } from './support/stub-fetch';

/** Everything a log line or an error report could show of an error. */
function everyRendering(error: unknown): string[] {
  const e = error as Error & { body?: unknown; headers?: Headers; cause?: unknown };
  const cause = e.cause as Error | undefined;
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    JSON.stringify(e.body) ?? '',
    JSON.stringify([...(e.headers ?? new Headers())]),
    inspect(e, { depth: 20, showHidden: true }),
    inspect(cause, { depth: 20, showHidden: true }),
    String(cause?.message),
    String(cause?.stack),
  ];
}

function expectNoKey(error: unknown): void {
  for (const text of everyRendering(error)) expect(text).not.toContain(API_KEY);
}

/** A client of the real fetch against a server on 127.0.0.1. */
async function echoing(status: number, answer: (key: string) => { body: string; type: string }) {
  const server = await localServer((request, response) => {
    const key = String(request.headers['x-api-key']);
    const { body, type } = answer(key);
    response.writeHead(status, { 'Content-Type': type, 'X-Echo': `key=${key}` }).end(body);
  });
  return createReservationClient({
    baseUrl: server.origin,
    apiKey: API_KEY,
    project: SLUG,
    maxRetries: 0,
  });
}

describe('a server that echoes the key', () => {
  it('a 401 JSON body naming the key: masked in message, body, headers, JSON and inspect', async () => {
    const client = await echoing(401, (key) => ({
      type: 'application/json',
      body: JSON.stringify({
        error: 'Unauthorized',
        message: `API key ${key} is not valid`,
        code: 'API_KEY_INVALID',
        details: [{ field: 'key', message: `got ${key}`, nested: { deeper: [key] } }],
      }),
    }));
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toBe('API key [redacted] is not valid');
    expect((error as AuthenticationError).body).toMatchObject({
      details: [{ message: 'got [redacted]', nested: { deeper: ['[redacted]'] } }],
    });
    expect((error as AuthenticationError).headers.get('x-echo')).toBe('key=[redacted]');
    expectNoKey(error);
  });

  it('a 401 JSON body with the key as a property name (and in lower case): masked in body, JSON and inspect', async () => {
    const key = 'rk_Test_SuperSecret_4F9a';
    const server = await localServer((request, response) => {
      const seen = String(request.headers['x-api-key']);
      response.writeHead(401, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          code: 'API_KEY_INVALID',
          message: 'bad key',
          seen: { [seen]: true, nested: [{ [seen.toLowerCase()]: seen }] },
        }),
      );
    });
    const client = createReservationClient({ baseUrl: server.origin, apiKey: key, project: SLUG });
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).body).toMatchObject({
      seen: { '[redacted]': true, nested: [{ '[redacted]': '[redacted]' }] },
    });
    expect(
      redactValue({ [key]: 1, [key.toLowerCase()]: 2, '[redacted]': 3 }, [key, key.toLowerCase()]),
    ).toEqual({
      '[redacted]': 3,
      '[redacted] 2': 1,
      '[redacted] 3': 2,
    });
    for (const text of everyRendering(error)) expect(text.toLowerCase()).not.toContain(key.toLowerCase());
  });

  it('a 401 text body naming the key', async () => {
    const client = await echoing(401, (key) => ({ type: 'text/plain', body: `API key ${key} is not valid` }));
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect((error as ReservationApiError).body).toBe('API key [redacted] is not valid');
    expectNoKey(error);
  });

  it("a 502 proxy's HTML page quoting the request", async () => {
    const client = await echoing(502, (key) => ({
      type: 'text/html',
      body: `<html><body><h1>Bad Gateway</h1><pre>GET /tables\nX-API-Key: ${key}</pre></body></html>`,
    }));
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).message).toContain('X-API-Key: [redacted]');
    expectNoKey(error);
  });

  it('a 200 that is not JSON and quotes the key: the SyntaxError cause is masked too', async () => {
    const client = await echoing(200, (key) => ({ type: 'text/plain', body: `key ${key} accepted` }));
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
    expectNoKey(error);
  });

  it("a 200 that is not JSON and starts with the key: no part of it in the cause (the parser's message quotes the body)", async () => {
    // V8's message quotes the body around the error (`Unexpected token 'r', "{"echo": rk_test_su"...`):
    // a part of the key, which masking (of whole values) does not find.
    const client = await echoing(200, (key) => ({ type: 'application/json', body: `{"echo": ${key}}` }));
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ReservationApiError', status: 200 });
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
    for (const text of everyRendering(error)) expect(text).not.toContain(API_KEY.slice(0, 6));
  });

  it('a key shorter than 8 characters is masked too (the 8-character floor is for other header values)', async () => {
    const key = 'sk12345';
    const server = await localServer((request, response) => {
      const sent = String(request.headers['x-api-key']);
      response
        .writeHead(401, { 'Content-Type': 'text/plain', 'X-Echo': sent })
        .end(`key ${sent} is not valid`);
    });
    const client = createReservationClient({ baseUrl: server.origin, apiKey: key, project: SLUG });
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      message: 'HTTP 401 Unauthorized: key [redacted] is not valid',
    });
    for (const text of everyRendering(error)) expect(text).not.toContain(key);
  });

  it('a key shorter than 8 characters in a fetch error: masked before the message is cut', async () => {
    const key = 'sk12345';
    const client = createReservationClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: key,
      project: SLUG,
      maxRetries: 0,
      // The key at the very end of 300 characters, where the message is cut.
      fetch: async () => {
        throw new TypeError(`${'x'.repeat(296)} ${key}`);
      },
    });
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    for (const text of everyRendering(error)) expect(text).not.toContain(key.slice(0, 3));
  });

  it('a 200 of the wrong shape that quotes the key', async () => {
    const client = await echoing(200, (key) => ({ type: 'application/json', body: JSON.stringify({ key }) }));
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect((error as ReservationApiError).body).toEqual({ key: '[redacted]' });
    expectNoKey(error);
  });

  it('a response header named like the key: the name is masked too (in headers, JSON and inspect)', async () => {
    // Upper-case letters in the key: Headers gives names in lower case, so the match ignores case.
    const key = 'rk_Test_SuperSecret_4F9a';
    const server = await localServer((request, response) => {
      response
        .writeHead(401, { 'Content-Type': 'text/plain', [`X-Echo-${request.headers['x-api-key']}`]: '1' })
        .end('no');
    });
    const client = createReservationClient({ baseUrl: server.origin, apiKey: key, project: SLUG });
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    const names = [...(error as ReservationApiError).headers.keys()];
    expect(names).toContain('x-echo-redacted');
    for (const text of [...everyRendering(error), ...names]) {
      expect(text.toLowerCase()).not.toContain(key.toLowerCase());
    }
  });

  it('the header values the caller added are masked as well', async () => {
    const server = await localServer((request, response) => {
      response
        .writeHead(401, { 'Content-Type': 'text/plain' })
        .end(`bad token ${request.headers.authorization}`);
    });
    const client = createReservationClient({
      baseUrl: server.origin,
      apiKey: API_KEY,
      project: SLUG,
      headers: { Authorization: 'Bearer tok_SECRET_123' },
    });
    const error = await client.tables.list().catch((e: unknown) => e);
    expect((error as ReservationApiError).message).toBe('HTTP 401 Unauthorized: bad token [redacted]');
    for (const text of everyRendering(error)) expect(text).not.toContain('tok_SECRET_123');
  });
});

describe('a message taken from a body', () => {
  const replyWith =
    (message: string): Responder =>
    async () =>
      Response.json({ error: 'Unauthorized', message, code: 'API_KEY_INVALID' }, { status: 401 });

  it('is cut at 1,000 characters, so a hostile body cannot flood logs', async () => {
    const { client } = clientOn(stubFetch(replyWith('x'.repeat(100_000))));
    const error = (await client.tables.list().catch((e: unknown) => e)) as ReservationApiError;
    expect(error.message).toBe(`${'x'.repeat(1000)}…`);
  });

  it('is one line: control characters, line breaks and bidi overrides become spaces (no forged log lines)', async () => {
    const forged = 'Invalid key\r\n[reservation-api] GET /tables: 200\u2028ok\u202e\u0007\u0000done';
    const { client } = clientOn(stubFetch(replyWith(forged)));
    const error = (await client.tables.list().catch((e: unknown) => e)) as ReservationApiError;
    expect(error.message).toBe('Invalid key [reservation-api] GET /tables: 200 ok done');
  });

  it('is masked before it is cut, so no part of the key is left at the cut', async () => {
    const { client } = clientOn(
      stubFetch(async (request) =>
        Response.json({ message: `${'x'.repeat(995)}${request.headers.get('x-api-key')}` }, { status: 401 }),
      ),
    );
    const error = (await client.tables.list().catch((e: unknown) => e)) as ReservationApiError;
    expect(error.message).toBe(`${'x'.repeat(995)}[reda…`);
    expect(error.message).not.toContain(API_KEY.slice(0, 5));
  });
});

describe('errors and headers of other kinds', () => {
  it('a DOMException that quotes the key (its fields live in internal slots): masked, and the HookError kept', async () => {
    const stub = stubFetch(async () =>
      Response.json({ success: true, schedule: [] }, { headers: { 'x-request-id': 'req_9' } }),
    );
    const { client } = clientOn(stub);
    client.use({
      onResponse: () => {
        throw new DOMException(`key ${API_KEY}`, 'DataError');
      },
    });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HookError', hook: 'onResponse', status: 200, requestId: 'req_9' });
    const cause = (error as Error).cause as DOMException;
    expect(cause).toBeInstanceOf(DOMException);
    expect(cause).toMatchObject({ name: 'DataError', message: 'key [redacted]' });
    expectNoKey(error);
  });

  it("another runtime's Headers (a custom fetch's undici or node-fetch answer) are masked as the runtime's", () => {
    class OtherHeaders {
      readonly #entries: [string, string][];
      constructor(entries: [string, string][]) {
        this.#entries = entries;
      }
      get(name: string) {
        return this.#entries.find(([n]) => n === name)?.[1] ?? null;
      }
      [Symbol.iterator]() {
        return this.#entries[Symbol.iterator]();
      }
    }
    const error = new ReservationApiError({
      status: 401,
      message: 'no',
      headers: new OtherHeaders([
        ['x-echo-key', API_KEY],
        [`x-${API_KEY}`, '1'],
      ]) as unknown as Headers,
      redact: [API_KEY],
    });
    expect(error.headers).toBeInstanceOf(Headers);
    expect([...error.headers]).toEqual([
      ['x-echo-key', '[redacted]'],
      ['x-redacted', '1'],
    ]);
    expectNoKey(error);
  });
});

describe('cause', () => {
  const chatty: Responder = async (request) => {
    const headers = JSON.stringify(Object.fromEntries(request.headers));
    throw new TypeError(`fetch failed for ${headers}`, {
      cause: Object.assign(new Error(`socket closed; sent ${headers}`), { code: 'ECONNRESET', request }),
    });
  };

  it('a fetch error quoting the headers: the cause, its message, its own cause and util.inspect hold no key', async () => {
    const { client } = clientOn(stubFetch(chatty), { maxRetries: 0 });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    const cause = (error as ConnectionError).cause as TypeError & { cause: Error & { code: string } };
    // Still what it was, only masked.
    expect(cause).toBeInstanceOf(TypeError);
    expect(cause.message).toContain('"x-api-key":"[redacted]"');
    expect(cause.cause.code).toBe('ECONNRESET');
    expect(cause.cause.message).toContain('"x-api-key":"[redacted]"');
    expect(inspect(error, { depth: 20 })).toContain('[redacted]');
    expectNoKey(error);
    expect(inspect(cause.cause, { depth: 20, showHidden: true })).not.toContain(API_KEY);
  });

  it('a cause that mentions no secret is kept as it is', async () => {
    const failure = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    const { client } = clientOn(
      stubFetch(async () => {
        throw failure;
      }),
      { maxRetries: 0 },
    );
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect((error as ConnectionError).cause).toBe(failure);
  });
});

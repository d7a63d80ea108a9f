// src/client.ts: every option checked at creation (and per call), the headers the SDK sends, an API key
// that cannot leak (into errors, option messages or by inspecting the client), browser-like
// environments, and options given as undefined or untrimmed.

import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  createReservationClient,
  isReservationApiError,
  type ReservationClientOptions,
  TimeoutError,
} from '../src/index';
import { clientOn } from './support/client';
import { API, API_KEY, BASE_URL, errorBody, projectInfo, SLUG, schedule } from './support/fixtures';
import { hang, networkFailure, type Responder, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const ok = reply('GET', `${P}/schedule`, 200, schedule);
const create = (options: Partial<ReservationClientOptions>) => () =>
  createReservationClient({ baseUrl: BASE_URL, apiKey: API_KEY, project: SLUG, ...options });

describe('baseUrl', () => {
  it.each([
    ['no scheme', 'reservations.example.com'],
    ['a host and port only', 'localhost:4010'],
    ['another scheme', 'ftp://reservations.example.com'],
    ['a relative path', '/api'],
  ])('rejects %s at creation with a TypeError naming the option', (_, baseUrl) => {
    expect(create({ baseUrl })).toThrow(
      new TypeError(
        'createReservationClient: `baseUrl` must be an absolute http(s) URL of the service root, e.g. https://reservations.example.com or http://127.0.0.1:4010',
      ),
    );
  });

  it.each([
    ['https://reservations.example.com/api/v1', 'https://reservations.example.com'],
    ['https://reservations.example.com/api/v1/', 'https://reservations.example.com'],
    ['http://127.0.0.1:4010/prefix/api/v1/demo-bistro', 'http://127.0.0.1:4010/prefix'],
  ])('rejects %s, explaining that the SDK adds /api/v1 and suggesting %s', (baseUrl, root) => {
    expect(create({ baseUrl })).toThrow(
      `createReservationClient: \`baseUrl\` must be the service root without /api/v1 (the SDK adds /api/v1/<project> itself): use ${root} and pass the project slug as \`project\``,
    );
  });

  it('rejects credentials without echoing them, and a query or fragment', () => {
    const withCredentials = create({ baseUrl: 'https://user:hunter2@reservations.example.com' });
    expect(withCredentials).toThrow(/`baseUrl` must not contain credentials/);
    expect(withCredentials).not.toThrow(/hunter2/);
    expect(create({ baseUrl: 'https://reservations.example.com?x=1' })).toThrow(/query string or fragment/);
    expect(create({ baseUrl: 'https://reservations.example.com#top' })).toThrow(/query string or fragment/);
  });

  it('accepts a root with a path prefix and trailing slashes', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub, { baseUrl: 'http://api.test/prefix//' });
    await client.schedule.get();
    expect(stub.calls[0]?.url.href).toBe(`${BASE_URL}${P}/schedule`);
  });
});

describe('timeoutMs', () => {
  const invalid = [0, -1, Number.NaN, 2 ** 31, Number.NEGATIVE_INFINITY];

  it.each(invalid)('rejects %s at creation', (timeoutMs) => {
    expect(create({ timeoutMs })).toThrow(
      `createReservationClient: \`timeoutMs\` must be a number of milliseconds greater than 0 and at most 2147483647 (about 24.8 days), or Infinity for no timeout; got ${timeoutMs}`,
    );
  });

  it.each(invalid)('rejects %s per call, before any request', async (timeoutMs) => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub);
    await expect(client.schedule.get({ timeoutMs })).rejects.toThrow(
      /^per-call options: `timeoutMs` must be a number of milliseconds greater than 0/,
    );
    expect(stub.calls).toHaveLength(0);
  });

  it('rejects a value that is not a number, naming only its type', () => {
    expect(create({ timeoutMs: '5000' as unknown as number })).toThrow(/got string$/);
  });

  it('accepts Infinity as "no timeout": no timer, so no instant timeout', async () => {
    vi.useFakeTimers();
    try {
      const stub = stubFetch(hang);
      const { client } = clientOn(stub, { timeoutMs: Number.POSITIVE_INFINITY, maxRetries: 0 });
      const controller = new AbortController();
      const pending = client.schedule.get({ signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10);
      expect(stub.calls).toHaveLength(1);
      expect(vi.getTimerCount()).toBe(0);
      controller.abort();
      expect(await pending).not.toBeInstanceOf(TimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives fetch the Request's own signal when nothing can abort a call (Infinity, no signal)", async () => {
    const seen: boolean[] = [];
    const stub = stubFetch(ok);
    const { client } = clientOn(stub, {
      timeoutMs: Number.POSITIVE_INFINITY,
      fetch: async (request, init) => {
        seen.push(init.signal === request.signal);
        return stub.fetch(request, init);
      },
    });
    await client.schedule.get();
    // A caller's signal can abort, so that call gets a signal of its own that follows it.
    await client.schedule.get({ signal: new AbortController().signal });
    expect(seen).toEqual([true, false]);
  });

  it('accepts the largest timer delay', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub, { timeoutMs: 2_147_483_647 });
    await expect(client.schedule.get()).resolves.toEqual({
      openingHours: schedule.openingHours,
      holidays: schedule.holidays,
    });
  });
});

describe('maxRetries', () => {
  const invalid = [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY];

  it.each(invalid)('rejects %s at creation (NaN would retry forever)', (maxRetries) => {
    expect(create({ maxRetries })).toThrow(
      `createReservationClient: \`maxRetries\` must be a whole number ≥ 0; got ${maxRetries}`,
    );
  });

  it.each(invalid)('rejects %s per call, before any request', async (maxRetries) => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub);
    await expect(client.schedule.get({ maxRetries })).rejects.toThrow(
      `per-call options: \`maxRetries\` must be a whole number ≥ 0; got ${maxRetries}`,
    );
    expect(stub.calls).toHaveLength(0);
  });

  it('rejects per-call options in iterate() when the first page is requested', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub);
    await expect(
      client.reservations.iterate(undefined, { maxRetries: -1 }).toArray({ max: 1 }),
    ).rejects.toThrow(TypeError);
    expect(stub.calls).toHaveLength(0);
  });
});

describe('retry options', () => {
  it.each([
    ['baseDelayMs', Number.NaN],
    ['maxDelayMs', -1],
    ['maxRetryAfterMs', Number.POSITIVE_INFINITY],
    ['maxRetryAfterMs', 2 ** 31],
  ] as const)('rejects retry.%s = %s', (name, value) => {
    expect(create({ retry: { [name]: value } })).toThrow(
      `createReservationClient: \`retry.${name}\` must be a number of milliseconds from 0 to 2147483647; got ${value}`,
    );
  });

  it('rejects sleep, random and fetch that are not functions', () => {
    expect(create({ retry: { sleep: 5 as unknown as () => Promise<void> } })).toThrow(
      'createReservationClient: `retry.sleep` must be a function; got 5',
    );
    expect(create({ retry: { random: 0.5 as unknown as () => number } })).toThrow(
      /`retry.random` must be a function/,
    );
    expect(create({ fetch: 'fetch' as unknown as typeof fetch })).toThrow(
      /`fetch` must be a function; got string/,
    );
  });

  it('accepts 0 delays (instant retries in tests)', async () => {
    const stub = stubFetch(async () => Response.json({ error: 'x', message: 'x' }, { status: 503 }), ok);
    const client = createReservationClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      project: SLUG,
      fetch: stub.fetch,
      retry: { baseDelayMs: 0, maxDelayMs: 0 },
    });
    await expect(client.schedule.get()).resolves.toEqual({
      openingHours: schedule.openingHours,
      holidays: schedule.holidays,
    });
    expect(stub.calls).toHaveLength(2);
  });
});

describe('project', () => {
  it.each(['.', '..'])('rejects %j, which would change the path', (project) => {
    expect(create({ project })).toThrow('createReservationClient: `project` must be a project slug');
  });
});

describe('headers the SDK sends', () => {
  it('sends Accept: application/json and a User-Agent naming the SDK and its version', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub);
    await client.schedule.get();
    expect(stub.calls[0]?.headers.get('accept')).toBe('application/json');
    expect(stub.calls[0]?.headers.get('user-agent')).toMatch(/^reservation-api-sdk\/\d+\.\d+\.\d+/);
  });

  it('lets client and per-call headers replace Accept and User-Agent', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub, { headers: { 'User-Agent': 'my-app/1.0' } });
    await client.schedule.get({ headers: { Accept: 'application/json, */*' } });
    expect(stub.calls[0]?.headers.get('user-agent')).toBe('my-app/1.0');
    expect(stub.calls[0]?.headers.get('accept')).toBe('application/json, */*');
  });

  it('takes headers in every form HeadersInput names: a Map and readonly pairs too', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub, { headers: new Map([['x-client', 'a']]) });
    const pairs = [['x-call', 'b']] as const;
    await client.schedule.get({ headers: pairs });
    expect(stub.calls[0]?.headers.get('x-client')).toBe('a');
    expect(stub.calls[0]?.headers.get('x-call')).toBe('b');
  });
});

function everyRendering(error: unknown): string[] {
  const e = error as Error & { toJSON?: () => unknown };
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    JSON.stringify(e.toJSON?.()) ?? '',
    inspect(e, { depth: 20, showHidden: true, getters: true }),
    inspect(e.cause, { depth: 20, showHidden: true }),
  ];
}

describe('the API key never leaks into errors', () => {
  const failures: Array<[string, Responder, Partial<Parameters<typeof clientOn>[1]>]> = [
    [
      '401',
      reply('GET', `${P}/schedule`, 401, errorBody('Unauthorized', 'Invalid API key', 'API_KEY_INVALID')),
      {},
    ],
    [
      '403',
      reply(
        'GET',
        `${P}/schedule`,
        403,
        errorBody('Forbidden', 'API key is not authorized for this project', 'PROJECT_MISMATCH'),
      ),
      {},
    ],
    [
      '500',
      reply('GET', `${P}/schedule`, 500, errorBody('Internal Server Error', 'Boom', 'INTERNAL_ERROR')),
      {},
    ],
    ['network error', networkFailure, {}],
    ['timeout', hang, { timeoutMs: 10 }],
  ];

  it.each(failures)(
    '%s: not in message, stack, JSON, toJSON or util.inspect',
    async (_, responder, options) => {
      const stub = stubFetch(responder);
      const { client } = clientOn(stub, options);
      const error = await client.schedule.get().catch((e: unknown) => e);
      expect(isReservationApiError(error)).toBe(true);
      for (const text of everyRendering(error)) expect(text).not.toContain(API_KEY);
      // ...although it was sent.
      expect(stub.calls[0]?.headers.get('x-api-key')).toBe(API_KEY);
    },
  );

  it('is not visible by inspecting the client', () => {
    const { client } = clientOn(stubFetch(networkFailure));
    expect(inspect(client, { depth: 20, showHidden: true })).not.toContain(API_KEY);
    expect(JSON.stringify(client)).not.toContain(API_KEY);
  });

  it('is not named in option validation errors', () => {
    expect(() => createReservationClient({ baseUrl: '', apiKey: API_KEY, project: SLUG })).toThrow(
      /`baseUrl` must be a non-empty string/,
    );
    let error: unknown;
    try {
      createReservationClient({ baseUrl: BASE_URL, apiKey: API_KEY, project: '' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/`project`/);
    for (const text of everyRendering(error)) expect(text).not.toContain(API_KEY);
    expect(() => createReservationClient({ baseUrl: BASE_URL, apiKey: '', project: SLUG })).toThrow(
      /`apiKey`/,
    );
  });
});

describe('an API key that cannot be sent as a header', () => {
  const SECRET_PART = 'def_SECRET';

  it.each([
    ['a line break inside', `rk_abc\n${SECRET_PART}`, /whitespace or a control character/],
    ['a space inside', `rk_abc ${SECRET_PART}`, /whitespace or a control character/],
    ['a tab inside', `rk_abc\t${SECRET_PART}`, /whitespace or a control character/],
    ['a NUL byte', `rk_abc\u0000${SECRET_PART}`, /whitespace or a control character/],
    ['a typographic quote', `\u201Crk_abc${SECRET_PART}\u201D`, /a non-ASCII character/],
  ])('with %s is refused at creation, without quoting the key', (_, apiKey, kind) => {
    let error: unknown;
    try {
      createReservationClient({ baseUrl: BASE_URL, apiKey, project: SLUG });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/`apiKey` contains/);
    expect(String(error)).toMatch(kind);
    for (const text of everyRendering(error)) {
      expect(text).not.toContain(SECRET_PART);
      expect(text).not.toContain('rk_abc');
    }
  });

  it('is trimmed of surrounding whitespace (a key file ending in a newline) and sent trimmed', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { apiKey: `  ${API_KEY}\n` });
    await client.schedule.get();
    expect(stub.calls[0]?.headers.get('x-api-key')).toBe(API_KEY);
  });
});

describe('header values in option errors and connection messages', () => {
  it('an invalid client or per-call header value is refused without quoting it', async () => {
    const token = 'Bearer tok_SECRET\nX';
    expect(() =>
      createReservationClient({
        baseUrl: BASE_URL,
        apiKey: API_KEY,
        project: SLUG,
        headers: { Authorization: token },
      }),
    ).toThrow(/`headers` has an invalid header name or value/);
    let creationError: unknown;
    try {
      createReservationClient({
        baseUrl: BASE_URL,
        apiKey: API_KEY,
        project: SLUG,
        headers: { Authorization: token },
      });
    } catch (caught) {
      creationError = caught;
    }
    expect(creationError).toBeInstanceOf(TypeError);
    expect(String(creationError)).toMatch(/`headers` has an invalid header name or value/);
    for (const text of everyRendering(creationError)) expect(text).not.toContain('tok_SECRET');
    const { client } = clientOn(stubFetch(networkFailure));
    const error = await client.schedule.get({ headers: { Authorization: token } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/^TypeError: per-call options: `headers` has an invalid header/);
    expect(String(error)).not.toContain('tok_SECRET');
  });

  it('a fetch error that quotes the request headers has them masked in the ConnectionError message', async () => {
    const chatty: Responder = async (request) => {
      throw new TypeError(`fetch failed for ${JSON.stringify(Object.fromEntries(request.headers))}`);
    };
    const { client } = clientOn(stubFetch(chatty), {
      maxRetries: 0,
      headers: { Authorization: 'Bearer tok_SECRET_123' },
    });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    const { message } = error as ConnectionError;
    expect(message).toMatch(
      /^No answer from the Reservation API after \d attempts? over [\d.]+ s: fetch failed for /,
    );
    expect(message).toContain('"x-api-key":"[redacted]"');
    expect(message).not.toContain(API_KEY);
    expect(message).not.toContain('tok_SECRET_123');
  });
});

describe('browser-like environments', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses to create a client where window and document exist', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => createReservationClient({ baseUrl: BASE_URL, apiKey: API_KEY, project: SLUG })).toThrow(
      /server-side secrets[\s\S]*dangerouslyAllowBrowser: true/,
    );
  });

  it('allows it with dangerouslyAllowBrowser: true', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() =>
      createReservationClient({
        baseUrl: BASE_URL,
        apiKey: API_KEY,
        project: SLUG,
        dangerouslyAllowBrowser: true,
      }),
    ).not.toThrow();
  });

  it('does not treat a worker-like global with only window or only document as a browser page', () => {
    vi.stubGlobal('window', {});
    expect(() =>
      createReservationClient({ baseUrl: BASE_URL, apiKey: API_KEY, project: SLUG }),
    ).not.toThrow();
  });
});

const unavailable = (retryAfter: string) =>
  reply('GET', `${P}/schedule`, 503, errorBody('Service Unavailable', 'Down', 'INTERNAL_ERROR'), {
    'Retry-After': retryAfter,
  });

describe('options given as undefined or untrimmed', () => {
  it('an explicit undefined in `retry` keeps the default instead of failing or replacing it', async () => {
    const stub = stubFetch(unavailable('0'), reply('GET', `${P}/schedule`, 200, schedule));
    const { client, sleeps } = clientOn(stub, {
      retry: { baseDelayMs: undefined, maxDelayMs: undefined, maxRetryAfterMs: undefined },
    });
    await client.schedule.get();
    expect(sleeps).toEqual([0]);
    // The default backoff applies without Retry-After: 0.5 s with equal jitter, so 250–500 ms.
    const stub2 = stubFetch(
      reply('GET', `${P}/schedule`, 500, errorBody('Internal Server Error', 'x', 'INTERNAL_ERROR')),
      reply('GET', `${P}/schedule`, 200, schedule),
    );
    const { client: client2, sleeps: sleeps2 } = clientOn(stub2, {
      retry: { baseDelayMs: undefined, random: () => 1 },
    });
    await client2.schedule.get();
    expect(sleeps2).toEqual([500]);
  });

  it('`project` is trimmed like apiKey and baseUrl', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { project: `  ${SLUG}\n` });
    await client.schedule.get();
    expect(stub.calls[0]?.url.pathname).toBe(`/prefix/api/v1/${SLUG}/schedule`);
  });
});

describe('the client on a stub fetch', () => {
  it('sends client headers and per-call headers, and the API key cannot be overridden by either', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { headers: { 'X-App': 'booking', 'X-API-Key': 'nope' } });
    await client.schedule.get({ headers: { 'X-Request-Id': 'req-1', 'x-api-key': 'nope either' } });
    const headers = stub.calls[0]?.headers;
    expect(headers?.get('x-app')).toBe('booking');
    expect(headers?.get('x-request-id')).toBe('req-1');
    expect(headers?.get('x-api-key')).toBe(API_KEY);
  });

  it('the API key wins over a client-level X-API-Key header, with or without per-call options', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { headers: { 'X-API-Key': 'nope' } });
    await client.schedule.get();
    await client.schedule.get({ timeoutMs: 5_000 });
    await client.raw.GET('/api/v1/{slug}/schedule', { params: { path: { slug: SLUG } } });
    expect(stub.calls.map((call) => call.headers.get('x-api-key'))).toEqual([API_KEY, API_KEY, API_KEY]);
  });

  it('the API key wins over an X-API-Key header given to client.raw', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    await client.raw.GET('/api/v1/{slug}/schedule', {
      params: { path: { slug: SLUG } },
      headers: { 'X-API-Key': 'nope' },
    });
    expect(stub.calls[0]?.headers.get('x-api-key')).toBe(API_KEY);
  });

  it("client.raw: the request's headers win over the SDK's and the client's, the key still last", async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub, { headers: { 'X-Tenant': 'client-level' } });
    await client.raw.GET('/api/v1/{slug}/schedule', {
      params: { path: { slug: SLUG } },
      headers: { Accept: 'text/csv', 'User-Agent': 'mine/1', 'X-Tenant': 'per-request', 'X-API-Key': 'nope' },
    });
    const headers = stub.calls[0]?.headers;
    expect(headers?.get('accept')).toBe('text/csv');
    expect(headers?.get('user-agent')).toBe('mine/1');
    expect(headers?.get('x-tenant')).toBe('per-request');
    expect(headers?.get('x-api-key')).toBe(API_KEY);
  });

  it("client.raw: a request's header values are masked in its errors, as a resource method's", async () => {
    const secret = 'Bearer raw-only-secret-123';
    const { client } = clientOn(
      {
        fetch: async (request: Request) => {
          throw new TypeError(`proxy refused: ${request.headers.get('authorization')}`);
        },
      },
      { maxRetries: 0 },
    );
    const error = await client.raw
      .GET('/api/v1/{slug}/schedule', {
        params: { path: { slug: SLUG } },
        headers: { Authorization: secret },
      })
      .catch((caught: unknown) => caught);
    expect(everyRendering(error).join('\n')).not.toContain('raw-only-secret');
  });

  it('refuses a header fetch sets or refuses itself, before any request, at creation and per call', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    expect(() => clientOn(stub, { headers: { Expect: '100-continue' } })).toThrow(
      new TypeError('createReservationClient: `headers` cannot set expect (fetch does)'),
    );
    const { client } = clientOn(stub);
    for (const [name, value] of [
      ['Transfer-Encoding', 'chunked'],
      ['Connection', 'close'],
      ['Content-Length', '5'],
    ]) {
      const headers: HeadersInit = [[name ?? '', value ?? '']];
      await expect(client.schedule.get({ headers })).rejects.toThrow(
        /^per-call options: `headers` cannot set /,
      );
    }
    expect(stub.calls).toHaveLength(0);
  });

  it('client.raw refuses a per-request baseUrl (the API key would go to that origin), sending nothing', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    const init = { params: { path: { slug: SLUG } }, baseUrl: 'http://elsewhere.test' };
    await expect(client.raw.GET('/api/v1/{slug}/schedule', init)).rejects.toThrow(
      new TypeError("client.raw: `baseUrl` is the client's alone"),
    );
    expect(stub.calls).toHaveLength(0);
  });

  it('joins a base URL with a trailing slash and a path prefix without doubling slashes', async () => {
    const stub = stubFetch(reply('GET', `${P}/info`, 200, projectInfo));
    const { client } = clientOn(stub, { baseUrl: 'http://api.test/prefix/' });
    await client.info.get();
    expect(stub.calls[0]?.url.href).toBe(`${API}/info`);
  });

  it('client.raw is openapi-fetch with the same auth: it returns { data, error, response }', async () => {
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    const { data, response } = await client.raw.GET('/api/v1/{slug}/schedule', {
      params: { path: { slug: SLUG } },
    });
    expect(data).toEqual(schedule);
    expect(response.status).toBe(200);
    expect(stub.calls[0]?.headers.get('x-api-key')).toBe(API_KEY);
  });

  it('uses globalThis.fetch as it is at call time when no fetch option is given', async () => {
    const { createReservationClient } = await import('../src/index');
    const client = createReservationClient({
      baseUrl: 'http://api.test/prefix',
      apiKey: API_KEY,
      project: SLUG,
    });
    const stub = stubFetch(reply('GET', `${P}/schedule`, 200, schedule));
    const original = globalThis.fetch;
    // Replaced after the client exists, as MSW's server.listen() does.
    globalThis.fetch = stub.fetch as typeof fetch;
    try {
      await client.schedule.get();
    } finally {
      globalThis.fetch = original;
    }
    expect(stub.calls).toHaveLength(1);
  });
});

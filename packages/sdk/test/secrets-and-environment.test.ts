import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, createReservationClient, isReservationApiError } from '../src/index';
import { clientOn } from './support/client';
import { API_KEY, BASE_URL, errorBody, SLUG, schedule } from './support/fixtures';
import { hang, networkFailure, type Responder, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;

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
      /^Could not reach the Reservation API after \d attempts? over [\d.]+ s: fetch failed for /,
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

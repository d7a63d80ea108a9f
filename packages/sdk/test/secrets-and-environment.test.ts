import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReservationClient, isReservationApiError } from '../src/index';
import { clientOn } from './support/client';
import { API_KEY, BASE_URL, errorBody, SLUG } from './support/fixtures';
import { hang, networkFailure, type Responder, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;

function everyRendering(error: unknown): string[] {
  const e = error as Error & { toJSON?: () => unknown };
  return [
    String(e),
    e.message,
    e.stack ?? '',
    JSON.stringify(e),
    JSON.stringify(e.toJSON?.()),
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
    try {
      createReservationClient({ baseUrl: BASE_URL, apiKey: API_KEY, project: '' });
    } catch (error) {
      expect(String(error)).not.toContain(API_KEY);
    }
    expect(() => createReservationClient({ baseUrl: BASE_URL, apiKey: '', project: SLUG })).toThrow(
      /`apiKey`/,
    );
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

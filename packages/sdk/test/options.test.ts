import { describe, expect, it, vi } from 'vitest';
import { createReservationClient, type ReservationClientOptions, TimeoutError } from '../src/index';
import { clientOn } from './support/client';
import { API_KEY, BASE_URL, SLUG, schedule } from './support/fixtures';
import { hang, reply, stubFetch } from './support/stub-fetch';

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
});

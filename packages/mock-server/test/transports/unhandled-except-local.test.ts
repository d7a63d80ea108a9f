// unhandledExceptLocal() (@reservation-api/mock-server/supertest; mock README, "Testing your own HTTP
// service with supertest") under the repository's msw 2: a loopback server of your own is reached,
// while a request to the mock's own origin that no handler answers, or to any other host, fails
// without being sent. The runtime matrix runs the same under msw 3 (onUnhandledFrame).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isOwnLocalServer, unhandledExceptLocal } from '../../src/supertest';

/** A real server on 127.0.0.1 that counts what reaches it. */
async function countingServer(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('yours');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const outcome = (url: string) =>
  fetch(url).then(
    async (response) => `${response.status} ${await response.text()}`,
    (error: unknown) => `rejected: ${String(error)}`,
  );

describe('unhandledExceptLocal under msw 2', () => {
  let app: Awaited<ReturnType<typeof countingServer>>;
  /** Stands in for the mock's origin: a real server, so a request that got through would show. */
  let mockOrigin: Awaited<ReturnType<typeof countingServer>>;
  const msw = setupServer();
  const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);

  beforeAll(async () => {
    app = await countingServer();
    mockOrigin = await countingServer();
    msw.listen(unhandledExceptLocal({ baseUrl: mockOrigin.url }));
  });

  afterAll(async () => {
    msw.close();
    printed.mockRestore();
    for (const { server } of [app, mockOrigin]) await new Promise((resolve) => server.close(resolve));
  });

  it("lets a request to your own loopback server through (supertest's ephemeral port)", async () => {
    expect(await outcome(`${app.url}/tables?x=1`)).toBe('200 yours');
    expect(app.hits).toEqual(['GET /tables?x=1']);
  });

  it("fails a request to the mock's origin that no handler answers, without sending it, and says why", async () => {
    printed.mockClear();
    expect(await outcome(`${mockOrigin.url}/not-the-api`)).toMatch(/^rejected: TypeError/);
    expect(mockOrigin.hits).toEqual([]);
    // msw's own message for an unhandled request (printed asynchronously).
    await vi.waitFor(() => expect(String(printed.mock.calls[0]?.[0])).toContain('[MSW] Error'));
  });

  it('fails a request to any other host', async () => {
    expect(await outcome('https://elsewhere.example/api')).toMatch(/^rejected: TypeError/);
  });
});

describe('isOwnLocalServer', () => {
  const mock = { baseUrl: 'http://127.0.0.1:4010' };

  it('is a loopback host (127.0.0.1, localhost, [::1]) on an origin that is not a mock', () => {
    expect(isOwnLocalServer('http://127.0.0.1:53124/tables', [mock])).toBe(true);
    expect(isOwnLocalServer('http://localhost:4010/', [mock])).toBe(true);
    expect(isOwnLocalServer('http://[::1]:3000/', [mock])).toBe(true);
    expect(isOwnLocalServer('http://127.0.0.1:4010/api/v1/x', [mock])).toBe(false);
    expect(
      isOwnLocalServer('http://127.0.0.1:5000/', [mock, { baseUrl: 'http://127.0.0.1:5000/base' }]),
    ).toBe(false);
    expect(isOwnLocalServer('https://api.example.com/', [mock])).toBe(false);
    expect(isOwnLocalServer('not a url', [mock])).toBe(false);
  });

  it('takes one mock as unhandledExceptLocal does, not only a list', () => {
    expect(isOwnLocalServer('http://127.0.0.1:53124/tables', mock)).toBe(true);
    expect(isOwnLocalServer('http://127.0.0.1:4010/api/v1/x', mock)).toBe(false);
  });

  it('says what to pass instead when the mock does not exist yet (made in beforeEach, read in beforeAll)', () => {
    let later: { baseUrl: string } | undefined;
    expect(() => unhandledExceptLocal(later as unknown as { baseUrl: string })).toThrow(
      /^unhandledExceptLocal: got no mock \(a mock made in beforeEach is undefined in beforeAll\): pass the mocks' base URL instead/,
    );
    later = { baseUrl: 'https://api.test' };
    expect(unhandledExceptLocal(later)).toHaveProperty('onUnhandledRequest');
  });

  it('refuses a mock whose base URL is no URL (or missing), before any request, saying what to pass', () => {
    const expected =
      "unhandledExceptLocal: a mock's baseUrl must be a URL (a mock, or { baseUrl: 'https://api.test' }); got";
    expect(() => unhandledExceptLocal({ baseUrl: 'nope' })).toThrow(`${expected} "nope"`);
    expect(() => unhandledExceptLocal({} as { baseUrl: string })).toThrow(`${expected} undefined`);
    // A URL object is a URL (from JavaScript; the type says string).
    expect(
      unhandledExceptLocal({ baseUrl: new URL('https://api.test') as unknown as string }),
    ).toHaveProperty('onUnhandledRequest');
  });

  it("refuses an `otherwise` other than 'error' or 'warn' (from JavaScript, 'bypass' meant 'error')", () => {
    expect(() =>
      unhandledExceptLocal({ baseUrl: 'https://api.test' }, { otherwise: 'bypass' as 'warn' }),
    ).toThrow(`unhandledExceptLocal: otherwise must be 'error' or 'warn'; got "bypass"`);
  });
});

describe('the msw 3 callback (onUnhandledFrame), with the frames msw 3 passes', () => {
  const options = unhandledExceptLocal({ baseUrl: 'http://127.0.0.1:4010' });
  const defaults = () => ({ warn: vi.fn(), error: vi.fn() });
  const httpFrame = (url: string) => ({
    protocol: 'http',
    data: { requestId: '1', request: new Request(url) },
  });

  it('returns for your own server, and prints nothing', () => {
    const d = defaults();
    expect(
      options.onUnhandledFrame({ frame: httpFrame('http://127.0.0.1:53124/'), defaults: d }),
    ).toBeUndefined();
    expect(d.error).not.toHaveBeenCalled();
  });

  it("prints msw's error and throws a network error response (msw answers the request with it)", () => {
    for (const frame of [
      httpFrame('http://127.0.0.1:4010/nope'),
      httpFrame('https://elsewhere.example/'),
      { protocol: 'ws', data: { connection: {} } },
    ]) {
      const d = defaults();
      let thrown: unknown;
      try {
        options.onUnhandledFrame({ frame, defaults: d });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).type).toBe('error');
      expect(d.error).toHaveBeenCalledOnce();
    }
  });

  it("with otherwise: 'warn', only warns", () => {
    const d = defaults();
    const warning = unhandledExceptLocal({ baseUrl: 'http://127.0.0.1:4010' }, { otherwise: 'warn' });
    warning.onUnhandledFrame({ frame: httpFrame('https://elsewhere.example/'), defaults: d });
    expect(d.warn).toHaveBeenCalledOnce();
    expect(d.error).not.toHaveBeenCalled();
  });
});

// The API has no redirects, and fetch re-sends a custom header such as X-API-Key to wherever one
// points (it drops only Authorization and Cookie across origins). So the SDK follows none: a 3xx is a
// RedirectError naming where it pointed, and the other host never sees the key.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createReservationClient, RedirectError, ReservationApiError } from '../src/index';
import { clientOn } from './support/client';
import { API_KEY, SLUG } from './support/fixtures';
import { localServer } from './support/local-server';
import { stubFetch } from './support/stub-fetch';

/** An API host that redirects every request with `status` to `target` + the same path. */
async function redirecting(status: number, target: string) {
  return localServer((request, response) => {
    response.writeHead(status, { Location: `${target}${request.url}` }).end('moved');
  });
}

/** The other origin: records what reaches it and answers like the API would. */
async function otherHost() {
  return localServer((request, response) => {
    response.writeHead(201, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        success: true,
        message: 'Reservation created',
        reservation: { id: 'res_evil', status: 'PENDING', date: '2030-06-18', from: '18:00', to: '20:00' },
        tables: [],
        seen: request.method,
      }),
    );
  });
}

function realClient(baseUrl: string) {
  return createReservationClient({
    baseUrl,
    apiKey: API_KEY,
    project: SLUG,
    retry: { sleep: async () => {} },
  });
}

describe('redirects are never followed', () => {
  it.each([301, 302, 303, 307, 308])(
    'a %i to another origin is a RedirectError naming that origin; the key never reaches it',
    async (status) => {
      const other = await otherHost();
      const api = await redirecting(status, other.origin);
      const error = await realClient(api.origin)
        .tables.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toBeInstanceOf(ReservationApiError);
      const redirect = error as RedirectError;
      expect(redirect.name).toBe('RedirectError');
      expect(redirect.status).toBe(status);
      expect(redirect.location).toBe(`${other.origin}/api/v1/${SLUG}/tables`);
      expect(redirect.message).toContain(`redirect to ${other.origin}`);
      expect(redirect.method).toBe('GET');
      expect(redirect.url).toBe(`${api.origin}/api/v1/${SLUG}/tables`);
      expect(redirect.toJSON()).toMatchObject({ name: 'RedirectError', status, location: redirect.location });
      expect(other.requests).toEqual([]);
      // Not retried either: a redirect is an answer, not a failure.
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0]?.headers['x-api-key']).toBe(API_KEY);
    },
  );

  it('a 307 on reservations.create does not re-send the POST, its body or the key to the other host', async () => {
    const other = await otherHost();
    const api = await redirecting(307, other.origin);
    const error = await realClient(api.origin)
      .reservations.create({
        email: 'jana@example.com',
        date: '2030-06-18',
        from: '18:00',
        to: '20:00',
        guests: 2,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).method).toBe('POST');
    expect(other.requests).toEqual([]);
    expect(api.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('client.raw does not follow one either', async () => {
    const other = await otherHost();
    const api = await redirecting(302, other.origin);
    const client = realClient(api.origin);
    const error = await client.raw
      .GET('/api/v1/{slug}/tables', { params: { path: { slug: SLUG } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    // Not even when the init asks for it.
    const init = { params: { path: { slug: SLUG } }, redirect: 'follow' as const };
    await expect(client.raw.GET('/api/v1/{slug}/tables', init)).rejects.toBeInstanceOf(RedirectError);
    expect(other.requests).toEqual([]);
  });

  it('a relative Location is resolved against the request URL; the key in a Location is masked', async () => {
    const api = await localServer((_request, response) => {
      response.writeHead(302, { Location: `/elsewhere?key=${API_KEY}` }).end();
    });
    const error = (await realClient(api.origin)
      .tables.list()
      .catch((e: unknown) => e)) as RedirectError;
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.location).toBe(`${api.origin}/elsewhere?key=[redacted]`);
    expect(inspect(error, { depth: 10 })).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('sends every request with redirect: manual, so a fetch that forwards the Request follows nothing', async () => {
    const stub = stubFetch(async () => new Response('{"success":true,"tables":[]}', { status: 200 }));
    const seen: RequestRedirect[] = [];
    const { client } = clientOn({
      ...stub,
      fetch: (request, init) => {
        seen.push(request.redirect);
        return stub.fetch(request, init);
      },
    });
    await client.tables.list();
    await client.raw.GET('/api/v1/{slug}/tables', { params: { path: { slug: SLUG } } });
    expect(seen).toEqual(['manual', 'manual']);
  });

  it('an https 301 to plain http is refused before anything is sent there', async () => {
    const stub = stubFetch(
      async () => new Response(null, { status: 301, headers: { Location: 'http://api.example/api/v1/x' } }),
    );
    const { client } = clientOn(stub, { baseUrl: 'https://api.example' });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).message).toContain('redirect to http://api.example');
    expect(stub.calls).toHaveLength(1);
  });

  it('an opaque redirect (a browser fetch with redirect: manual) is a RedirectError too', async () => {
    const opaque = Object.defineProperties(new Response(null, { status: 200 }), {
      status: { value: 0 },
      ok: { value: false },
      type: { value: 'opaqueredirect' },
    });
    const { client } = clientOn(stubFetch(async () => opaque));
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).location).toBeUndefined();
    expect((error as RedirectError).message).toContain('a location the runtime does not show');
  });

  it('a custom fetch that follows the redirect anyway does not make the call succeed', async () => {
    const other = await otherHost();
    const api = await redirecting(302, other.origin);
    const client = createReservationClient({
      baseUrl: api.origin,
      apiKey: API_KEY,
      project: SLUG,
      // Ignores the Request's redirect mode, as a careless wrapper might.
      fetch: (request, init) => fetch(request.url, { headers: request.headers, signal: init.signal }),
    });
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).message).toContain(`reached through a redirect to ${other.origin}`);
  });
});

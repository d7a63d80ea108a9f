// src/call.ts: retries (reads only, backoff, Retry-After), timeouts per attempt that cover the body,
// the caller's abort, connection failures and their messages, client.raw run like a resource method,
// and redirects, never followed.
//
// The API has no redirects, and fetch re-sends a custom header such as X-API-Key to wherever one
// points (it drops only Authorization and Cookie across origins). So the SDK follows none: a 3xx is a
// RedirectError naming where it pointed, and the other host never sees the key.

import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  createReservationClient,
  RateLimitError,
  RedirectError,
  ReservationApiError,
  ServerError,
  TimeoutError,
} from '../src/index';
import { clientOn } from './support/client';
import { API_KEY, BASE_URL, createdReservation, errorBody, SLUG, schedule } from './support/fixtures';
import { localServer } from './support/local-server';
import {
  brokenBody,
  hang,
  networkFailure,
  type Responder,
  rawReply,
  reply,
  stallingBody,
  stubFetch,
} from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const ok = reply('GET', `${P}/schedule`, 200, schedule);
const unavailable = reply(
  'GET',
  `${P}/schedule`,
  500,
  errorBody('Internal Server Error', 'Boom', 'INTERNAL_ERROR'),
);
const rateLimited = (retryAfter: string) =>
  reply('GET', `${P}/schedule`, 429, errorBody('Too Many Requests', 'Slow down', 'RATE_LIMITED'), {
    'Retry-After': retryAfter,
  });

/** The rejection reason of a call, as a value (a resolved call gives 'resolved'). */
const failed = (error: unknown): unknown => error;

// The tests on fake timers restore real ones in `finally`; this also does it after a test that timed
// out (a call that hangs never reaches its `finally`), so the tests after it run on real timers.
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('retries a GET after a 500 and returns the later success', async () => {
    const stub = stubFetch(unavailable, unavailable, ok);
    const { client, sleeps } = clientOn(stub);
    await expect(client.schedule.get()).resolves.toMatchObject({ holidays: schedule.holidays });
    expect(stub.calls).toHaveLength(3);
    // random() = 0.5: 0.5 s·2^n with equal jitter -> 375 ms, then 750 ms.
    expect(sleeps).toEqual([375, 750]);
  });

  it.each([408, 429, 500, 502, 503, 504])('retries a GET answered %i', async (status) => {
    const stub = stubFetch(async () => Response.json({ error: 'x', message: 'x' }, { status }), ok);
    const { client } = clientOn(stub);
    await client.schedule.get();
    expect(stub.calls).toHaveLength(2);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const stub = stubFetch(unavailable);
    const { client } = clientOn(stub, { maxRetries: 3 });
    await expect(client.schedule.get()).rejects.toBeInstanceOf(ServerError);
    expect(stub.calls).toHaveLength(4);
  });

  it('per-call maxRetries overrides the client setting', async () => {
    const stub = stubFetch(unavailable);
    const { client } = clientOn(stub, { maxRetries: 3 });
    await expect(client.schedule.get({ maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(stub.calls).toHaveLength(1);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const stub = stubFetch(
      reply(
        'GET',
        `${P}/reservations/x`,
        404,
        errorBody('Not Found', 'Reservation not found', 'RESERVATION_NOT_FOUND'),
      ),
    );
    const { client } = clientOn(stub);
    await expect(client.reservations.get('x')).rejects.toMatchObject({ status: 404 });
    expect(stub.calls).toHaveLength(1);
  });

  it('never retries a POST, even after a 503 or a network error', async () => {
    for (const [responder, errorClass] of [
      [
        reply('POST', `${P}/reservations`, 500, errorBody('Internal Server Error', 'Boom', 'INTERNAL_ERROR')),
        ServerError,
      ],
      [networkFailure, ConnectionError],
    ] as const) {
      const stub = stubFetch(responder, reply('POST', `${P}/reservations`, 201, createdReservation));
      const { client } = clientOn(stub);
      await expect(
        client.reservations.create({
          email: 'a@example.com',
          date: '2026-06-15',
          from: '18:00',
          to: '19:00',
        }),
      ).rejects.toBeInstanceOf(errorClass);
      expect(stub.calls).toHaveLength(1);
    }
  });

  it('never retries a PATCH or a DELETE', async () => {
    const stub = stubFetch(networkFailure);
    const { client } = clientOn(stub);
    await expect(client.reservations.updateStatus('r', { status: 'CONFIRMED' })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    await expect(client.reservations.cancel('r')).rejects.toBeInstanceOf(ConnectionError);
    expect(stub.calls.map((c) => c.method)).toEqual(['PATCH', 'DELETE']);
  });

  it('waits the Retry-After seconds of a 429 before retrying', async () => {
    const stub = stubFetch(rateLimited('2'), ok);
    const { client, sleeps } = clientOn(stub);
    await client.schedule.get();
    expect(sleeps).toEqual([2000]);
  });

  it('surfaces a 429 whose Retry-After is beyond the cap at once, with retryAfter', async () => {
    const stub = stubFetch(rateLimited('3600'), ok);
    const { client, sleeps } = clientOn(stub);
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(sleeps).toEqual([]);
    expect(stub.calls).toHaveLength(1);
  });

  it('retries a network error of a GET and throws ConnectionError when all attempts fail', async () => {
    const stub = stubFetch(networkFailure);
    const { client } = clientOn(stub);
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0, name: 'ConnectionError' });
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
    expect(stub.calls).toHaveLength(3);
  });

  it('waits for real between attempts with the default sleep', async () => {
    const stub = stubFetch(unavailable, ok);
    const client = createReservationClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      project: SLUG,
      fetch: stub.fetch,
      retry: { baseDelayMs: 40, random: () => 1 },
    });
    const started = performance.now();
    await client.schedule.get();
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });
});

describe('timeouts', () => {
  it('aborts an attempt after timeoutMs and throws TimeoutError once retries are used', async () => {
    const stub = stubFetch(hang);
    const { client } = clientOn(stub, { timeoutMs: 20, maxRetries: 1 });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ status: 0, timeoutMs: 20 });
    expect(stub.calls).toHaveLength(2);
    expect(stub.calls.every((c) => c.signal?.aborted)).toBe(true);
  });

  it('gives each attempt its own timeout, so a retry can succeed', async () => {
    const stub = stubFetch(hang, ok);
    const { client } = clientOn(stub, { timeoutMs: 20 });
    await expect(client.schedule.get()).resolves.toEqual({
      openingHours: schedule.openingHours,
      holidays: schedule.holidays,
    });
    expect(stub.calls).toHaveLength(2);
  });

  it("leaves keeping the process alive to the request: the attempt's timer is unref'd", async () => {
    // Ref'd timers are the `Timeout` entries of the active resources; an unref'd one is not listed.
    const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    let answer: (response: Response) => void = () => undefined;
    const stub = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { client } = clientOn(stub, { timeoutMs: 60_000, maxRetries: 0 });
    const before = timers();
    const pending = client.schedule.get();
    await stub.called();
    expect(timers()).toBe(before);
    answer(new Response(JSON.stringify(schedule), { headers: { 'Content-Type': 'application/json' } }));
    await expect(pending).resolves.toMatchObject({ holidays: schedule.holidays });
  });

  it('times out even when the fetch implementation ignores the signal', async () => {
    const stub = stubFetch(() => new Promise<Response>(() => {}));
    const { client } = clientOn(stub, { timeoutMs: 20, maxRetries: 0 });
    await expect(client.schedule.get()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('gives a fetch that reads its signal only after the attempt timed out an aborted signal', async () => {
    let read: (signal: AbortSignal) => void = () => undefined;
    const signalRead = new Promise<AbortSignal>((resolve) => {
      read = resolve;
    });
    const fetch = async (_request: Request, init: { signal: AbortSignal }): Promise<Response> => {
      // The attempt's timer (10 ms) has fired by the time the signal is read.
      await new Promise((resolve) => setTimeout(resolve, 40));
      read(init.signal);
      return new Promise<Response>(() => {});
    };
    const client = createReservationClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      project: SLUG,
      fetch,
      timeoutMs: 10,
      maxRetries: 0,
    });
    await expect(client.schedule.get()).rejects.toBeInstanceOf(TimeoutError);
    const signal = await signalRead;
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('gives each attempt a signal of its own: a retry after a timeout gets one not aborted', async () => {
    const stub = stubFetch(hang, ok);
    const { client } = clientOn(stub, { timeoutMs: 20 });
    await client.schedule.get();
    expect(stub.calls.map((c) => c.signal?.aborted)).toEqual([true, false]);
  });

  it('does not retry a timed-out POST', async () => {
    const stub = stubFetch(hang);
    const { client } = clientOn(stub, { timeoutMs: 20 });
    await expect(
      client.reservations.create({ email: 'a@example.com', date: '2026-06-15', from: '18:00', to: '19:00' }),
    ).rejects.toBeInstanceOf(TimeoutError);
    expect(stub.calls).toHaveLength(1);
  });

  it('per-call timeoutMs overrides the client setting', async () => {
    const stub = stubFetch(hang);
    const { client } = clientOn(stub, { timeoutMs: 60_000, maxRetries: 0 });
    await expect(client.schedule.get({ timeoutMs: 10 })).rejects.toMatchObject({ timeoutMs: 10 });
  });

  it('leaves no timer behind after a successful call', async () => {
    vi.useFakeTimers();
    try {
      const stub = stubFetch(ok);
      const { client } = clientOn(stub);
      await client.schedule.get();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('caller abort', () => {
  it('rejects with the abort reason and sends nothing when the signal is already aborted', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub);
    const reason = new Error('user navigated away');
    await expect(client.schedule.get({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(stub.calls).toHaveLength(0);
  });

  it('stops an in-flight request at once with the abort reason and does not retry', async () => {
    const stub = stubFetch(hang);
    const { client } = clientOn(stub, { timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = client.schedule.get({ signal: controller.signal });
    await stub.called();
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]?.signal?.aborted).toBe(true);
  });

  it('stops during the backoff wait without another request', async () => {
    const stub = stubFetch(unavailable, ok);
    const controller = new AbortController();
    const client = createReservationClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      project: SLUG,
      fetch: stub.fetch,
      retry: { baseDelayMs: 60_000 },
    });
    const pending = client.schedule.get({ signal: controller.signal });
    await stub.called();
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(stub.calls).toHaveLength(1);
  });

  it('rejects with the abort reason even when the fetch implementation ignores the signal', async () => {
    const stub = stubFetch(() => new Promise<Response>(() => {}));
    const { client } = clientOn(stub);
    const controller = new AbortController();
    const pending = client.schedule.get({ signal: controller.signal });
    await stub.called();
    controller.abort('cancelled by test');
    await expect(pending).rejects.toBe('cancelled by test');
  });

  it('detaches from a long-lived signal after each call', async () => {
    const stub = stubFetch(ok);
    const { client } = clientOn(stub);
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    for (let i = 0; i < 5; i++) await client.schedule.get({ signal: controller.signal });
    expect(add).toHaveBeenCalledTimes(5);
    expect(remove).toHaveBeenCalledTimes(5);
  });
});

describe('fetch lookup', () => {
  it('sends a Request whose signal is given as init, as standard fetch expects', async () => {
    const seen: unknown[] = [];
    const fetch: Responder = async (request, init) => {
      seen.push(request instanceof Request, init?.signal instanceof AbortSignal);
      return Response.json(schedule);
    };
    const stub = stubFetch(fetch);
    const { client } = clientOn(stub);
    await client.schedule.get();
    expect(seen).toEqual([true, true]);
  });
});

describe('the response body', () => {
  it('a caller abort rejects at once while the body stalls after its first chunk', async () => {
    // Fake timers, never run up to the timeout: only the abort can settle the call.
    vi.useFakeTimers();
    try {
      const stub = stubFetch(stallingBody());
      const { client } = clientOn(stub, { timeoutMs: 60_000 });
      const controller = new AbortController();
      const pending = client.schedule.get({ signal: controller.signal }).then(() => 'resolved', failed);
      await vi.advanceTimersByTimeAsync(100); // the headers have arrived; the body stalls
      expect(stub.calls).toHaveLength(1);
      controller.abort();
      const error = await pending;
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the caller signal linked to the request until the body is read, so fetch cancels the body', async () => {
    vi.useFakeTimers();
    try {
      const stub = stubFetch(stallingBody({ honourSignal: true }));
      const { client } = clientOn(stub, { timeoutMs: 60_000 });
      const controller = new AbortController();
      const pending = client.schedule.get({ signal: controller.signal }).then(() => 'resolved', failed);
      await vi.advanceTimersByTimeAsync(20); // the headers have arrived; the body stalls
      expect(stub.calls).toHaveLength(1);
      controller.abort('stop');
      expect(await pending).toBe('stop');
      expect(stub.calls[0]?.signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('timeoutMs covers a body that stalls: TimeoutError with the answer, not retried once the headers arrived', async () => {
    vi.useFakeTimers();
    try {
      const stub = stubFetch(stallingBody({ headers: { 'X-Request-Id': 'req_000007' } }));
      const { client } = clientOn(stub, { timeoutMs: 100 });
      const pending = client.schedule.get().then(() => 'resolved', failed);
      // Exactly the timeout, and nothing more, settles the call.
      await vi.advanceTimersByTimeAsync(100);
      const error = await pending;
      expect(error).toBeInstanceOf(TimeoutError);
      // The server answered (and may have acted): its status and request id, not "did not answer".
      expect(error).toMatchObject({
        status: 200,
        requestId: 'req_000007',
        timeoutMs: 100,
        sent: true,
        message:
          'The Reservation API answered 200, but its body did not finish within 100 ms after 1 attempt over 0.1 s; not retried',
      });
      expect(stub.calls).toHaveLength(1);
      expect(stub.calls[0]?.signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves no timer behind after an abort or a timeout while the body stalls', async () => {
    vi.useFakeTimers();
    try {
      const { client } = clientOn(stubFetch(stallingBody()), { timeoutMs: 60_000 });
      const controller = new AbortController();
      const aborted = client.schedule.get({ signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10); // the headers arrive, the body stalls
      controller.abort();
      expect(await aborted).toMatchObject({ name: 'AbortError' });
      expect(vi.getTimerCount()).toBe(0);

      const timedOut = client.schedule.get({ timeoutMs: 100 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(100);
      expect(await timedOut).toBeInstanceOf(TimeoutError);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('throws ConnectionError, with the cause and its code, when the body breaks off mid-read', async () => {
    const stub = stubFetch(brokenBody);
    const { client } = clientOn(stub);
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toBe(
      'The Reservation API answered 200, but its body could not be read: terminated: other side closed (UND_ERR_SOCKET)',
    );
    expect((error as ConnectionError).cause).toBeInstanceOf(TypeError);
    expect((error as ConnectionError).headers.get('content-type')).toBe('application/json');
  });

  it.each([
    ['without Content-Length', {}],
    ['with Content-Length', { 'Content-Length': '27' }],
  ])(
    'maps a 200 with an HTML body (%s) to a ReservationApiError that suggests checking baseUrl',
    async (_, extra) => {
      const html = '<html><body>app</body></html>'.slice(0, 27);
      const stub = stubFetch(rawReply(200, html, { 'Content-Type': 'text/html; charset=utf-8', ...extra }));
      const { client } = clientOn(stub);
      const error = await client.schedule.get().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReservationApiError);
      expect(error).toMatchObject({ name: 'ReservationApiError', status: 200 });
      expect((error as ReservationApiError).message).toMatch(
        /^The Reservation API answered 200 with a body that is not JSON \(text\/html; charset=utf-8\); check baseUrl/,
      );
      expect((error as ReservationApiError).headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect((error as ReservationApiError).cause).toBeInstanceOf(SyntaxError);
    },
  );
});

describe('connection failures', () => {
  it('name the cause and its code in the message', async () => {
    const stub = stubFetch(networkFailure);
    const { client } = clientOn(stub, { maxRetries: 0 });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect((error as ConnectionError).message).toMatch(
      /^Could not reach the Reservation API after 1 attempt over \d+\.\d s: fetch failed: connect ECONNREFUSED 127\.0\.0\.1:1$/,
    );
  });

  it('say how many attempts were made and over how long, and carry the request', async () => {
    // Only Date is faked: the backoff `sleep` moves it on by the delay it was asked to wait.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const stub = stubFetch(networkFailure);
      const { client } = clientOn(stub, {
        retry: { sleep: async (ms) => void vi.setSystemTime(Date.now() + ms), random: () => 0.5 },
      });
      const error = await client.schedule.get().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      // Backoff with random 0.5: 375 ms, then 750 ms.
      expect((error as ConnectionError).message).toBe(
        'Could not reach the Reservation API after 3 attempts over 1.1 s: fetch failed: connect ECONNREFUSED 127.0.0.1:1',
      );
      expect(error).toMatchObject({ method: 'GET', url: `${BASE_URL}${P}/schedule` });
      expect(stub.calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('say so for a timeout too', async () => {
    const stub = stubFetch(hang);
    const { client } = clientOn(stub, { timeoutMs: 20, maxRetries: 1 });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toMatch(
      /^The Reservation API did not answer within 20 ms after 2 attempts over \d+\.\d s$/,
    );
    expect(error).toMatchObject({ method: 'GET', url: `${BASE_URL}${P}/schedule` });
  });

  it('a write whose connection drops after the server read it reads "No answer", never "Could not reach"', async () => {
    const api = await localServer((_request, response) => response.socket?.destroy());
    const client = createReservationClient({ baseUrl: api.origin, apiKey: API_KEY, project: SLUG });
    const error = await client.reservations
      .create({ email: 'a@example.com', date: '2030-06-18', from: '18:00', to: '20:00' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toMatch(
      /^No answer from the Reservation API after 1 attempt over /,
    );
    expect(api.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('name a code that no message mentions (a refused dual-stack connect has no message)', async () => {
    const refused = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
    const stub = stubFetch(async () => {
      throw new TypeError('fetch failed', { cause: refused });
    });
    const { client } = clientOn(stub, { maxRetries: 0 });
    await expect(client.schedule.get()).rejects.toThrow(
      /^Could not reach the Reservation API after 1 attempt over \d+\.\d s: fetch failed \(ECONNREFUSED\)$/,
    );
  });
});

describe('a 2xx that is not JSON', () => {
  it('quotes its Content-Type on one line of at most 1,000 characters, as any text from an answer', async () => {
    const type = `text/html; x=\u009b31m${'a'.repeat(3000)}`;
    const { client } = clientOn(
      stubFetch(async () => new Response('<html>', { headers: { 'content-type': type } })),
    );
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReservationApiError);
    const { message } = error as Error;
    expect(message).not.toMatch(/[\u0080-\u009f]/);
    expect(message).toMatch(
      /^The Reservation API answered 200 with a body that is not JSON \(text\/html; x= 31ma+…\); check baseUrl/,
    );
    expect(message.length).toBeLessThan(1200);
  });
});

describe('a 2xx write whose body is not JSON', () => {
  it('says first that the write may have been taken, then to check baseUrl', async () => {
    const stub = stubFetch(
      async () => new Response('Created', { status: 201, headers: { 'content-type': 'text/plain' } }),
    );
    const { client } = clientOn(stub);
    const booking = { email: 'a@example.com', date: '2026-06-15', from: '18:00', to: '19:00' };
    const error = await client.reservations.create(booking).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'The Reservation API answered 201 with a body that is not JSON (text/plain); the POST may have been taken: check before repeating it; check baseUrl: it is the service root, e.g. https://reservations.example.com, without /api/v1',
    );
    expect(stub.calls).toHaveLength(1);
  });
});

describe('a per-call signal that is no AbortSignal', () => {
  it('is a TypeError naming it, before any request', async () => {
    const stub = stubFetch(reply('GET', `/api/v1/${SLUG}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    for (const signal of [{}, 'abc'])
      await expect(client.schedule.get({ signal: signal as unknown as AbortSignal })).rejects.toThrow(
        new TypeError(`per-call options: \`signal\` must be an AbortSignal; got ${typeof signal}`),
      );
    expect(stub.calls).toEqual([]);
  });
});

describe('a custom fetch that answers with no unread Response', () => {
  it.each([
    [
      'an object with text() but no headers',
      async () => ({ text: async () => '{}' }) as unknown as Response,
      'object, not a Response',
    ],
    [
      'a Response whose body a reader holds',
      async () => {
        const answer = Response.json(schedule);
        answer.body?.getReader();
        return answer;
      },
      'a Response whose body was already read',
    ],
  ])('%s: a TypeError naming your fetch and the request, not a network error', async (_, fetch, what) => {
    const { client } = clientOn({ fetch });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      `createReservationClient: your \`fetch\` returned ${what} for GET ${BASE_URL}${P}/schedule; the request may have reached the server`,
    );
  });
});

describe('client.raw', () => {
  const path = '/api/v1/{slug}/schedule' as const;
  const params = { path: { slug: SLUG } };

  it('honours the signal of its init: an abort rejects at once with the reason, no retry', async () => {
    // Fake timers, never run up to the timeout: only the abort can settle the call.
    vi.useFakeTimers();
    try {
      const stub = stubFetch(hang);
      const { client } = clientOn(stub, { timeoutMs: 60_000 });
      const controller = new AbortController();
      const pending = client.raw
        .GET(path, { params, signal: controller.signal })
        .then(() => 'resolved', failed);
      await vi.advanceTimersByTimeAsync(50);
      controller.abort('stop');
      expect(await pending).toBe('stop');
      expect(stub.calls).toHaveLength(1);
      expect(stub.calls[0]?.signal?.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing when the signal of its init is already aborted', async () => {
    const stub = stubFetch(reply('GET', `/api/v1/${SLUG}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    await expect(client.raw.GET(path, { params, signal: AbortSignal.abort('early') })).rejects.toBe('early');
    expect(stub.calls).toHaveLength(0);
  });

  it('honours the signal while the body stalls', async () => {
    // Fake timers, never run up to the timeout: only the abort can settle the call (a signal that
    // is not honoured leaves it hanging until the test times out).
    vi.useFakeTimers();
    try {
      const stub = stubFetch(stallingBody());
      const { client } = clientOn(stub, { timeoutMs: 60_000 });
      const controller = new AbortController();
      const pending = client.raw
        .GET(path, { params, signal: controller.signal })
        .then(() => 'resolved', failed);
      await vi.advanceTimersByTimeAsync(100); // the headers have arrived; the body stalls
      expect(stub.calls).toHaveLength(1);
      controller.abort('stop');
      expect(await pending).toBe('stop');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('applies timeoutMs to the body and maps failures like the resource methods', async () => {
    const { client } = clientOn(stubFetch(stallingBody()), { timeoutMs: 50 });
    await expect(client.raw.GET(path, { params })).rejects.toBeInstanceOf(TimeoutError);
    const html = clientOn(stubFetch(rawReply(200, '<html></html>', { 'Content-Type': 'text/html' }))).client;
    await expect(html.raw.GET(path, { params })).rejects.toMatchObject({
      status: 200,
      name: 'ReservationApiError',
    });
  });

  it('offers request(), use() and eject() of openapi-fetch', async () => {
    const stub = stubFetch(reply('GET', `/api/v1/${SLUG}/schedule`, 200, schedule));
    const { client } = clientOn(stub);
    const seen: string[] = [];
    const middleware = {
      onRequest: ({ request }: { request: Request }) => {
        seen.push(request.method);
      },
    };
    client.raw.use(middleware);
    const { data } = await client.raw.request('get', path, { params });
    client.raw.eject(middleware);
    await client.raw.GET(path, { params });
    expect(data).toEqual(schedule);
    expect(seen).toEqual(['GET']);
    expect(stub.calls).toHaveLength(2);
  });
});

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

  it.each([
    [304, 'HTTP 304 Not Modified'],
    [300, 'HTTP 300 Multiple Choices: moved'],
  ])(
    'a %i is no redirect (fetch follows none): an HTTP error of its status, not a RedirectError',
    async (status, message) => {
      const api = await redirecting(status, 'http://127.0.0.1:9');
      const error = await realClient(api.origin)
        .tables.list()
        .catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ name: 'ReservationApiError', status, message });
      expect(api.requests).toHaveLength(1);
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

  it('a percent-encoded copy of the key (a Location path) is masked too', async () => {
    const key = 'rk_ab"c<d>e{f}g';
    const api = await localServer((_request, response) => {
      response.writeHead(302, { Location: `https://other.example/p/${encodeURIComponent(key)}` }).end();
    });
    const client = createReservationClient({ baseUrl: api.origin, apiKey: key, project: SLUG });
    const error = (await client.tables.list().catch((e: unknown) => e)) as RedirectError;
    expect(error.location).toBe('https://other.example/p/[redacted]');
    expect(inspect(error, { depth: 10 })).not.toContain(encodeURIComponent(key));
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

  it.each(['GET', 'POST'])(
    'a middleware that rebuilds the Request without its redirect mode follows nothing either (%s)',
    async (method) => {
      const other = await otherHost();
      const api = await redirecting(307, other.origin);
      const client = realClient(api.origin);
      client.use({
        onRequest: ({ request }) =>
          new Request(request.url, {
            method: request.method,
            headers: request.headers,
            ...(method === 'POST' ? { body: '{}' } : {}),
          }),
      });
      const call =
        method === 'POST'
          ? client.reservations.create({
              email: 'a@example.com',
              date: '2030-06-18',
              from: '18:00',
              to: '20:00',
            })
          : client.tables.list();
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as RedirectError).message).toContain('which the SDK does not follow');
      expect(other.requests).toEqual([]);
    },
  );

  it('hands fetch `redirect: manual` in its init too, for a fetch that rebuilds the request from it', async () => {
    const stub = stubFetch(async () => new Response('{"success":true,"tables":[]}', { status: 200 }));
    const inits: unknown[] = [];
    const { client } = clientOn({
      ...stub,
      fetch: (request, init?: { signal?: AbortSignal; redirect?: string }) => {
        inits.push(init?.redirect);
        return stub.fetch(request, init);
      },
    });
    await client.tables.list();
    expect(inits).toEqual(['manual']);
  });

  it('a lower-case copy of the key (a Location host, which URLs lower-case) is masked too', async () => {
    const key = 'rk_Mixed_Case_Key_7Q';
    const api = await localServer((_request, response) => {
      response.writeHead(302, { Location: `http://${key}.evil.example/?k=${key}` }).end();
    });
    const client = createReservationClient({ baseUrl: api.origin, apiKey: key, project: SLUG });
    const error = (await client.tables.list().catch((e: unknown) => e)) as RedirectError;
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.location).toBe('http://[redacted].evil.example/?k=[redacted]');
    for (const shown of [inspect(error, { depth: 10 }), JSON.stringify(error), error.message])
      expect(shown.toLowerCase()).not.toContain(key.toLowerCase());
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
    // That fetch did send the key there: the message says so, and never that it was not sent.
    expect(other.requests).toHaveLength(1);
    expect((error as RedirectError).message).toContain('the request, with its API key, may have gone there');
    expect((error as RedirectError).message).not.toContain('never sent');
  });
});

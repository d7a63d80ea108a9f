// A hook of yours that throws (or reads a body, or outlasts the timeout) never reads as a network
// error, and never sends a request again: after the server answered, the call rejects with an error
// that names the hook and keeps the answer's status and request id; before the request left, the
// error says that attempt was not sent. The mock's journal proves how many requests reached the server.
import { HookError, isReservationApiError, type Middleware } from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import { SLUG, useMockService } from './mock';

const mock = useMockService();
const journal = () => mock.service.control.requests.list();
const BOOKING = {
  email: 'hooks@example.com',
  date: '2026-06-16',
  from: '12:00',
  to: '13:00',
  tableId: 'tbl_01',
};

/** The rejection of `call`, which must be a HookError. */
async function hookFailure(call: Promise<unknown>): Promise<HookError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HookError)) throw new Error(`expected a HookError, got ${String(error)}`);
  expect(isReservationApiError(error) && error.name).toBe('HookError');
  return error;
}

/** The next GET /services is answered 503 (a read the policy retries). */
const failServicesOnce = (): void => {
  mock.service.control.faults.add({ method: 'GET', path: `/api/v1/${SLUG}/services`, status: 503, times: 1 });
};

const boom = (): never => {
  throw new TypeError('x');
};
const throwing = (hook: 'onRequest' | 'onResponse'): Middleware =>
  hook === 'onRequest' ? { onRequest: boom } : { onResponse: boom };

describe('a middleware that throws in onResponse, after the server answered', () => {
  it('on a create answered 201: a HookError with the status and request id, sent once (no double booking)', async () => {
    const client = mock.client();
    client.use(throwing('onResponse'));
    const error = await hookFailure(client.reservations.create(BOOKING));
    const entries = journal();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'POST', status: 201 });
    expect(error).toMatchObject({ hook: 'onResponse', status: 201, requestId: entries[0]?.id });
    expect(error.message).toBe('onResponse threw after the Reservation API answered 201; not retried: x');
    expect(error.toJSON()).toMatchObject({ name: 'HookError', hook: 'onResponse', status: 201 });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.name).not.toBe('ConnectionError');
  });

  it('on a read: a HookError, and the read is not retried', async () => {
    const client = mock.client();
    client.use(throwing('onResponse'));
    const error = await hookFailure(client.services.list());
    const entries = journal();
    expect(entries).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onResponse', status: 200, requestId: entries[0]?.id });
    expect(client.sleeps).toEqual([]);
  });

  it('on a 503 of a read: the status of the answer, not retried', async () => {
    mock.service.control.faults.add({
      method: 'GET',
      path: `/api/v1/${SLUG}/services`,
      status: 503,
      times: 5,
    });
    const client = mock.client();
    client.use(throwing('onResponse'));
    const error = await hookFailure(client.services.list());
    expect(journal()).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onResponse', status: 503, requestId: journal()[0]?.id });
  });

  it('returning something that is not a Response (openapi-fetch refuses it) is a HookError too', async () => {
    const client = mock.client();
    client.use({ onResponse: () => 'not a response' as unknown as Response });
    const error = await hookFailure(client.reservations.create(BOOKING));
    expect(journal()).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onResponse', status: 201, requestId: journal()[0]?.id });
  });
});

describe('a middleware that reads a body instead of a clone of it', () => {
  it('in onResponse, after a create answered 201: a HookError with the answer, not a broken connection', async () => {
    const client = mock.client();
    client.use({
      async onResponse({ response }) {
        await response.text();
        return response;
      },
    });
    const error = await hookFailure(client.reservations.create(BOOKING));
    const entries = journal();
    expect(entries).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onResponse', status: 201, requestId: entries[0]?.id });
    expect(error.message).toBe(
      'onResponse threw after the Reservation API answered 201; not retried: ' +
        'a middleware read the body; read a clone() of it instead',
    );
  });

  it('in onRequest, of a create: a HookError that says nothing was sent, and nothing reached the server', async () => {
    const client = mock.client();
    client.use({
      async onRequest({ request }) {
        await request.text();
        return request;
      },
    });
    const error = await hookFailure(client.reservations.create(BOOKING));
    expect(journal()).toHaveLength(0);
    expect(error).toMatchObject({ hook: 'onRequest', status: 0 });
    expect(error.message).toBe(
      'onRequest threw; nothing was sent: a middleware read the body; read a clone() of it instead',
    );
  });
});

describe('a middleware that outlasts timeoutMs', () => {
  const stall = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 200));

  it('in onRequest, of a read: a TimeoutError that says nothing was sent, not retried, logged as an error', async () => {
    const lines: string[] = [];
    const record = (line: string): void => {
      lines.push(line);
    };
    const logger = { debug: record, info: record, warn: record, error: record };
    const client = mock.client({ timeoutMs: 50, logLevel: 'error', logger });
    client.use({ onRequest: stall });
    const error = await client.services.list().catch((e: unknown) => e);
    expect(journal()).toHaveLength(0);
    expect(error).toMatchObject({ name: 'TimeoutError', status: 0, requestId: undefined, sent: false });
    expect((error as Error).message).toMatch(
      /^An onRequest middleware did not finish within 50 ms after 1 attempt over 0\.\d s; nothing was sent$/,
    );
    expect(client.sleeps).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/ failed: An onRequest middleware did not finish within 50 ms/),
    ]);
  });

  it('in onRequest of a create, with a fetch that ignores its signal: nothing is sent after the TimeoutError said so', async () => {
    const client = mock.client({ timeoutMs: 50, fetch: (request) => globalThis.fetch(request) });
    client.use({ onRequest: stall });
    const error = await client.reservations.create(BOOKING).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', sent: false });
    // The middleware finishes later; the attempt is over, so its request must never go out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await mock.service.control.settled();
    expect(journal()).toEqual([]);
  });

  it('in onRequest of a create, aborted by the caller, with a fetch that ignores its signal: nothing is sent', async () => {
    const client = mock.client({ fetch: (request) => globalThis.fetch(request) });
    client.use({ onRequest: stall });
    const controller = new AbortController();
    const pending = client.reservations
      .create(BOOKING, { signal: controller.signal })
      .catch((e: unknown) => e);
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await pending).toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await mock.service.control.settled();
    expect(journal()).toEqual([]);
  });

  it('in onRequest of a retry: says which attempt was not sent (the first was), not retried again', async () => {
    failServicesOnce();
    const client = mock.client({ timeoutMs: 50 });
    let attempts = 0;
    client.use({ onRequest: () => (++attempts === 2 ? stall() : undefined) });
    const error = await client.services.list().catch((e: unknown) => e);
    expect(journal()).toHaveLength(1);
    expect(error).toMatchObject({ name: 'TimeoutError', status: 0 });
    expect((error as Error).message).toMatch(/; attempt 2 was not sent$/);
    expect(client.sleeps).toHaveLength(1);
  });

  it('in onResponse, after a create answered 201: a TimeoutError with the status and request id', async () => {
    const client = mock.client({ timeoutMs: 50 });
    client.use({ onResponse: stall });
    const error = await client.reservations.create(BOOKING).catch((e: unknown) => e);
    const entries = journal();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ method: 'POST', status: 201 });
    expect(error).toMatchObject({ name: 'TimeoutError', status: 201, requestId: entries[0]?.id, sent: true });
    expect((error as Error).message).toMatch(
      /^The Reservation API answered 201, but an onResponse middleware did not finish within 50 ms after 1 attempt over 0\.\d s; not retried$/,
    );
  });
});

describe('a middleware that throws in onRequest, before the request left', () => {
  it.each([
    ['a create', (client: ReturnType<typeof mock.client>) => client.reservations.create(BOOKING)],
    ['a read', (client: ReturnType<typeof mock.client>) => client.services.list()],
  ])('on %s: a HookError that says nothing was sent; nothing reached the server', async (_, call) => {
    const client = mock.client();
    client.use(throwing('onRequest'));
    const error = await hookFailure(call(client));
    expect(journal()).toHaveLength(0);
    expect(error).toMatchObject({ hook: 'onRequest', status: 0, requestId: undefined });
    expect(error.message).toBe('onRequest threw; nothing was sent: x');
    expect(client.sleeps).toEqual([]);
  });
});

describe('a middleware that throws in onRequest of a retry', () => {
  it('says that attempt was not sent (the first was): one request reached the server', async () => {
    failServicesOnce();
    const client = mock.client();
    let attempts = 0;
    client.use({
      onRequest() {
        if (++attempts === 2) throw new TypeError('x');
      },
    });
    const error = await hookFailure(client.services.list());
    expect(journal()).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onRequest', status: 0 });
    expect(error.message).toBe('onRequest threw; attempt 2 was not sent: x');
  });
});

describe('an onRetry hook that throws', () => {
  it('rejects a read with a HookError naming onRetry, with the failed answer, and sends nothing more', async () => {
    failServicesOnce();
    const client = mock.client({
      onRetry: () => {
        throw new RangeError('metrics down');
      },
    });
    const error = await hookFailure(client.services.list());
    const entries = journal();
    expect(entries).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onRetry', status: 503, requestId: entries[0]?.id });
    expect(error.cause).toBeInstanceOf(RangeError);
    expect(error.message).toBe(
      'onRetry threw after the Reservation API answered 503; not retried: metrics down',
    );
  });

  it('rejects with a HookError when it is async and its promise rejects (never an unhandled rejection)', async () => {
    failServicesOnce();
    const client = mock.client({
      onRetry: async () => {
        throw new RangeError('metrics down');
      },
    });
    const error = await hookFailure(client.services.list());
    expect(journal()).toHaveLength(1);
    expect(error).toMatchObject({ hook: 'onRetry', status: 503, requestId: journal()[0]?.id });
    expect(error.cause).toBeInstanceOf(RangeError);
  });

  it('is waited for when async: the retry is sent after its promise settles', async () => {
    failServicesOnce();
    const seen: number[] = [];
    const client = mock.client({
      onRetry: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen.push(journal().length);
      },
    });
    await client.services.list();
    expect(seen).toEqual([1]);
    expect(journal()).toHaveLength(2);
  });

  it("runs alongside the backoff wait, which the caller's abort still cuts short", async () => {
    failServicesOnce();
    const client = mock.client({ realSleep: true, onRetry: () => new Promise<void>(() => undefined) });
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = client.services.list(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(journal()).toHaveLength(1);
  });

  it("that never settles, once the backoff wait is over, still ends at the caller's abort", async () => {
    failServicesOnce();
    const client = mock.client({ onRetry: () => new Promise<void>(() => undefined) });
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = client.services.list(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.sleeps).toHaveLength(1);
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(journal()).toHaveLength(1);
  });

  it('is never called for a write, which is never retried', async () => {
    mock.service.control.faults.add({
      method: 'POST',
      path: `/api/v1/${SLUG}/reservations`,
      status: 503,
      times: 1,
    });
    let called = 0;
    const client = mock.client({
      onRetry: () => {
        called++;
        throw new RangeError('metrics down');
      },
    });
    const error = await client.reservations.create(BOOKING).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ServerError', status: 503 });
    expect(called).toBe(0);
    expect(journal()).toHaveLength(1);
  });
});

describe('a custom fetch that misbehaves', () => {
  it.each([
    ['returns a Response whose body it read', 'a Response whose body was already read'],
    ['returns undefined', 'undefined, not a Response'],
  ])(
    '%s: a TypeError naming your fetch (not a network error, nor a middleware), never retried',
    async (_, what) => {
      const client = mock.client({
        fetch: async (request) => {
          const answer = await globalThis.fetch(request);
          if (what.startsWith('undefined')) return undefined as unknown as Response;
          await answer.text();
          return answer;
        },
      });
      client.use({ onResponse: () => undefined });
      const error = await client.services.list().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^createReservationClient: your \`fetch\` returned ${what} for GET http://\\S+/services; the request may have reached the server$`,
        ),
      );
      expect(isReservationApiError(error)).toBe(false);
      expect(journal()).toHaveLength(1);
      expect(client.sleeps).toEqual([]);
    },
  );
});

describe('an onRequest middleware that answers itself (a Response: nothing is sent)', () => {
  it('with a 503: the error of that status, not retried, since no server answered', async () => {
    let retries = 0;
    const client = mock.client({ onRetry: () => void retries++ });
    client.use({ onRequest: () => new Response('{"message":"cached"}', { status: 503 }) });
    const error = await client.services.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ServerError', status: 503 });
    expect(retries).toBe(0);
    expect(client.sleeps).toEqual([]);
    expect(journal()).toEqual([]);
  });
});

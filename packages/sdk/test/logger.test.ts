// src/logger.ts: opt-in logging of attempts, retries and failed calls, never with the key.
//
// Logging never changes a call's result: a logger that throws must not turn a booking the server
// accepted (201) into a failure that a caller would retry, and so double-book.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, createReservationClient, type Logger, type LogLevel } from '../src/index';
import { clientOn } from './support/client';
import { API, API_KEY, BASE_URL, createdReservation, errorBody, SLUG, schedule } from './support/fixtures';
import { networkFailure, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const ok = reply('GET', `${P}/schedule`, 200, schedule);
const unavailable = reply(
  'GET',
  `${P}/schedule`,
  503,
  errorBody('Service Unavailable', 'Internal server error', 'INTERNAL_ERROR'),
);

type Level = Exclude<LogLevel, 'off'>;

/** A logger that records every call with all its arguments. */
function recordingLogger() {
  const records: Array<{ level: Level; args: unknown[] }> = [];
  const at =
    (level: Level) =>
    (...args: unknown[]) =>
      void records.push({ level, args });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, records, levels: () => records.map((r) => r.level) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logging', () => {
  it('is off by default: nothing reaches the console', async () => {
    const spies = (['debug', 'info', 'warn', 'error', 'log'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    const { client } = clientOn(stubFetch(unavailable, ok));
    await client.schedule.get();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('debug: one record per attempt with method, URL, status, attempt and duration; warn: each retry', async () => {
    const { logger, records, levels } = recordingLogger();
    const { client } = clientOn(stubFetch(unavailable, ok), { logger, logLevel: 'debug' });
    await client.schedule.get();

    expect(levels()).toEqual(['debug', 'warn', 'debug']);
    const [first, retry, second] = records;
    const url = `${API}/schedule`;
    expect(first?.args[0]).toMatch(
      new RegExp(`^\\[reservation-api\\] GET ${url}: 503 \\(attempt 1, \\d+ ms\\)$`),
    );
    expect(first?.args[1]).toMatchObject({
      method: 'GET',
      url,
      status: 503,
      attempt: 1,
      durationMs: expect.any(Number),
    });
    // clientOn's random is 0.5: the first backoff is 375 ms.
    expect(retry?.args[0]).toBe(`[reservation-api] GET ${url}: retrying in 375 ms after 503 (attempt 1)`);
    expect(retry?.args[1]).toMatchObject({ method: 'GET', url, attempt: 1, delayMs: 375 });
    expect(second?.args[1]).toMatchObject({ method: 'GET', url, status: 200, attempt: 2 });
  });

  it('warn: only the retries, and error: a call that got no response', async () => {
    const { logger, records, levels } = recordingLogger();
    const { client } = clientOn(stubFetch(networkFailure), { logger, logLevel: 'warn' });
    await expect(client.schedule.get()).rejects.toThrow('Could not reach the Reservation API');
    expect(levels()).toEqual(['warn', 'warn', 'error']);
    expect(records[0]?.args[0]).toContain('retrying in 375 ms after network-error (attempt 1)');
    expect(records[2]?.args[0]).toMatch(
      /GET \S+\/schedule failed: Could not reach the Reservation API after 3 attempts/,
    );
  });

  it("debug: an attempt the caller aborted reads 'aborted', not a network error", async () => {
    const { logger, records } = recordingLogger();
    const controller = new AbortController();
    const stalled = stubFetch(
      async (_request, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    );
    const { client } = clientOn(stalled, { logger, logLevel: 'debug' });
    const pending = client.schedule.get({ signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(records.map((r) => r.args[0])).toEqual([
      expect.stringMatching(/: aborted \(attempt 1, \d+ ms\)$/),
    ]);
  });

  it('error: nothing for calls that got an answer', async () => {
    const { logger, records } = recordingLogger();
    const { client } = clientOn(stubFetch(unavailable, ok), { logger, logLevel: 'error' });
    await client.schedule.get();
    expect(records).toEqual([]);
  });

  it('writes to console when no logger is given', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const { client } = clientOn(stubFetch(ok), { logLevel: 'debug' });
    await client.schedule.get();
    expect(debug).toHaveBeenCalledOnce();
    expect(debug.mock.calls[0]?.[0]).toMatch(/^\[reservation-api\] GET \S+\/schedule: 200 \(attempt 1/);
  });

  it('never logs the API key, not even when a failing fetch quotes the request headers', async () => {
    const { logger, records } = recordingLogger();
    const quoting = stubFetch(async (request) => {
      throw new TypeError(`fetch failed for ${JSON.stringify(Object.fromEntries(request.headers))}`);
    });
    const { client } = clientOn(quoting, { logger, logLevel: 'debug' });
    await client.schedule.get().catch(() => {});
    const { client: second } = clientOn(stubFetch(unavailable, ok), { logger, logLevel: 'debug' });
    await second.schedule.get();
    await second.reservations.get('res_1').catch(() => {});

    expect(records.length).toBeGreaterThanOrEqual(8);
    for (const { args } of records) {
      for (const arg of args) {
        const text = typeof arg === 'string' ? arg : JSON.stringify(arg);
        expect(text).not.toContain(API_KEY);
      }
    }
  });

  it('rejects an unknown level and a logger without the methods the level needs', () => {
    const base = { baseUrl: BASE_URL, apiKey: API_KEY, project: SLUG };
    expect(() => createReservationClient({ ...base, logLevel: 'verbose' as LogLevel })).toThrow(
      'createReservationClient: `logLevel` must be one of debug, info, warn, error, off; got verbose',
    );
    const partial = { warn: () => {}, error: () => {} } as unknown as Logger;
    expect(() => createReservationClient({ ...base, logger: partial, logLevel: 'debug' })).toThrow(
      'createReservationClient: `logger.debug` must be a function',
    );
    expect(() => createReservationClient({ ...base, logger: partial, logLevel: 'warn' })).not.toThrow();
  });
});

const booking = {
  email: 'jana@example.com',
  date: '2030-06-18',
  from: '18:00',
  to: '20:00',
  guests: 2,
};

const throwing: Logger = {
  debug: () => {
    throw new Error('log sink is down');
  },
  info: () => {},
  warn: () => {},
  error: () => {
    throw new Error('log sink is down');
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a request id that echoes the key', () => {
  it('is masked in every log record and in onRetry, as in the error', async () => {
    const echo = { 'X-Request-Id': `req-${API_KEY}` };
    const failing = async () =>
      Response.json(errorBody('Service Unavailable', 'Internal server error', 'INTERNAL_ERROR'), {
        status: 503,
        headers: echo,
      });
    const { logger, records } = recordingLogger();
    const retries: unknown[] = [];
    const { client } = clientOn(stubFetch(failing), {
      logger,
      logLevel: 'debug',
      onRetry: (info) => void retries.push(info),
    });
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toMatchObject({ requestId: 'req-[redacted]' });
    expect(records.length).toBeGreaterThan(2);
    expect(JSON.stringify(records)).not.toContain(API_KEY);
    expect(
      records.filter((r) => (r.args[1] as { requestId?: string }).requestId === 'req-[redacted]'),
    ).not.toEqual([]);
    expect(retries).toHaveLength(2);
    expect(JSON.stringify(retries)).not.toContain(API_KEY);
  });
});

describe('a logger that throws', () => {
  it('does not turn an accepted write (201) into a failure; it is reported once with console.error', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stub = stubFetch(reply('POST', `${P}/reservations`, 201, createdReservation));
    const { client } = clientOn(stub, { logLevel: 'debug', logger: throwing });
    await expect(client.reservations.create(booking)).resolves.toEqual(createdReservation.reservation);
    await expect(client.reservations.create(booking)).resolves.toEqual(createdReservation.reservation);
    expect(stub.calls).toHaveLength(2);
    expect(report).toHaveBeenCalledTimes(1);
    expect(String(report.mock.calls[0]?.[0])).toMatch(/the logger threw/);
  });

  it('does not replace the error of a failed call with its own', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = clientOn(stubFetch(networkFailure), { logLevel: 'error', logger: throwing });
    await expect(client.schedule.get()).rejects.toBeInstanceOf(ConnectionError);
  });

  it('a logger that rejects (an async one) leaves no unhandled rejection and changes nothing', async () => {
    let reported: () => void = () => undefined;
    const firstReport = new Promise<void>((resolve) => {
      reported = resolve;
    });
    const report = vi.spyOn(console, 'error').mockImplementation(() => reported());
    const rejecting = {
      debug: () => Promise.reject(new Error('async sink is down')),
      info: () => {},
      warn: () => {},
      error: () => {},
    } as unknown as Logger;
    const { client } = clientOn(stubFetch(reply('GET', `${P}/schedule`, 200, schedule)), {
      logLevel: 'debug',
      logger: rejecting,
    });
    await expect(client.schedule.get()).resolves.toMatchObject({ holidays: schedule.holidays });
    // The rejection is reported once it settles, after the call: a wait on that event, no deadline.
    await firstReport;
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('even a broken console.error does not change the result', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console is broken too');
    });
    const { client } = clientOn(stubFetch(reply('POST', `${P}/reservations`, 201, createdReservation)), {
      logLevel: 'debug',
      logger: throwing,
    });
    await expect(client.reservations.create(booking)).resolves.toEqual(createdReservation.reservation);
  });
});

// Logging never changes a call's result: a logger that throws must not turn a booking the server
// accepted (201) into a failure that a caller would retry, and so double-book.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, type Logger } from '../src/index';
import { clientOn } from './support/client';
import { createdReservation, SLUG, schedule } from './support/fixtures';
import { networkFailure, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
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

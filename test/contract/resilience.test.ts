import { ServerError } from '@reservation-api/sdk';
import { describe, expect, it } from 'vitest';
import { SLUG, useMockService } from './mock';

const mock = useMockService();
const TABLES = `/api/v1/${SLUG}/tables`;
const RESERVATIONS = `/api/v1/${SLUG}/reservations`;

describe('retries, timeouts and aborts against the mock service', () => {
  it('retries injected 500 faults of a GET and returns the answer that follows', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, status: 500, times: 2 });
    const client = mock.client();
    await expect(client.tables.list()).resolves.toHaveLength(6);
    expect(mock.requests).toEqual([`GET ${TABLES}`, `GET ${TABLES}`, `GET ${TABLES}`]);
    expect(client.sleeps).toHaveLength(2);
  });

  it('waits the Retry-After of a 429 for real before retrying', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, status: 429, retryAfter: 1 });
    const started = performance.now();
    await expect(mock.client({ realSleep: true }).tables.list()).resolves.toHaveLength(6);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(mock.requests).toHaveLength(2);
  });

  it('never retries a POST: one request, the error, and no reservation created', async () => {
    const client = mock.client();
    const before = (await client.reservations.list()).total;
    mock.service.control.faults.add({ method: 'POST', path: RESERVATIONS, status: 500, times: 1 });
    mock.requests.length = 0;

    await expect(
      client.reservations.create({
        email: 'guest@example.com',
        date: '2026-06-16',
        from: '11:00',
        to: '12:00',
      }),
    ).rejects.toBeInstanceOf(ServerError);

    expect(mock.requests).toEqual([`POST ${RESERVATIONS}`]);
    expect((await client.reservations.list()).total).toBe(before);
  });

  it('gives each attempt its own timeout: a slow first answer is retried and the second succeeds', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 400, times: 1 });
    await expect(mock.client({ timeoutMs: 100 }).tables.list()).resolves.toHaveLength(6);
    expect(mock.requests).toHaveLength(2);
  });

  it('per-call timeoutMs and maxRetries override the client', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 300, times: 1 });
    await expect(
      mock.client().tables.list(undefined, { timeoutMs: 50, maxRetries: 0 }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(mock.requests).toHaveLength(1);
  });

  it('a caller abort rejects at once with an AbortError and does not retry', async () => {
    mock.service.control.faults.add({ method: 'GET', path: TABLES, delayMs: 2000, times: 3 });
    const controller = new AbortController();
    const started = performance.now();
    const pending = mock.client().tables.list(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mock.requests).toHaveLength(1);
  });
});

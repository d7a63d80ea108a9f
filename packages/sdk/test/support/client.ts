import { createReservationClient, type ReservationClientOptions } from '../../src/index';
import { API_KEY, BASE_URL, SLUG } from './fixtures';
import type { Stub } from './stub-fetch';

/** A client on a stub with instant backoff; `sleeps` records every backoff delay requested. */
export function clientOn(stub: Pick<Stub, 'fetch'>, options: Partial<ReservationClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createReservationClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    project: SLUG,
    fetch: stub.fetch,
    ...options,
    retry: {
      sleep: async (ms, signal) => {
        sleeps.push(ms);
        signal?.throwIfAborted();
      },
      random: () => 0.5,
      ...options.retry,
    },
  });
  return { client, sleeps };
}

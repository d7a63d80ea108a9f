// What every resource needs: the typed openapi-fetch client, the project's path parameter, and a way
// to turn per-call options into openapi-fetch's per-request `fetch`.
import type { Client } from 'openapi-fetch';
import { errorFromResponse, ReservationApiError } from '../errors';
import type { paths } from '../generated/schema';
import type { RequestOptions } from '../request-options';

/** openapi-fetch's per-request options that the SDK uses: a fetch bound to one call's settings. */
export interface PerRequestInit {
  fetch?: (request: Request) => Promise<Response>;
}

export interface ResourceContext {
  raw: Client<paths>;
  /** `{ slug }`, built once and shared by every call. */
  slug: { slug: string };
  /** openapi-fetch init for one call: empty without options, else a per-request fetch carrying them. */
  init(options: RequestOptions | undefined): PerRequestInit;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function unwrap<T>({ data, error, response }: Answer<T>): T {
  if (!response.ok) throw errorFromResponse(response, error);
  if (data === undefined) {
    throw new ReservationApiError({
      status: response.status,
      message: `The Reservation API answered ${response.status} without a body`,
      headers: response.headers,
    });
  }
  return data;
}

/** The parsed body of a 2xx answer, or the typed error of anything else. */
export function dataOrThrow<T>(pending: Promise<Answer<T>>): Promise<T> {
  // `.then` rather than async/await: this sits on every call, and each await adds microtask turns.
  return pending.then(unwrap);
}

/** Removes the `success: true` marker: it carries no information once the call resolved. */
export function withoutSuccess<T extends { success: unknown }>(data: T): Omit<T, 'success'> {
  const { success: _success, ...rest } = data;
  return rest;
}

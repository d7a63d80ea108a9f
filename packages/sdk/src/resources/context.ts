// What every resource needs: the typed openapi-fetch client, the project's path parameter, and a way
// to run one call with its per-call options.
import type { Client } from 'openapi-fetch';
import type { Call } from '../abort';
import { type ApiPromise, requestIdOf, type WithResponse } from '../api-promise';
import { errorFromResponse, ReservationApiError } from '../errors';
import type { CallFetch } from '../fetch-with-retry';
import type { paths } from '../generated/schema';
import type { RequestOptions } from '../request-options';
import type { WithoutSuccess } from '../types';

export interface ResourceContext {
  /** The openapi-fetch client. Call it only inside `send`, which supplies the per-call `fetch`. */
  api: Client<paths>;
  /** `{ slug }`, built once and shared by every call. */
  slug: { slug: string };
  /**
   * Runs one call: `request` gets the `fetch` to pass openapi-fetch for it, and the result is the
   * parsed 2xx body as `map` turns it into the method's data, or a rejection with the typed error
   * (the caller's abort reason on an abort). Never throws synchronously: invalid per-call options
   * (or an exception of `request`, such as an invalid id) reject.
   */
  send<B, T>(
    options: RequestOptions | undefined,
    request: (fetch: CallFetch) => Promise<Answer<B>>,
    map: (body: B) => T,
  ): ApiPromise<T>;
}

export interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The parsed body of a 2xx answer, or the typed error of anything else (with the call's method and URL). */
export function unwrap<T>({ data, error, response }: Answer<T>, { request }: Call): T {
  if (!response.ok) throw errorFromResponse(response, error, request);
  if (data === undefined) {
    throw new ReservationApiError({
      status: response.status,
      message: `The Reservation API answered ${response.status} without a body`,
      headers: response.headers,
      method: request?.method,
      url: request?.url,
    });
  }
  return data;
}

/** The `onValue` of a resource call: its data (the 2xx body through `map`) with the response and request id. */
export function withResponseOf<B, T>(
  map: (body: B) => T,
): (answer: Answer<B>, call: Call) => WithResponse<T> {
  return (answer, call) => ({
    data: map(unwrap(answer, call)),
    response: answer.response,
    requestId: requestIdOf(answer.response.headers),
  });
}

/** Removes the `success: true` marker: it carries no information once the call resolved. */
export function withoutSuccess<T extends { success: unknown }>(data: T): WithoutSuccess<T> {
  const { success: _success, ...rest } = data;
  return rest;
}

/**
 * A reservation id as a path segment. Empty, `.` and `..` would not name a reservation but change
 * the path (`/reservations/` is the list; `..` climbs up), so they are refused before any request.
 */
export function reservationId(id: string, method: string): string {
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') {
    const got = typeof id === 'string' ? JSON.stringify(id) : typeof id;
    throw new TypeError(
      `reservations.${method}: \`id\` must be a reservation id such as "res_…"; got ${got}`,
    );
  }
  return id;
}

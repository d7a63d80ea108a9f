// What every resource needs: the typed openapi-fetch client, the project's path parameter, and a way
// to run one call with its per-call options.
import type { Client } from 'openapi-fetch';
import type { AnswerSlot, ApiPromise } from '../api-promise';
import type { Answer, CallFetch, Settle } from '../call';
import { errorFromResponse, type RequestInfo, ReservationApiError } from '../errors';
import type { paths } from '../generated/schema';
import type { RequestOptions } from '../request-options';
import { isRetryableMethod } from '../retry';
import type { WithoutSuccess } from '../types';

export interface ResourceContext {
  /** The openapi-fetch client. Call it only inside `send`, which supplies the per-call `fetch`. */
  api: Client<paths>;
  /** `{ slug }`, built once and shared by every call. */
  slug: { slug: string };
  /**
   * Runs one call: `request` gets the `fetch` to pass openapi-fetch on each attempt, and the result is the
   * parsed 2xx body as `map` turns it into the method's data, or a rejection with the typed error
   * (the caller's abort reason on an abort). Never throws synchronously: invalid per-call options
   * (or an exception of `request`, such as an invalid id) reject. `check` judges a 2xx body that is
   * a JSON object (see `fields`).
   */
  send<B, T>(
    options: RequestOptions | undefined,
    request: (fetch: CallFetch) => Promise<Answer<B>>,
    map: (body: B) => T,
    check?: Check<B>,
  ): ApiPromise<T>;
}

/** What is wrong with a 2xx body (completing "The Reservation API answered 200 …"), or undefined. */
export type Check<T> = (data: T) => string | undefined;

type Kind = 'list' | 'object' | 'count' | 'text';
const KINDS: Record<Kind, [string, (value: unknown) => boolean]> = {
  list: ['an array', Array.isArray],
  object: ['an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value)],
  count: ['a whole number ≥ 0', (value) => Number.isInteger(value) && (value as number) >= 0],
  text: ['a string', (value) => typeof value === 'string'],
};

/** `first`, then `second` when given. */
export function both<T>(first: Check<T>, second?: Check<T>): Check<T> {
  return second ? (data) => first(data) ?? second(data) : first;
}

/** `typeof`, told apart for null and arrays; a number as itself (NaN, -1, Infinity). */
export function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * The check that a 2xx body has the fields a method returns: a server (or a proxy) that answers
 * 2xx with another shape gets a ReservationApiError, not a raw TypeError or a wrong value.
 */
export function fields<T>(spec: Record<string, Kind>): Check<T> {
  // Made once per check, not per call.
  const checks = Object.entries(spec).map(([name, kind]) => [name, ...KINDS[kind]] as const);
  return (data) => {
    for (const [name, what, is] of checks) {
      const value = (data as Record<string, unknown>)[name];
      if (!is(value)) return `with a body whose \`${name}\` is not ${what} (got ${describe(value)})`;
    }
    return undefined;
  };
}

/**
 * The parsed body of a 2xx answer that is a JSON object passing `check`, or the typed error of
 * anything else (with the call's method and URL, and the key masked).
 */
export function unwrap<T>(
  { data, error, response }: Answer<T>,
  request: RequestInfo | undefined,
  secrets: readonly string[],
  check?: Check<T>,
): T {
  if (!response.ok) throw errorFromResponse(response, error, request, secrets);
  const problem =
    data === undefined
      ? 'without a body'
      : typeof data !== 'object' || data === null || Array.isArray(data)
        ? `with a body that is not a JSON object (got ${describe(data)})`
        : check?.(data);
  if (problem) {
    // A write answered 2xx was taken: the error must not invite repeating it.
    const method = request?.method;
    const taken = method && !isRetryableMethod(method) ? `; the ${method} was accepted` : '';
    throw new ReservationApiError({
      status: response.status,
      message: `The Reservation API answered ${response.status} ${problem}${taken}`,
      headers: response.headers,
      body: data,
      redact: secrets,
      method: request?.method,
      url: request?.url,
    });
  }
  return data as T;
}

/**
 * How a resource call settles: its data (the 2xx body, checked, through `map`); the answer goes to
 * `slot`, for `withResponse()`.
 */
export function settleWith<B, T>(
  slot: AnswerSlot,
  map: (body: B) => T,
  check?: Check<B>,
): Settle<Answer<B>, T> {
  return (answer, request, secrets) => {
    const data = map(unwrap(answer, request, secrets, check));
    slot.response = answer.response;
    return data;
  };
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

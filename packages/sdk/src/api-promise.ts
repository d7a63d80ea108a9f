// The promise every resource method returns: awaiting it gives the data, as it always did;
// `.withResponse()` gives the data with the HTTP response and the service's request id (the
// convention of the Stainless-generated SDKs: OpenAI's, Anthropic's).

/** The data of a call with the answer it came from. */
export interface WithResponse<T> {
  data: T;
  /** The final HTTP response (after any retries); its body has been read. */
  response: Response;
  /** The service's id of this request (`X-Request-Id`), or undefined when the answer had none. */
  requestId: string | undefined;
}

/** The `X-Request-Id` of an answer; undefined when absent (e.g. a proxy answered). */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get('x-request-id') ?? undefined;
}

/** A Promise of the data that can also give the response: `await` it, or call `withResponse()`. */
export interface ApiPromise<T> extends Promise<T> {
  /** The data with the response and the request id: `const { data, response, requestId } = await …withResponse()`. */
  withResponse(): Promise<WithResponse<T>>;
}

/** Where a call leaves its final answer for `withResponse()`. */
export interface AnswerSlot {
  response?: Response;
}

/**
 * `instanceof ApiPromise` is true of the promises resource methods return. They are plain Promises
 * (so `await` takes the engine's fast path: a Promise subclass costs an extra thenable job and two
 * promises per call, about 2 % of a call in the SDK bench) that carry `withResponse`.
 */
export const ApiPromise: { [Symbol.hasInstance](value: unknown): boolean } = {
  [Symbol.hasInstance]: (value) =>
    value instanceof Promise && typeof (value as Partial<ApiPromise<unknown>>).withResponse === 'function',
};

/**
 * `data` as an ApiPromise. `withResponse()` derives from it only when called, so a caller who only
 * awaits makes no second promise, and one who uses only `withResponse()` leaves nothing to reject
 * unobserved.
 */
export function apiPromise<T>(data: Promise<T>, slot: AnswerSlot): ApiPromise<T> {
  const promise = data as ApiPromise<T>;
  promise.withResponse = () =>
    data.then((value) => {
      const response = slot.response as Response;
      return { data: value, response, requestId: requestIdOf(response.headers) };
    });
  return promise;
}

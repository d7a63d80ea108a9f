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

/** The executor of every ApiPromise: its value is never used, as then/catch/finally read `answer`. */
function unused<T>(resolve: (value: T) => void): void {
  resolve(undefined as T);
}

/**
 * A Promise of the data that can also give the response. The data promise is derived only when it
 * is awaited (`then`), so a caller who uses only `withResponse()` leaves no second promise to reject
 * unobserved.
 */
export class ApiPromise<T> extends Promise<T> {
  private readonly answer: Promise<WithResponse<T>>;

  constructor(answer: Promise<WithResponse<T>>) {
    super(unused);
    this.answer = answer;
  }

  // Derived promises (`.then` of `.then`) are plain Promises, not ApiPromises.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** The data with the response and the request id: `const { data, response, requestId } = await …withResponse()`. */
  withResponse(): Promise<WithResponse<T>> {
    return this.answer;
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass; `then` is what makes `await` give the data.
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    // One step from the answer to the callbacks: no promise of the data in between, so awaiting
    // costs one tick less, and a caller who uses only withResponse() leaves nothing to reject unobserved.
    return this.answer.then(
      (answer) => (onFulfilled ? onFulfilled(answer.data) : (answer.data as unknown as A)),
      onRejected,
    );
  }

  override catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally);
  }
}

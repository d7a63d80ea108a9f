import { requestIdOf } from './api-promise';
import type { ErrorCode, ValidationErrorDetail } from './generated/schema';
import { bodyText, redactText, redactValue } from './redact';
import { parseRetryAfterMs } from './retry';

export type { ErrorCode, ValidationErrorDetail };

/** Every `name` an SDK error can carry; on `AnyReservationApiError`, `error.name` narrows like a discriminant. */
export type ReservationApiErrorName =
  | 'ReservationApiError'
  | 'AuthenticationError'
  | 'PermissionDeniedError'
  | 'CustomerBlacklistedError'
  | 'ValidationError'
  | 'NotFoundError'
  | 'ConflictError'
  | 'OutsideOpeningHoursError'
  | 'ReservationInPastError'
  | 'UnsupportedMediaTypeError'
  | 'RateLimitError'
  | 'ServerError'
  | 'RedirectError'
  | 'ConnectionError'
  | 'TimeoutError'
  | 'HookError';

/** The request an error belongs to: its method and full URL (the key travels in a header, never in the URL). */
export interface RequestInfo {
  method: string;
  url: string;
}

interface ErrorFields extends Partial<RequestInfo> {
  /** HTTP status; 0 when no response arrived (connection failure, timeout). */
  status: number;
  message: string;
  /** The body's `error` field: the HTTP status text. */
  error?: string | undefined;
  details?: ValidationErrorDetail[] | undefined;
  headers?: Headers | undefined;
  body?: unknown;
  cause?: unknown;
  /**
   * Values to mask (as `[redacted]`) in everything the error carries: message, body, headers, URL,
   * `cause` (a masked copy when it mentions one) and so in `toJSON()` and `util.inspect` output too.
   */
  redact?: readonly string[] | undefined;
}

/** What an error is made of; `code` is required for a class whose codes do not include `undefined`. */
export type ReservationApiErrorInit<Code extends ErrorCode | undefined = ErrorCode | undefined> =
  ErrorFields & (undefined extends Code ? { code?: Code } : { code: Code });

// A registry-wide symbol rather than `instanceof` alone: the ESM and CJS builds (or two installed
// copies) each have their own class, and an error from one must still be recognised by the other.
const BRAND = Symbol.for('@reservation-api/sdk.error');

/**
 * Base class of every error the client throws. It keeps the request's method and URL but never the
 * Request itself: that carries the API key, and errors end up in logs, `JSON.stringify` and
 * `util.inspect` output. `Code` narrows `code` to the codes of a subclass.
 */
export class ReservationApiError<Code extends ErrorCode | undefined = ErrorCode | undefined> extends Error {
  // `name` is a prototype getter (in every subclass too), not an instance field: that way a class
  // knows its own name without an instance, which `Symbol.hasInstance` below needs, and a minifier
  // renaming the classes cannot change it.
  override get name(): ReservationApiErrorName {
    return 'ReservationApiError';
  }
  readonly status: number;
  /** The body's code; absent for errors without one, e.g. the 400 "Missing required fields" body. */
  readonly code: Code;
  readonly error: string | undefined;
  readonly details: ValidationErrorDetail[] | undefined;
  /** Response headers (empty when no response arrived). */
  readonly headers: Headers;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown;
  /** The request's method, e.g. `GET`; undefined only for an error you construct without one. */
  readonly method: string | undefined;
  /** The request's full URL (it never contains the API key); undefined only for an error you construct without one. */
  readonly url: string | undefined;
  /**
   * The service's id of the request (the `X-Request-Id` response header): quote it to find the
   * request in the service's logs (the mock's journal). Undefined when no answer arrived or it had none.
   */
  readonly requestId: string | undefined;

  constructor(options: ReservationApiErrorInit<Code>) {
    const { headers } = options;
    // Headers of another class (a custom fetch's undici or node-fetch answer) are copied into this
    // runtime's, which masking knows, as every reader of `headers` expects.
    if (headers && !(headers instanceof Headers))
      options = { ...options, headers: new Headers([...(headers as Iterable<[string, string]>)]) };
    const init = options.redact ? (redactValue(options, options.redact) as typeof options) : options;
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code as Code;
    this.error = init.error;
    this.details = init.details;
    this.headers = init.headers ?? new Headers();
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.requestId = requestIdOf(this.headers);
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * `instanceof` across the ESM and CJS builds (or two installed copies), which each have their own
   * classes: besides the prototype chain, an error of another copy matches by its brand and, for a
   * subclass, by name, so `error instanceof NotFoundError` holds for a NotFoundError of either build
   * while a ConflictError never matches NotFoundError. Kept because the package ships both builds
   * (`exports` has `import` and `require`): an app whose ESM code imports the SDK while a CJS
   * dependency requires it gets errors of both; test/errors.test.ts › "instanceof across copies of
   * the SDK" fails without this.
   */
  static override [Symbol.hasInstance]<C extends abstract new (...args: never) => ReservationApiError>(
    this: C,
    value: unknown,
  ): value is InstanceType<C> {
    // A type predicate, so `instanceof ReservationApiError` narrows to ReservationApiError<ErrorCode | undefined>
    // (with a plain boolean, TypeScript would instantiate the class's generic with `any`).
    // biome-ignore lint/complexity/noThisInStatic: `this` is whichever class is right of `instanceof` (a subclass too).
    return isInstance(this, value);
  }

  /**
   * The error's fields without `headers` and `body` (which can be large), with `name` and `message`:
   * subclasses' own fields (`retryAfter`, `location`, `timeoutMs`, `hook`) included.
   */
  toJSON(): Record<string, unknown> {
    const { headers: _headers, body: _body, name, message, ...fields } = this;
    return { name, message, ...fields };
  }
}

/** 401: key missing, unknown or regenerated. */
export class AuthenticationError extends ReservationApiError<'API_KEY_MISSING' | 'API_KEY_INVALID'> {
  override get name(): 'AuthenticationError' {
    return 'AuthenticationError';
  }
}
/** 403: the key lacks the permission or belongs to another project, or (standalone mock) the Host is not allowed. */
export class PermissionDeniedError extends ReservationApiError<
  'PERMISSION_DENIED' | 'PROJECT_MISMATCH' | 'HOST_NOT_ALLOWED'
> {
  override get name(): 'PermissionDeniedError' {
    return 'PermissionDeniedError';
  }
}
/** 403: the customer is blacklisted. */
export class CustomerBlacklistedError extends ReservationApiError<'CUSTOMER_BLACKLISTED'> {
  override get name(): 'CustomerBlacklistedError' {
    return 'CustomerBlacklistedError';
  }
}
/**
 * 400: missing fields (no code), a malformed body (INVALID_JSON), values (VALIDATION_ERROR, with
 * `details`: one `{ field, message }` per invalid field, all of them at once), or a request URL the
 * standalone mock cannot parse (MALFORMED_URL).
 */
export class ValidationError extends ReservationApiError<
  'VALIDATION_ERROR' | 'INVALID_JSON' | 'MALFORMED_URL' | undefined
> {
  override get name(): 'ValidationError' {
    return 'ValidationError';
  }
}
/** 404: unknown reservation, or (NOT_FOUND) a path that is not a route of the API: check `baseUrl`. */
export class NotFoundError extends ReservationApiError<'RESERVATION_NOT_FOUND' | 'NOT_FOUND'> {
  override get name(): 'NotFoundError' {
    return 'NotFoundError';
  }
}
/** 409: the table is taken, or the status change is not allowed. */
export class ConflictError extends ReservationApiError<'DOUBLE_BOOKING' | 'INVALID_STATUS_TRANSITION'> {
  override get name(): 'ConflictError' {
    return 'ConflictError';
  }
}
/** 422: closed day, holiday, break, outside the hours, or a local time that does not exist (daylight saving). */
export class OutsideOpeningHoursError extends ReservationApiError<'OUTSIDE_OPENING_HOURS'> {
  override get name(): 'OutsideOpeningHoursError' {
    return 'OutsideOpeningHoursError';
  }
}
/** 422: the reservation would start before the service's current time. */
export class ReservationInPastError extends ReservationApiError<'RESERVATION_IN_PAST'> {
  override get name(): 'ReservationInPastError' {
    return 'ReservationInPastError';
  }
}
/** 415: the body was not sent as `application/json` (a custom `Content-Type` header in `headers`?). */
export class UnsupportedMediaTypeError extends ReservationApiError<'UNSUPPORTED_MEDIA_TYPE'> {
  override get name(): 'UnsupportedMediaTypeError' {
    return 'UnsupportedMediaTypeError';
  }
}
/** Whole seconds from the `Retry-After` header (delta-seconds or HTTP date); undefined when absent or invalid. */
function retryAfterOf(headers: Headers): number | undefined {
  const ms = parseRetryAfterMs(headers.get('retry-after'), Date.now());
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/**
 * 5xx (after the retries of a read, for 500, 502, 503 and 504); `retryAfter` in seconds when sent. No
 * code when a proxy or gateway answered.
 */
export class ServerError extends ReservationApiError<'INTERNAL_ERROR' | undefined> {
  override get name(): 'ServerError' {
    return 'ServerError';
  }
  /** Seconds to wait, from the `Retry-After` header (a 503's); undefined when absent or invalid. */
  readonly retryAfter: number | undefined = retryAfterOf(this.headers);
}

/** 429 (after the retries of a read); `retryAfter` in seconds. No code when a proxy or gateway answered. */
export class RateLimitError extends ReservationApiError<'RATE_LIMITED' | undefined> {
  override get name(): 'RateLimitError' {
    return 'RateLimitError';
  }
  /** Seconds to wait, from the `Retry-After` header (seconds or HTTP date); undefined when absent or invalid. */
  readonly retryAfter: number | undefined = retryAfterOf(this.headers);
}

/**
 * A redirect (301, 302, 303, 307 or 308: the statuses fetch follows). The API has none, so the SDK never follows one: the key travels in a custom
 * header, which fetch would re-send to any host, even over plain http. `location` is where it pointed.
 */
export class RedirectError extends ReservationApiError<undefined> {
  override get name(): 'RedirectError' {
    return 'RedirectError';
  }
  /** The redirect's target (resolved against the request URL); undefined when the runtime hides it. */
  readonly location: string | undefined;

  constructor(init: ReservationApiErrorInit<undefined> & { location?: string | undefined }) {
    super(init);
    this.location = init.redact ? init.location && redactText(init.location, init.redact) : init.location;
  }
}

/**
 * `: fetch failed: connect ECONNREFUSED 10.0.0.1:443`: the messages down the cause chain, plus an
 * error code that none of them names (a refused dual-stack connect is an AggregateError with a code
 * but no message). One line and capped, with `redact` values masked: they are the request's header
 * values (the API key among them), which a custom fetch could mention, and messages end up in logs.
 */
/** The messages along a cause chain (each once, joined) and the first string `code` on it. */
function causeChain(cause: unknown): { text: string; code: string | undefined } {
  const parts: string[] = [];
  let code: string | undefined;
  let error = cause;
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth++) {
    const link = error as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof link.message === 'string' && link.message !== '' && !parts.includes(link.message)) {
      parts.push(link.message);
    }
    if (code === undefined && typeof link.code === 'string') code = link.code;
    error = link.cause;
  }
  return { text: parts.join(': '), code };
}

function causeSummary(cause: unknown, redact: readonly string[]): string {
  let { text, code } = causeChain(cause);
  if (code !== undefined && !text.includes(code)) text += ` (${code})`;
  // Before the cut, so that no part of a value is left at it; `redact` is already the values to mask
  // (redact.ts's secretValues() leaves out short header values, never the key).
  text = redactText(text, redact).replace(/\s+/g, ' ').trim().slice(0, 300);
  return text === '' ? '' : `: ${text}`;
}

/** The codes of a connection that failed to open (nothing was sent), as Node, undici and Bun name them. */
const NOT_CONNECTED = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;

/** The connection failed to open: a code above, or Deno's words for it (its errors carry no code). */
function notConnected(cause: unknown): boolean {
  const { text, code } = causeChain(cause);
  return NOT_CONNECTED.test(code ?? '') || text.includes('client error (Connect)');
}

/** How a call that got no usable response went: how many attempts, over how long. */
export interface AttemptsInfo extends Partial<RequestInfo> {
  attempts?: number | undefined;
  elapsedMs?: number | undefined;
}

/** What an attempt that was not sent says: on a retry, the attempts before it were sent. */
function unsent(attempts = 1): string {
  return attempts > 1 ? `attempt ${attempts} was not sent` : 'nothing was sent';
}

/** ` after 3 attempts over 1.0 s`, or nothing when unknown. */
function retried({ attempts, elapsedMs = 0 }: AttemptsInfo): string {
  if (attempts === undefined) return '';
  return ` after ${attempts} attempt${attempts === 1 ? '' : 's'} over ${(elapsedMs / 1000).toFixed(1)} s`;
}

/**
 * No (complete) HTTP response: DNS, refused or reset connection, TLS failure, or a body that broke
 * off. `cause` holds the fetch error; the message names its code, e.g. `ECONNREFUSED`, and how many
 * attempts were made (reads are retried).
 */
export class ConnectionError extends ReservationApiError<undefined> {
  override get name(): 'ConnectionError' {
    return 'ConnectionError';
  }
  constructor(
    cause: unknown,
    options: AttemptsInfo & {
      /** The answer's status and headers, when they had arrived and the body then broke off. */
      status?: number | undefined;
      headers?: Headers | undefined;
      /** Values never to show in the message, such as the request's header values. */
      redact?: readonly string[] | undefined;
    } = {},
  ) {
    // "Could not reach" only when the connection itself failed (refused, no such host): a request
    // that went out and got no answer may have been taken, so that must not read as never sent.
    const what = options.headers
      ? `The Reservation API answered${options.status === undefined ? '' : ` ${options.status}`}, but its body could not be read`
      : notConnected(cause)
        ? 'Could not reach the Reservation API'
        : 'No answer from the Reservation API';
    super({
      ...options,
      status: options.status ?? 0,
      message: what + retried(options) + causeSummary(cause, options.redact ?? []),
      cause,
    });
  }
}

/** Where an attempt was when its `timeoutMs` ran out, for the message: what the server had done by then. */
export type TimeoutStage = 'before-sending' | 'waiting' | 'middleware-out' | 'body';

/**
 * No complete response (headers and body) within `timeoutMs` per attempt, after every retry was used.
 * When the answer's headers had arrived (the body, or an `onResponse` middleware, took too long),
 * `status`, `headers` and `requestId` are the answer's: the server may have acted on the request.
 */
export class TimeoutError extends ReservationApiError<undefined> {
  override get name(): 'TimeoutError' {
    return 'TimeoutError';
  }
  readonly timeoutMs: number;
  /**
   * Whether the timed-out attempt was handed to fetch: false when an onRequest middleware was still
   * running (nothing of that attempt left, so a write may be sent again), true otherwise.
   */
  readonly sent: boolean;
  constructor(
    timeoutMs: number,
    cause?: unknown,
    options: AttemptsInfo & {
      redact?: readonly string[] | undefined;
      /** The answer's status and headers, when they had arrived. */
      response?: Pick<Response, 'status' | 'headers'> | undefined;
      /** Where the attempt was; `waiting` (for the answer) when not given. */
      stage?: TimeoutStage | undefined;
    } = {},
  ) {
    const { response, stage = 'waiting' } = options;
    const within = `within ${timeoutMs} ms${retried(options)}`;
    const message = response
      ? `The Reservation API answered ${response.status}, but ${stage === 'body' ? 'its body' : 'an onResponse middleware'} did not finish ${within}; not retried`
      : stage === 'before-sending'
        ? `An onRequest middleware did not finish ${within}; ${unsent(options.attempts)}`
        : `The Reservation API did not answer ${within}`;
    super({ ...options, status: response?.status ?? 0, headers: response?.headers, message, cause });
    this.timeoutMs = timeoutMs;
    this.sent = stage !== 'before-sending';
  }
}

/** A hook of yours: a `client.use()` middleware's `onRequest` or `onResponse`, or the `onRetry` option. */
export type HookName = 'onRequest' | 'onResponse' | 'onRetry';

/**
 * A hook of yours threw (or a middleware returned a value openapi-fetch does not allow); `hook` names
 * it. Thrown by `onRequest`, nothing was sent. After an answer, `status`, `headers` and `requestId` are
 * the answer's: the server may have acted on the request (a booking made), so the call is never
 * retried, and this is never a ConnectionError.
 */
export class HookError extends ReservationApiError<undefined> {
  override get name(): 'HookError' {
    return 'HookError';
  }
  readonly hook: HookName;
  constructor(
    hook: HookName,
    cause: unknown,
    options: Partial<RequestInfo> & {
      /** The answer of the attempt, when one had arrived. */
      response?: Pick<Response, 'status' | 'headers'> | undefined;
      /** Values never to show, such as the request's header values. */
      redact?: readonly string[] | undefined;
      /** The attempt the hook threw in (a retry's onRequest: the attempts before it were sent). */
      attempts?: number | undefined;
    },
  ) {
    const { response } = options;
    super({
      ...options,
      status: response?.status ?? 0,
      headers: response?.headers,
      // e.g. `onResponse threw after the Reservation API answered 201; not retried: x`.
      message: `${hook} threw${response ? ` after the Reservation API answered ${response.status}` : ''}; ${
        hook === 'onRequest' ? unsent(options.attempts) : 'not retried'
      }${causeSummary(cause, options.redact ?? [])}`,
      cause,
    });
    this.hook = hook;
  }
}

function isInstance(type: abstract new (...args: never) => ReservationApiError, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(type, value)) return true;
  if (!isReservationApiError(value)) return false;
  // Only the SDK's own classes define `name`; a subclass of yours that inherits it must not match
  // every error of its parent class.
  return (
    type === ReservationApiError ||
    (Object.hasOwn(type.prototype, 'name') && value.name === type.prototype.name)
  );
}

/**
 * An error of the base class itself, as the SDK throws it: a 413 PAYLOAD_TOO_LARGE, or an answer
 * without a known code that no subclass covers (an unexpected status, a 2xx without a JSON body).
 */
export type GenericReservationApiError = ReservationApiError<'PAYLOAD_TOO_LARGE' | undefined> & {
  readonly name: 'ReservationApiError';
};

/**
 * Every error the SDK throws, as a union discriminated by `name`: after `error.name === 'ConflictError'`,
 * `error.code` is `'DOUBLE_BOOKING' | 'INVALID_STATUS_TRANSITION'`; after `'RateLimitError'`,
 * `error.retryAfter` is there.
 */
export type AnyReservationApiError =
  | GenericReservationApiError
  | AuthenticationError
  | PermissionDeniedError
  | CustomerBlacklistedError
  | ValidationError
  | NotFoundError
  | ConflictError
  | OutsideOpeningHoursError
  | ReservationInPastError
  | UnsupportedMediaTypeError
  | RateLimitError
  | ServerError
  | RedirectError
  | ConnectionError
  | TimeoutError
  | HookError;

/**
 * Whether `value` is an error of this SDK (of either build, or another installed copy). Narrows to
 * the union of the SDK's error classes, so `error.name` then narrows to one class.
 */
export function isReservationApiError(value: unknown): value is AnyReservationApiError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/** The advice for answers that show `baseUrl` is not the service root. */
export const CHECK_BASE_URL =
  'check baseUrl: it is the service root, e.g. https://reservations.example.com, without /api/v1';

/**
 * The class and status of each code (openapi.yaml's error table; INTERNAL_ERROR: any 5xx). `satisfies`
 * makes the compiler check that every code of openapi.yaml has a class and that the class takes that
 * code, so a new code fails the build here until it is mapped.
 */
const CLASS_OF_CODE = {
  VALIDATION_ERROR: [ValidationError, 400],
  INVALID_JSON: [ValidationError, 400],
  MALFORMED_URL: [ValidationError, 400],
  API_KEY_MISSING: [AuthenticationError, 401],
  API_KEY_INVALID: [AuthenticationError, 401],
  PROJECT_MISMATCH: [PermissionDeniedError, 403],
  PERMISSION_DENIED: [PermissionDeniedError, 403],
  HOST_NOT_ALLOWED: [PermissionDeniedError, 403],
  CUSTOMER_BLACKLISTED: [CustomerBlacklistedError, 403],
  RESERVATION_NOT_FOUND: [NotFoundError, 404],
  NOT_FOUND: [NotFoundError, 404],
  INVALID_STATUS_TRANSITION: [ConflictError, 409],
  DOUBLE_BOOKING: [ConflictError, 409],
  OUTSIDE_OPENING_HOURS: [OutsideOpeningHoursError, 422],
  RESERVATION_IN_PAST: [ReservationInPastError, 422],
  UNSUPPORTED_MEDIA_TYPE: [UnsupportedMediaTypeError, 415],
  PAYLOAD_TOO_LARGE: [ReservationApiError, 413],
  RATE_LIMITED: [RateLimitError, 429],
  INTERNAL_ERROR: [ServerError, 500],
} satisfies {
  [C in ErrorCode]: readonly [new (init: ReservationApiErrorInit<C>) => ReservationApiError, number];
};

/** The class of an answer without a known code: the contract's codeless 400, or a proxy's 429 / 5xx. */
function classOfStatus(
  status: number,
): new (
  init: ReservationApiErrorInit<undefined>,
) => ReservationApiError {
  if (status === 400) return ValidationError;
  if (status === 429) return RateLimitError;
  return status >= 500 ? ServerError : ReservationApiError;
}

type ResponseLike = Pick<Response, 'status' | 'headers'> &
  Partial<Pick<Response, 'statusText' | 'type' | 'redirected' | 'url'>>;

/**
 * The statuses fetch follows as redirects (README, "Redirects"): a 304 Not Modified or a 300 points
 * nowhere to follow, and stays an HTTP error of its status.
 */
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

/** A redirect, or an answer that came through one (a custom fetch that followed it anyway). */
export function isRedirect({ status, type, redirected }: ResponseLike): boolean {
  return REDIRECT_STATUSES.includes(status) || type === 'opaqueredirect' || redirected === true;
}

/** Where a redirect points: `Location` resolved against the request URL, or where a followed one ended. */
function redirectTarget(response: ResponseLike, request?: RequestInfo): string | undefined {
  if (response.redirected) return response.url;
  const location = response.headers.get('location');
  return location !== null && URL.canParse(location, request?.url)
    ? new URL(location, request?.url).href
    : undefined;
}

function asErrorBody(
  body: unknown,
): Partial<Record<'error' | 'message' | 'code', unknown>> & { details?: unknown } {
  return typeof body === 'object' && body !== null ? body : {};
}

function stringOr(value: unknown, fallback: string | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/**
 * The one place that maps an HTTP error response to an error class: a redirect (see isRedirect) to
 * RedirectError, else by the body's `code` (each class carries only its own codes), else by status.
 * `body` is the parsed JSON, or the raw text when the body was not JSON (a proxy's HTML page, an
 * empty body). A code this SDK does not know is left in `body` only, so `error.code` is always one of
 * the `ErrorCode` union. `redact`: values to mask everywhere in the error (the client passes the API
 * key and the header values you added). Text taken from the body is put on one line and cut at
 * 1,000 characters, so a hostile body can neither forge log lines nor flood them.
 */
export function errorFromResponse(
  response: ResponseLike,
  rawBody: unknown,
  request?: RequestInfo,
  redact: readonly string[] = [],
): ReservationApiError {
  const { status, headers } = response;
  // Masked before any text is cut, so that a cut cannot leave part of a secret behind.
  const body = redactValue(rawBody, redact);
  const line = (value: unknown) => (typeof value === 'string' ? bodyText(value) : undefined);
  if (isRedirect(response)) {
    const location = redirectTarget(response, request);
    const target = location ? new URL(location).origin : 'a location the runtime does not show';
    return new RedirectError({
      status,
      headers,
      body,
      location,
      redact,
      method: request?.method,
      url: request?.url,
      // `redirected`: a custom fetch that ignored the SDK's `redirect: 'manual'` followed it.
      message: `The Reservation API ${
        response.redirected
          ? `was reached through a redirect to ${target} that your fetch followed: the request, with its API key, may have gone there`
          : `answered ${status}, a redirect to ${target}, which the SDK does not follow (the API key is never sent there)`
      }. The API has no redirects; ${CHECK_BASE_URL}`,
    });
  }
  const fields = asErrorBody(body);
  const statusText = stringOr(line(response.statusText), undefined);
  const error = stringOr(line(fields.error), statusText);
  // A code is taken only with its own status: a 500 whose body says DOUBLE_BOOKING is a ServerError
  // (that code then stays in `body`), never a ConflictError a caller would act on.
  const known = typeof fields.code === 'string' && Object.hasOwn(CLASS_OF_CODE, fields.code);
  const expected = known ? CLASS_OF_CODE[fields.code as ErrorCode][1] : 0;
  const code =
    known && (status === expected || (expected === 500 && status > 500))
      ? (fields.code as ErrorCode)
      : undefined;
  // A non-JSON body still gives a readable message: the start of the text, or the status line.
  const text = line(body) ?? '';
  let message =
    stringOr(line(fields.message), undefined) ??
    `HTTP ${status}${error ? ` ${error}` : ''}${text ? `: ${text}` : ''}`;
  // A 404 that is not about a reservation means the path is not a route of the API: almost always
  // a wrong path prefix in baseUrl.
  if (status === 404 && code !== 'RESERVATION_NOT_FOUND') {
    const where = request ? ` (${request.method} ${request.url} is not a route of the Reservation API)` : '';
    message += `${where}; ${CHECK_BASE_URL}`;
  }
  if (code === 'HOST_NOT_ALLOWED') {
    message += '; the mock server refuses the Host header of baseUrl (allow it with --allowed-host NAME)';
  }
  const details = Array.isArray(fields.details) ? (fields.details as ValidationErrorDetail[]) : undefined;
  // The map's `satisfies` checked that each class takes its codes; the compiler cannot follow the
  // lookup by a runtime code, hence the cast.
  const Class = (code === undefined ? classOfStatus(status) : CLASS_OF_CODE[code][0]) as new (
    init: ReservationApiErrorInit,
  ) => ReservationApiError;
  return new Class({
    status,
    message,
    code,
    error,
    details,
    headers,
    body,
    redact,
    method: request?.method,
    url: request?.url,
  });
}

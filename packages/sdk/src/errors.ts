import type { components } from './generated/schema';
import { parseRetryAfterMs } from './retry';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ValidationErrorDetail = components['schemas']['ValidationErrorDetail'];

/** Every `name` an SDK error can carry; `error.name` narrows like a discriminant. */
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
  | 'ConnectionError'
  | 'TimeoutError';

export interface ReservationApiErrorInit {
  /** HTTP status; 0 when no response arrived (connection failure, timeout). */
  status: number;
  message: string;
  code?: ErrorCode | undefined;
  /** The body's `error` field: the HTTP status text. */
  error?: string | undefined;
  details?: ValidationErrorDetail[] | undefined;
  headers?: Headers | undefined;
  body?: unknown;
  cause?: unknown;
}

// A registry-wide symbol rather than `instanceof` alone: the ESM and CJS builds (or two installed
// copies) each have their own class, and an error from one must still be recognised by the other.
const BRAND = Symbol.for('@reservation-api/sdk.error');

/**
 * Base class of every error the client throws. Deliberately holds no Request: the request carries
 * the API key, and errors end up in logs, `JSON.stringify` and `util.inspect` output.
 */
export class ReservationApiError extends Error {
  // `name` is a prototype getter (in every subclass too), not an instance field: that way a class
  // knows its own name without an instance, which `Symbol.hasInstance` below needs, and a minifier
  // renaming the classes cannot change it.
  override get name(): ReservationApiErrorName {
    return 'ReservationApiError';
  }
  readonly status: number;
  /** Absent for errors without a code, e.g. the 400 "Missing required fields" body. */
  readonly code: ErrorCode | undefined;
  readonly error: string | undefined;
  readonly details: ValidationErrorDetail[] | undefined;
  /** Response headers (empty when no response arrived). */
  readonly headers: Headers;
  /** The parsed JSON body, or the text when it was not JSON. */
  readonly body: unknown;

  constructor(init: ReservationApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    this.details = init.details;
    this.headers = init.headers ?? new Headers();
    this.body = init.body;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * `instanceof` across the ESM and CJS builds (or two installed copies), which each have their own
   * classes: besides the prototype chain, an error of another copy matches by its brand and, for a
   * subclass, by name, so `error instanceof NotFoundError` holds for a NotFoundError of either build
   * while a ConflictError never matches NotFoundError.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is whichever class is right of `instanceof` (a subclass too).
    return isInstance(this, value);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      error: this.error,
      message: this.message,
      details: this.details,
    };
  }
}

export class AuthenticationError extends ReservationApiError {
  override get name(): 'AuthenticationError' {
    return 'AuthenticationError';
  }
}
export class PermissionDeniedError extends ReservationApiError {
  override get name(): 'PermissionDeniedError' {
    return 'PermissionDeniedError';
  }
}
export class CustomerBlacklistedError extends ReservationApiError {
  override get name(): 'CustomerBlacklistedError' {
    return 'CustomerBlacklistedError';
  }
}
export class ValidationError extends ReservationApiError {
  override get name(): 'ValidationError' {
    return 'ValidationError';
  }
}
export class NotFoundError extends ReservationApiError {
  override get name(): 'NotFoundError' {
    return 'NotFoundError';
  }
}
export class ConflictError extends ReservationApiError {
  override get name(): 'ConflictError' {
    return 'ConflictError';
  }
}
export class OutsideOpeningHoursError extends ReservationApiError {
  override get name(): 'OutsideOpeningHoursError' {
    return 'OutsideOpeningHoursError';
  }
}
export class ReservationInPastError extends ReservationApiError {
  override get name(): 'ReservationInPastError' {
    return 'ReservationInPastError';
  }
}
export class UnsupportedMediaTypeError extends ReservationApiError {
  override get name(): 'UnsupportedMediaTypeError' {
    return 'UnsupportedMediaTypeError';
  }
}
export class ServerError extends ReservationApiError {
  override get name(): 'ServerError' {
    return 'ServerError';
  }
}

export class RateLimitError extends ReservationApiError {
  override get name(): 'RateLimitError' {
    return 'RateLimitError';
  }
  /** Seconds to wait, from the `Retry-After` header (seconds or HTTP date); undefined when absent. */
  readonly retryAfter: number | undefined;

  constructor(init: ReservationApiErrorInit) {
    super(init);
    const ms = parseRetryAfterMs(this.headers.get('retry-after'), Date.now());
    this.retryAfter = ms === undefined ? undefined : Math.ceil(ms / 1000);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfter: this.retryAfter };
  }
}

/** Header values shorter than this are not masked in messages: they are not secrets, and masking "1" would mangle an IP address. */
const MIN_REDACTED_LENGTH = 8;

/**
 * `: fetch failed: connect ECONNREFUSED 10.0.0.1:443`: the messages down the cause chain, plus an
 * error code that none of them names (a refused dual-stack connect is an AggregateError with a code
 * but no message). One line and capped, with `redact` values masked: they are the request's header
 * values (the API key among them), which a custom fetch could mention, and messages end up in logs.
 */
function causeSummary(cause: unknown, redact: Iterable<string>): string {
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
  let text = parts.join(': ');
  if (code !== undefined && !text.includes(code)) text += ` (${code})`;
  for (const value of redact) {
    if (value.length >= MIN_REDACTED_LENGTH) text = text.replaceAll(value, '[redacted]');
  }
  text = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return text === '' ? '' : `: ${text}`;
}

/**
 * No (complete) HTTP response: DNS, refused or reset connection, TLS failure, or a body that broke
 * off. `cause` holds the fetch error; the message names its code, e.g. `ECONNREFUSED`.
 */
export class ConnectionError extends ReservationApiError {
  override get name(): 'ConnectionError' {
    return 'ConnectionError';
  }
  constructor(
    cause: unknown,
    options: {
      /** The response headers, when they had arrived and the body then broke off. */
      headers?: Headers | undefined;
      /** Values never to show in the message, such as the request's header values. */
      redact?: Iterable<string> | undefined;
    } = {},
  ) {
    const what = options.headers
      ? 'The connection to the Reservation API broke off while reading the response body'
      : 'Could not reach the Reservation API';
    super({
      status: 0,
      message: what + causeSummary(cause, options.redact ?? []),
      cause,
      headers: options.headers,
    });
  }
}

/** No complete response (headers and body) within `timeoutMs` per attempt, after every retry was used. */
export class TimeoutError extends ReservationApiError {
  override get name(): 'TimeoutError' {
    return 'TimeoutError';
  }
  readonly timeoutMs: number;
  constructor(timeoutMs: number, cause?: unknown) {
    super({ status: 0, message: `The Reservation API did not answer within ${timeoutMs} ms`, cause });
    this.timeoutMs = timeoutMs;
  }
}

function isInstance(type: typeof ReservationApiError, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(type, value)) return true;
  if (!isReservationApiError(value)) return false;
  // Only the SDK's own classes define `name`; a subclass of yours that inherits it must not match
  // every error of its parent class.
  return (
    type === ReservationApiError ||
    (Object.hasOwn(type.prototype, 'name') && value.name === type.prototype.name)
  );
}

export function isReservationApiError(value: unknown): value is ReservationApiError {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

type ResponseLike = Pick<Response, 'status' | 'headers'> & { statusText?: string };

function asErrorBody(
  body: unknown,
): Partial<Record<'error' | 'message' | 'code', unknown>> & { details?: unknown } {
  return typeof body === 'object' && body !== null ? body : {};
}

function stringOr(value: unknown, fallback: string | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/**
 * The one place that maps an HTTP error response to an error class. `body` is the parsed JSON, or the
 * raw text when the body was not JSON (a proxy's HTML page, an empty body).
 */
export function errorFromResponse(response: ResponseLike, body: unknown): ReservationApiError {
  const { status, headers } = response;
  const fields = asErrorBody(body);
  const statusText = stringOr(response.statusText, undefined);
  const error = stringOr(fields.error, statusText);
  const code = typeof fields.code === 'string' ? (fields.code as ErrorCode) : undefined;
  // A non-JSON body still gives a readable message: the start of the text, or the status line.
  const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
  const message =
    stringOr(fields.message, undefined) ??
    `HTTP ${status}${error ? ` ${error}` : ''}${text ? `: ${text}` : ''}`;
  const details = Array.isArray(fields.details) ? (fields.details as ValidationErrorDetail[]) : undefined;
  const init: ReservationApiErrorInit = { status, message, code, error, details, headers, body };

  switch (status) {
    case 400:
      return new ValidationError(init);
    case 401:
      return new AuthenticationError(init);
    case 403:
      return code === 'CUSTOMER_BLACKLISTED'
        ? new CustomerBlacklistedError(init)
        : new PermissionDeniedError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 415:
      return new UnsupportedMediaTypeError(init);
    case 422:
      return code === 'RESERVATION_IN_PAST'
        ? new ReservationInPastError(init)
        : new OutsideOpeningHoursError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return status >= 500 ? new ServerError(init) : new ReservationApiError(init);
  }
}

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
  override readonly name: ReservationApiErrorName = 'ReservationApiError';
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
  override readonly name = 'AuthenticationError' as const;
}
export class PermissionDeniedError extends ReservationApiError {
  override readonly name = 'PermissionDeniedError' as const;
}
export class CustomerBlacklistedError extends ReservationApiError {
  override readonly name = 'CustomerBlacklistedError' as const;
}
export class ValidationError extends ReservationApiError {
  override readonly name = 'ValidationError' as const;
}
export class NotFoundError extends ReservationApiError {
  override readonly name = 'NotFoundError' as const;
}
export class ConflictError extends ReservationApiError {
  override readonly name = 'ConflictError' as const;
}
export class OutsideOpeningHoursError extends ReservationApiError {
  override readonly name = 'OutsideOpeningHoursError' as const;
}
export class ServerError extends ReservationApiError {
  override readonly name = 'ServerError' as const;
}

export class RateLimitError extends ReservationApiError {
  override readonly name = 'RateLimitError' as const;
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

/** No HTTP response: DNS, refused or reset connection, TLS failure. `cause` holds the fetch error. */
export class ConnectionError extends ReservationApiError {
  override readonly name = 'ConnectionError' as const;
  constructor(cause: unknown) {
    super({ status: 0, message: 'Could not reach the Reservation API (connection failed)', cause });
  }
}

/** No response within `timeoutMs` (per attempt, after every retry was used). */
export class TimeoutError extends ReservationApiError {
  override readonly name = 'TimeoutError' as const;
  readonly timeoutMs: number;
  constructor(timeoutMs: number, cause?: unknown) {
    super({ status: 0, message: `The Reservation API did not answer within ${timeoutMs} ms`, cause });
    this.timeoutMs = timeoutMs;
  }
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
    case 422:
      return new OutsideOpeningHoursError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return status >= 500 ? new ServerError(init) : new ReservationApiError(init);
  }
}

// THE table from error codes to HTTP answers. Every error of the API leaves through errorAnswer(), so
// a status, status text or code cannot differ between two routes; each code also names the rule that
// raised it, for the request journal (mock README, "Rules").
import type { components } from '../contract';
import { DomainError, type DomainErrorCode } from '../domain/errors';
import { HttpError, type HttpErrorCode } from './errors';
import type { MockAnswer } from './exchange';

type ErrorBody = components['schemas']['ErrorBody'];
type ErrorCode = components['schemas']['ErrorCode'];

interface ErrorMapping {
  status: number;
  /** The `code` of the body; null for the code-less 400 "Missing required fields". */
  code: ErrorCode | null;
  /** The rule, as the request journal and the dashboard show it. */
  rule: string;
}

const ERROR_RESPONSES: Readonly<Record<DomainErrorCode | HttpErrorCode, ErrorMapping>> = {
  HOST_NOT_ALLOWED: {
    status: 403,
    code: 'HOST_NOT_ALLOWED',
    rule: 'Host header is not a loopback or allowed host',
  },
  MALFORMED_URL: {
    status: 400,
    code: 'MALFORMED_URL',
    rule: 'request target is not a URL (standalone server)',
  },
  RATE_LIMITED: { status: 429, code: 'RATE_LIMITED', rule: 'injected fault' },
  INTERNAL_ERROR: { status: 500, code: 'INTERNAL_ERROR', rule: 'injected fault or a bug in the mock' },
  API_KEY_MISSING: { status: 401, code: 'API_KEY_MISSING', rule: 'X-API-Key header absent or empty' },
  API_KEY_INVALID: { status: 401, code: 'API_KEY_INVALID', rule: 'key unknown, revoked or regenerated' },
  PROJECT_MISMATCH: { status: 403, code: 'PROJECT_MISMATCH', rule: "slug is not the key's project" },
  NOT_FOUND: { status: 404, code: 'NOT_FOUND', rule: 'no such route under /api/v1' },
  PERMISSION_DENIED: {
    status: 403,
    code: 'PERMISSION_DENIED',
    rule: 'key lacks the permission of the route',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    rule: 'body not sent as application/json',
  },
  PAYLOAD_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', rule: 'body larger than 64 KiB' },
  INVALID_JSON: {
    status: 400,
    code: 'INVALID_JSON',
    rule: 'body is not a JSON object (or not UTF-8, or nested deeper than 32)',
  },
  MISSING_FIELDS: { status: 400, code: null, rule: 'required field missing' },
  VALIDATION_ERROR: { status: 400, code: 'VALIDATION_ERROR', rule: 'a field or parameter is invalid' },
  RESERVATION_NOT_FOUND: {
    status: 404,
    code: 'RESERVATION_NOT_FOUND',
    rule: 'no such reservation in this project',
  },
  CUSTOMER_BLACKLISTED: { status: 403, code: 'CUSTOMER_BLACKLISTED', rule: 'e-mail or phone is blacklisted' },
  OUTSIDE_OPENING_HOURS: { status: 422, code: 'OUTSIDE_OPENING_HOURS', rule: 'outside opening hours' },
  RESERVATION_IN_PAST: { status: 422, code: 'RESERVATION_IN_PAST', rule: 'starts before the mock clock' },
  INVALID_STATUS_TRANSITION: {
    status: 409,
    code: 'INVALID_STATUS_TRANSITION',
    rule: 'not a transition of the state machine',
  },
  DOUBLE_BOOKING: { status: 409, code: 'DOUBLE_BOOKING', rule: 'table overlaps an active reservation' },
};

/** The `error` field: the HTTP status text. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): MockAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export type ApiError = DomainError | HttpError;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof DomainError || error instanceof HttpError;
}

/** The journal's "rule" for an error: the table's rule, and the error's own reason when it has one. */
export function ruleOf(error: ApiError): string {
  const base = `${error.code}: ${ERROR_RESPONSES[error.code].rule}`;
  return error instanceof DomainError && error.reason ? `${base} (${error.reason})` : base;
}

/** The journal's error of an API error: its body's code and message, known without reading the answer back. */
export function journalError(error: ApiError): { code: string | null; message: string } {
  return { code: ERROR_RESPONSES[error.code].code, message: error.message };
}

/** The documented error body. `status` overrides the table's (an injected 503 is still INTERNAL_ERROR). */
export function errorAnswer(
  error: ApiError,
  options: { status?: number; headers?: Record<string, string> } = {},
): MockAnswer {
  const mapping = ERROR_RESPONSES[error.code];
  const status = options.status ?? mapping.status;
  const body: ErrorBody = { error: statusText(status), message: error.message };
  if (mapping.code !== null) body.code = mapping.code;
  if (error instanceof DomainError && error.details && error.details.length > 0)
    body.details = error.details.map((d) => ({ ...d }));
  return jsonAnswer(status, body, options.headers);
}

/** The body of a control route's error: the status text, a message and, for some, a `code`. */
export function controlErrorAnswer(status: number, message: string, code?: string): MockAnswer {
  return jsonAnswer(status, { error: statusText(status), message, ...(code === undefined ? {} : { code }) });
}

/** The one message of SESSION_NOT_FOUND, whoever answers it (the server's routing, a session's end, DELETE). */
export const SESSION_NOT_FOUND_MESSAGE = 'No such session (ended, or never created)';

/** A session's routes once it ended (or for an id that never was one). */
export function sessionNotFoundAnswer(): MockAnswer {
  return controlErrorAnswer(404, SESSION_NOT_FOUND_MESSAGE, 'SESSION_NOT_FOUND');
}

/** A request of a mock that is closing or closed (server.close(), core.close()). */
export function closedAnswer(): MockAnswer {
  return controlErrorAnswer(503, 'The mock is shutting down');
}

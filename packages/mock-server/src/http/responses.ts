// THE table from error codes to HTTP answers. Every error of the API leaves through errorAnswer(),
// so a status, status text or code cannot differ between two handlers.
import type { components } from '@reservation-api/sdk';
import type { DomainError, DomainErrorCode } from '../domain/errors';
import type { ApiAnswer } from './exchange';

type ErrorBody = components['schemas']['Error'];
type ErrorCode = components['schemas']['ErrorCode'];

interface ErrorMapping {
  status: number;
  /** The `code` of the body; null for the code-less 400 "Missing required fields". */
  code: ErrorCode | null;
}

const ERROR_RESPONSES: Readonly<Record<DomainErrorCode, ErrorMapping>> = {
  API_KEY_MISSING: { status: 401, code: 'API_KEY_MISSING' },
  API_KEY_INVALID: { status: 401, code: 'API_KEY_INVALID' },
  PROJECT_MISMATCH: { status: 403, code: 'PROJECT_MISMATCH' },
  PERMISSION_DENIED: { status: 403, code: 'PERMISSION_DENIED' },
  NOT_FOUND: { status: 404, code: 'NOT_FOUND' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  INVALID_JSON: { status: 400, code: 'INVALID_JSON' },
  MISSING_FIELDS: { status: 400, code: null },
  VALIDATION_ERROR: { status: 400, code: 'VALIDATION_ERROR' },
  RESERVATION_NOT_FOUND: { status: 404, code: 'RESERVATION_NOT_FOUND' },
  CUSTOMER_BLACKLISTED: { status: 403, code: 'CUSTOMER_BLACKLISTED' },
  OUTSIDE_OPENING_HOURS: { status: 422, code: 'OUTSIDE_OPENING_HOURS' },
  INVALID_STATUS_TRANSITION: { status: 409, code: 'INVALID_STATUS_TRANSITION' },
  DOUBLE_BOOKING: { status: 409, code: 'DOUBLE_BOOKING' },
  RATE_LIMITED: { status: 429, code: 'RATE_LIMITED' },
  INTERNAL_ERROR: { status: 500, code: 'INTERNAL_ERROR' },
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

/** A JSON answer (the API pipeline's; transports turn it into their own response). */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ApiAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** The same as a Fetch Response (control routes and the standalone server's own answers). */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * The documented error body for `error`. `status` overrides the table's status (an injected 503 is
 * still INTERNAL_ERROR).
 */
export function errorBody(error: DomainError, status?: number): { status: number; body: ErrorBody } {
  const mapping = ERROR_RESPONSES[error.code];
  const finalStatus = status ?? mapping.status;
  const body: ErrorBody = { error: statusText(finalStatus), message: error.message };
  if (mapping.code !== null) body.code = mapping.code;
  if (error.details && error.details.length > 0) body.details = error.details.map((d) => ({ ...d }));
  return { status: finalStatus, body };
}

/**
 * The body of an error of the control routes and of the standalone server's own answers: the status
 * text and a message, no `code` (the control interface documents none).
 */
export function controlErrorBody(status: number, message: string): { error: string; message: string } {
  return { error: statusText(status), message };
}

export function errorAnswer(
  error: DomainError,
  options: { status?: number; headers?: Record<string, string> } = {},
): ApiAnswer {
  const { status, body } = errorBody(error, options.status);
  return jsonAnswer(status, body, options.headers);
}

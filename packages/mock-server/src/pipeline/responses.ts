// THE table of the mock's error answers: the API's, the control routes' and the standalone server's
// own. Every error the mock answers leaves through errorAnswer() or controlFailureAnswer() below, so
// a status, status text, code or body shape cannot differ between two routes or two surfaces; each
// row also names the rule that raised it (the request journal shows it for API answers, mock README
// "Rules"). The body is always `{ error: <status text>, message, code? }` (plus `details` for
// VALIDATION_ERROR): `code` is the row's, absent where the row's code is null.
import type { components } from '../contract';
import { MockControlError, type MockControlErrorCode, type MockControlErrorKind } from '../control/control';
import { DomainError, type DomainErrorCode } from '../domain/errors';
import { HttpError, type HttpErrorCode } from './errors';
import type { MockAnswer } from './exchange';

type ErrorBody = components['schemas']['ErrorBody'];
type ErrorCode = components['schemas']['ErrorCode'];

interface ErrorMapping {
  status: number;
  /** The `code` of the body; null for an answer whose body carries none (the 400 "Missing required fields"). */
  code: ErrorCode | MockControlErrorCode | null;
  /** The rule, as the request journal and the dashboard show it. */
  rule: string;
  /** The message, for an answer that always says the same. */
  message?: string;
}

/** A MockControlError without a code of its own is answered by its kind's row. */
const CONTROL_KIND_ROW = {
  invalid: 'VALIDATION_ERROR',
  not_found: 'CONTROL_NOT_FOUND',
  conflict: 'CONTROL_CONFLICT',
  limit: 'CONTROL_LIMIT',
} as const satisfies Readonly<Record<MockControlErrorKind, string>>;

/** The rows no error class carries a code for: the control's own and the standalone server's. */
export type MockAnswerName =
  | (typeof CONTROL_KIND_ROW)[MockControlErrorKind]
  | 'CONTROL_MALFORMED_PATH'
  | 'CONTROL_NO_ROUTE'
  | 'CONTROL_FAILED'
  | 'FOREIGN_ORIGIN'
  | 'TOO_MANY_WATCHERS'
  | 'SHUTTING_DOWN'
  | 'RESET_WHILE_WAITING'
  | 'STARTING';

export type ErrorRow = DomainErrorCode | HttpErrorCode | MockControlErrorCode | MockAnswerName;

/** The one message of SESSION_NOT_FOUND, whoever answers it (the server's routing, a session's end, DELETE). */
export const SESSION_NOT_FOUND_MESSAGE = 'No such session (ended, or never created)';

/** Every error answer of the mock, by the code (or name) of its row. */
export const ERROR_TABLE: Readonly<Record<ErrorRow, ErrorMapping>> = {
  // --- The API (/api/v1): domain rules and what only HTTP knows.
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
  // --- The control routes (/__mock/...) and the sessions: MockControlError's codes, then its kinds
  // without a code, then the routes' own refusals.
  CLOCK_BACKWARDS: { status: 409, code: 'CLOCK_BACKWARDS', rule: 'the mock clock only moves forward' },
  TOO_MANY_FAULTS: { status: 409, code: 'TOO_MANY_FAULTS', rule: 'the most faults active at once' },
  SESSION_EXISTS: { status: 409, code: 'SESSION_EXISTS', rule: 'a session of that id exists' },
  SESSION_LIMIT: { status: 429, code: 'SESSION_LIMIT', rule: 'the most sessions at once' },
  SESSION_NOT_FOUND: {
    status: 404,
    code: 'SESSION_NOT_FOUND',
    rule: 'no such session (ended, or never created)',
    message: SESSION_NOT_FOUND_MESSAGE,
  },
  CONTROL_NOT_FOUND: {
    status: 404,
    code: null,
    rule: 'unknown slug, key, reservation, fault or delivery id',
  },
  CONTROL_CONFLICT: { status: 409, code: null, rule: "the mock's state or data forbids the call" },
  CONTROL_LIMIT: { status: 429, code: null, rule: 'a bound of the mock was reached' },
  CONTROL_MALFORMED_PATH: {
    status: 400,
    code: null,
    rule: 'control path not decodable',
    message: 'Malformed path',
  },
  CONTROL_NO_ROUTE: { status: 404, code: null, rule: 'no such control route' },
  CONTROL_FAILED: {
    status: 500,
    code: null,
    rule: 'a bug in the mock (logged)',
    message: 'Internal server error',
  },
  // --- The standalone server's own answers (transports/node-server.ts) and a world's end (mock.ts).
  FOREIGN_ORIGIN: {
    status: 403,
    code: null,
    rule: 'control request from a web page of another origin',
    message: 'Control requests from web pages of other origins are refused',
  },
  TOO_MANY_WATCHERS: { status: 503, code: null, rule: 'the most event-stream clients at once' },
  SHUTTING_DOWN: {
    status: 503,
    code: null,
    rule: 'the mock is closing or closed',
    message: 'The mock is shutting down',
  },
  RESET_WHILE_WAITING: {
    status: 503,
    code: null,
    rule: 'the mock was reset while the request waited (a fault delay, its body, a clock move, a redelivery)',
    message: 'The mock was reset while this request waited: it did not take effect',
  },
  STARTING: {
    status: 503,
    code: 'INTERNAL_ERROR',
    rule: 'the server listens but its mock is not made yet',
    message: 'Internal server error',
  },
};

/**
 * The `error` field: the HTTP status text, for every registered 4xx and 5xx status (an injected fault
 * may answer any of them: mock README, "Faults"), as Node's http.STATUS_CODES names them (the core
 * runs in browsers too, so the table is its own).
 */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
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

/**
 * The journal's "rule" for an error: the table's rule, and the error's own reason when it has one
 * (after a dash: a reason may hold brackets of its own).
 */
export function ruleOf(error: ApiError): string {
  const base = `${error.code}: ${ERROR_TABLE[error.code].rule}`;
  return error instanceof DomainError && error.reason ? `${base} — ${error.reason}` : base;
}

/** The journal's error of an API error: its body's code and message, known without reading the answer back. */
export function journalError(error: ApiError): { code: string | null; message: string } {
  return { code: ERROR_TABLE[error.code].code, message: error.message };
}

/**
 * The documented error body of a row. `status` overrides the row's (an injected 503 is still
 * INTERNAL_ERROR); `withCode: false` leaves the row's code out (an HTTP refusal of a control route's
 * body, see controlFailureAnswer()).
 */
function rowAnswer(
  row: ErrorRow,
  message: string,
  options: {
    status?: number;
    headers?: Record<string, string>;
    details?: readonly { field: string; message: string }[];
    withCode?: boolean;
  } = {},
): MockAnswer {
  const mapping = ERROR_TABLE[row];
  const status = options.status ?? mapping.status;
  const body: Omit<ErrorBody, 'code'> & { code?: string } = { error: statusText(status), message };
  if (mapping.code !== null && options.withCode !== false) body.code = mapping.code;
  if (options.details && options.details.length > 0) body.details = options.details.map((d) => ({ ...d }));
  return jsonAnswer(status, body, options.headers);
}

/** An answer whose row always says the same (the server's own, a world's end). */
export function fixedAnswer(row: ErrorRow, message = ERROR_TABLE[row].message): MockAnswer {
  if (message === undefined) throw new TypeError(`The row ${row} has no fixed message`);
  return rowAnswer(row, message);
}

/** An answer of `row` with its own message (the limit a message names, the route asked for). */
export function messageAnswer(row: ErrorRow, message: string): MockAnswer {
  return rowAnswer(row, message);
}

/** The documented error body of an API error. `status` overrides the table's (an injected 503 is still INTERNAL_ERROR). */
export function errorAnswer(
  error: ApiError,
  options: { status?: number; headers?: Record<string, string> } = {},
): MockAnswer {
  return rowAnswer(error.code, error.message, {
    ...options,
    ...(error instanceof DomainError && error.details ? { details: error.details } : {}),
  });
}

/** The row of a MockControlError: its code's, or its kind's when it has none. */
export function controlErrorRow(error: MockControlError): ErrorRow {
  return error.code ?? CONTROL_KIND_ROW[error.kind];
}

/**
 * A control route's answer to a refused call; undefined for a bug. A MockControlError is answered
 * by its row. A control body that is not a JSON object is malformed control input, answered as the
 * control's own 400 VALIDATION_ERROR (mock README, "The control interface"); another HttpError (a
 * body too large) by its row's status, without the API's code: a control body carries only the
 * control's codes.
 */
export function controlFailureAnswer(error: unknown): MockAnswer | undefined {
  if (error instanceof MockControlError) return rowAnswer(controlErrorRow(error), error.message);
  if (error instanceof HttpError && error.code === 'INVALID_JSON')
    return rowAnswer(CONTROL_KIND_ROW.invalid, error.message);
  if (error instanceof HttpError) return rowAnswer(error.code, error.message, { withCode: false });
  return undefined;
}

/** A session's routes once it ended (or for an id that never was one). */
export function sessionNotFoundAnswer(): MockAnswer {
  return fixedAnswer('SESSION_NOT_FOUND');
}

/** A request of a mock that is closing or closed (server.close(), core.close()). */
export function closedAnswer(): MockAnswer {
  return fixedAnswer('SHUTTING_DOWN');
}

// Refusals that only HTTP knows: the body's media type, size and syntax, unknown routes, the Host
// check of the standalone server, and the faults a test injects. Domain rules raise DomainError
// (domain/errors.ts); both leave through the one table in responses.ts.

export type HttpErrorCode =
  | 'NOT_FOUND'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'INVALID_JSON'
  /** The 400 of POST /reservations that carries no `code` in its body. */
  | 'MISSING_FIELDS'
  | 'HOST_NOT_ALLOWED'
  /** Standalone server: a request target no URL parser accepts (`//%00`, `http://[`). */
  | 'MALFORMED_URL'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR';

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Factories with the documented texts (openapi.yaml). */
export const httpErrors = {
  notFound: () => new HttpError('NOT_FOUND', 'Not found'),
  unsupportedMediaType: () =>
    new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'),
  /** `coding` is named only when it reads as one (the header's text is the client's). */
  unsupportedEncoding: (coding: string) =>
    new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding ${/^[!#$%&'*+.^_`|~0-9a-z-]{1,32}$/.test(coding) ? `${coding} ` : ''}is not supported: send the body uncompressed`,
    ),
  payloadTooLarge: () => new HttpError('PAYLOAD_TOO_LARGE', 'Request body too large'),
  invalidJson: () => new HttpError('INVALID_JSON', 'Request body must be a JSON object'),
  missingFields: (fields: readonly string[]) =>
    new HttpError('MISSING_FIELDS', `Missing required fields: ${fields.join(', ')}`),
  hostNotAllowed: () => new HttpError('HOST_NOT_ALLOWED', 'Host not allowed'),
  malformedUrl: () => new HttpError('MALFORMED_URL', 'Malformed request URL'),
  rateLimited: (retryAfterSeconds: number) =>
    new HttpError('RATE_LIMITED', `Too many requests, retry after ${retryAfterSeconds} seconds`),
  internal: () => new HttpError('INTERNAL_ERROR', 'Internal server error'),
} as const;

/**
 * The client went away before its body arrived (the connection closed, the stream failed). Nobody
 * is left to answer: the request gets no answer, no journal entry and no log line (mock README,
 * "The request journal"). Not an HttpError: it has no status.
 */
export class RequestAbortedError extends Error {
  override readonly name = 'RequestAbortedError';

  constructor(options?: { cause?: unknown }) {
    super('The client closed the request before its body arrived', options);
  }
}

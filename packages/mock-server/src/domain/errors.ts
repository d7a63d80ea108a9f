// Every way a domain rule can refuse, as one code union. The HTTP layer turns a code into a status
// and body with ONE table (pipeline/responses.ts); the exact message texts (openapi.yaml, the mock
// README's rules) live here, next to the rules that raise them. Codes that only HTTP knows (413,
// 415, 400 INVALID_JSON, 404 NOT_FOUND, injected faults, the Host check) are in pipeline/errors.ts.
import type { Permission } from './records';

export type DomainErrorCode =
  | 'API_KEY_MISSING'
  | 'API_KEY_INVALID'
  | 'PROJECT_MISMATCH'
  | 'PERMISSION_DENIED'
  | 'VALIDATION_ERROR'
  | 'RESERVATION_NOT_FOUND'
  | 'CUSTOMER_BLACKLISTED'
  | 'OUTSIDE_OPENING_HOURS'
  | 'RESERVATION_IN_PAST'
  | 'INVALID_STATUS_TRANSITION'
  | 'DOUBLE_BOOKING';

export interface ValidationIssue {
  field: string;
  message: string;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: readonly ValidationIssue[],
    /** Why, for the request journal (e.g. which reservation a booking overlaps); never sent to clients. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

const PERMISSION_TEXT: Record<Permission, string> = {
  read: 'read permission',
  write: 'write permission',
  delete: 'delete permission',
  media: 'media read permission',
};

/** Factories for every domain error, with the documented texts. */
export const errors = {
  apiKeyMissing: () => new DomainError('API_KEY_MISSING', 'Missing X-API-Key header'),
  apiKeyInvalid: (reason?: string) =>
    new DomainError('API_KEY_INVALID', 'Invalid API key', undefined, reason),
  projectMismatch: () => new DomainError('PROJECT_MISMATCH', 'API key is not authorized for this project'),
  permissionDenied: (permission: Permission) =>
    new DomainError('PERMISSION_DENIED', `API key does not have ${PERMISSION_TEXT[permission]}`),
  /** `message` says which field and why: `field: why; other: why`. */
  validation: (issues: readonly ValidationIssue[]) =>
    new DomainError(
      'VALIDATION_ERROR',
      issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
      issues,
    ),
  reservationNotFound: () => new DomainError('RESERVATION_NOT_FOUND', 'Reservation not found'),
  customerBlacklisted: () => new DomainError('CUSTOMER_BLACKLISTED', 'Customer is blacklisted'),
  outsideOpeningHours: (reason: string) =>
    new DomainError(
      'OUTSIDE_OPENING_HOURS',
      'The requested time is outside opening hours',
      undefined,
      reason,
    ),
  inPast: (reason: string) =>
    new DomainError('RESERVATION_IN_PAST', 'The requested time is in the past', undefined, reason),
  invalidTransition: (from: string, to: string) =>
    new DomainError('INVALID_STATUS_TRANSITION', `Cannot change status from ${from} to ${to}`),
  doubleBooking: (reason: string) =>
    new DomainError('DOUBLE_BOOKING', 'Table is already reserved for this time slot', undefined, reason),
} as const;

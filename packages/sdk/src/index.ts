// Public surface of @reservation-api/sdk. The contract's types are exported by name (types.ts), and
// the generated `components`/`paths`/… too, so that other packages (the mock server, your code) type
// against the same contract.

export type { Middleware } from 'openapi-fetch';
export { ApiPromise, type WithResponse } from './api-promise';
export type { FetchLike } from './call';
export {
  createReservationClient,
  type ReservationClient,
  type ReservationClientOptions,
  type RetryOptions,
} from './client';
export {
  type AnyReservationApiError,
  type AttemptsInfo,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  CustomerBlacklistedError,
  type ErrorCode,
  errorFromResponse,
  type GenericReservationApiError,
  HookError,
  type HookName,
  isReservationApiError,
  NotFoundError,
  OutsideOpeningHoursError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  type RequestInfo,
  ReservationApiError,
  type ReservationApiErrorInit,
  type ReservationApiErrorName,
  ReservationInPastError,
  ServerError,
  TimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
  type ValidationErrorDetail,
} from './errors';
export type { components, operations, paths, webhooks } from './generated/schema';
export type { CallParams, RetryInfo, RetryReason } from './hooks';
export type { Logger, LogLevel, LogRecord } from './logger';
export type { ListPage, PagedIterable, ToArrayOptions } from './paginate';
export type { HeadersInput, RequestOptions } from './request-options';
export type { AvailabilityResource } from './resources/availability';
export type { GalleryResource } from './resources/gallery';
export type { InfoResource } from './resources/info';
export type { ReservationsResource } from './resources/reservations';
export type { ReviewsResource } from './resources/reviews';
export type { ScheduleResource } from './resources/schedule';
export type { ServicesResource } from './resources/services';
export type { TablesResource } from './resources/tables';
export type { RetryPolicy } from './retry';
export type * from './types';

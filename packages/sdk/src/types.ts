// The contract's types by name. Each schema of openapi.yaml is a named type alias in
// generated/schema.ts (scripts/generate.mjs declares them so), so editors show `ReservationStatus`
// rather than `components["schemas"]["ReservationStatus"]`. The SDK-only types below derive from them.
import type { paths, ReservationStatus, UpdateReservationStatusRequest } from './generated/schema';

// The response envelopes as the API sends them (with `success`), for code that handles raw answers
// (`client.raw`, a front end calling the API itself). The resource methods return the data inside.
export type {
  AvailabilityDay,
  AvailabilityResponse,
  Branch,
  Branding,
  CancelledReservationResponse,
  CancelReservationRequest,
  CancelReservationResponse,
  CreatedReservation,
  CreatedReservationResponse,
  CreateReservationRequest,
  CreateReservationResponse,
  Customer,
  EndTime,
  ErrorBody,
  Holiday,
  OpeningHours,
  Photo,
  PhotoListResponse,
  Project,
  ProjectInfo,
  ProjectInfoResponse,
  Reservation,
  ReservationCancelledEvent,
  ReservationCompletedEvent,
  ReservationConfirmedEvent,
  ReservationCreatedEvent,
  ReservationDetail,
  ReservationDetailResponse,
  ReservationListResponse,
  ReservationServiceItem,
  ReservationStatus,
  ReservationStatusChange,
  ReservationStatusChangeResponse,
  ReservationTable,
  Review,
  ReviewListResponse,
  Schedule,
  ScheduleDay,
  ScheduleResponse,
  Service,
  ServiceListResponse,
  Settings,
  Slot,
  StartTime,
  StatusHistoryAction,
  StatusHistoryEntry,
  Table,
  TableListResponse,
  UpdateReservationStatusRequest,
  UpdateReservationStatusResponse,
  WebhookEvent,
  WebhookEventName,
} from './generated/schema';

import type {
  CancelledReservationResponse,
  CancelReservationRequest,
  CreateReservationRequest,
  ErrorBody,
  PhotoListResponse,
  ReservationListResponse,
  ReviewListResponse,
} from './generated/schema';

/** A response body as the SDK returns it: the `success: true` marker removed. */
export type WithoutSuccess<T> = Omit<T, 'success'>;

type QueryOf<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/** A status `updateStatus` can move a reservation to: every status but PENDING (where reservations start). */
export type ReservationStatusTarget = Exclude<ReservationStatus, 'PENDING'>;

/** Body of `reservations.updateStatus`: the request body with `status` limited to the valid targets. */
export type UpdateReservationStatusInput = Omit<UpdateReservationStatusRequest, 'status'> & {
  status: ReservationStatusTarget;
};
/** Body of `reservations.create` (the contract's `CreateReservationRequest`). */
export type CreateReservationInput = CreateReservationRequest;
/** Body of `reservations.cancel` (the contract's `CancelReservationRequest`). */
export type CancelReservationInput = CancelReservationRequest;
/** An error body of the API (the contract's `ErrorBody` schema). */
export type ApiErrorBody = ErrorBody;

export type ReservationListQuery = QueryOf<'/api/v1/{slug}/reservations'>;
export type AvailabilityQuery = QueryOf<'/api/v1/{slug}/availability'>;
export type TableListQuery = QueryOf<'/api/v1/{slug}/tables'>;
export type ServiceListQuery = QueryOf<'/api/v1/{slug}/services'>;
export type GalleryListQuery = QueryOf<'/api/v1/{slug}/gallery'>;
export type ReviewListQuery = QueryOf<'/api/v1/{slug}/reviews'>;
/** Query of `iterate()`: like the list query, with `limit` as the page size and `offset` as the start. */
export type ReservationIterateQuery = ReservationListQuery;

export type ReservationList = WithoutSuccess<ReservationListResponse>;
export type CancelReservationResult = WithoutSuccess<CancelledReservationResponse>;
export type PhotoList = WithoutSuccess<PhotoListResponse>;
export type ReviewList = WithoutSuccess<ReviewListResponse>;

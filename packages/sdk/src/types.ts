// Friendly names for the generated contract types. Everything here is derived from
// generated/schema.ts, so a change in openapi.yaml flows through without hand edits.
import type { components, paths } from './generated/schema';

type Schemas = components['schemas'];

/** A response body as the SDK returns it: the `success: true` marker removed. */
export type WithoutSuccess<T> = Omit<T, 'success'>;

type QueryOf<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

export type ReservationStatus = Schemas['ReservationStatus'];
export type StatusHistoryAction = Schemas['StatusHistoryAction'];
export type StatusHistoryEntry = Schemas['StatusHistoryEntry'];
export type Customer = Schemas['Customer'];
export type Reservation = Schemas['Reservation'];
export type ReservationDetail = Schemas['ReservationDetail'];
export type CreatedReservation = Schemas['CreatedReservation'];
export type ReservationStatusChange = Schemas['ReservationStatusChange'];
export type CreateReservationInput = Schemas['CreateReservationRequest'];
export type UpdateReservationStatusInput = Schemas['UpdateReservationStatusRequest'];
export type CancelReservationInput = Schemas['CancelReservationRequest'];
export type Service = Schemas['Service'];
export type Table = Schemas['Table'];
export type Photo = Schemas['Photo'];
export type Review = Schemas['Review'];
export type Project = Schemas['Project'];
export type Settings = Schemas['Settings'];
export type Branding = Schemas['Branding'];
export type ProjectInfo = Schemas['ProjectInfo'];
export type AvailabilityDay = Schemas['AvailabilityDay'];
export type Slot = Schemas['Slot'];
export type Schedule = Schemas['Schedule'];
export type ApiErrorBody = Schemas['Error'];
export type WebhookEventName = Schemas['WebhookEventName'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type ReservationCreatedEvent = Schemas['ReservationCreatedEvent'];
export type ReservationConfirmedEvent = Schemas['ReservationConfirmedEvent'];
export type ReservationCancelledEvent = Schemas['ReservationCancelledEvent'];
export type ReservationCompletedEvent = Schemas['ReservationCompletedEvent'];

export type ReservationListQuery = QueryOf<'/api/v1/{slug}/reservations'>;
export type AvailabilityQuery = QueryOf<'/api/v1/{slug}/availability'>;
export type TableListQuery = QueryOf<'/api/v1/{slug}/tables'>;
export type ServiceListQuery = QueryOf<'/api/v1/{slug}/services'>;
export type GalleryListQuery = QueryOf<'/api/v1/{slug}/gallery'>;
export type ReviewListQuery = QueryOf<'/api/v1/{slug}/reviews'>;
/** Query of `iterate()`: like the list query, with `limit` as the page size and `offset` as the start. */
export type ReservationIterateQuery = ReservationListQuery;

export type ReservationList = WithoutSuccess<Schemas['ReservationListResponse']>;
export type CancelReservationResult = WithoutSuccess<Schemas['CancelReservationResponse']>;
export type PhotoList = WithoutSuccess<Schemas['PhotoListResponse']>;
export type ReviewList = WithoutSuccess<Schemas['ReviewListResponse']>;

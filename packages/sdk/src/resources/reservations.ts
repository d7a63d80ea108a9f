import type { ApiPromise } from '../api-promise';
import type { ReservationListResponse } from '../generated/schema';
import { iterateList, type PagedIterable } from '../paginate';
import type { RequestOptions } from '../request-options';
import type {
  CancelReservationRequest,
  CancelReservationResult,
  CreatedReservation,
  CreateReservationRequest,
  Reservation,
  ReservationDetail,
  ReservationIterateQuery,
  ReservationList,
  ReservationListQuery,
  ReservationStatusChange,
  UpdateReservationStatusInput,
} from '../types';
import { both, type Check, fields, type ResourceContext, reservationId, withoutSuccess } from './context';

/** The API's maximum page size for reservations: the fewest requests when iterating. */
const MAX_PAGE = 100;
const LIST = fields<ReservationListResponse>({ reservations: 'list', total: 'count' });
const ONE = fields<{ reservation: unknown }>({ reservation: 'object' });
/** A cancellation's `{ message }` (a 200 without it, e.g. `{ success: false }`, is no cancellation). */
const CANCELLED = fields<{ message: unknown }>({ message: 'text' });

export interface ReservationsResource {
  /** One page: `{ count, total, reservations }` (list items carry no `statusHistory`). */
  list(query?: ReservationListQuery, options?: RequestOptions): ApiPromise<ReservationList>;
  /** Every matching reservation, page by page (`limit` is the page size, default 100; `offset` the start). */
  iterate(query?: ReservationIterateQuery, options?: RequestOptions): PagedIterable<Reservation>;
  /** One reservation with its `statusHistory`. */
  get(id: string, options?: RequestOptions): ApiPromise<ReservationDetail>;
  /** Creates a PENDING reservation. Never retried automatically (see README). */
  create(body: CreateReservationRequest, options?: RequestOptions): ApiPromise<CreatedReservation>;
  /**
   * Moves a reservation along the state machine (to CONFIRMED, CANCELLED, COMPLETED or NO_SHOW; never
   * back to PENDING). Never retried automatically.
   */
  updateStatus(
    id: string,
    body: UpdateReservationStatusInput,
    options?: RequestOptions,
  ): ApiPromise<ReservationStatusChange>;
  /** Cancels a PENDING or CONFIRMED reservation. Never retried automatically. */
  cancel(
    id: string,
    body?: CancelReservationRequest,
    options?: RequestOptions,
  ): ApiPromise<CancelReservationResult>;
}

export function createReservationsResource(ctx: ResourceContext): ReservationsResource {
  const list = (
    query?: ReservationListQuery,
    options?: RequestOptions,
    check?: Check<ReservationListResponse>,
  ) =>
    ctx.send(
      options,
      (fetch) => ctx.api.GET('/api/v1/{slug}/reservations', { params: { path: ctx.slug, query }, fetch }),
      withoutSuccess,
      both(LIST, check),
    );

  return {
    list: (query, options) => list(query, options),
    iterate: (query, options) =>
      iterateList(list, 'reservations', 'reservations.iterate', query, options, MAX_PAGE),
    get: (id, options) =>
      ctx.send(
        options,
        (fetch) =>
          ctx.api.GET('/api/v1/{slug}/reservations/{id}', {
            params: { path: { slug: ctx.slug.slug, id: reservationId(id, 'get') } },
            fetch,
          }),
        (data) => data.reservation,
        ONE,
      ),
    create: (body, options) =>
      ctx.send(
        options,
        (fetch) => ctx.api.POST('/api/v1/{slug}/reservations', { params: { path: ctx.slug }, body, fetch }),
        (data) => data.reservation,
        ONE,
      ),
    updateStatus: (id, body, options) =>
      ctx.send(
        options,
        (fetch) =>
          ctx.api.PATCH('/api/v1/{slug}/reservations/{id}/status', {
            params: { path: { slug: ctx.slug.slug, id: reservationId(id, 'updateStatus') } },
            body,
            fetch,
          }),
        (data) => data.reservation,
        ONE,
      ),
    cancel: (id, body, options) =>
      ctx.send(
        options,
        (fetch) =>
          ctx.api.DELETE('/api/v1/{slug}/reservations/{id}', {
            params: { path: { slug: ctx.slug.slug, id: reservationId(id, 'cancel') } },
            body,
            fetch,
          }),
        withoutSuccess,
        CANCELLED,
      ),
  };
}

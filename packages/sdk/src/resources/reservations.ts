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

export interface ReservationsResource {
  /** One page: `{ count, total, reservations }` (list items carry no `statusHistory`). */
  list(query?: ReservationListQuery, options?: RequestOptions): Promise<ReservationList>;
  /** Every matching reservation, page by page (`limit` is the page size, default 100; `offset` the start). */
  iterate(query?: ReservationIterateQuery, options?: RequestOptions): PagedIterable<Reservation>;
  /** One reservation with its `statusHistory`. */
  get(id: string, options?: RequestOptions): Promise<ReservationDetail>;
  /** Creates a PENDING reservation. Never retried automatically (see README). */
  create(body: CreateReservationRequest, options?: RequestOptions): Promise<CreatedReservation>;
  /**
   * Moves a reservation along the state machine (to CONFIRMED, CANCELLED, COMPLETED or NO_SHOW; never
   * back to PENDING). Never retried automatically.
   */
  updateStatus(
    id: string,
    body: UpdateReservationStatusInput,
    options?: RequestOptions,
  ): Promise<ReservationStatusChange>;
  /** Cancels a PENDING or CONFIRMED reservation. Never retried automatically. */
  cancel(
    id: string,
    body?: CancelReservationRequest,
    options?: RequestOptions,
  ): Promise<CancelReservationResult>;
}

export function createReservationsResource(ctx: ResourceContext): ReservationsResource {
  const list = (
    query?: ReservationListQuery,
    options?: RequestOptions,
    check?: Check<ReservationListResponse>,
  ) =>
    ctx
      .send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/reservations', { params: { path: ctx.slug, query }, fetch }),
        both(LIST, check),
      )
      .then(withoutSuccess);

  return {
    list: (query, options) => list(query, options),
    iterate: (query, options) =>
      iterateList(list, 'reservations', 'reservations.iterate', query, options, MAX_PAGE),
    get: async (id, options) => {
      const path = { slug: ctx.slug.slug, id: reservationId(id, 'get') };
      const data = await ctx.send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/reservations/{id}', { params: { path }, fetch }),
        ONE,
      );
      return data.reservation;
    },
    create: async (body, options) => {
      const data = await ctx.send(
        options,
        (fetch) => ctx.api.POST('/api/v1/{slug}/reservations', { params: { path: ctx.slug }, body, fetch }),
        ONE,
      );
      return data.reservation;
    },
    updateStatus: async (id, body, options) => {
      const path = { slug: ctx.slug.slug, id: reservationId(id, 'updateStatus') };
      const data = await ctx.send(
        options,
        (fetch) =>
          ctx.api.PATCH('/api/v1/{slug}/reservations/{id}/status', { params: { path }, body, fetch }),
        ONE,
      );
      return data.reservation;
    },
    cancel: async (id, body, options) => {
      const path = { slug: ctx.slug.slug, id: reservationId(id, 'cancel') };
      return withoutSuccess(
        await ctx.send(options, (fetch) =>
          ctx.api.DELETE('/api/v1/{slug}/reservations/{id}', { params: { path }, body, fetch }),
        ),
      );
    },
  };
}

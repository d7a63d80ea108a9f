// The route table: the 12 operations of openapi.yaml. Each handler is thin (parse with zod → call the
// domain → shape the answer) and typed by its operationId against the generated types, so a body that
// drifts from the contract does not compile. Authentication, permission and body reading happen
// before a handler runs (api.ts), in the documented order; handlers run under the service's lock.
import type { ApiOperationId, components, operations } from '../contract';
import {
  type AvailabilityReferences,
  availabilityReferenceIssues,
  getAvailability,
} from '../domain/availability';
import {
  getProjectInfo,
  getSchedule,
  listPhotos,
  listReviews,
  listServices,
  listTables,
} from '../domain/catalog';
import type { DomainContext } from '../domain/context';
import { branchIssues } from '../domain/projects';
import type { ApiKeyRecord, Permission, ProjectRecord } from '../domain/records';
import {
  type BookingReferences,
  cancelReservation,
  changeReservationStatus,
  createReservation,
  getReservation,
  listReservations,
  referenceIssues,
} from '../domain/reservations';
import {
  photoView,
  reservationDetailView,
  reservationView,
  reviewView,
  serviceView,
  tableView,
} from '../domain/views';
import {
  availabilityQuery,
  cancelReservationBody,
  createReservationBody,
  listReservationsQuery,
  pageQuery,
  parseWith,
  parseWithReferences,
  requiredReservationFields,
  requireFields,
  servicesQuery,
  tablesQuery,
  updateReservationStatusBody,
} from './schemas';

type WebhookEvent = components['schemas']['WebhookEvent'];

type OperationId = ApiOperationId;

/** The JSON body of the operation's success response (200 or 201) in openapi.yaml. */
type SuccessBody<Op extends OperationId> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : operations[Op]['responses'] extends { 201: { content: { 'application/json': infer Body } } }
    ? Body
    : never;

export interface RouteInput {
  ctx: DomainContext;
  project: ProjectRecord;
  key: ApiKeyRecord;
  params: Readonly<Record<string, string>>;
  /** The query parameters; one given more than once is REPEATED_PARAM (pipeline/schemas.ts). */
  query: Readonly<Record<string, unknown>>;
  /** The parsed JSON object; `{}` for routes without a body. */
  body: Readonly<Record<string, unknown>>;
}

export interface RouteOutput<Body> {
  status: 200 | 201;
  body: Body;
  /** Events to hand to the webhook dispatcher once the answer is certain. */
  events?: readonly WebhookEvent[];
  /** Ids of the reservations the request created or changed (for the request's outcome). */
  changed?: readonly string[];
}

export interface Route {
  operationId: OperationId;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to `/api/v1/:slug`, with `:name` parameters. */
  path: string;
  /** The permission the key needs; null: any valid key of the project. */
  permission: Permission | null;
  body: 'none' | 'required' | 'optional';
  handle(input: RouteInput): RouteOutput<unknown> | Promise<RouteOutput<unknown>>;
}

/** What a handler of `Op` returns. Handlers annotate it: a deferred generic would widen `success: true`. */
type Output<Op extends OperationId> = RouteOutput<SuccessBody<Op>>;

// The operationId comes first so that it fixes `Op`; the handler's annotated Output must match it.
function route<Op extends OperationId>(
  operationId: Op,
  definition: Omit<Route, 'operationId' | 'handle'> & {
    handle(input: RouteInput): Output<NoInfer<Op>> | Promise<Output<NoInfer<Op>>>;
  },
): Route {
  return { operationId, ...definition };
}

function param(input: RouteInput, name: string): string {
  const value = input.params[name];
  if (value === undefined) throw new Error(`Route parameter ${name} missing`);
  return value;
}

export const ROUTES: readonly Route[] = [
  route('listReservations', {
    method: 'GET',
    path: '/reservations',
    permission: 'read',
    body: 'none',
    handle({ ctx, project, query }): Output<'listReservations'> {
      const parsed = parseWithReferences(listReservationsQuery, query, (valid: { branchId?: string }) =>
        branchIssues(ctx.store, project, valid.branchId),
      );
      const page = listReservations(ctx.store, project, parsed);
      return {
        status: 200,
        body: {
          success: true,
          count: page.items.length,
          total: page.total,
          reservations: page.items.map((r) => reservationView(ctx.store, r)),
        },
      };
    },
  }),
  route('createReservation', {
    method: 'POST',
    path: '/reservations',
    permission: 'write',
    body: 'required',
    async handle({ ctx, project, body }): Promise<Output<'createReservation'>> {
      requireFields(body, requiredReservationFields(project.settings.requirePhone));
      const input = parseWithReferences(createReservationBody, body, (valid: BookingReferences) =>
        referenceIssues(ctx.store, project, valid),
      );
      const { reservation, events } = await createReservation(ctx, project, input);
      const { id, date, from, to } = reservation;
      return {
        status: 201,
        body: {
          success: true,
          message: 'Reservation created',
          reservation: { id, status: 'PENDING', date, from, to },
        },
        events,
        changed: [id],
      };
    },
  }),
  route('getReservation', {
    method: 'GET',
    path: '/reservations/:id',
    permission: 'read',
    body: 'none',
    handle(input): Output<'getReservation'> {
      const reservation = getReservation(input.ctx.store, input.project, param(input, 'id'));
      return {
        status: 200,
        body: { success: true, reservation: reservationDetailView(input.ctx.store, reservation) },
      };
    },
  }),
  route('updateReservationStatus', {
    method: 'PATCH',
    path: '/reservations/:id/status',
    permission: 'write',
    body: 'required',
    async handle(input): Promise<Output<'updateReservationStatus'>> {
      const change = parseWith(updateReservationStatusBody, input.body);
      const { reservation, status, events } = await changeReservationStatus(
        input.ctx,
        input.project,
        param(input, 'id'),
        change,
        input.key.id,
      );
      return {
        status: 200,
        body: {
          success: true,
          message: 'Reservation status updated',
          reservation: { id: reservation.id, status },
        },
        events,
        changed: [reservation.id],
      };
    },
  }),
  route('cancelReservation', {
    method: 'DELETE',
    path: '/reservations/:id',
    permission: 'delete',
    body: 'optional',
    async handle(input): Promise<Output<'cancelReservation'>> {
      const { reason } = parseWith(cancelReservationBody, input.body);
      const { reservation, events } = await cancelReservation(
        input.ctx,
        input.project,
        param(input, 'id'),
        { reason },
        input.key.id,
      );
      return {
        status: 200,
        body: { success: true, message: 'Reservation cancelled' },
        events,
        changed: [reservation.id],
      };
    },
  }),
  route('getAvailability', {
    method: 'GET',
    path: '/availability',
    permission: null,
    body: 'none',
    handle({ ctx, project, query }): Output<'getAvailability'> {
      const parsed = parseWithReferences(availabilityQuery, query, (valid: AvailabilityReferences) =>
        availabilityReferenceIssues(ctx.store, project, valid),
      );
      return { status: 200, body: { success: true, ...getAvailability(ctx, project, parsed) } };
    },
  }),
  route('getSchedule', {
    method: 'GET',
    path: '/schedule',
    permission: null,
    body: 'none',
    handle({ project }): Output<'getSchedule'> {
      return { status: 200, body: { success: true, ...getSchedule(project) } };
    },
  }),
  route('listTables', {
    method: 'GET',
    path: '/tables',
    permission: null,
    body: 'none',
    handle({ ctx, project, query }): Output<'listTables'> {
      const filter = parseWithReferences(tablesQuery, query, (valid: { branchId?: string }) =>
        branchIssues(ctx.store, project, valid.branchId),
      );
      const tables = listTables(ctx.store, project, filter).map(tableView);
      return { status: 200, body: { success: true, count: tables.length, tables } };
    },
  }),
  route('listServices', {
    method: 'GET',
    path: '/services',
    permission: null,
    body: 'none',
    handle({ ctx, project, query }): Output<'listServices'> {
      const filter = parseWithReferences(servicesQuery, query, (valid: { branchId?: string }) =>
        branchIssues(ctx.store, project, valid.branchId),
      );
      const services = listServices(ctx.store, project, filter).map(serviceView);
      return { status: 200, body: { success: true, count: services.length, services } };
    },
  }),
  route('getProjectInfo', {
    method: 'GET',
    path: '/info',
    permission: null,
    body: 'none',
    handle({ ctx, project }): Output<'getProjectInfo'> {
      return { status: 200, body: { success: true, ...getProjectInfo(ctx.store, project) } };
    },
  }),
  route('listGalleryPhotos', {
    method: 'GET',
    path: '/gallery',
    permission: 'media',
    body: 'none',
    handle({ ctx, project, query }): Output<'listGalleryPhotos'> {
      const page = listPhotos(ctx.store, project, parseWith(pageQuery, query));
      return {
        status: 200,
        body: {
          success: true,
          count: page.items.length,
          total: page.total,
          photos: page.items.map(photoView),
        },
      };
    },
  }),
  route('listReviews', {
    method: 'GET',
    path: '/reviews',
    permission: 'media',
    body: 'none',
    handle({ ctx, project, query }): Output<'listReviews'> {
      const page = listReviews(ctx.store, project, parseWith(pageQuery, query));
      return {
        status: 200,
        body: {
          success: true,
          count: page.items.length,
          total: page.total,
          averageRating: page.averageRating,
          totalReviews: page.total,
          reviews: page.items.map(reviewView),
        },
      };
    },
  }),
];

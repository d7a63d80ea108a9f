// Creating, listing and reading reservations. Input arrives validated (types, formats, calendar
// dates, `from` before `to`: pipeline/schemas.ts); the rules here are the ones that need the data.
// Writes run under the service's lock (runtime/lock.ts), so the overlap check and the insert that
// follows it cannot interleave with another booking: of concurrent bookings of one table, exactly
// one wins and the others see its record and get DOUBLE_BOOKING.
import type { components } from '../contract';
import { type DomainContext, freshId, nowIso } from './context';
import { errors, type ValidationIssue } from './errors';
import { createdEvent } from './events';
import { daySchedule, outsideOpening } from './opening-hours';
import { type Page, type PageRequest, RESERVATIONS_PAGE, resolvePage } from './paginate';
import {
  activeServiceOf,
  bookedService,
  branchOf,
  isBlacklisted,
  requireBranch,
  resolveBranch,
  serviceOf,
  tableOf,
} from './projects';
import type {
  BranchRecord,
  CustomerRecord,
  ProjectRecord,
  ReservationRecord,
  ReservationStatus,
  TableRecord,
} from './records';
import {
  ACTIVE_STATUSES,
  applyTransition,
  DELETE_TARGET,
  TRANSITIONS,
  type TransitionResult,
  type TransitionTarget,
} from './state-machine';
import type { Store } from './store';
import { isoOf, overlaps, startsInPast, toMinutes } from './time';

type WebhookEvent = components['schemas']['WebhookEvent'];
export type CreateReservationInput = components['schemas']['CreateReservationRequest'];

interface ResolvedReferences {
  branch: BranchRecord | null;
  table: TableRecord | null;
  services: ReservationRecord['services'];
}

/** The fields of a booking that name other records (or depend on one: guests and the table's capacity). */
export type BookingReferences = Pick<
  CreateReservationInput,
  'branchId' | 'tableId' | 'serviceIds' | 'guests'
>;

/**
 * What a schema cannot see: unknown ids, capacity. Also run on the valid fields of a body that failed
 * its schema, so one VALIDATION_ERROR lists every invalid field (pipeline/api-routes.ts).
 */
export function referenceIssues(
  store: Store,
  project: ProjectRecord,
  input: BookingReferences,
): ValidationIssue[] {
  return checkReferences(store, project, input).issues;
}

/** 400 VALIDATION_ERROR for what a schema cannot see: unknown ids, capacity. */
function resolveReferences(
  store: Store,
  project: ProjectRecord,
  input: BookingReferences,
): ResolvedReferences {
  const { issues, ...resolved } = checkReferences(store, project, input);
  if (issues.length > 0) throw errors.validation(issues);
  return { ...resolved, branch: resolveBranch(store, project, resolved.branch, resolved.table) };
}

function checkReferences(
  store: Store,
  project: ProjectRecord,
  input: BookingReferences,
): ResolvedReferences & { issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  let branch: BranchRecord | null = null;
  if (input.branchId !== undefined) {
    branch = branchOf(store, project, input.branchId) ?? null;
    if (!branch) issues.push({ field: 'branchId', message: 'unknown branch' });
  }

  let table: TableRecord | null = null;
  if (input.tableId !== undefined) {
    const found = tableOf(store, project, input.tableId);
    if (!found?.isActive) {
      issues.push({ field: 'tableId', message: 'unknown table' });
    } else if (branch && found.branchId !== null && found.branchId !== branch.id) {
      issues.push({ field: 'tableId', message: `table is not in branch ${branch.id}` });
    } else {
      table = found;
      if ((input.guests ?? 1) > found.capacity) {
        issues.push({
          field: 'guests',
          message: `exceeds the capacity of table ${found.id} (${found.capacity})`,
        });
      }
    }
  }

  const services: ReservationRecord['services'] = [];
  for (const id of input.serviceIds ?? []) {
    const service = activeServiceOf(store, project, id);
    if (!service) {
      issues.push({ field: 'serviceIds', message: `unknown service ${id}` });
    } else if (!services.some((s) => s.id === id)) {
      services.push(bookedService(service));
    }
  }

  return { issues, branch, table, services };
}

/**
 * The active reservation of the table on that date that overlaps `[from, to)`, if any: the one home
 * of the overlap rule (a booking's DOUBLE_BOOKING, the trigger's free table).
 */
export function overlappingReservation(
  store: Store,
  tableId: string,
  date: string,
  from: number,
  to: number,
): ReservationRecord | undefined {
  return store
    .reservationsOfTableOn(tableId, date)
    .find((r) => ACTIVE_STATUSES.has(r.status) && overlaps(from, to, toMinutes(r.from), toMinutes(r.to)));
}

export interface CreateResult {
  reservation: ReservationRecord;
  events: WebhookEvent[];
}

/**
 * POST /reservations after its body was validated: references (400), blacklist (403), opening hours
 * (422), the past (422), overlap (409), in that order; then upserts the customer and stores the
 * reservation.
 */
export async function createReservation(
  ctx: DomainContext,
  project: ProjectRecord,
  input: CreateReservationInput,
): Promise<CreateResult> {
  const { store } = ctx;
  const { branch, table, services } = resolveReferences(store, project, input);
  const email = input.email.trim();
  const existing = store.customerByEmail(project.id, email);

  if (isBlacklisted(store, project.id, email, input.phone ?? existing?.phone ?? null))
    throw errors.customerBlacklisted();

  const from = toMinutes(input.from);
  const to = toMinutes(input.to);
  const closed = outsideOpening(daySchedule(project, branch, input.date), from, to);
  if (closed !== null) throw errors.outsideOpeningHours(closed);

  const now = ctx.clock.now();
  if (startsInPast(input.date, input.from, project.timeZone, now))
    throw errors.inPast(`starts before the mock's now, ${isoOf(now)}`);

  const taken = table ? overlappingReservation(store, table.id, input.date, from, to) : undefined;
  if (table && taken)
    throw errors.doubleBooking(`table ${table.id} is held by ${taken.id} ${taken.from}-${taken.to}`);

  const at = isoOf(now);
  const customer = await upsertCustomer(ctx, project.id, existing, { ...input, email }, at);
  const reservation = await store.reservations.insert({
    id: freshId(ctx, 'res', (id) => store.reservations.get(id)),
    projectId: project.id,
    branchId: branch?.id ?? null,
    customerId: customer.id,
    tableId: table?.id ?? null,
    date: input.date,
    from: input.from,
    to: input.to,
    status: 'PENDING',
    guests: input.guests ?? 1,
    note: input.note ?? null,
    services,
    createdAt: at,
    statusHistory: [
      { status: 'PENDING', changedBy: 'system', action: 'created', changedAt: at, note: null, reason: null },
    ],
  });
  return { reservation, events: [createdEvent(reservation, customer, table, at)] };
}

/** Finds the customer by e-mail (case-insensitive) or creates one; given names and phone update it. */
async function upsertCustomer(
  ctx: DomainContext,
  projectId: string,
  existing: CustomerRecord | undefined,
  input: {
    email: string;
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
    phone?: string | null | undefined;
  },
  at: string,
): Promise<CustomerRecord> {
  if (!existing) {
    return ctx.store.customers.insert({
      id: ctx.ids.next('cus'),
      projectId,
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      phone: input.phone ?? null,
      createdAt: at,
    });
  }
  const next = {
    ...existing,
    firstName: input.firstName ?? existing.firstName,
    lastName: input.lastName ?? existing.lastName,
    phone: input.phone ?? existing.phone,
  };
  const changed =
    next.firstName !== existing.firstName ||
    next.lastName !== existing.lastName ||
    next.phone !== existing.phone;
  return changed ? ctx.store.customers.update(existing, next) : existing;
}

export interface ReservationQuery extends PageRequest {
  date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: ReservationStatus | undefined;
  branchId?: string | undefined;
}

export { compareListOrder } from './list-order';

/**
 * GET /reservations: filters combined with AND, `from`/`to` inclusive dates, ordered by date, from,
 * createdAt. Read from the store's list index for the filter (domain/list-index.ts): the page and
 * its `total` come from binary searches and slices, without visiting the project's other days.
 */
export function listReservations(
  store: Store,
  project: ProjectRecord,
  query: ReservationQuery,
): Page<ReservationRecord> {
  requireBranch(store, project, query.branchId);
  const { limit, offset } = resolvePage(query, RESERVATIONS_PAGE);
  // `date` narrows `from`/`to` to one day: the later of the lower bounds, the earlier of the upper.
  const from = latest(query.date, query.from);
  const to = earliest(query.date, query.to);
  const filter = { status: query.status, branchId: query.branchId };
  return store.reservationPage(project.id, filter, { from, to }, offset, limit);
}

function latest(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined || a > b ? a : b;
}

function earliest(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined || a < b ? a : b;
}

/** The project's reservation `id`; undefined for an unknown id or another project's. */
export function findReservation(
  store: Store,
  project: ProjectRecord,
  id: string,
): ReservationRecord | undefined {
  const reservation = store.reservations.get(id);
  return reservation?.projectId === project.id ? reservation : undefined;
}

/** The project's reservation `id`, or 404 RESERVATION_NOT_FOUND (also for another project's id). */
export function getReservation(store: Store, project: ProjectRecord, id: string): ReservationRecord {
  const reservation = findReservation(store, project, id);
  if (!reservation) throw errors.reservationNotFound();
  return reservation;
}

/** PATCH /reservations/:id/status: 404 before 409, then the state machine. */
export function changeReservationStatus(
  ctx: DomainContext,
  project: ProjectRecord,
  id: string,
  change: { status: ReservationStatus; note?: string | undefined; reason?: string | undefined },
  actor: string,
): Promise<TransitionResult> {
  const reservation = getReservation(ctx.store, project, id);
  return applyTransition(ctx, reservation, {
    to: change.status,
    actor,
    note: change.note,
    reason: change.reason,
  });
}

/** DELETE /reservations/:id: PENDING or CONFIRMED → CANCELLED; a final state is 409. */
export function cancelReservation(
  ctx: DomainContext,
  project: ProjectRecord,
  id: string,
  input: { reason?: string | undefined },
  actor: string,
): Promise<TransitionResult> {
  const reservation = getReservation(ctx.store, project, id);
  return applyTransition(ctx, reservation, { to: DELETE_TARGET, actor, reason: input.reason });
}

/** The history a reservation in `status` went through since creation (the shortest legal path). */
const PATH_TO: Record<ReservationStatus, readonly TransitionTarget[]> = {
  PENDING: [],
  CONFIRMED: ['CONFIRMED'],
  COMPLETED: ['CONFIRMED', 'COMPLETED'],
  CANCELLED: ['CANCELLED'],
  NO_SHOW: ['CONFIRMED', 'NO_SHOW'],
};

export interface ReservationInsert {
  id?: string | undefined;
  date: string;
  from: string;
  to: string;
  status?: ReservationStatus | undefined;
  guests?: number | undefined;
  note?: string | null | undefined;
  customer: {
    email: string;
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
    phone?: string | null | undefined;
  };
  branchId?: string | null | undefined;
  tableId?: string | null | undefined;
  serviceIds?: readonly string[] | undefined;
  /** Default: the clock's now. */
  createdAt?: string | undefined;
  /** `changedBy` of the history entries after `created`. Default `system`. */
  changedBy?: string | undefined;
}

/**
 * Puts a validated reservation straight into the store, for seeds, tests and benchmarks: references
 * must exist, but opening hours, the past, the blacklist and overlaps are not checked and no event
 * is sent. The history follows the shortest legal path to `status`, one minute per step, and never
 * later than the mock's now (mock README, "Rules").
 */
export async function insertReservation(
  ctx: DomainContext,
  project: ProjectRecord,
  data: ReservationInsert,
): Promise<ReservationRecord> {
  const { store } = ctx;
  // Before the customer is written: a refused reservation changes nothing.
  if (data.id !== undefined && store.reservations.get(data.id)) throw new Error(`Duplicate id ${data.id}`);
  const table = data.tableId ? (tableOf(store, project, data.tableId) ?? null) : null;
  if (data.tableId && !table) throw new Error(`Unknown table ${data.tableId} in ${project.slug}`);
  const branch = data.branchId ? (branchOf(store, project, data.branchId) ?? null) : null;
  if (data.branchId && !branch) throw new Error(`Unknown branch ${data.branchId} in ${project.slug}`);
  const services = (data.serviceIds ?? []).map((id) => {
    const service = serviceOf(store, project, id);
    if (!service) throw new Error(`Unknown service ${id} in ${project.slug}`);
    return bookedService(service);
  });
  const now = ctx.clock.now();
  // Stored in UTC, as every timestamp the API shows (an offset given in a seed is converted).
  const createdAt = data.createdAt === undefined ? nowIso(ctx) : isoOf(Date.parse(data.createdAt));
  const email = data.customer.email.trim();
  const customer = await upsertCustomer(
    ctx,
    project.id,
    store.customerByEmail(project.id, email),
    { ...data.customer, email },
    createdAt,
  );
  const status = data.status ?? 'PENDING';
  const start = Date.parse(createdAt);
  const history: ReservationRecord['statusHistory'] = [
    {
      status: 'PENDING',
      changedBy: 'system',
      action: 'created',
      changedAt: createdAt,
      note: null,
      reason: null,
    },
  ];
  let previous: ReservationStatus = 'PENDING';
  for (const [i, to] of PATH_TO[status].entries()) {
    const action = TRANSITIONS[previous][to];
    if (action === undefined) throw new Error(`No transition ${previous} → ${to}`);
    const changedAt = isoOf(Math.max(start, Math.min(start + (i + 1) * 60_000, now)));
    history.push({
      status: to,
      changedBy: data.changedBy ?? 'system',
      action,
      changedAt,
      note: null,
      reason: null,
    });
    previous = to;
  }
  return store.reservations.insert({
    id: data.id ?? freshId(ctx, 'res', (id) => store.reservations.get(id)),
    projectId: project.id,
    branchId: resolveBranch(store, project, branch, table)?.id ?? null,
    customerId: customer.id,
    tableId: table?.id ?? null,
    date: data.date,
    from: data.from,
    to: data.to,
    status,
    guests: data.guests ?? 1,
    note: data.note ?? null,
    services,
    createdAt,
    statusHistory: history,
  });
}

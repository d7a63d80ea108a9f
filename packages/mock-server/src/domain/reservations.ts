// Creating, listing and reading reservations. create() runs every check and its write in one
// synchronous step (no await anywhere), so concurrent bookings of one table cannot both pass the
// overlap check: exactly one wins, the others see its row and get DOUBLE_BOOKING.
import type { components } from '@reservation-api/sdk';
import { type DomainContext, nowIso } from './context';
import { errors, type ValidationIssue } from './errors';
import { createdEvent } from './events';
import { daySchedule, fitsOpening } from './opening-hours';
import { type Page, type PageRequest, RESERVATIONS_PAGE, resolvePage } from './paginate';
import {
  activeServiceOf,
  bookedService,
  branchOf,
  implicitBranch,
  isBlacklisted,
  requireBranch,
} from './projects';
import type {
  BranchRecord,
  CustomerRecord,
  ProjectRecord,
  ReservationRecord,
  ReservationStatus,
  TableRecord,
} from './records';
import { ACTIVE_STATUSES, applyTransition, TRANSITIONS, type TransitionResult } from './state-machine';
import { compareStrings, lowerBound, type ReservationDay, type Store } from './store';
import { DATE_MESSAGE, isValidDate, overlaps, toMinutes } from './time';

type WebhookEvent = components['schemas']['WebhookEvent'];
export type CreateReservationInput = components['schemas']['CreateReservationRequest'];

/** Required fields of POST /reservations, in the order the 400 message lists them. */
const ALWAYS_REQUIRED = ['email', 'date', 'from', 'to'] as const;

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * 400 `Missing required fields: …` (no code) when any of email, date, from, to, and phone when the
 * project requires it, is absent, null or blank. Runs on the raw body, before type validation, so
 * the message lists exactly what is missing.
 */
export function checkRequiredFields(project: ProjectRecord, body: Readonly<Record<string, unknown>>): void {
  const required: string[] = [...ALWAYS_REQUIRED];
  if (project.settings.requirePhone) required.push('phone');
  const missing = required.filter((field) => isMissing(body[field]));
  if (missing.length > 0) throw errors.missingFields(missing);
}

interface ResolvedReferences {
  branch: BranchRecord | null;
  table: TableRecord | null;
  services: ReservationRecord['services'];
}

/** 400 VALIDATION_ERROR for what a schema cannot see: calendar dates, from < to, unknown ids, capacity. */
function resolveReferences(
  store: Store,
  project: ProjectRecord,
  input: CreateReservationInput,
): ResolvedReferences {
  const issues: ValidationIssue[] = [];
  if (!isValidDate(input.date)) issues.push({ field: 'date', message: DATE_MESSAGE });
  if (toMinutes(input.from) >= toMinutes(input.to))
    issues.push({ field: 'from', message: 'must be before to' });

  let branch: BranchRecord | null = null;
  if (input.branchId !== undefined) {
    branch = branchOf(store, project, input.branchId) ?? null;
    if (!branch) issues.push({ field: 'branchId', message: 'unknown branch' });
  }

  let table: TableRecord | null = null;
  if (input.tableId !== undefined) {
    const found = store.tables.get(input.tableId);
    if (!found || found.projectId !== project.id || !found.isActive) {
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

  if (issues.length > 0) throw errors.validation(issues);
  // Without branchId the table's branch applies, else the project's only branch (if it has one).
  if (!branch && table?.branchId) branch = store.branches.get(table.branchId) ?? null;
  branch ??= implicitBranch(store, project);
  return { branch, table, services };
}

/** An active reservation of the table on that date overlaps `[from, to)`. */
function tableIsTaken(store: Store, tableId: string, date: string, from: number, to: number): boolean {
  return store
    .reservationsOfTableOn(tableId, date)
    .some((r) => ACTIVE_STATUSES.has(r.status) && overlaps(from, to, toMinutes(r.from), toMinutes(r.to)));
}

interface CreateResult {
  reservation: ReservationRecord;
  events: WebhookEvent[];
}

/**
 * POST /reservations after its body was validated: references (400), blacklist (403), opening hours
 * (422), overlap (409), in that order; then upserts the customer and commits the reservation.
 */
export function createReservation(
  ctx: DomainContext,
  project: ProjectRecord,
  input: CreateReservationInput,
): CreateResult {
  const { store } = ctx;
  const { branch, table, services } = resolveReferences(store, project, input);
  const email = input.email.trim();
  const existing = store.customerByEmail(project.id, email);

  if (isBlacklisted(store, project.id, email, input.phone ?? existing?.phone ?? null))
    throw errors.customerBlacklisted();

  const from = toMinutes(input.from);
  const to = toMinutes(input.to);
  if (!fitsOpening(daySchedule(project, branch, input.date), from, to)) throw errors.outsideOpeningHours();

  if (table && tableIsTaken(store, table.id, input.date, from, to)) throw errors.doubleBooking();

  // Every check passed: from here on only writes, still in the same synchronous step.
  const at = nowIso(ctx);
  const customer = upsertCustomer(ctx, project.id, existing, { ...input, email }, at);
  const reservation = store.reservations.insert({
    id: ctx.ids.next('res'),
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
function upsertCustomer(
  ctx: DomainContext,
  projectId: string,
  existing: CustomerRecord | undefined,
  input: {
    email: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    phone?: string | undefined;
  },
  at: string,
): CustomerRecord {
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
  return changed ? ctx.store.customers.replace(next) : existing;
}

export interface ReservationQuery extends PageRequest {
  date?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: ReservationStatus | undefined;
  branchId?: string | undefined;
}

/**
 * GET /reservations: filters combined with AND, `from`/`to` inclusive dates, ordered by date, from,
 * createdAt. Walks the date index: days before or after the page are only counted (per-day counts), so the
 * cost follows the number of matching days, not the number of reservations.
 */
export function listReservations(
  store: Store,
  project: ProjectRecord,
  query: ReservationQuery,
): Page<ReservationRecord> {
  requireBranch(store, project, query.branchId);
  const { limit, offset } = resolvePage(query, RESERVATIONS_PAGE);
  const lowest = [query.date, query.from]
    .filter((d): d is string => d !== undefined)
    .sort()
    .pop();
  const highest = [query.date, query.to].filter((d): d is string => d !== undefined).sort()[0];

  const dates = store.reservationDates(project.id);
  const days = store.reservationDays(project.id);
  const items: ReservationRecord[] = [];
  let total = 0;
  const start = lowest === undefined ? 0 : lowerBound(dates, lowest, compareStrings);
  for (let i = start; i < days.length; i++) {
    const day = days[i] as ReservationDay;
    if (highest !== undefined && day.date > highest) break;
    if (query.branchId === undefined) {
      // A day wholly before the page or after it only adds to the total: count, do not walk.
      const count =
        query.status === undefined ? day.reservations.length : (day.byStatus.get(query.status) ?? 0);
      if (total + count <= offset || items.length >= limit) {
        total += count;
        continue;
      }
    }
    for (const reservation of day.reservations) {
      if (query.status !== undefined && reservation.status !== query.status) continue;
      if (query.branchId !== undefined && reservation.branchId !== query.branchId) continue;
      if (total >= offset && items.length < limit) items.push(reservation);
      total++;
    }
  }
  return { items, total };
}

/** The project's reservation `id`, or 404 RESERVATION_NOT_FOUND (also for another project's id). */
export function getReservation(store: Store, project: ProjectRecord, id: string): ReservationRecord {
  const reservation = store.reservations.get(id);
  if (!reservation || reservation.projectId !== project.id) throw errors.reservationNotFound();
  return reservation;
}

/** PATCH /reservations/:id/status: 404 before 409, then the state machine. */
export function changeReservationStatus(
  ctx: DomainContext,
  project: ProjectRecord,
  id: string,
  change: { status: ReservationStatus; note?: string | undefined; reason?: string | undefined },
  actor: string,
): TransitionResult {
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
): TransitionResult {
  const reservation = getReservation(ctx.store, project, id);
  return applyTransition(ctx, reservation, { to: 'CANCELLED', actor, reason: input.reason });
}

/** The history a reservation in `status` went through since creation (the shortest legal path). */
const PATH_TO: Record<ReservationStatus, readonly ReservationStatus[]> = {
  PENDING: [],
  CONFIRMED: ['CONFIRMED'],
  COMPLETED: ['CONFIRMED', 'COMPLETED'],
  CANCELLED: ['CANCELLED'],
  NO_SHOW: ['CONFIRMED', 'NO_SHOW'],
};

export interface ReservationImport {
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
 * Puts a reservation straight into the store, for seeds, tests and benchmarks: references must be
 * valid, but opening hours, the blacklist and overlaps are not checked and no event is sent. The
 * history follows the shortest legal path to `status`, one minute per step.
 */
export function insertReservation(
  ctx: DomainContext,
  project: ProjectRecord,
  data: ReservationImport,
): ReservationRecord {
  const { store } = ctx;
  if (!isValidDate(data.date)) throw new Error(`Reservation date ${data.date} is not a calendar date`);
  if (toMinutes(data.from) >= toMinutes(data.to))
    throw new Error(`Reservation ${data.from}-${data.to}: from must be before to`);
  const table = data.tableId ? store.tables.get(data.tableId) : undefined;
  if (data.tableId && table?.projectId !== project.id)
    throw new Error(`Unknown table ${data.tableId} in ${project.slug}`);
  if (data.branchId && !branchOf(store, project, data.branchId)) {
    throw new Error(`Unknown branch ${data.branchId} in ${project.slug}`);
  }
  const services = (data.serviceIds ?? []).map((id) => {
    const service = store.services.get(id);
    if (service?.projectId !== project.id) throw new Error(`Unknown service ${id} in ${project.slug}`);
    return bookedService(service);
  });
  const createdAt = data.createdAt ?? nowIso(ctx);
  const email = data.customer.email.trim();
  const customer = upsertCustomer(
    ctx,
    project.id,
    store.customerByEmail(project.id, email),
    {
      email,
      firstName: data.customer.firstName ?? undefined,
      lastName: data.customer.lastName ?? undefined,
      phone: data.customer.phone ?? undefined,
    },
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
    const changedAt = new Date(start + (i + 1) * 60_000).toISOString();
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
    id: data.id ?? ctx.ids.next('res'),
    projectId: project.id,
    branchId: data.branchId ?? table?.branchId ?? implicitBranch(store, project)?.id ?? null,
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

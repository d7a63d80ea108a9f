// GET /availability: the slots of one day in the project's time zone. Slot length: `duration`, else
// the service's duration, else the project's default (30). Slots step from `open` and never cross the
// break, `close`, or local time that does not exist that day. A slot is available when it has not
// started yet (project local time, from the mock clock) and some active table of the branch has no
// overlapping active reservation; a branch without tables has one implicit place.
import type { components } from '../contract';
import type { DomainContext } from './context';
import { errors, type ValidationIssue } from './errors';
import { daySchedule, outsideOpening } from './opening-hours';
import { activeServiceOf, branchOf, resolveBranch, tablesServing } from './projects';
import type { BranchRecord, ProjectRecord, ReservationRecord } from './records';
import { ACTIVE_STATUSES } from './state-machine';
import type { Store } from './store';
import {
  dayOfWeek,
  ENGLISH_DAY_NAMES,
  type EnglishDayName,
  formatMinutes,
  startsInPastOn,
  toMinutes,
} from './time';

type AvailabilityDay = components['schemas']['AvailabilityDay'];

export interface AvailabilityQuery {
  date: string;
  branchId?: string | undefined;
  serviceId?: string | undefined;
  duration?: number | undefined;
}

/**
 * For each of `count` slots of `length` minutes from `open`, how many places have an active
 * reservation (ACTIVE_STATUSES) that overlaps it. Slots are regular steps, so the slots a
 * reservation overlaps are found by arithmetic: the work is the day's reservations and slots, not
 * slots × reservations, and nothing is copied per request. A place's reservations may overlap each
 * other (inserted records skip the overlap check), so a place counts once per slot.
 */
function busyPlacesPerSlot(
  places: readonly (readonly ReservationRecord[])[],
  open: number,
  length: number,
  count: number,
): number[] {
  const busy = new Array<number>(count).fill(0);
  const markedBy = new Array<number>(count).fill(-1);
  for (let place = 0; place < places.length; place++) {
    for (const reservation of places[place] as readonly ReservationRecord[]) {
      if (!ACTIVE_STATUSES.has(reservation.status)) continue;
      const from = toMinutes(reservation.from);
      const to = toMinutes(reservation.to);
      // Slot k is [open + k·length, open + (k+1)·length): it overlaps [from, to) when it starts
      // before `to` and ends after `from`.
      const first = Math.max(0, Math.floor((from - open) / length));
      const last = Math.min(count - 1, Math.ceil((to - open) / length) - 1);
      for (let k = first; k <= last; k++) {
        if (markedBy[k] === place) continue;
        markedBy[k] = place;
        busy[k] = (busy[k] as number) + 1;
      }
    }
  }
  return busy;
}

/** The query fields that name other records. */
export type AvailabilityReferences = Pick<AvailabilityQuery, 'branchId' | 'serviceId'>;

/**
 * What the query schema cannot see: an unknown branch or service. Also run on the valid parameters of
 * a query that failed its schema, so one VALIDATION_ERROR lists every invalid field (pipeline/api-routes.ts).
 */
export function availabilityReferenceIssues(
  store: Store,
  project: ProjectRecord,
  query: AvailabilityReferences,
): ValidationIssue[] {
  return checkAvailabilityReferences(store, project, query).issues;
}

function checkAvailabilityReferences(
  store: Store,
  project: ProjectRecord,
  query: AvailabilityReferences,
): { branch: BranchRecord | null; serviceDuration: number | undefined; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  let branch: BranchRecord | null = null;
  if (query.branchId !== undefined) {
    branch = branchOf(store, project, query.branchId) ?? null;
    if (!branch) issues.push({ field: 'branchId', message: 'unknown branch' });
  }
  let serviceDuration: number | undefined;
  if (query.serviceId !== undefined) {
    serviceDuration = activeServiceOf(store, project, query.serviceId)?.duration;
    if (serviceDuration === undefined) issues.push({ field: 'serviceId', message: 'unknown service' });
  }
  return { branch, serviceDuration, issues };
}

export function getAvailability(
  ctx: DomainContext,
  project: ProjectRecord,
  query: AvailabilityQuery,
): AvailabilityDay {
  const { store } = ctx;
  const references = checkAvailabilityReferences(store, project, query);
  if (references.issues.length > 0) throw errors.validation(references.issues);
  const { serviceDuration } = references;
  const branch = resolveBranch(store, project, references.branch);

  const dayName = ENGLISH_DAY_NAMES[dayOfWeek(query.date)] as EnglishDayName;
  const day = daySchedule(project, branch, query.date);
  if (!day.isOpen)
    return { date: query.date, dayOfWeek: dayName, isOpen: false, reason: day.reason, slots: [] };

  const length = query.duration ?? serviceDuration ?? project.slotMinutes;
  const branchId = branch?.id ?? null;
  const tables = tablesServing(store, project, branch);
  // The reservations of each place: per table, or the one implicit place of a table-less branch.
  const places: (readonly ReservationRecord[])[] =
    tables.length > 0
      ? tables.map((t) => store.reservationsOfTableOn(t.id, query.date))
      : [
          store
            .reservationsOn(project.id, query.date)
            .filter((r) => branchId === null || r.branchId === branchId || r.branchId === null),
        ];

  const now = ctx.clock.now();
  const inPast = startsInPastOn(query.date, project.timeZone, now);
  const count = Math.max(0, Math.floor((day.close - day.open) / length));
  const busy = busyPlacesPerSlot(places, day.open, length, count);
  const slots: AvailabilityDay['slots'] = [];
  for (let k = 0; k < count; k++) {
    const from = day.open + k * length;
    const to = from + length;
    if (outsideOpening(day, from, to) !== null) continue;
    const free = !inPast(from) && (busy[k] as number) < places.length;
    slots.push({ from: formatMinutes(from), to: formatMinutes(to), available: free });
  }

  const { hours } = day;
  return {
    date: query.date,
    dayOfWeek: dayName,
    isOpen: true,
    openingHours: {
      open: hours.open,
      close: hours.close,
      ...(hours.breakStart !== null && hours.breakEnd !== null
        ? { breakStart: hours.breakStart, breakEnd: hours.breakEnd }
        : {}),
    },
    slots,
  };
}

// Where a seed fits on the calendar: its relative bookings (`dayOffset`) are laid out around the
// clock's local today in each project's time zone (apply-seed.ts), and every date must keep four
// digits (mock README, "The control interface": the clock's edges). So a start, a reset or a new
// project at an instant too late for its data is refused before anything changes, never half done.
import { DEFAULT_TIME_ZONE } from '../domain/projects';
import { isoOf, latestInstantWithin } from '../domain/time';

/** How far a relative booking may move forward off closed days (seedDate in apply-seed.ts). */
const CLOSED_DAY_SHIFT = 7;

/** What placing a project's data reads of it: its zone and its bookings' day offsets (SeedProject). */
type DatedProject = {
  timeZone?: string | undefined;
  reservations: readonly { dayOffset?: number | undefined }[];
};

/** How many days after its local today a project's relative bookings may fall. */
function daysAhead(project: DatedProject): number {
  const offsets = project.reservations.flatMap((r) => (r.dayOffset === undefined ? [] : [r.dayOffset]));
  return offsets.length === 0 ? 0 : Math.max(0, ...offsets) + CLOSED_DAY_SHIFT;
}

/** The latest instant at which `projects` can be laid out with every local date at most 9999-12-31. */
export function latestSeedInstant(projects: readonly DatedProject[]): number {
  let latest = latestInstantWithin([]);
  for (const project of projects)
    latest = Math.min(
      latest,
      latestInstantWithin([project.timeZone ?? DEFAULT_TIME_ZONE], daysAhead(project)),
    );
  return latest;
}

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00Z. */
const YEAR_10000_MS = Date.UTC(10000, 0, 1);

/**
 * An instant at least a day (more than any UTC offset) plus `ahead` days before 10000-01-01 leaves
 * every local date of every zone within 9999-12-31: the answer of latestSeedInstant() without its
 * zoned conversions near year 10000, which cost a fresh mock more than its seeding (measured with
 * bench/lifecycle.ts: 0.17 → 0.41 ms).
 */
export function surelyFits(projects: readonly DatedProject[], now: number): boolean {
  const ahead = projects.reduce((most, project) => Math.max(most, daysAhead(project)), 0);
  return now < YEAR_10000_MS - (ahead + 1) * DAY_MS;
}

/** What placing a project's bookings reads of their creation times. */
type CreatedProject = {
  slug: string;
  reservations: readonly { id?: string | undefined; createdAt?: string | undefined }[];
};

/**
 * Why `now` is too early for `projects`: a booking created after it (its status history would lie in
 * the future, which openapi.yaml rules out for seeded bookings too); null when none is.
 */
export function seedFromTheFuture(projects: readonly CreatedProject[], now: number): string | null {
  for (const project of projects) {
    for (const [i, reservation] of project.reservations.entries()) {
      const { createdAt } = reservation;
      if (createdAt !== undefined && Date.parse(createdAt) > now)
        return `reservation ${reservation.id ?? `#${i + 1}`} of ${project.slug} was created at ${createdAt}, later than the mock's now, ${isoOf(now)}: a status history is never in the future`;
    }
  }
  return null;
}

/** 1000-01-01T00:00Z: the API reads an earlier day as no calendar date (openapi.yaml, "Conventions"). */
const YEAR_1000_MS = Date.UTC(1000, 0, 1);

/**
 * Why `now` is too early to lay out `projects` (a relative booking before 1000-01-01, moved a week
 * further back off closed days, with a day's margin for any zone), naming the earliest allowed
 * instant; null when it fits.
 */
export function seedTooEarly(projects: readonly DatedProject[], now: number): string | null {
  let behind = 0;
  for (const project of projects)
    for (const { dayOffset } of project.reservations)
      if (dayOffset !== undefined) behind = Math.max(behind, -dayOffset + CLOSED_DAY_SHIFT + 1);
  const earliest = YEAR_1000_MS + behind * DAY_MS;
  return behind === 0 || now >= earliest
    ? null
    : `now must be at least ${isoOf(earliest)} for this data: every local date, its bookings' included, must be at least 1000-01-01`;
}

/** The words every refusal of a too-late instant ends with. */
export const FOUR_DIGIT_DATES =
  "every local date, its bookings' included, must be at most 9999-12-31 in each project's time zone";

/** Why `now` is too late to lay out `projects`, naming the latest allowed instant; null when it fits. */
export function seedTooLate(projects: readonly DatedProject[], now: number): string | null {
  if (surelyFits(projects, now)) return null;
  const latest = latestSeedInstant(projects);
  return now <= latest ? null : `now must be at most ${isoOf(latest)} for this data: ${FOUR_DIGIT_DATES}`;
}

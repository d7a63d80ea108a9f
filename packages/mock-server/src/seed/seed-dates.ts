// Where a seed fits on the calendar: its relative bookings (`dayOffset`) are laid out around the
// clock's local today in each project's time zone (apply-seed.ts), and every date must keep four
// digits (mock README, "The control interface": the clock's edges). So a start, a reset or a new
// project at an instant too late for its data is refused before anything changes, never half done.
import { DEFAULT_TIME_ZONE } from '../domain/projects';
import { isoOf, latestInstantWithin } from '../domain/time';
import type { SeedProject } from './seed-data';

/** How far a relative booking may move forward off closed days (seedDate in apply-seed.ts). */
const CLOSED_DAY_SHIFT = 7;

type DatedProject = Pick<SeedProject, 'reservations'> & { timeZone?: string | undefined };

/** The latest instant at which `projects` can be laid out with every local date at most 9999-12-31. */
export function latestSeedInstant(projects: readonly DatedProject[]): number {
  let latest = latestInstantWithin([]);
  for (const project of projects) {
    const offsets = project.reservations.flatMap((r) => (r.dayOffset === undefined ? [] : [r.dayOffset]));
    const ahead = offsets.length === 0 ? 0 : Math.max(0, ...offsets) + CLOSED_DAY_SHIFT;
    latest = Math.min(latest, latestInstantWithin([project.timeZone ?? DEFAULT_TIME_ZONE], ahead));
  }
  return latest;
}

/** The words every refusal of a too-late instant ends with. */
export const FOUR_DIGIT_DATES =
  "every local date, its bookings' included, must be at most 9999-12-31 in each project's time zone";

/** Why `now` is too late to lay out `projects`, naming the latest allowed instant; null when it fits. */
export function seedTooLate(projects: readonly DatedProject[], now: number): string | null {
  const latest = latestSeedInstant(projects);
  return now <= latest ? null : `now must be at most ${isoOf(latest)} for this data: ${FOUR_DIGIT_DATES}`;
}

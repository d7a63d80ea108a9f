// Which hours apply on a date: a closed holiday wins, then the branch's own weekly hours, then the
// project's. Reservations (422) and availability (slots) both ask this one module, so a booking is
// accepted exactly where a slot could be offered.
import type { BranchRecord, DayHours, ProjectRecord } from './records';
import { dayOfWeek, missingMinutes, overlaps, toMinutes } from './time';

export type DaySchedule =
  | { isOpen: false; reason: string }
  | {
      isOpen: true;
      hours: DayHours & { open: string; close: string };
      /** Minutes since midnight; `close` may be 1440 (24:00). */
      open: number;
      close: number;
      /** The break as minutes, or null without one. */
      break: readonly [number, number] | null;
      /** Local minutes that do not exist that day (spring forward), or null. */
      missing: readonly [number, number] | null;
    };

/** The reason shown for a regular closed day. */
const CLOSED_REASON = 'Closed';

/**
 * The opening of `date`. A holiday with `isOpen: false` closes the day (reason: its name); a holiday
 * with `isOpen: true` is informational and the weekday's regular hours apply.
 */
export function daySchedule(project: ProjectRecord, branch: BranchRecord | null, date: string): DaySchedule {
  const holiday = project.holidays.find((h) => h.date === date);
  if (holiday && !holiday.isOpen) return { isOpen: false, reason: holiday.name };
  const hours = (branch?.openingHours ?? project.openingHours)[dayOfWeek(date)];
  if (!hours?.isOpen || hours.open === null || hours.close === null)
    return { isOpen: false, reason: CLOSED_REASON };
  return {
    isOpen: true,
    hours: { ...hours, open: hours.open, close: hours.close },
    open: toMinutes(hours.open),
    close: toMinutes(hours.close),
    break:
      hours.breakStart !== null && hours.breakEnd !== null
        ? [toMinutes(hours.breakStart), toMinutes(hours.breakEnd)]
        : null,
    missing: missingMinutes(date, project.timeZone),
  };
}

/**
 * Why `[from, to)` (minutes) cannot be booked on that day, or null when it lies within the opening,
 * outside the break, and in local time that exists.
 */
export function outsideOpening(day: DaySchedule, from: number, to: number): string | null {
  if (!day.isOpen) return `the day is closed (${day.reason})`;
  if (from < day.open || to > day.close) return `open ${day.hours.open}-${day.hours.close}`;
  if (day.break && overlaps(from, to, day.break[0], day.break[1]))
    return `break ${day.hours.breakStart}-${day.hours.breakEnd}`;
  if (day.missing && overlaps(from, to, day.missing[0], day.missing[1]))
    return 'this local time does not exist that day (clocks move forward)';
  return null;
}

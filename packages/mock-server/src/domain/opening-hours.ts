// Which hours apply on a date: a closed holiday wins, then the branch's own weekly hours, then the
// project's. Reservations (422) and availability (slots) both ask this one function.
import type { BranchRecord, DayHours, ProjectRecord } from './records';
import { dayOfWeek, toMinutes } from './time';

export type DaySchedule =
  | { isOpen: false; reason: string }
  | {
      isOpen: true;
      hours: DayHours & { open: string; close: string };
      /** Minutes since midnight. */
      open: number;
      close: number;
      /** The break as minutes, or null without one. */
      breakStart: number | null;
      breakEnd: number | null;
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
  const week = branch?.openingHours ?? project.openingHours;
  const hours = week[dayOfWeek(date)];
  if (!hours?.isOpen || hours.open === null || hours.close === null)
    return { isOpen: false, reason: CLOSED_REASON };
  const hasBreak = hours.breakStart !== null && hours.breakEnd !== null;
  return {
    isOpen: true,
    hours: { ...hours, open: hours.open, close: hours.close },
    open: toMinutes(hours.open),
    close: toMinutes(hours.close),
    breakStart: hasBreak && hours.breakStart !== null ? toMinutes(hours.breakStart) : null,
    breakEnd: hasBreak && hours.breakEnd !== null ? toMinutes(hours.breakEnd) : null,
  };
}

/** `[from, to)` (minutes) lies within the opening and does not reach into the break. */
export function fitsOpening(day: DaySchedule, from: number, to: number): boolean {
  if (!day.isOpen) return false;
  if (from < day.open || to > day.close) return false;
  if (day.breakStart !== null && day.breakEnd !== null && from < day.breakEnd && day.breakStart < to)
    return false;
  return true;
}

// Calendar arithmetic on `YYYY-MM-DD` strings and project-local wall-clock time. Pure functions.
import { zonedDateTime } from '@reservation-api/mock-server/time-format';
import type { Schedule } from './api';

/** Today's date and the minutes since midnight, in the project's time zone. */
export interface LocalNow {
  date: string;
  minutes: number;
}

export function localNow(epochMs: number, timeZone: string): LocalNow {
  // The mock's dashboard reads the same clock the same way: one formatter for both.
  const { date, minutes } = zonedDateTime(epochMs, timeZone);
  return { date, minutes };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 is Sunday, as in the schedule's `dayOfWeek`. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function toMinutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * The first day, from today on, that the schedule says is open and that is not a closed holiday;
 * today counts only while it has not closed yet. Undefined when none within `horizonDays`.
 */
export function nextOpenDay(
  schedule: Pick<Schedule, 'openingHours' | 'holidays'>,
  now: LocalNow,
  horizonDays = 28,
): string | undefined {
  for (let i = 0; i <= horizonDays; i++) {
    const date = addDays(now.date, i);
    const holiday = schedule.holidays.find((h) => h.date === date);
    if (holiday && !holiday.isOpen) continue;
    const day = schedule.openingHours.find((d) => d.dayOfWeek === weekday(date));
    if (!day?.isOpen) continue;
    if (i === 0 && day.close !== undefined && toMinutes(day.close) <= now.minutes) continue;
    return date;
  }
  return undefined;
}

// Calendar dates, wall-clock times and the project's time zone. Dates and HH:MM values are local to
// the project; only "now" needs a zone conversion, which Intl.DateTimeFormat does (it knows DST).
import { DATE_PATTERN, TIME_PATTERN } from './records';

export const ENGLISH_DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type EnglishDayName = (typeof ENGLISH_DAY_NAMES)[number];

export const CZECH_DAY_NAMES = [
  'Neděle',
  'Pondělí',
  'Úterý',
  'Středa',
  'Čtvrtek',
  'Pátek',
  'Sobota',
] as const;
export type CzechDayName = (typeof CZECH_DAY_NAMES)[number];

/** True for an existing calendar date in `YYYY-MM-DD` form (2026-02-30 is not one). */
export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** Minutes since midnight of an `HH:MM` value. */
export function toMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday; from the date alone, so no time zone is involved. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** `[aFrom, aTo)` and `[bFrom, bTo)` intersect; touching ends do not. */
export function overlaps(aFrom: number, aTo: number, bFrom: number, bTo: number): boolean {
  return aFrom < bTo && bFrom < aTo;
}

export interface LocalTime {
  /** Local date `YYYY-MM-DD`. */
  date: string;
  /** Minutes since local midnight, with the seconds as a fraction. */
  minutes: number;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts instants to a zone's wall-clock time. Building an Intl.DateTimeFormat costs far more than
 * using one, so each service keeps one converter that caches a formatter per zone.
 */
export interface TimeZones {
  localTime(epochMs: number, timeZone: string): LocalTime;
}

export function createTimeZones(): TimeZones {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
  return {
    localTime(epochMs, timeZone) {
      const parts: Record<string, string> = {};
      for (const part of formatterFor(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
      const hour = Number(parts.hour) % 24;
      return {
        date: `${parts.year}-${parts.month}-${parts.day}`,
        minutes: hour * 60 + Number(parts.minute) + Number(parts.second) / 60,
      };
    },
  };
}

// Calendar dates, wall-clock times and the project's time zone. Dates and HH:MM values are local to
// the project; only "now" needs a zone conversion, which Intl.DateTimeFormat does (it knows DST).
import { DATE_PATTERN } from './records';

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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number at `from`…`to` of a string known to hold digits there. */
function digitsAt(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + value.charCodeAt(i) - 48;
  return n;
}

/** The VALIDATION_ERROR message for a date that is not an existing `YYYY-MM-DD` date. */
export const DATE_MESSAGE = 'must be a date in YYYY-MM-DD format';

/**
 * True for an existing calendar date in `YYYY-MM-DD` form (2026-02-30 is not one). By arithmetic
 * rather than through a Date: every request with a date checks it, some twice. Years 0000–0099 are
 * refused, as Date.UTC (which reads them as 1900–1999) made the first version of this do.
 */
export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const y = digitsAt(value, 0, 4);
  const m = digitsAt(value, 5, 7);
  const d = digitsAt(value, 8, 10);
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : (DAYS_IN_MONTH[m - 1] as number));
}

/** A decimal digit's value from its character code, or NaN for anything else. */
function digit(code: number): number {
  return code >= 48 && code <= 57 ? code - 48 : Number.NaN;
}

/**
 * Minutes since midnight of an `HH:MM` value (NaN when it is not one). From the character codes:
 * availability converts every busy interval of every table this way on each request, and slicing
 * and parsing the parts showed in its profile.
 */
export function toMinutes(time: string): number {
  if (time.length !== 5 || time.charCodeAt(2) !== 58) return Number.NaN;
  return (
    (digit(time.charCodeAt(0)) * 10 + digit(time.charCodeAt(1))) * 60 +
    digit(time.charCodeAt(3)) * 10 +
    digit(time.charCodeAt(4))
  );
}

/** "00:00" … "23:59" by minute of the day, built once (slot labels are formatted on every request). */
const CLOCK_LABELS = Array.from(
  { length: 24 * 60 },
  (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
);

export function formatMinutes(minutes: number): string {
  return (
    CLOCK_LABELS[minutes] ??
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  );
}

/** 0 = Sunday … 6 = Saturday; from the date alone, so no time zone is involved. */
export function dayOfWeek(date: string): number {
  const days = Math.floor(
    Date.UTC(digitsAt(date, 0, 4), digitsAt(date, 5, 7) - 1, digitsAt(date, 8, 10)) / 86_400_000,
  );
  // 1970-01-01 was a Thursday (4).
  return (((days + 4) % 7) + 7) % 7;
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
 * using one, so each service keeps one converter that caches a formatter per zone; and using one
 * (formatToParts) still costs microseconds, so the zone's UTC offset is remembered for the quarter
 * hour of UTC it was computed in. Offsets change only at transitions, which fall on whole quarter
 * hours of UTC in every zone today (their local times are whole hours or half hours, offsets whole
 * quarter hours), so within one quarter hour the remembered offset is the zone's offset.
 */
export interface TimeZones {
  localTime(epochMs: number, timeZone: string): LocalTime;
}

const QUARTER_HOUR_MS = 15 * 60_000;

export function createTimeZones(): TimeZones {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const offsets = new Map<string, { quarter: number; offsetMs: number }>();
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
  /** Local wall-clock time minus UTC at `epochMs`, in ms (from the formatter's whole seconds). */
  const offsetAt = (epochMs: number, timeZone: string): number => {
    const parts: Record<string, string> = {};
    for (const part of formatterFor(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
    const local = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour) % 24,
      Number(parts.minute),
      Number(parts.second),
    );
    return local - Math.floor(epochMs / 1000) * 1000;
  };
  return {
    localTime(epochMs, timeZone) {
      const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
      let cached = offsets.get(timeZone);
      if (cached?.quarter !== quarter) {
        cached = { quarter, offsetMs: offsetAt(epochMs, timeZone) };
        offsets.set(timeZone, cached);
      }
      // Whole seconds, as the formatter gives them.
      const local = new Date(Math.floor(epochMs / 1000) * 1000 + cached.offsetMs);
      return {
        date: local.toISOString().slice(0, 10),
        minutes: local.getUTCHours() * 60 + local.getUTCMinutes() + local.getUTCSeconds() / 60,
      };
    },
  };
}

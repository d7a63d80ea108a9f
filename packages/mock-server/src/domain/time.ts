// Calendar dates, wall-clock times and the project's time zone, through Temporal (the polyfill until
// runtimes ship it). Dates and HH:MM values are local to the project; instants are UTC. The rules
// (mock README, "Rules"): `24:00` is a valid end of day but never a start; a local time that does
// not exist (the spring-forward hour) is never bookable; a time of the repeated autumn hour means
// its first occurrence.
import { Temporal } from 'temporal-polyfill';

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

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A start of something (`from`, `open`, `breakStart`): 00:00–23:59. */
export const START_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An end (`to`, `close`, `breakEnd`): 00:00–23:59 or 24:00, the end of the day. */
export const END_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** `YYYY-MM-DD` (the documented pattern), whether or not that day exists. */
export function isDateFormat(value: string): boolean {
  return DATE_PATTERN.test(value);
}

/**
 * An existing calendar date in `YYYY-MM-DD` form (2026-02-30 is not one); years from 1000. Checked
 * by Date's UTC calendar (proleptic Gregorian, as Temporal's ISO calendar for these years): a day
 * past its month's end rolls over into the next month, so it does not read back the same. Every
 * request with a date asks this, and a Temporal parse cost more than the rest of the check.
 */
export function isCalendarDate(value: string): boolean {
  // A well-formed date before the year 1000 names no day of the mock's calendar (mock README,
  // "Rules", "Errors"): `is not a calendar date`, not a malformed one.
  return (
    isDateFormat(value) && value >= '1000' && new Date(utcDayMs(value)).toISOString().slice(0, 10) === value
  );
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight of a validated `HH:MM` (24:00 is 1440), from its digits (no substrings). */
export function toMinutes(time: string): number {
  return (
    (time.charCodeAt(0) - 48) * 600 +
    (time.charCodeAt(1) - 48) * 60 +
    (time.charCodeAt(3) - 48) * 10 +
    (time.charCodeAt(4) - 48)
  );
}

/** `HH:MM` of minutes since midnight; 1440 is `24:00`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Milliseconds since the epoch of `YYYY-MM-DD` at 00:00 UTC (proleptic Gregorian, as Temporal's ISO calendar). */
function utcDayMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** 0 = Sunday … 6 = Saturday. Calendar arithmetic in UTC: the same day as Temporal's ISO calendar. */
export function dayOfWeek(date: string): number {
  return new Date(utcDayMs(date)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const shifted = new Date(utcDayMs(date) + days * 86_400_000).toISOString();
  // Date's ISO form is YYYY-MM-DDTHH:MM:SS.sssZ (24 characters) for years 0000–9999 only, where it
  // matches Temporal's; Temporal writes the others (±YYYYYY).
  return shifted.length === 24
    ? shifted.slice(0, 10)
    : Temporal.PlainDate.from(date).add({ days }).toString();
}

/** The latest instant the mock handles, 9999-12-31T23:59:59.999Z: ISO timestamps keep four-digit years. */
export const LATEST_INSTANT_MS = 253_402_300_799_999;

/**
 * The latest instant at which, in every one of `timeZones`, the local date `daysAhead` days on is
 * still at most 9999-12-31 (local dates, like timestamps, have four-digit years), and never past
 * LATEST_INSTANT_MS. With no zone, LATEST_INSTANT_MS itself.
 */
export function latestInstantWithin(timeZones: Iterable<string>, daysAhead = 0): number {
  let latest = LATEST_INSTANT_MS;
  // The first local day that is too late: 10000-01-01, `daysAhead` days earlier.
  const tooLate = Temporal.PlainDate.from({ year: 10000, month: 1, day: 1 }).subtract({ days: daysAhead });
  for (const timeZone of new Set(timeZones))
    latest = Math.min(latest, tooLate.toZonedDateTime({ timeZone }).epochMilliseconds - 1);
  return latest;
}

/** `[aFrom, aTo)` and `[bFrom, bTo)` intersect; touching ends do not. */
export function overlaps(aFrom: number, aTo: number, bFrom: number, bTo: number): boolean {
  return aFrom < bTo && bFrom < aTo;
}

export interface LocalTime {
  /** Local date `YYYY-MM-DD`. */
  date: string;
  /** Minutes since local midnight, with seconds as a fraction. */
  minutes: number;
}

/**
 * One local day of one zone, computed once with Temporal and reused for every slot, booking and
 * "now" of that day: its first instant, and whether its UTC offset stays the same all day (every
 * day but the two with a transition). On such a day a local time is its start plus minutes, without
 * a zoned conversion (20–30 µs each in the polyfill).
 */
interface ZoneDay {
  readonly date: string;
  readonly startMs: number;
  /** The first instant of the next local day. */
  readonly endMs: number;
  /** No offset transition within the day: local minutes = (instant - startMs) / 60,000. */
  readonly uniform: boolean;
  readonly missing: readonly [number, number] | null;
}

/**
 * The memo of zone days: pure values of the time-zone database (no mock's state), shared by every
 * mock in the process. Bounded: when it holds ZONE_DAY_LIMIT days it starts again empty, so a run
 * over many years costs at most the conversions it cost before. Measured in BENCHMARKS.md.
 */
const ZONE_DAY_LIMIT = 4096;
const zoneDays = new Map<string, ZoneDay>();
/** The day each zone's "now" fell on last: the clock's instant is converted once per day, not per request. */
const lastDayOfZone = new Map<string, ZoneDay>();

function computeZoneDay(date: string, timeZone: string): ZoneDay {
  const plain = Temporal.PlainDate.from(date);
  const start = plain.toZonedDateTime(timeZone);
  const next = plain.add({ days: 1 }).toZonedDateTime(timeZone);
  // Searched from just before the day's first instant: in a zone that springs forward at midnight
  // (America/Santiago, Havana) the day starts at 01:00 exactly at a transition, which 'next' from
  // the start itself would pass over (offering 00:00–01:00, times that do not exist).
  const transition = start.subtract({ nanoseconds: 1 }).getTimeZoneTransition('next');
  const uniform =
    next.epochMilliseconds - start.epochMilliseconds === 86_400_000 &&
    (transition === null || Temporal.ZonedDateTime.compare(transition, next) >= 0);
  return {
    date,
    startMs: start.epochMilliseconds,
    endMs: next.epochMilliseconds,
    uniform,
    missing: uniform || !transition ? null : skippedMinutes(transition),
  };
}

/** The local minutes skipped at `transition` (spring forward), or null when it repeats time instead. */
function skippedMinutes(transition: Temporal.ZonedDateTime): readonly [number, number] | null {
  const before = transition.subtract({ nanoseconds: 1 });
  const skipped = (transition.offsetNanoseconds - before.offsetNanoseconds) / 60e9;
  const from = transition.hour * 60 + transition.minute - skipped;
  return skipped > 0 ? [from, from + skipped] : null;
}

function zoneDay(date: string, timeZone: string): ZoneDay {
  const key = `${timeZone} ${date}`;
  let day = zoneDays.get(key);
  if (!day) {
    day = computeZoneDay(date, timeZone);
    if (zoneDays.size >= ZONE_DAY_LIMIT) zoneDays.clear();
    zoneDays.set(key, day);
  }
  return day;
}

/** The wall-clock date and time in `timeZone` at the instant `epochMs`. */
export function localTime(epochMs: number, timeZone: string): LocalTime {
  const last = lastDayOfZone.get(timeZone);
  if (last?.uniform && epochMs >= last.startMs && epochMs < last.endMs) {
    // Whole seconds, as the Temporal path below counts them.
    const seconds = Math.floor((epochMs - last.startMs) / 1000);
    return { date: last.date, minutes: Math.floor(seconds / 60) + (seconds % 60) / 60 };
  }
  const local = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone);
  const date = local.toPlainDate().toString();
  if (lastDayOfZone.size >= ZONE_DAY_LIMIT) lastDayOfZone.clear();
  lastDayOfZone.set(timeZone, zoneDay(date, timeZone));
  return { date, minutes: local.hour * 60 + local.minute + local.second / 60 };
}

/**
 * The instant of a local wall-clock time (`HH:MM`, 24:00 being the next midnight). A time in the
 * repeated autumn hour means its first occurrence; one in the spring gap is not asked for (callers
 * refuse those first, see missingMinutes).
 */
export function instantOf(date: string, time: string, timeZone: string): number {
  return instantsOn(date, timeZone)(toMinutes(time));
}

/**
 * instantOf for many times of one day (minutes since local midnight, 1440 being the next midnight):
 * the zone's day is looked up once, for all of them (the slots of GET /availability).
 */
export function instantsOn(date: string, timeZone: string): (minutes: number) => number {
  const day = zoneDay(date, timeZone);
  return (minutes) =>
    // 24:00 is the next day's midnight, which may itself be skipped (a zone that springs forward at
    // midnight): that one is left to Temporal.
    day.uniform && minutes < 1440
      ? day.startMs + minutes * 60_000
      : Temporal.PlainDate.from(date)
          .toPlainDateTime({ hour: 0 })
          .add({ minutes })
          .toZonedDateTime(timeZone, { disambiguation: 'earlier' }).epochMilliseconds;
}

/**
 * The local minutes of `date` that do not exist in `timeZone` (the hour skipped when clocks spring
 * forward, [120, 180) in Europe/Prague on 2026-03-29), or null on an ordinary day.
 */
export function missingMinutes(date: string, timeZone: string): readonly [number, number] | null {
  return zoneDay(date, timeZone).missing;
}

/**
 * Whether a booking that starts at `time` on `date` (project local) starts before the instant
 * `nowMs`. The one rule for availability and booking alike: the start is taken as an instant (so a
 * time of the repeated autumn hour is its first occurrence) and compared with now.
 */
export function startsInPast(date: string, time: string, timeZone: string, nowMs: number): boolean {
  return startsInPastOn(date, timeZone, nowMs)(toMinutes(time));
}

/** startsInPast for many start times of one day (minutes since local midnight): the slots of a day. */
export function startsInPastOn(date: string, timeZone: string, nowMs: number): (minutes: number) => boolean {
  const instantAt = instantsOn(date, timeZone);
  return (minutes) => instantAt(minutes) < nowMs;
}

/** ISO 8601 UTC of an instant: the one format of every timestamp the mock writes. */
export function isoOf(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/**
 * The largest delay setTimeout honours (2^31 - 1 ms, about 24.8 days); a longer one fires at once.
 * Fault delays are limited to it and longer timers wait in steps of it.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

// Date, time and timestamp schemas with their messages (and the JSON depth limit), shared by the API's request schemas
// (pipeline/schemas.ts) and the seed format (seed/seed-data.ts); the control input (control/schemas.ts)
// reuses DATE_MESSAGE so a bad date reads the same everywhere.
import { z } from 'zod';
import { END_TIME_PATTERN, isCalendarDate, isDateFormat, START_TIME_PATTERN, toMinutes } from './time';

/**
 * How deep a JSON body may nest (the body object itself is level 1): the API's request bodies
 * (pipeline/body.ts) and a fault's answer body (control/faults.ts) alike.
 */
export const MAX_BODY_DEPTH = 32;

export const DATE_MESSAGE = 'must be a date in YYYY-MM-DD format';
/** A well-formed date naming no day (2030-02-30): said apart from a malformed one. */
export const NOT_A_DAY_MESSAGE = 'is not a calendar date';
export const START_TIME_MESSAGE = 'must be a time in HH:MM format (00:00-23:59)';
export const END_TIME_MESSAGE = 'must be a time in HH:MM format (00:00-24:00)';

/** "is required" when absent, else `message`. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

/** An existing calendar date, `YYYY-MM-DD`: the format first, then whether that day exists. */
export const calendarDate = () =>
  z
    .string({ error: requiredOr(DATE_MESSAGE) })
    .refine(isDateFormat, { error: DATE_MESSAGE, abort: true })
    .refine(isCalendarDate, { error: NOT_A_DAY_MESSAGE });

/** A start time `HH:MM`, 00:00–23:59. */
export const startTime = () =>
  z
    .string({ error: requiredOr(START_TIME_MESSAGE) })
    .regex(START_TIME_PATTERN, { error: START_TIME_MESSAGE });

/** An end time `HH:MM`, 00:00–24:00. */
export const endTime = () =>
  z.string({ error: requiredOr(END_TIME_MESSAGE) }).regex(END_TIME_PATTERN, { error: END_TIME_MESSAGE });

export const timestamp = () => z.iso.datetime({ offset: true });

/** `from` strictly before `to` (both validated HH:MM). */
export function startsBeforeEnd(range: { from: string; to: string }): boolean {
  return toMinutes(range.from) < toMinutes(range.to);
}

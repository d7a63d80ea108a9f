// @ts-check
// Wall-clock date and time in a time zone, from an instant: the one formatter the dashboard (as a
// static file, no build step) and the booking widget (bundled by Vite, through the package's
// `./time-format` export) share. No dependency: Intl only.

/**
 * @typedef {object} ZonedDateTime
 * @property {string} date `YYYY-MM-DD` in the zone.
 * @property {string} time `HH:MM` (24 h) in the zone.
 * @property {number} minutes Minutes since the zone's midnight (`time` as a number).
 */

/** @type {Map<string, Intl.DateTimeFormat>} One formatter per zone: building one costs more than using it. */
const formats = new Map();

/**
 * The date and the time of day that a clock in `timeZone` shows at `epochMs`.
 * @param {number} epochMs
 * @param {string} timeZone an IANA name, e.g. `Europe/Prague`
 * @returns {ZonedDateTime}
 */
export function zonedDateTime(epochMs, timeZone) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  /** @type {Partial<Record<Intl.DateTimeFormatPartTypes, string>>} */
  const parts = {};
  for (const part of format.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const hour = parts.hour ?? '00';
  const minute = parts.minute ?? '00';
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${hour}:${minute}`,
    minutes: Number(hour) * 60 + Number(minute),
  };
}

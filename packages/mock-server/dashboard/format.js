// @ts-check
// How the page writes times, counts, durations and bodies.

/** @param {number} n */
const pad = (n) => String(n).padStart(2, '0');
/** `2030-06-17 08:00:00` in UTC. */
export const utc = (/** @type {string | number} */ value) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 19).replace('T', ' ');
};
/** `08:00:00` in UTC. */
export const utcTime = (/** @type {string | number} */ value) => utc(value).slice(11);
/** The browser's local time of day, `23:45:27`. */
export const localTime = (/** @type {string | number} */ value) => {
  const d = new Date(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
/** The browser's local date and time, `2026-11-22 23:45:27`. */
export const localDateTime = (/** @type {string | number} */ value) => {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${localTime(value)}`;
};
/** @type {(n: number, word: string, words?: string) => string} */
export const plural = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
/** @param {number} status */
export const statusClass = (status) => `s${String(status).charAt(0)}`;
/** @param {number} ms */
export const duration = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

/** Pretty JSON when the text is complete JSON, else the text as it is. */
/**
 * @param {string} text
 * @param {boolean} truncated
 */
export function pretty(text, truncated) {
  if (truncated) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The number in an id (`req_000042` → 42): ids increase, whatever their width. */
export const idNumber = (/** @type {string} */ id) => Number(String(id).replace(/\D/g, '')) || 0;

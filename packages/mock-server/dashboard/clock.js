// @ts-check
// The mock clock in the header: its reading (running or frozen), the buttons and forms that move it,
// and the time in the selected project's zone.
import { act, api, byId, disclosure, field } from './dom.js';
import { utc } from './format.js';
import { zonedDateTime } from './time-format.js';

/** @typedef {{ mock: number, wall: number }} ClockReading */

/** How often the clock is read again while the page is visible (it may run in real time). */
const CLOCK_POLL_MS = 5000;

const clock = {
  /** @type {ClockReading | null} The last reading of the mock clock: its time and the wall time it was read at (ms). */
  reading: null,
  /** @type {boolean | null} Whether the mock clock moves by itself (a system clock) or only when moved (frozen). */
  running: null,
  /** @type {ClockReading | null} The reading the next one is compared with to tell (the last one after a jump). */
  base: null,
  /** @type {string | undefined} The zone of the project the page shows, for the local time. */
  zone: undefined,
  /** @type {(() => void)[]} Called after each reading. */
  listeners: [],
};

/** Whether the page has read the mock clock yet. */
export const clockKnown = () => clock.reading !== null;

/** The mock clock now, as far as the page knows. */
export function clockNow() {
  if (!clock.reading) return Date.now();
  return clock.running ? clock.reading.mock + (Date.now() - clock.reading.wall) : clock.reading.mock;
}

/** @param {() => void} listener called after each reading of the clock */
export function onClockRead(listener) {
  clock.listeners.push(listener);
}

/** @param {string | undefined} timeZone the selected project's zone (its local time is shown) */
export function setClockZone(timeZone) {
  clock.zone = timeZone;
  renderClock();
}

/**
 * Records a reading of the mock clock. Two readings without a jump between them tell whether it
 * runs by itself (a system clock) or stands still until moved (`now` given, frozen).
 * @param {string} iso
 * @param {boolean} jumped
 */
export function setClock(iso, jumped) {
  const mock = Date.parse(iso);
  if (Number.isNaN(mock)) return;
  const wall = Date.now();
  const base = clock.base;
  // Backwards is a jump too: the clock only ever moves back with a reset (a move back is refused),
  // and a reset read as a move would show a running clock as frozen until the next reading.
  if (jumped || !base || mock < base.mock) {
    clock.base = { mock, wall };
  } else if (wall - base.wall >= 900) {
    const moved = mock - base.mock;
    clock.running = moved > 0 && Math.abs(moved - (wall - base.wall)) < 1000;
    clock.base = { mock, wall };
  }
  clock.reading = { mock, wall };
  for (const listener of clock.listeners) listener();
  renderClock();
}

function renderClock() {
  if (!clock.reading) return;
  const now = clockNow();
  byId('clock-now').textContent = `${utc(now)} UTC`;
  byId('clock-now').setAttribute('datetime', new Date(now).toISOString());
  const mode = byId('clock-mode');
  mode.textContent = clock.running === null ? '' : clock.running ? 'running' : 'frozen';
  mode.title = clock.running
    ? 'The mock clock follows real time.'
    : 'The mock clock stands still until it is set or advanced.';
  byId('clock-local').textContent = clock.zone
    ? `${zonedDateTime(now, clock.zone).time} in ${clock.zone}`
    : '';
}

/** Forgets whether the clock runs (after a reset): the next two readings tell again. */
export function forgetClockMode() {
  clock.running = null;
  clock.base = null;
  renderClock();
}

export async function loadClock() {
  /** @type {{ now: string }} */
  const { now } = await api('clock');
  setClock(now, false);
}

/**
 * @param {EventTarget | null} button
 * @param {{ now: string } | { advanceMs: number }} body
 */
async function moveClock(button, body) {
  await act(button, async () => {
    /** @type {{ now: string }} */
    const { now } = await api('clock', { method: 'POST', body });
    setClock(now, true);
  });
}

for (const button of document.querySelectorAll('button[data-advance]')) {
  if (!(button instanceof HTMLButtonElement)) continue;
  button.addEventListener('click', () => moveClock(button, { advanceMs: Number(button.dataset.advance) }));
}

disclosure(byId('clock-more-toggle'), byId('clock-panel'), () => {
  /** @type {HTMLInputElement} */ (byId('clock-set-input')).value = new Date(clockNow())
    .toISOString()
    .slice(0, 19);
});

byId('clock-set-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = field(/** @type {HTMLFormElement} */ (event.currentTarget), 'now').value;
  // datetime-local has no zone; the label says UTC. Seconds are left out when they are zero.
  const iso = `${value}${value.length === 16 ? ':00' : ''}Z`;
  moveClock(/** @type {SubmitEvent} */ (event).submitter, { now: iso });
});

byId('clock-advance-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const advanceMs = Math.round(Number(field(form, 'amount').value) * Number(field(form, 'unit').value));
  moveClock(/** @type {SubmitEvent} */ (event).submitter, { advanceMs });
});

/**
 * Reads the clock now, again soon, then while the page is visible; a running clock ticks on. Returns
 * what stops it all (the page of a session that no longer exists).
 * @returns {() => void}
 */
export function followClock() {
  // A second reading soon after the first tells a running clock from a frozen one.
  const soon = setTimeout(() => loadClock().catch(() => undefined), 1500);
  const poll = setInterval(() => {
    if (document.visibilityState === 'visible') loadClock().catch(() => undefined);
  }, CLOCK_POLL_MS);
  const tick = setInterval(() => {
    if (clock.running) renderClock();
  }, 1000);
  return () => {
    clearTimeout(soon);
    clearInterval(poll);
    clearInterval(tick);
  };
}

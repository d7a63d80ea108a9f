// @ts-check
// The mock's dashboard: a static page over the control routes (/__mock/…) and their event stream
// (/__mock/events) of the mock that serves it. No framework and no build step: ES modules, one per
// panel (requests.js, detail.js, deliveries.js, reservations.js, faults.js, coverage.js, clock.js,
// session-bar.js), each holding its own state; this one follows the event stream and hands each
// panel its events. Every value from the mock is set as text (textContent, text nodes,
// attributes), never parsed as HTML. Every URL is relative to the page, which is served at
// {baseUrl}/__mock/ (with its trailing slash). Checked by the compiler (tsconfig.dashboard.json,
// in `pnpm typecheck`) against the mock's own types.
import { followClock, forgetClockMode, loadClock, setClock } from './clock.js';
import { followCoverage, loadCoverage } from './coverage.js';
import { loadDeliveries, setDeliveries, updateDeliveries } from './deliveries.js';
import { byId, endActions, showError } from './dom.js';
import { forgetFaultAnswers, loadFaults, noteFaultAnswers, reloadFaults } from './faults.js';
import { addRequests, loadRequests, onEntries, setRequests } from './requests.js';
import {
  followReservations,
  forgetDate,
  loadProjects,
  loadReservations,
  reloadReservations,
  shownProject,
} from './reservations.js';
import { followSessions, loadSessions, resetButton } from './session-bar.js';

/** @typedef {import('../src/public').JournalEntry} JournalEntry */
/** @typedef {import('../src/public').Delivery} Delivery */
/** @typedef {import('../src/public').StateChange} StateChange */
/** @typedef {import('../src/public').MockEvent} MockEvent */

/** Events are applied once per frame, or after this long while the page is hidden (no frames). */
const FLUSH_FALLBACK_MS = 250;
/**
 * And at most once per this long: each update costs the browser a full style, layout and paint of
 * the page, so a stream of events is drawn ten times a second, not on every frame.
 */
const FLUSH_INTERVAL_MS = 100;
/** Retry delay when the browser gave up on the event stream (it retries network errors itself). */
const RECONNECT_MS = 3000;

/** The stream's events on their way to the panels. */
const stream = {
  /** @type {MockEvent[]} Events waiting for the next frame. */
  queue: [],
  flushScheduled: false,
  /** When the last flush ran (performance.now()). */
  lastFlush: Number.NEGATIVE_INFINITY,
  /** Resyncs in flight; events that arrive meanwhile wait in `pending`. */
  syncing: 0,
  /** @type {MockEvent[]} */
  pending: [],
};

onEntries(noteFaultAnswers);

/**
 * @param {'connecting' | 'live' | 'disconnected'} status
 * @param {string} text
 */
function setConnection(status, text) {
  const badge = byId('connection');
  badge.dataset.state = status;
  badge.textContent = text;
}

/** Applies one state event. */
/** @param {StateChange} data */
function applyState(data) {
  if (data.kind === 'reset') {
    // A reset may freeze a running clock or restart a frozen one: learned again from new readings.
    forgetClockMode();
    forgetDate();
    forgetFaultAnswers();
    setRequests([]);
    setDeliveries([]);
    void resync();
    return;
  }
  // Another client emptied the journal: so does the page.
  if (data.kind === 'requests-cleared') setRequests([]);
  if (data.kind === 'clock' && data.now) setClock(data.now, true);
  if (data.kind === 'reservation' && (!data.slug || data.slug === shownProject())) followReservations();
  if (data.kind === 'faults') reloadFaults();
  if (data.kind === 'project') loadProjects().then(reloadReservations, showError);
}

/**
 * Applies the events received since the last frame in one go: requests are added together (one
 * insertion into the list), each delivery is drawn once in its last state, state changes in order.
 */
function flush() {
  stream.flushScheduled = false;
  stream.lastFlush = performance.now();
  const events = stream.queue.splice(0);
  /** @type {JournalEntry[]} */
  let requests = [];
  /** @type {Map<string, Delivery>} */
  const deliveries = new Map();
  const applyBatch = () => {
    if (requests.length) addRequests(requests);
    if (deliveries.size) updateDeliveries([...deliveries.values()]);
    if (requests.length || deliveries.size) followCoverage();
    requests = [];
    deliveries.clear();
  };
  for (const { type, data } of events) {
    if (type === 'request') requests.push(data);
    // The first change of each keeps its place (creation order); its last state wins.
    else if (type === 'delivery') deliveries.set(data.id, data);
    else if (type === 'state') {
      // What came before a state change is applied before it (a reset empties the lists).
      applyBatch();
      applyState(data);
    }
  }
  applyBatch();
}

function scheduleFlush() {
  if (stream.flushScheduled) return;
  stream.flushScheduled = true;
  // Whichever comes first: a frame, or the fallback while the page is hidden and has none.
  const run = () => {
    if (stream.flushScheduled) flush();
  };
  const start = () => {
    requestAnimationFrame(run);
    setTimeout(run, FLUSH_FALLBACK_MS);
  };
  const wait = stream.lastFlush + FLUSH_INTERVAL_MS - performance.now();
  if (wait > 0) setTimeout(start, wait);
  else start();
}

/**
 * @param {MockEvent['type']} type
 * @param {MessageEvent<string>} event
 */
function receive(type, event) {
  /** @type {MockEvent} */
  let received;
  try {
    // The stream's own event name says which of the union it is.
    received = /** @type {MockEvent} */ ({ type, data: JSON.parse(event.data) });
  } catch {
    return;
  }
  if (stream.syncing > 0) stream.pending.push(received);
  else {
    stream.queue.push(received);
    scheduleFlush();
  }
}

/** Reads everything again; events that arrive meanwhile are applied after it. */
async function resync() {
  stream.syncing += 1;
  try {
    const results = await Promise.allSettled([
      loadRequests(),
      loadDeliveries(),
      loadFaults(),
      loadCoverage(),
      loadClock(),
      loadProjects().then(loadReservations),
    ]);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) showError(failed.reason);
  } finally {
    stream.syncing -= 1;
    if (stream.syncing === 0 && stream.pending.length) {
      stream.queue.push(...stream.pending.splice(0));
      scheduleFlush();
    }
  }
}

/** Whether the session this page watches was deleted (its routes answer 404 SESSION_NOT_FOUND). */
async function sessionEnded() {
  try {
    const response = await fetch('./clock', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (response.status !== 404) return false;
    const body = /** @type {{ code?: unknown } | null} */ (await response.json());
    return body?.code === 'SESSION_NOT_FOUND';
  } catch {
    return false;
  }
}

/** The controls that change the mock: the clock's, reset, clearing the journal, trigger, faults. */
const ACTING_CONTROLS = [
  '.clock button',
  '.clock input',
  '.clock select',
  '#reset',
  '#reset-confirmed',
  '#requests-clear',
  '#trigger-form :is(button, input, select)',
  '#fault-form :is(button, input, select, textarea)',
].join(', ');

function connect() {
  const source = new EventSource('./events');
  source.addEventListener('open', async () => {
    setConnection('connecting', 'Catching up…');
    // Read everything again once listening: nothing recorded before the stream opened (on the first
    // load, or during a disconnection) is missed; events arriving meanwhile wait for it. "Live" means
    // the page is up to date and follows the stream.
    await resync();
    if (source.readyState === EventSource.OPEN) setConnection('live', 'Live');
  });
  source.addEventListener('error', () => {
    setConnection('disconnected', 'Disconnected, retrying…');
    // The browser retries by itself unless the answer was not an event stream: then this page asks
    // whether its world is gone for good (a deleted session answers 404 SESSION_NOT_FOUND on every
    // route: mock README, "Sessions") and stops there, else it tries again.
    if (source.readyState !== EventSource.CLOSED) return;
    void sessionEnded().then((ended) => {
      if (ended) {
        setConnection('disconnected', 'This session no longer exists: nothing more to show');
        stopClock();
        // Nothing here can act on it any more (what was recorded stays readable): the controls that
        // change it are disabled, and act() refuses any other, such as a fault's Remove.
        endActions();
        for (const control of document.querySelectorAll(ACTING_CONTROLS)) {
          if ('disabled' in control) control.disabled = true;
        }
        void loadSessions().catch(() => undefined);
      } else setTimeout(connect, RECONNECT_MS);
    });
  });
  for (const type of /** @type {const} */ (['request', 'delivery', 'state'])) {
    source.addEventListener(type, (event) => receive(type, event));
  }
}

resetButton(async () => {
  forgetDate();
  forgetFaultAnswers();
  await resync();
});
byId('base-url').textContent = `${location.origin}${location.pathname.replace(/__mock\/$/, '')}api/v1`;
connect();
void resync();
followSessions();
const stopClock = followClock();

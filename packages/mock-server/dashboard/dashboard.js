// @ts-check
// The mock's dashboard: a static page over the control routes (/__mock/…) and their event stream
// (/__mock/events) of the mock that serves it. No framework and no build step. Every value from the
// mock is set as text (textContent, text nodes, attributes), never parsed as HTML. Every URL is
// relative to the page, which is served at {baseUrl}/__mock/ (with its trailing slash). Checked by
// the compiler (tsconfig.dashboard.json, in `pnpm typecheck`) against the mock's own types.
import { zonedDateTime } from './time-format.js';

/** @typedef {import('../src/public').JournalEntry} JournalEntry */
/** @typedef {import('../src/public').Delivery} Delivery */
/** @typedef {import('../src/public').DeliveryAttempt} DeliveryAttempt */
/** @typedef {import('../src/public').Fault} Fault */
/** @typedef {import('../src/public').StateChange} StateChange */
/** @typedef {import('../src/public').ProjectSummary} ProjectSummary */
/** @typedef {import('../src/public').MockEvent} MockEvent */
/** @typedef {Awaited<ReturnType<import('../src/public').MockControl['reservations']>>[number]} Reservation */
/** @typedef {{ mock: number, wall: number }} ClockReading */
/**
 * An attempt as the mock records it, with what newer mocks add (shown when present): the request
 * headers sent, the receiver's answer (the first 4 KiB of its body), the duration, the URL.
 * @typedef {DeliveryAttempt & {
 *   url?: string,
 *   durationMs?: number,
 *   request?: { headers: Record<string, string> },
 *   response?: { status: number, headers: Record<string, string>, body: string, truncated: boolean },
 * }} AttemptDetail
 */
/** @typedef {{ id: string, baseUrl: string, createdAt: string, lastUsedAt: string }} SessionInfo */

/**
 * The page keeps the newest this many requests and deliveries (the journal keeps 1,000 by default)
 * and counts the older ones it let go: a page of thousands of rows stays quick to update.
 */
const MAX_REQUESTS = 500;
const MAX_DELIVERIES = 300;
/** Events are applied once per frame, or after this long while the page is hidden (no frames). */
const FLUSH_FALLBACK_MS = 250;
/**
 * And at most once per this long: each update costs the browser a full style, layout and paint of
 * the page, so a stream of events is drawn ten times a second, not on every frame.
 */
const FLUSH_INTERVAL_MS = 100;
/** How long a new row's highlight lasts (the `flash` animation in dashboard.css). */
const HIGHLIGHT_MS = 1200;
/** State events reload the reservations at most once per this long. */
const RESERVATIONS_RELOAD_MS = 250;
/** Retry delay when the browser gave up on the event stream (it retries network errors itself). */
const RECONNECT_MS = 3000;
/** How often the clock is read again while the page is visible (it may run in real time). */
const CLOCK_POLL_MS = 5000;

/** Whatever the page holds. */
const state = {
  /** @type {JournalEntry[]} Journal entries kept, oldest first. */
  requests: [],
  /** @type {Map<string, JournalEntry>} Entry id → entry, for the entries kept. */
  requestById: new Map(),
  /** @type {Map<string, HTMLLIElement>} Entry id → its list row, built once (when first shown). */
  rows: new Map(),
  /** Entries the journal holds (or sent) that the page let go of. */
  olderRequests: 0,
  /** @type {string | null} */
  selected: null,
  /** @type {Map<string, Delivery>} Delivery id → delivery, oldest first (ids increase). */
  deliveries: new Map(),
  /** @type {Map<string, HTMLLIElement>} Delivery id → its card. */
  cards: new Map(),
  olderDeliveries: 0,
  /** @type {Set<string>} Deliveries whose detail is open. */
  openDeliveries: new Set(),
  /** @type {MockEvent[]} Events waiting for the next frame. */
  queue: [],
  flushScheduled: false,
  /** When the last flush ran (performance.now()). */
  lastFlush: Number.NEGATIVE_INFINITY,
  /** When new rows last came in (performance.now()): rows of a steady stream are not highlighted. */
  lastRowsAt: Number.NEGATIVE_INFINITY,
  /** @type {ProjectSummary[]} */
  projects: [],
  /** @type {ClockReading | null} The last reading of the mock clock: its time and the wall time it was read at (ms). */
  clock: null,
  /** @type {boolean | null} Whether the mock clock moves by itself (a system clock) or only when moved (frozen). */
  clockRunning: null,
  /** @type {ClockReading | null} The reading the next one is compared with to tell (the last one after a jump). */
  clockBase: null,
  /** The user picked a date: it no longer follows the mock clock. */
  dateTouched: false,
  /** Resyncs in flight; events that arrive meanwhile wait in `pending`. */
  syncing: 0,
  /** @type {MockEvent[]} */
  pending: [],
};

// ------------------------------------------------------------------------------------------------
// Small helpers

/**
 * An element of the page by id (the page's own markup: missing is a bug of the page).
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return /** @type {T} */ (element);
}

/**
 * A control of a form by name (the page's own forms).
 * @param {HTMLFormElement} form
 * @param {string} name
 */
const field = (form, name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>} Props */

/**
 * An element: `props` are attributes (`on…` are listeners), children are nodes or text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props | null} props
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * A control call; rejects with the mock's `message` on an error answer. The answer's type is the
 * caller's to state (the route's documented shape).
 * @template [T=unknown]
 * @param {string} path
 * @param {{ method?: string, body?: unknown }} [options]
 * @returns {Promise<T>}
 */
async function api(path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  /** @type {RequestInit} */
  const init = { method: options.method ?? 'GET', headers, cache: 'no-store' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`./${path}`, init);
  const text = await response.text();
  /** @type {unknown} */
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the status is all there is to say.
  }
  if (!response.ok) {
    const message = /** @type {{ message?: unknown } | null} */ (data)?.message;
    throw new Error(typeof message === 'string' ? message : `${response.status} ${response.statusText}`);
  }
  return /** @type {T} */ (data);
}

/**
 * @param {string} message
 * @param {'info' | 'error'} [kind]
 */
function notify(message, kind = 'info') {
  const toast = h('div', { class: `toast ${kind}`, 'data-kind': kind }, message);
  byId('toasts').append(toast);
  setTimeout(() => toast.remove(), kind === 'error' ? 8000 : 4000);
}

/**
 * Runs an action from a button: disabled meanwhile, failures shown.
 * @template T
 * @param {EventTarget | null} target the button (the event's `currentTarget` or `submitter`)
 * @param {() => Promise<T>} action
 * @returns {Promise<T | undefined>}
 */
async function act(target, action) {
  const button = target instanceof HTMLButtonElement ? target : null;
  if (button) button.disabled = true;
  try {
    return await action();
  } catch (error) {
    notify(error instanceof Error ? error.message : String(error), 'error');
    return undefined;
  } finally {
    if (button) button.disabled = false;
  }
}

/** @param {number} n */
const pad = (n) => String(n).padStart(2, '0');
/** `2030-06-17 08:00:00` in UTC. */
const utc = (/** @type {string | number} */ value) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 19).replace('T', ' ');
};
/** `08:00:00` in UTC. */
const utcTime = (/** @type {string | number} */ value) => utc(value).slice(11);
/** The browser's local time of day, `23:45:27`. */
const localTime = (/** @type {string | number} */ value) => {
  const d = new Date(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
/** The browser's local date and time, `2026-11-22 23:45:27`. */
const localDateTime = (/** @type {string | number} */ value) => {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${localTime(value)}`;
};
/** @type {(n: number, word: string, words?: string) => string} */
const plural = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
/** @param {number} status */
const statusClass = (status) => `s${String(status).charAt(0)}`;
/** @param {number} ms */
const duration = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

/** Pretty JSON when the text is complete JSON, else the text as it is. */
/**
 * @param {string} text
 * @param {boolean} truncated
 */
function pretty(text, truncated) {
  if (truncated) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** @param {HTMLElement} element */
function flash(element) {
  element.classList.remove('flash');
  // Restarts the animation when the same element flashes twice.
  void element.offsetWidth;
  element.classList.add('flash');
}

/**
 * @param {() => void} fn
 * @param {number} ms
 */
function debounce(fn, ms) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}

/**
 * Runs `fn` once, `ms` after the first of a series of calls: a steady series runs it once per `ms`
 * (a debounce would wait for the series to stop).
 * @param {() => void} fn
 * @param {number} ms
 */
function throttle(fn, ms) {
  let waiting = false;
  return () => {
    if (waiting) return;
    waiting = true;
    setTimeout(() => {
      waiting = false;
      fn();
    }, ms);
  };
}

// ------------------------------------------------------------------------------------------------
// Requests

/** @type {HTMLFormElement} */
const filters = byId('request-filters');

/** The filters as they are now, read once per render. */
function currentFilter() {
  return {
    status: field(filters, 'status').value,
    method: field(filters, 'method').value,
    path: field(filters, 'path').value.trim(),
  };
}

/**
 * @param {JournalEntry} entry
 * @param {ReturnType<typeof currentFilter>} [filter]
 */
function matches(entry, { status, method, path } = currentFilter()) {
  if (status === 'error' && entry.status < 400) return false;
  if (status && status !== 'error' && String(entry.status).charAt(0) !== status) return false;
  if (method && entry.method !== method) return false;
  if (path && !`${entry.path}${entry.query}`.includes(path)) return false;
  return true;
}

/** Rows (or cards) put in the page per task: a long list fills in over a few tasks, none long. */
const CHUNK = 25;
/** @type {WeakMap<HTMLElement, number>} List element → the number of its latest fill; an older fill still under way stops. */
const fills = new WeakMap();

/**
 * Shows `keys` (top first) in `list`: the first CHUNK at once, the rest a chunk per task. `build`
 * returns the element of a key, or null for a key that is gone meanwhile.
 * @param {HTMLElement} list
 * @param {string[]} keys
 * @param {(key: string) => HTMLElement | null} build
 */
function fillList(list, keys, build) {
  const fill = (fills.get(list) ?? 0) + 1;
  fills.set(list, fill);
  /** @param {number} from */
  const elements = (from) => {
    /** @type {HTMLElement[]} */
    const built = [];
    for (const key of keys.slice(from, from + CHUNK)) {
      const element = build(key);
      if (element) built.push(element);
    }
    return built;
  };
  list.replaceChildren(...elements(0));
  /** @param {number} from */
  const step = (from) => {
    if (fills.get(list) !== fill || from >= keys.length) return;
    list.append(...elements(from));
    setTimeout(() => step(from + CHUNK), 0);
  };
  setTimeout(() => step(CHUNK), 0);
}

/** The number in an id (`req_000042` → 42): ids increase, whatever their width. */
const idNumber = (/** @type {string} */ id) => Number(String(id).replace(/\D/g, '')) || 0;

/** @param {JournalEntry} entry */
function requestRow(entry) {
  let row = state.rows.get(entry.id);
  if (row) return row;
  const code = entry.error?.code ?? '';
  row = h(
    'li',
    {
      'data-testid': 'request-row',
      'data-id': entry.id,
      'data-status': entry.status,
      'data-method': entry.method,
    },
    h(
      'button',
      {
        type: 'button',
        class: 'req',
        title: `${entry.id} · mock clock ${utc(entry.at)} UTC · wall clock ${localDateTime(entry.wallTime)}`,
        'aria-label': `${entry.method} ${entry.path}${entry.query} → ${entry.status}${code ? ` ${code}` : ''}, ${entry.id}`,
        onclick: (event) => select(entry.id, /** @type {MouseEvent} */ (event).detail === 0),
      },
      // One time base with the header: the mock clock in UTC, then the wall clock.
      h('span', { class: 'time mock' }, utcTime(entry.at)),
      h('span', { class: 'time' }, localTime(entry.wallTime)),
      h('span', { class: `method m-${entry.method.toLowerCase()}` }, entry.method),
      h(
        'span',
        { class: 'path' },
        entry.path,
        entry.query ? h('span', { class: 'query' }, entry.query) : null,
      ),
      h('span', { class: 'code' }, code),
      h(
        'span',
        { class: `status ${statusClass(entry.status)}`, 'data-testid': 'request-status' },
        entry.status,
      ),
      h('span', { class: 'num' }, duration(entry.durationMs)),
    ),
  );
  if (entry.id === state.selected) row.firstElementChild?.setAttribute('aria-current', 'true');
  state.rows.set(entry.id, row);
  return row;
}

function renderCount() {
  const filter = currentFilter();
  let shown = 0;
  for (const entry of state.requests) if (matches(entry, filter)) shown += 1;
  const total = state.requests.length;
  byId('request-count').textContent =
    shown === total ? plural(total, 'request') : `${shown} of ${plural(total, 'request')}`;
  const empty = byId('request-empty');
  empty.hidden = shown > 0;
  const base = `${location.origin}${location.pathname.replace(/__mock\/$/, '')}`;
  empty.textContent =
    total > 0
      ? 'No request matches the filters.'
      : `No requests yet. Try: curl -H 'X-API-Key: rk_demo_full' ${base}api/v1/demo-bistro/info`;
  const older = byId('request-older');
  older.hidden = state.olderRequests === 0;
  older.textContent = `${plural(state.olderRequests, 'older request')} not shown (the journal may still hold them).`;
}

function renderRequests() {
  const filter = currentFilter();
  const ids = [];
  for (let i = state.requests.length - 1; i >= 0; i -= 1) {
    const entry = state.requests[i];
    if (entry && matches(entry, filter)) ids.push(entry.id);
  }
  const list = byId('request-list');
  // A new filter is not news: assistive technology waits for the whole list (aria-live announces additions).
  list.setAttribute('aria-busy', 'true');
  fillList(list, ids, (id) => {
    const entry = state.requestById.get(id);
    return entry ? requestRow(entry) : null;
  });
  list.setAttribute('aria-busy', 'false');
  renderCount();
}

/** Lets go of the oldest entries past the cap, and of their rows. */
function trimRequests() {
  const over = state.requests.length - MAX_REQUESTS;
  if (over <= 0) return;
  for (const gone of state.requests.splice(0, over)) {
    state.requestById.delete(gone.id);
    state.rows.get(gone.id)?.remove();
    state.rows.delete(gone.id);
  }
  state.olderRequests += over;
}

/**
 * New entries from the stream, oldest first: only their rows are built, put on top in one go. An
 * entry older than the newest one held, that the page does not hold, means the journal started
 * over (cleared where no event said so): the page reads it again.
 */
/** @param {JournalEntry[]} entries */
function addRequests(entries) {
  const newest = state.requests.at(-1);
  const fresh = [];
  let startedOver = false;
  for (const entry of entries) {
    if (state.requestById.has(entry.id)) {
      if (state.requestById.get(entry.id)?.wallTime !== entry.wallTime) startedOver = true;
      continue;
    }
    if (newest && idNumber(entry.id) <= idNumber(newest.id)) {
      startedOver = true;
      continue;
    }
    state.requests.push(entry);
    state.requestById.set(entry.id, entry);
    fresh.push(entry);
  }
  trimRequests();
  const rows = document.createDocumentFragment();
  const filter = currentFilter();
  // A few new rows after a quiet spell are highlighted; a burst or a steady stream is not (a running
  // animation makes the browser draw the whole page again on every frame).
  const now = performance.now();
  const highlight = fresh.length <= 5 && now - state.lastRowsAt > HIGHLIGHT_MS;
  if (fresh.length) state.lastRowsAt = now;
  for (let i = fresh.length - 1; i >= 0; i -= 1) {
    const entry = fresh[i];
    if (!entry || !state.requestById.has(entry.id) || !matches(entry, filter)) continue;
    const row = requestRow(entry);
    if (highlight) {
      row.classList.add('flash');
      // Once: a row shown again (a filter changed) does not flash again.
      row.addEventListener('animationend', () => row.classList.remove('flash'), { once: true });
    }
    rows.append(row);
  }
  byId('request-list').prepend(rows);
  renderCount();
  if (startedOver) void loadRequests().catch(showError);
}

/** The journal as read: rows of entries already shown are kept, the others built when shown. */
/** @param {JournalEntry[]} entries */
function setRequests(entries) {
  const previous = state.requestById;
  const rows = state.rows;
  state.requests = entries.slice(-MAX_REQUESTS);
  state.olderRequests = entries.length - state.requests.length;
  state.requestById = new Map();
  state.rows = new Map();
  for (const entry of state.requests) {
    state.requestById.set(entry.id, entry);
    // The same id with another arrival time is another request (a journal that started over).
    const row = rows.get(entry.id);
    if (row && previous.get(entry.id)?.wallTime === entry.wallTime) state.rows.set(entry.id, row);
  }
  const selected = state.selected;
  if (selected && previous.get(selected)?.wallTime !== state.requestById.get(selected)?.wallTime)
    showDetail(null);
  renderRequests();
}

async function loadRequests() {
  /** @type {{ requests: JournalEntry[] }} */
  const { requests } = await api('requests');
  setRequests(requests);
}

/**
 * @param {string} id
 * @param {boolean} fromKeyboard
 */
function select(id, fromKeyboard) {
  const previous = state.selected ? state.rows.get(state.selected) : undefined;
  previous?.firstElementChild?.removeAttribute('aria-current');
  const entry = state.requestById.get(id) ?? null;
  state.selected = entry ? id : null;
  state.rows.get(id)?.firstElementChild?.setAttribute('aria-current', 'true');
  showDetail(entry);
  if (fromKeyboard) byId('detail-title').focus();
}

/** An error answer's `error` field: the status text, as the mock wrote it (openapi.yaml's error body). */
/** @param {JournalEntry} entry */
function errorStatusText(entry) {
  if (entry.status < 400 || entry.response.truncated) return '';
  try {
    const body = JSON.parse(entry.response.body);
    return typeof body?.error === 'string' ? body.error : '';
  } catch {
    return '';
  }
}

/** @param {JournalEntry['key']} key */
function keyText(key) {
  if (key === 'none') return 'none (no X-API-Key header)';
  if (key === 'unknown') return 'unknown (no key has this value)';
  return `${key.name} (${key.id})`;
}

/**
 * @param {string} text
 * @param {() => void} onclick
 * @param {string} testid
 */
function chip(text, onclick, testid) {
  return h('button', { type: 'button', class: 'chip', onclick, 'data-testid': testid }, text);
}

/** @param {JournalEntry | null} entry */
function showDetail(entry) {
  const body = byId('detail-body');
  byId('detail-close').hidden = !entry;
  if (!entry) {
    state.selected = null;
    body.replaceChildren(
      h(
        'p',
        { class: 'empty' },
        'Select a request to see what was sent, the answer, and the rule that decided it.',
      ),
    );
    return;
  }
  // Label and value as a table row: a test runner finds each value by its row's name.
  /** @type {(label: string, ...value: (Child | Child[])[]) => HTMLTableRowElement} */
  const row = (label, ...value) => h('tr', null, h('th', { scope: 'row' }, label), h('td', null, ...value));
  const none = () => h('span', { class: 'muted' }, 'none');
  const failed = entry.status >= 400;
  body.replaceChildren(
    h(
      'div',
      { class: 'detail-title' },
      h(
        'h3',
        null,
        h('span', { class: `method m-${entry.method.toLowerCase()}` }, entry.method),
        ' ',
        h('code', { class: 'path', 'data-testid': 'detail-path' }, `${entry.path}${entry.query}`),
      ),
      h(
        'span',
        { class: `status-pill ${statusClass(entry.status)}` },
        h('span', { 'data-testid': 'detail-status' }, entry.status),
        ` ${errorStatusText(entry)}`,
      ),
    ),
    h(
      'table',
      { class: `rule ${failed ? 'bad' : 'good'}` },
      h(
        'tbody',
        null,
        h(
          'tr',
          null,
          h('th', { class: 'rule-label', scope: 'row' }, 'Decided by'),
          h('td', null, h('code', { 'data-testid': 'detail-rule' }, entry.rule)),
        ),
      ),
    ),
    h(
      'div',
      { class: 'detail-grid' },
      h(
        'table',
        { class: 'meta' },
        h(
          'tbody',
          null,
          row('Status', String(entry.status)),
          row(
            'Error',
            entry.error
              ? [
                  h('code', { 'data-testid': 'detail-code' }, entry.error.code ?? '(no code)'),
                  h('div', { 'data-testid': 'detail-message' }, entry.error.message),
                ]
              : none(),
          ),
          row('Operation', entry.operationId ? h('code', null, entry.operationId) : none()),
          row('Project', entry.project ?? none()),
          row('API key', keyText(entry.key)),
          row('Mock clock', `${utc(entry.at)} UTC`),
          row('Wall clock', `${localDateTime(entry.wallTime)} (local)`),
          row('Took', duration(entry.durationMs)),
          row(
            'Reservations',
            entry.reservations.length
              ? entry.reservations.map((id) =>
                  chip(id, () => showReservation(entry.project, id), 'detail-reservation'),
                )
              : none(),
          ),
          row(
            'Deliveries',
            entry.deliveries.length
              ? entry.deliveries.map((id) => chip(id, () => showDelivery(id), 'detail-delivery'))
              : none(),
          ),
          row('Journal id', h('code', null, entry.id)),
        ),
      ),
      h(
        'div',
        { class: 'bodies' },
        h(
          'section',
          { 'aria-label': 'Request body' },
          h(
            'h4',
            null,
            'Request body',
            entry.body
              ? h(
                  'span',
                  { class: 'muted' },
                  ` ${plural(entry.body.bytes, 'byte')}${entry.body.truncated ? ', first 4096 characters shown' : ''}`,
                )
              : null,
          ),
          entry.body
            ? h('pre', null, pretty(entry.body.text, entry.body.truncated))
            : h('p', { class: 'muted' }, 'No body.'),
        ),
        h(
          'section',
          { 'aria-label': 'Answer body' },
          h(
            'h4',
            null,
            'Answer body',
            entry.response.truncated ? h('span', { class: 'muted' }, ' first 4096 characters shown') : null,
          ),
          entry.response.body
            ? h('pre', null, pretty(entry.response.body, entry.response.truncated))
            : h('p', { class: 'muted' }, 'Empty.'),
        ),
      ),
    ),
  );
  body.scrollTop = 0;
}

filters.addEventListener('input', renderRequests);
filters.addEventListener('submit', (event) => event.preventDefault());
byId('detail-close').addEventListener('click', () => {
  if (state.selected) state.rows.get(state.selected)?.firstElementChild?.removeAttribute('aria-current');
  showDetail(null);
});
byId('requests-clear').addEventListener('click', (event) =>
  act(event.currentTarget, async () => {
    await api('requests', { method: 'DELETE' });
    setRequests([]);
  }),
);

// ------------------------------------------------------------------------------------------------
// Webhook deliveries

/** @param {AttemptDetail} attempt */
function attemptItem(attempt) {
  const ok =
    attempt.responseStatus !== undefined && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  const result =
    attempt.responseStatus !== undefined ? `HTTP ${attempt.responseStatus}` : (attempt.error ?? 'no answer');
  return h(
    'li',
    {
      class: `attempt ${ok ? 'ok' : 'fail'}`,
      'data-testid': 'delivery-attempt',
      title: `${utc(attempt.at)} UTC: ${result}`,
    },
    h('span', { class: 'dot', 'aria-hidden': 'true' }),
    h(
      'span',
      null,
      h('span', { class: 'a-no' }, `#${attempt.number}${attempt.manual ? ' manual' : ''}`),
      ' ',
      h('span', { class: 'a-time' }, utcTime(attempt.at)),
    ),
    h('span', { class: 'a-result' }, result),
  );
}

/**
 * Headers as a table (name, value).
 * @param {Record<string, string>} headers
 * @param {string} label
 */
function headerTable(headers, label) {
  return h(
    'table',
    { class: 'meta headers', 'aria-label': label },
    h(
      'tbody',
      null,
      Object.entries(headers).map(([name, value]) =>
        h('tr', null, h('th', { scope: 'row' }, name), h('td', null, h('code', null, value))),
      ),
    ),
  );
}

/**
 * One attempt in full: where it went, what was sent, what came back.
 * @param {AttemptDetail} a
 * @param {Delivery} d
 */
function attemptDetail(a, d) {
  const title = `Attempt ${a.number}${a.manual ? ' (manual)' : ''} at ${utc(a.at)} UTC`;
  return h(
    'section',
    { class: 'attempt-detail', 'aria-label': title },
    h('h5', null, title),
    h(
      'p',
      null,
      `to ${a.url ?? d.url}`,
      a.durationMs === undefined ? '' : ` · ${duration(a.durationMs)}`,
      a.error ? ` · ${a.error}` : '',
    ),
    a.request ? headerTable(a.request.headers, `Request headers of attempt ${a.number}`) : null,
    a.response
      ? [
          h(
            'p',
            null,
            `Answer: HTTP ${a.response.status}${a.response.truncated ? ' (first 4 KiB of the body)' : ''}`,
          ),
          headerTable(a.response.headers, `Answer headers of attempt ${a.number}`),
          a.response.body
            ? h('pre', { 'aria-label': `Answer body of attempt ${a.number}` }, a.response.body)
            : null,
        ]
      : null,
  );
}

/**
 * What a delivery sent and how to check it, each attempt in full, and a redelivery to another URL.
 * @param {Delivery} d
 */
function deliveryDetail(d) {
  /** @type {AttemptDetail[]} */
  const attempts = d.attempts;
  return h(
    'div',
    { class: 'delivery-detail' },
    h('h4', null, 'Body (the exact bytes sent)'),
    h('pre', { 'aria-label': `Body of ${d.id}` }, d.body),
    h('h4', null, 'Signature'),
    h('p', null, h('code', null, d.signature ?? 'not signed yet')),
    h(
      'p',
      { class: 'hint' },
      "HMAC-SHA256 of the raw body bytes with the project's webhook secret, hex-encoded, sent as ",
      h('code', null, 'X-Webhook-Signature: sha256=<hex>'),
      '. A receiver computes it over the body exactly as received (never a re-serialised copy) and compares in constant time.',
    ),
    attempts.map((a) => attemptDetail(a, d)),
    h(
      'form',
      {
        class: 'row redeliver-to',
        onsubmit: (event) => {
          event.preventDefault();
          const form = /** @type {HTMLFormElement} */ (event.currentTarget);
          const url = field(form, 'url').value.trim();
          void redeliver(/** @type {SubmitEvent} */ (event).submitter, d.id, url || undefined);
        },
      },
      h(
        'label',
        { class: 'grow' },
        'Redeliver to URL (optional)',
        h('input', { name: 'url', type: 'url', placeholder: d.url, autocomplete: 'off' }),
      ),
      h('button', { type: 'submit', class: 'btn small' }, `Redeliver ${d.id} there`),
    ),
  );
}

/**
 * Sends a delivery again (the same bytes and signature), to its URL or to `url`.
 * @param {EventTarget | null} button
 * @param {string} id
 * @param {string} [url]
 */
function redeliver(button, id, url) {
  return act(button, async () => {
    /** @type {{ delivery: Delivery }} */
    const { delivery } = await api(`webhooks/deliveries/${encodeURIComponent(id)}/redeliver`, {
      method: 'POST',
      ...(url ? { body: { url } } : {}),
    });
    setDelivery(delivery);
    notify(`${id} redelivered${url ? ` to ${url}` : ''}`);
  });
}

/**
 * The parts of a delivery card that change with the delivery's state.
 * @typedef {{ status: HTMLElement, timeline: HTMLElement, detail: HTMLElement }} CardParts
 */
/** @type {WeakMap<HTMLElement, CardParts>} */
const cardParts = new WeakMap();

/**
 * The attempts of a delivery on its timeline, then the next one to come.
 * @param {Delivery} d
 */
function timelineItems(d) {
  return [
    ...d.attempts.map(attemptItem),
    d.nextAttemptAt
      ? h(
          'li',
          { class: 'attempt next', 'data-testid': 'delivery-next', title: `${utc(d.nextAttemptAt)} UTC` },
          h('span', { class: 'dot', 'aria-hidden': 'true' }),
          h(
            'span',
            null,
            h('span', { class: 'a-no' }, 'next at'),
            ' ',
            h('span', { class: 'a-time' }, utcTime(d.nextAttemptAt)),
          ),
          // Due only once the mock clock has reached it (it moves when moved, if frozen).
          h(
            'span',
            { class: 'a-result' },
            Date.parse(d.nextAttemptAt) <= clockNow() ? 'due now' : 'scheduled',
          ),
        )
      : null,
    d.attempts.length === 0 && !d.nextAttemptAt ? h('li', { class: 'muted' }, 'no attempt yet') : null,
  ].filter((item) => item !== null);
}

/**
 * Brings a card to a delivery's latest state in place: its label, status and timeline, and its
 * detail when open (a closed one is built from the latest state when opened). The card stays the
 * same element, so the browser lays out only what changed.
 * @param {HTMLElement} card
 * @param {Delivery} d
 */
function updateCard(card, d) {
  const parts = cardParts.get(card);
  if (!parts) return;
  card.setAttribute('aria-label', `Delivery ${d.id}, ${d.event}, ${d.status}`);
  card.dataset.status = d.status;
  card.dataset.attempts = String(d.attempts.length);
  parts.status.className = `badge d-${d.status}`;
  parts.status.textContent = d.status;
  parts.timeline.replaceChildren(...timelineItems(d));
  if (state.openDeliveries.has(d.id)) parts.detail.replaceChildren(deliveryDetail(d));
  else parts.detail.replaceChildren();
}

/** @param {Delivery} d */
function deliveryCard(d) {
  // Built when opened: a list of hundreds of cards holds only what is shown.
  const detail = h('div', {
    class: 'delivery-more',
    id: `delivery-${d.id}`,
    hidden: !state.openDeliveries.has(d.id),
  });
  const status = h('span', { 'data-testid': 'delivery-status' });
  const timeline = h('ol', { class: 'timeline', 'aria-label': `Attempts of ${d.id}` });
  const card = h(
    'li',
    { class: 'card delivery', 'data-testid': 'delivery', 'data-id': d.id },
    h(
      'div',
      { class: 'card-head' },
      h('code', { class: 'event' }, d.event),
      status,
      h(
        'button',
        {
          type: 'button',
          class: 'btn small',
          'data-testid': 'redeliver',
          'aria-label': `Redeliver ${d.id}`,
          onclick: (event) => void redeliver(event.currentTarget, d.id),
        },
        'Redeliver',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'btn small ghost',
          'aria-expanded': String(state.openDeliveries.has(d.id)),
          'aria-controls': `delivery-${d.id}`,
          'aria-label': `Details of ${d.id}`,
          onclick: (event) => {
            const toggle = /** @type {HTMLButtonElement} */ (event.currentTarget);
            const show = toggle.getAttribute('aria-expanded') !== 'true';
            toggle.setAttribute('aria-expanded', String(show));
            detail.hidden = !show;
            if (show && !detail.firstChild) detail.append(deliveryDetail(state.deliveries.get(d.id) ?? d));
            if (show) state.openDeliveries.add(d.id);
            else state.openDeliveries.delete(d.id);
          },
        },
        'Details',
      ),
    ),
    h(
      'div',
      { class: 'card-sub' },
      h('span', null, `${d.id} · created ${utcTime(d.createdAt)} · to`),
      h('span', { class: 'url', title: d.url }, d.url),
    ),
    timeline,
    detail,
  );
  cardParts.set(card, { status, timeline, detail });
  updateCard(card, d);
  return card;
}

function renderDeliveryCount() {
  const count = state.deliveries.size;
  let pending = 0;
  for (const d of state.deliveries.values()) if (d.status === 'pending') pending += 1;
  byId('delivery-empty').hidden = count > 0;
  byId('delivery-count').textContent = count ? `${count}${pending ? `, ${pending} pending` : ''}` : '';
  const older = byId('delivery-older');
  older.hidden = state.olderDeliveries === 0;
  older.textContent = `${plural(state.olderDeliveries, 'older delivery', 'older deliveries')} not shown.`;
}

/** Lets go of the oldest deliveries past the cap, and of their cards. */
function trimDeliveries() {
  for (const id of state.deliveries.keys()) {
    if (state.deliveries.size <= MAX_DELIVERIES) break;
    state.deliveries.delete(id);
    state.cards.get(id)?.remove();
    state.cards.delete(id);
    state.olderDeliveries += 1;
  }
}

/**
 * Deliveries that changed (the last state of each): a known one has its card replaced where it
 * is, a new one goes on top; a change to one the page already let go of is not shown.
 */
/** @param {Delivery[]} changed */
function updateDeliveries(changed) {
  const oldest = state.deliveries.keys().next().value;
  const fresh = [];
  for (const d of changed) {
    const card = state.cards.get(d.id);
    if (card) {
      state.deliveries.set(d.id, d);
      updateCard(card, d);
    } else if (state.deliveries.has(d.id)) {
      // Its card is still to be built by the fill under way, from the latest state.
      state.deliveries.set(d.id, d);
    } else if (oldest === undefined || idNumber(d.id) > idNumber(oldest)) {
      state.deliveries.set(d.id, d);
      fresh.push(d);
    }
  }
  trimDeliveries();
  const cards = document.createDocumentFragment();
  for (let i = fresh.length - 1; i >= 0; i -= 1) {
    const d = fresh[i];
    if (!d || !state.deliveries.has(d.id)) continue;
    const card = deliveryCard(d);
    state.cards.set(d.id, card);
    cards.append(card);
  }
  byId('delivery-list').prepend(cards);
  renderDeliveryCount();
}

const setDelivery = (/** @type {Delivery} */ delivery) => updateDeliveries([delivery]);

/** The delivery log as read (oldest first): the newest MAX_DELIVERIES, each card built once. */
/** @param {Delivery[]} deliveries */
function setDeliveries(deliveries) {
  const kept = deliveries.slice(-MAX_DELIVERIES);
  state.olderDeliveries = deliveries.length - kept.length;
  state.deliveries = new Map(kept.map((d) => [d.id, d]));
  state.cards = new Map();
  const ids = kept.map((d) => d.id).reverse();
  fillList(byId('delivery-list'), ids, (id) => {
    const d = state.deliveries.get(id);
    if (!d || state.cards.has(id)) return null;
    const card = deliveryCard(d);
    state.cards.set(id, card);
    return card;
  });
  renderDeliveryCount();
}

async function loadDeliveries() {
  /** @type {{ deliveries: Delivery[] }} */
  const { deliveries } = await api('webhooks/deliveries');
  setDeliveries(deliveries);
}

/** @param {string} id */
function showDelivery(id) {
  const card = state.cards.get(id);
  if (!card) return notify(`${id} is no longer in the delivery log`, 'error');
  card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  flash(card);
}

// ------------------------------------------------------------------------------------------------
// Reservations

/** @type {HTMLFormElement} */
const resForm = byId('reservation-filters');

const selectedProject = () => state.projects.find((p) => p.slug === field(resForm, 'slug').value);

async function loadProjects() {
  /** @type {{ projects: ProjectSummary[] }} */
  const { projects } = await api('projects');
  state.projects = projects;
  const select = field(resForm, 'slug');
  const current = select.value;
  select.replaceChildren(...projects.map((p) => h('option', { value: p.slug }, `${p.name} (${p.slug})`)));
  if (projects.some((p) => p.slug === current)) select.value = current;
  /** @type {HTMLSelectElement} */
  const trigger = byId('trigger-project');
  const chosen = trigger.value;
  trigger.replaceChildren(...projects.map((p) => h('option', { value: p.slug }, `${p.name} (${p.slug})`)));
  if (projects.some((p) => p.slug === chosen)) trigger.value = chosen;
  followClockDate();
  renderClock();
}

/** Until the user picks a date, the list shows the project's local date on the mock clock. */
function followClockDate() {
  const project = selectedProject();
  if (state.dateTouched || !project || !state.clock) return false;
  const date = zonedDateTime(clockNow(), project.timeZone).date;
  if (field(resForm, 'date').value === date) return false;
  field(resForm, 'date').value = date;
  return true;
}

/** @param {Reservation['customer']} c */
function customerName(c) {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name || c.email;
}

/**
 * @param {Reservation} r
 * @param {boolean} open
 * @param {boolean} allDates
 */
function reservationItem(r, open, allDates) {
  /** @param {Reservation['statusHistory'][number]} step */
  const historyItem = (step) =>
    h(
      'li',
      null,
      h('span', { class: 'h-time' }, `${utc(step.changedAt)} UTC`),
      h('span', { class: `badge r-${step.status.toLowerCase()}` }, step.status),
      h('span', null, `${step.action} by `, h('code', null, step.changedBy)),
      step.reason ? h('span', { class: 'muted' }, `reason: ${step.reason}`) : null,
      step.note ? h('span', { class: 'muted' }, `note: ${step.note}`) : null,
    );
  const services = r.services.map((s) => `${s.name} (${s.duration} min)`).join(', ');
  const panel = h(
    'div',
    { class: 'r-more', id: `reservation-${r.id}`, hidden: !open },
    h(
      'dl',
      { class: 'meta compact' },
      h('dt', null, 'Id'),
      h('dd', null, h('code', null, r.id)),
      h('dt', null, 'Customer'),
      h('dd', null, [r.customer.email, r.customer.phone].filter(Boolean).join(' · ')),
      services ? [h('dt', null, 'Services'), h('dd', null, services)] : null,
      r.note ? [h('dt', null, 'Note'), h('dd', null, r.note)] : null,
      h('dt', null, 'Created'),
      h('dd', null, `${utc(r.createdAt)} UTC`),
    ),
    h('h4', null, 'Status history'),
    h('ol', { class: 'history', 'aria-label': 'Status history' }, r.statusHistory.map(historyItem)),
  );
  return h(
    'li',
    {
      'data-id': r.id,
      'aria-label': `Reservation ${r.id} at ${r.date} ${r.from}–${r.to}, ${customerName(r.customer)}: ${r.status}`,
    },
    h(
      'div',
      { class: 'r-item' },
      h(
        'button',
        {
          type: 'button',
          class: 'r-toggle',
          'aria-expanded': String(open),
          'aria-controls': `reservation-${r.id}`,
          onclick: (event) => {
            const toggle = /** @type {HTMLButtonElement} */ (event.currentTarget);
            const expanded = toggle.getAttribute('aria-expanded') === 'true';
            toggle.setAttribute('aria-expanded', String(!expanded));
            panel.hidden = expanded;
          },
        },
        h('span', { class: 'r-time' }, allDates ? `${r.date} ` : '', `${r.from}–${r.to}`),
        h(
          'span',
          { class: 'r-who' },
          h('span', { class: 'r-name' }, customerName(r.customer)),
          h(
            'span',
            { class: 'r-meta' },
            [plural(r.guests, 'guest'), r.table?.name].filter(Boolean).join(' · '),
          ),
        ),
        h('span', { class: `badge r-${r.status.toLowerCase()}` }, r.status),
      ),
      panel,
    ),
  );
}

let reservationLoads = 0;
/** What the reservation list shows (its query and answer): the same answer again changes nothing. */
let shownReservations = '';
async function loadReservations() {
  const slug = field(resForm, 'slug').value;
  const list = byId('reservation-list');
  const empty = byId('reservation-empty');
  if (!slug) return;
  const allDates = field(resForm, 'all').checked;
  const date = field(resForm, 'date').value;
  field(resForm, 'date').disabled = allDates;
  const load = ++reservationLoads;
  const query = allDates || !date ? '' : `?date=${encodeURIComponent(date)}`;
  /** @type {{ reservations: Reservation[] }} */
  const { reservations } = await api(`projects/${encodeURIComponent(slug)}/reservations${query}`);
  // A slower, older load must not overwrite a newer one.
  if (load !== reservationLoads) return;
  const shown = JSON.stringify([slug, allDates, date, reservations]);
  if (shown === shownReservations) return;
  shownReservations = shown;
  const open = new Set(
    [...list.querySelectorAll('.r-toggle[aria-expanded="true"]')].map((b) => b.closest('li')?.dataset.id),
  );
  list.replaceChildren(...reservations.map((r) => reservationItem(r, open.has(r.id), allDates)));
  empty.hidden = reservations.length > 0;
  empty.textContent = allDates ? 'This project has no reservations.' : `No reservations on ${date}.`;
  byId('reservation-count').textContent = reservations.length ? String(reservations.length) : '';
}
const reloadReservations = debounce(() => loadReservations().catch(showError), 80);
/** For the stream's reservation changes, which may come without a pause. */
const followReservations = throttle(() => loadReservations().catch(showError), RESERVATIONS_RELOAD_MS);

/** From a request's detail: the reservation in its project, on its date, opened. */
/**
 * @param {string | null} slug
 * @param {string} id
 */
async function showReservation(slug, id) {
  await act(null, async () => {
    if (!slug) throw new Error(`${id}: the request named no project`);
    /** @type {{ reservations: Reservation[] }} */
    const { reservations } = await api(`projects/${encodeURIComponent(slug)}/reservations`);
    const found = reservations.find((r) => r.id === id);
    if (!found) throw new Error(`${id} is no longer in ${slug}`);
    field(resForm, 'slug').value = slug;
    field(resForm, 'all').checked = false;
    field(resForm, 'date').value = found.date;
    state.dateTouched = true;
    await loadReservations();
    const row = byId('reservation-list').querySelector(`li[data-id="${CSS.escape(id)}"]`);
    if (!(row instanceof HTMLElement)) return;
    const toggle = row.querySelector('.r-toggle');
    if (toggle instanceof HTMLButtonElement && toggle.getAttribute('aria-expanded') !== 'true')
      toggle.click();
    row.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    flash(row);
  });
}

resForm.addEventListener('change', (event) => {
  const changed = /** @type {HTMLInputElement} */ (event.target);
  if (changed.name === 'date') state.dateTouched = Boolean(changed.value);
  if (changed.name === 'slug') followClockDate();
  renderClock();
  reloadReservations();
});
resForm.addEventListener('submit', (event) => event.preventDefault());

// ------------------------------------------------------------------------------------------------
// Faults

/** @param {Fault} f */
function faultItem(f) {
  const answer =
    f.connection === 'reset'
      ? 'connection reset'
      : f.status === null
        ? 'answered normally'
        : `${f.status} (${f.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR'})`;
  const extras = [
    f.delayMs ? `after ${f.delayMs} ms` : null,
    f.status === 429 ? `Retry-After ${f.retryAfter} s` : null,
    f.remaining === null ? 'until removed' : `${f.remaining} left`,
    f.id,
  ].filter(Boolean);
  return h(
    'li',
    { 'data-testid': 'fault', 'data-id': f.id, 'data-status': f.status ?? '' },
    h(
      'div',
      { class: 'f-main' },
      h('span', { class: `method ${f.method ? `m-${f.method.toLowerCase()}` : 'm-any'}` }, f.method ?? 'ANY'),
      h('code', { class: 'path' }, f.path ?? 'any path'),
    ),
    h(
      'div',
      { class: 'f-sub' },
      '→ ',
      h('span', { class: `f-status ${f.status ? statusClass(f.status) : ''}` }, answer),
      ` · ${extras.join(' · ')}`,
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'btn small ghost',
        'data-testid': 'fault-remove',
        'aria-label': `Remove fault ${f.id}`,
        onclick: (event) =>
          act(event.currentTarget, async () => {
            await api(`faults/${encodeURIComponent(f.id)}`, { method: 'DELETE' });
            await loadFaults();
          }),
      },
      'Remove',
    ),
  );
}

async function loadFaults() {
  /** @type {{ faults: Fault[] }} */
  const { faults } = await api('faults');
  byId('fault-list').replaceChildren(...faults.map(faultItem));
  byId('fault-empty').hidden = faults.length > 0;
  byId('fault-count').textContent = faults.length ? String(faults.length) : '';
}
const reloadFaults = debounce(() => loadFaults().catch(showError), 50);

byId('fault-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  /** @type {Record<string, string | number>} The mock checks it (FaultSpec): its message is shown. */
  const spec = {};
  for (const name of ['method', 'path']) {
    const value = field(form, name).value.trim();
    if (value) spec[name] = value;
  }
  for (const name of ['status', 'times', 'delayMs', 'retryAfter']) {
    const value = field(form, name).value.trim();
    if (value !== '') spec[name] = Number(value);
  }
  act(/** @type {SubmitEvent} */ (event).submitter, async () => {
    /** @type {{ fault: Fault }} */
    const { fault } = await api('faults', { method: 'POST', body: spec });
    await loadFaults();
    notify(`Fault ${fault.id} added`);
  });
});

// ------------------------------------------------------------------------------------------------
// Clock and reset

/** The mock clock now, as far as the page knows. */
function clockNow() {
  if (!state.clock) return Date.now();
  return state.clockRunning ? state.clock.mock + (Date.now() - state.clock.wall) : state.clock.mock;
}

/**
 * Records a reading of the mock clock. Two readings without a jump between them tell whether it
 * runs by itself (a system clock) or stands still until moved (`now` given, frozen).
 */
/**
 * @param {string} iso
 * @param {boolean} jumped
 */
function setClock(iso, jumped) {
  const mock = Date.parse(iso);
  if (Number.isNaN(mock)) return;
  const wall = Date.now();
  const base = state.clockBase;
  if (jumped || !base) {
    state.clockBase = { mock, wall };
  } else if (wall - base.wall >= 900) {
    const moved = mock - base.mock;
    state.clockRunning = moved > 0 && Math.abs(moved - (wall - base.wall)) < 1000;
    state.clockBase = { mock, wall };
  }
  state.clock = { mock, wall };
  if (followClockDate()) reloadReservations();
  renderClock();
}

function renderClock() {
  if (!state.clock) return;
  const now = clockNow();
  byId('clock-now').textContent = `${utc(now)} UTC`;
  byId('clock-now').setAttribute('datetime', new Date(now).toISOString());
  const mode = byId('clock-mode');
  mode.textContent = state.clockRunning === null ? '' : state.clockRunning ? 'running' : 'frozen';
  mode.title = state.clockRunning
    ? 'The mock clock follows real time.'
    : 'The mock clock stands still until it is set or advanced.';
  const project = selectedProject();
  byId('clock-local').textContent = project
    ? `${zonedDateTime(now, project.timeZone).time} in ${project.timeZone}`
    : '';
}

async function loadClock() {
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

/** A button that shows and hides a panel (`aria-expanded`); Escape closes it. */
/**
 * @param {HTMLElement} button
 * @param {HTMLElement} panel
 * @param {() => void} [onOpen]
 */
function disclosure(button, panel, onOpen) {
  /** @param {boolean} open */
  const show = (open) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) onOpen?.();
  };
  button.addEventListener('click', () => show(panel.hidden));
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    show(false);
    button.focus();
  });
  return show;
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

// An in-page confirmation (no window.confirm(): a test runner or a screen reader handles it as any button).
const showResetConfirm = disclosure(byId('reset'), byId('reset-confirm'), () => byId('reset-cancel').focus());
byId('reset-cancel').addEventListener('click', () => {
  showResetConfirm(false);
  byId('reset').focus();
});
byId('reset-confirmed').addEventListener('click', (event) => {
  showResetConfirm(false);
  act(event.currentTarget, async () => {
    await api('reset', { method: 'POST' });
    state.dateTouched = false;
    notify('Mock reset');
    // The event stream says so too; this covers a page whose stream is down.
    await resync();
  });
});

// ------------------------------------------------------------------------------------------------
// Find a request by id (the X-Request-Id of an answer, the requestId of an SDK error)

byId('request-find').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const id = field(form, 'id').value.trim();
  act(/** @type {SubmitEvent} */ (event).submitter, async () => {
    const row = state.rows.get(id);
    if (state.requestById.has(id) && row?.isConnected) {
      select(id, false);
      row.scrollIntoView({ block: 'nearest' });
      flash(row);
      return;
    }
    // Not in the list (let go of, or filtered out): the journal may still hold it.
    /** @type {{ requests: JournalEntry[] }} */
    const { requests } = await api('requests');
    const entry = requests.find((e) => e.id === id);
    if (!entry) throw new Error(`${id} is not in the journal (it keeps the last 1,000 requests)`);
    select(id, false);
    showDetail(entry);
  });
});

// ------------------------------------------------------------------------------------------------
// Trigger a webhook event (POST /__mock/projects/:slug/trigger)

byId('trigger-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const slug = field(form, 'slug').value;
  const name = field(form, 'event').value;
  const reservationId = field(form, 'reservationId').value.trim();
  act(/** @type {SubmitEvent} */ (event).submitter, async () => {
    /** @type {{ reservationId: string, deliveries: string[] }} */
    const answer = await api(`projects/${encodeURIComponent(slug)}/trigger`, {
      method: 'POST',
      body: { event: name, ...(reservationId ? { reservationId } : {}) },
    });
    const sent = answer.deliveries.length;
    notify(
      `${name} for ${answer.reservationId}: ${sent ? plural(sent, 'delivery', 'deliveries') : 'no delivery (the project has no webhook URL)'}`,
    );
  });
});

// ------------------------------------------------------------------------------------------------
// Sessions (GET /__mock/sessions at the server's root): hidden where the server has none

/** The server's root control URL, from this page's: `…/sessions/{id}/__mock/` or `…/__mock/`. */
function rootControlUrl() {
  const inSession = /\/sessions\/[^/]+\/__mock\/$/.test(location.pathname);
  return new URL(inSession ? '../../../__mock/' : './', location.href);
}

async function loadSessions() {
  const root = rootControlUrl();
  const here = location.href;
  const response = await fetch(new URL('sessions', root), { headers: { Accept: 'application/json' } });
  if (!response.ok) return;
  /** @type {{ sessions?: SessionInfo[] }} */
  const body = await response.json();
  if (!Array.isArray(body.sessions)) return;
  /** @type {HTMLSelectElement} */
  const select = byId('session-select');
  const pages = body.sessions.map((s) => ({
    label: `${s.id} (last used ${utcTime(s.lastUsedAt)})`,
    url: `${s.baseUrl}/__mock/`,
  }));
  pages.unshift({ label: 'Default mock', url: root.href });
  select.replaceChildren(
    ...pages.map((p) => h('option', { value: p.url, selected: p.url === here }, p.label)),
  );
  const nav = byId('sessions');
  if (root.href !== here) nav.append(h('a', { href: root.href }, 'Back to the default mock'));
  nav.hidden = false;
}

byId('session-select').addEventListener('change', (event) => {
  const url = /** @type {HTMLSelectElement} */ (event.currentTarget).value;
  if (url && url !== location.href) location.assign(url);
});

// ------------------------------------------------------------------------------------------------
// Live updates

/** @param {unknown} error */
function showError(error) {
  notify(error instanceof Error ? error.message : String(error), 'error');
}

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
    state.dateTouched = false;
    setRequests([]);
    setDeliveries([]);
    void resync();
    return;
  }
  // Another client emptied the journal: so does the page.
  if (data.kind === 'requests-cleared') setRequests([]);
  if (data.kind === 'clock' && data.now) setClock(data.now, true);
  if (data.kind === 'reservation' && (!data.slug || data.slug === field(resForm, 'slug').value))
    followReservations();
  if (data.kind === 'faults') reloadFaults();
  if (data.kind === 'project') loadProjects().then(reloadReservations, showError);
}

/**
 * Applies the events received since the last frame in one go: requests are added together (one
 * insertion into the list), each delivery is drawn once in its last state, state changes in order.
 */
function flush() {
  state.flushScheduled = false;
  state.lastFlush = performance.now();
  const events = state.queue.splice(0);
  /** @type {JournalEntry[]} */
  let requests = [];
  /** @type {Map<string, Delivery>} */
  const deliveries = new Map();
  const applyBatch = () => {
    if (requests.length) addRequests(requests);
    if (deliveries.size) updateDeliveries([...deliveries.values()]);
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
  if (state.flushScheduled) return;
  state.flushScheduled = true;
  // Whichever comes first: a frame, or the fallback while the page is hidden and has none.
  const run = () => {
    if (state.flushScheduled) flush();
  };
  const start = () => {
    requestAnimationFrame(run);
    setTimeout(run, FLUSH_FALLBACK_MS);
  };
  const wait = state.lastFlush + FLUSH_INTERVAL_MS - performance.now();
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
  if (state.syncing > 0) state.pending.push(received);
  else {
    state.queue.push(received);
    scheduleFlush();
  }
}

/** Reads everything again; events that arrive meanwhile are applied after it. */
async function resync() {
  state.syncing += 1;
  try {
    const results = await Promise.allSettled([
      loadRequests(),
      loadDeliveries(),
      loadFaults(),
      loadClock(),
      loadProjects().then(loadReservations),
    ]);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) showError(failed.reason);
  } finally {
    state.syncing -= 1;
    if (state.syncing === 0 && state.pending.length) {
      state.queue.push(...state.pending.splice(0));
      scheduleFlush();
    }
  }
}

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
    // The browser retries by itself unless the answer was not an event stream.
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, RECONNECT_MS);
  });
  for (const type of /** @type {const} */ (['request', 'delivery', 'state'])) {
    source.addEventListener(type, (event) => receive(type, event));
  }
}

byId('base-url').textContent = `${location.origin}${location.pathname.replace(/__mock\/$/, '')}api/v1`;
connect();
void resync();
// A server without sessions answers 404: the switcher stays hidden.
loadSessions().catch(() => undefined);
// A second reading soon after the first tells a running clock from a frozen one.
setTimeout(() => loadClock().catch(() => undefined), 1500);
setInterval(() => {
  if (document.visibilityState === 'visible') loadClock().catch(() => undefined);
}, CLOCK_POLL_MS);
setInterval(() => {
  if (state.clockRunning) renderClock();
}, 1000);

// @ts-check
// The Requests panel: the journal's entries, newest first, filtered, found by id, cleared; a row
// opens its detail. Rows are built once, when first shown, and the page keeps the newest
// MAX_REQUESTS entries.
import { onDetailClosed, showDetail } from './detail.js';
import { act, api, byId, field, fillList, flash, h, showError } from './dom.js';
import { duration, idNumber, localDateTime, localTime, plural, statusClass, utc, utcTime } from './format.js';

/** @typedef {import('../src/public').JournalEntry} JournalEntry */

/**
 * The page keeps the newest this many requests (the journal keeps 1,000 by default) and counts the
 * older ones it let go: a page of thousands of rows stays quick to update.
 */
const MAX_REQUESTS = 500;
/** How long a new row's highlight lasts (the `flash` animation in dashboard.css). */
const HIGHLIGHT_MS = 1200;

const view = {
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
  /** When new rows last came in (performance.now()): rows of a steady stream are not highlighted. */
  lastRowsAt: Number.NEGATIVE_INFINITY,
  /** @type {((entries: JournalEntry[]) => void)[]} Told of entries as they come (oldest first). */
  listeners: [],
};

/**
 * Other panels hear of the entries the page receives (the faults panel shows the codes they answered).
 * @param {(entries: JournalEntry[]) => void} listener
 */
export function onEntries(listener) {
  view.listeners.push(listener);
}

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
  // Failures: 4xx, 5xx and a dropped connection (status 0, no answer).
  if (status === 'error' && entry.status !== 0 && entry.status < 400) return false;
  if (status && status !== 'error' && String(entry.status).charAt(0) !== status) return false;
  if (method && entry.method !== method) return false;
  if (path && !`${entry.path}${entry.query}`.includes(path)) return false;
  return true;
}

/** @param {JournalEntry} entry */
function requestRow(entry) {
  let row = view.rows.get(entry.id);
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
        // The visible text in its order (WCAG 2.5.3, label in name: a speech user says what is
        // shown), then the id, which is only in the title.
        'aria-label': `${utcTime(entry.at)} ${localTime(entry.wallTime)} ${entry.method} ${entry.path}${entry.query}${code ? ` ${code}` : ''} ${entry.status} ${duration(entry.durationMs)}, ${entry.id}`,
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
  if (entry.id === view.selected) row.firstElementChild?.setAttribute('aria-current', 'true');
  view.rows.set(entry.id, row);
  return row;
}

function renderCount() {
  const filter = currentFilter();
  let shown = 0;
  for (const entry of view.requests) if (matches(entry, filter)) shown += 1;
  const total = view.requests.length;
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
  older.hidden = view.olderRequests === 0;
  older.textContent = `${plural(view.olderRequests, 'older request')} not shown (the journal may still hold them).`;
}

function renderRequests() {
  const filter = currentFilter();
  const ids = [];
  for (let i = view.requests.length - 1; i >= 0; i -= 1) {
    const entry = view.requests[i];
    if (entry && matches(entry, filter)) ids.push(entry.id);
  }
  const list = byId('request-list');
  // A new filter is not news: assistive technology waits for the whole list (aria-live announces additions).
  list.setAttribute('aria-busy', 'true');
  fillList(list, ids, (id) => {
    const entry = view.requestById.get(id);
    return entry ? requestRow(entry) : null;
  });
  list.setAttribute('aria-busy', 'false');
  renderCount();
}

/** Lets go of the oldest entries past the cap, and of their rows. */
function trimRequests() {
  const over = view.requests.length - MAX_REQUESTS;
  if (over <= 0) return;
  for (const gone of view.requests.splice(0, over)) {
    view.requestById.delete(gone.id);
    view.rows.get(gone.id)?.remove();
    view.rows.delete(gone.id);
  }
  view.olderRequests += over;
}

/**
 * New entries from the stream, oldest first: only their rows are built, put on top in one go. An
 * entry older than the newest one held, that the page does not hold, means the journal started
 * over (cleared where no event said so): the page reads it again.
 * @param {JournalEntry[]} entries
 */
export function addRequests(entries) {
  const newest = view.requests.at(-1);
  const fresh = [];
  let startedOver = false;
  for (const entry of entries) {
    if (view.requestById.has(entry.id)) {
      if (view.requestById.get(entry.id)?.wallTime !== entry.wallTime) startedOver = true;
      continue;
    }
    if (newest && idNumber(entry.id) <= idNumber(newest.id)) {
      startedOver = true;
      continue;
    }
    view.requests.push(entry);
    view.requestById.set(entry.id, entry);
    fresh.push(entry);
  }
  trimRequests();
  const rows = document.createDocumentFragment();
  const filter = currentFilter();
  // A few new rows after a quiet spell are highlighted; a burst or a steady stream is not (a running
  // animation makes the browser draw the whole page again on every frame).
  const now = performance.now();
  const highlight = fresh.length <= 5 && now - view.lastRowsAt > HIGHLIGHT_MS;
  if (fresh.length) view.lastRowsAt = now;
  for (let i = fresh.length - 1; i >= 0; i -= 1) {
    const entry = fresh[i];
    if (!entry || !view.requestById.has(entry.id) || !matches(entry, filter)) continue;
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
  if (fresh.length) for (const listener of view.listeners) listener(fresh);
  if (startedOver) void loadRequests().catch(showError);
}

/** The journal as read: rows of entries already shown are kept, the others built when shown. */
/** @param {JournalEntry[]} entries */
export function setRequests(entries) {
  const previous = view.requestById;
  const rows = view.rows;
  view.requests = entries.slice(-MAX_REQUESTS);
  view.olderRequests = entries.length - view.requests.length;
  view.requestById = new Map();
  view.rows = new Map();
  for (const entry of view.requests) {
    view.requestById.set(entry.id, entry);
    // The same id with another arrival time is another request (a journal that started over).
    const row = rows.get(entry.id);
    if (row && previous.get(entry.id)?.wallTime === entry.wallTime) view.rows.set(entry.id, row);
  }
  const selected = view.selected;
  if (selected && previous.get(selected)?.wallTime !== view.requestById.get(selected)?.wallTime)
    showDetail(null);
  renderRequests();
  for (const listener of view.listeners) listener(view.requests);
}

export async function loadRequests() {
  /** @type {{ requests: JournalEntry[] }} */
  const { requests } = await api('requests');
  setRequests(requests);
}

/**
 * @param {string} id
 * @param {boolean} fromKeyboard
 */
function select(id, fromKeyboard) {
  const previous = view.selected ? view.rows.get(view.selected) : undefined;
  previous?.firstElementChild?.removeAttribute('aria-current');
  const entry = view.requestById.get(id) ?? null;
  view.selected = entry ? id : null;
  view.rows.get(id)?.firstElementChild?.setAttribute('aria-current', 'true');
  showDetail(entry);
  if (fromKeyboard) byId('detail-title').focus();
}

onDetailClosed(() => {
  if (view.selected) view.rows.get(view.selected)?.firstElementChild?.removeAttribute('aria-current');
  view.selected = null;
});

filters.addEventListener('input', renderRequests);
filters.addEventListener('submit', (event) => event.preventDefault());
byId('requests-clear').addEventListener('click', (event) =>
  act(event.currentTarget, async () => {
    await api('requests', { method: 'DELETE' });
    setRequests([]);
  }),
);

// Find a request by id (the X-Request-Id of an answer, the requestId of an SDK error).

/**
 * Selects a request and shows its detail: from the list when shown, else from the journal.
 * @param {string} id
 */
export async function openRequest(id) {
  const row = view.rows.get(id);
  if (view.requestById.has(id) && row?.isConnected) {
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
}

byId('request-find').addEventListener('submit', (event) => {
  event.preventDefault();
  const id = field(/** @type {HTMLFormElement} */ (event.currentTarget), 'id').value.trim();
  act(/** @type {SubmitEvent} */ (event).submitter, () => openRequest(id));
});

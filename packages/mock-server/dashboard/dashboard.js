// The mock's dashboard: a static page over the control routes (/__mock/…) and their event stream
// (/__mock/events) of the mock that serves it. No framework and no build step. Every value from the
// mock is set as text (textContent, text nodes, attributes), never parsed as HTML. Every URL is
// relative to the page, which is served at {baseUrl}/__mock/ (with its trailing slash).

/** The journal keeps the last 1,000 entries by default; the page keeps as many. */
const MAX_REQUESTS = 1000;
/** Retry delay when the browser gave up on the event stream (it retries network errors itself). */
const RECONNECT_MS = 3000;
/** How often the clock is read again while the page is visible (it may run in real time). */
const CLOCK_POLL_MS = 5000;

const state = {
  /** Journal entries, oldest first. */
  requests: [],
  /** Entry id → its list row, built once. */
  rows: new Map(),
  selected: null,
  /** Delivery id → delivery. */
  deliveries: new Map(),
  projects: [],
  /** The last reading of the mock clock: its time and the wall time it was read at (ms). */
  clock: null,
  /** Whether the mock clock moves by itself (a system clock) or only when moved (frozen). */
  clockRunning: null,
  /** The reading the next one is compared with to tell (the last one after a jump). */
  clockBase: null,
  /** The user picked a date: it no longer follows the mock clock. */
  dateTouched: false,
  /** Resyncs in flight; events that arrive meanwhile wait in `pending`. */
  syncing: 0,
  pending: [],
};

// ------------------------------------------------------------------------------------------------
// Small helpers

const byId = (id) => document.getElementById(id);

/** An element: `props` are attributes (`on…` are listeners), children are nodes or text. */
function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** A control call; rejects with the mock's `message` on an error answer. */
async function api(path, options = {}) {
  const init = {
    method: options.method ?? 'GET',
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  };
  if (options.body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`./${path}`, init);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the status is all there is to say.
  }
  if (!response.ok) throw new Error(data?.message ?? `${response.status} ${response.statusText}`);
  return data;
}

function notify(message, kind = 'info') {
  const toast = h('div', { class: `toast ${kind}`, 'data-kind': kind }, message);
  byId('toasts').append(toast);
  setTimeout(() => toast.remove(), kind === 'error' ? 8000 : 4000);
}

/** Runs an action from a button: disabled meanwhile, failures shown. */
async function act(button, action) {
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

const pad = (n) => String(n).padStart(2, '0');
/** `2030-06-17 08:00:00` in UTC. */
const utc = (value) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 19).replace('T', ' ');
};
/** `08:00:00` in UTC. */
const utcTime = (value) => utc(value).slice(11);
/** The browser's local time of day, `23:45:27`. */
const localTime = (value) => {
  const d = new Date(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
/** The browser's local date and time, `2026-11-22 23:45:27`. */
const localDateTime = (value) => {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${localTime(value)}`;
};
/** `YYYY-MM-DD` and `HH:MM` in a time zone. */
function zoned(ms, timeZone) {
  const parts = {};
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const statusClass = (status) => `s${String(status).charAt(0)}`;
const duration = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

/** Pretty JSON when the text is complete JSON, else the text as it is. */
function pretty(text, truncated) {
  if (truncated) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function flash(element) {
  element.classList.remove('flash');
  // Restarts the animation when the same element flashes twice.
  void element.offsetWidth;
  element.classList.add('flash');
}

function debounce(fn, ms) {
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}

// ------------------------------------------------------------------------------------------------
// Requests

const filters = byId('request-filters');

function matches(entry) {
  const status = filters.elements.status.value;
  const method = filters.elements.method.value;
  const path = filters.elements.path.value.trim();
  if (status === 'error' && entry.status < 400) return false;
  if (status && status !== 'error' && String(entry.status).charAt(0) !== status) return false;
  if (method && entry.method !== method) return false;
  if (path && !`${entry.path}${entry.query}`.includes(path)) return false;
  return true;
}

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
        title: `${entry.id} · mock clock ${utc(entry.at)} UTC`,
        onclick: (event) => select(entry.id, event.detail === 0),
      },
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
  if (entry.id === state.selected) row.setAttribute('aria-current', 'true');
  state.rows.set(entry.id, row);
  return row;
}

function renderCount() {
  const shown = byId('request-list').childElementCount;
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
}

function renderRequests() {
  const rows = [];
  for (let i = state.requests.length - 1; i >= 0; i -= 1) {
    const entry = state.requests[i];
    if (matches(entry)) rows.push(requestRow(entry));
  }
  const list = byId('request-list');
  // A new filter is not news: assistive technology waits for the whole list (aria-live announces additions).
  list.setAttribute('aria-busy', 'true');
  list.replaceChildren(...rows);
  list.setAttribute('aria-busy', 'false');
  renderCount();
}

function addRequest(entry) {
  if (state.rows.has(entry.id) || state.requests.some((e) => e.id === entry.id)) return;
  state.requests.push(entry);
  while (state.requests.length > MAX_REQUESTS) {
    const gone = state.requests.shift();
    state.rows.get(gone.id)?.remove();
    state.rows.delete(gone.id);
  }
  if (matches(entry)) {
    const row = requestRow(entry);
    byId('request-list').prepend(row);
    flash(row);
  }
  renderCount();
}

function setRequests(entries) {
  // Ids start again at req_000001 after a reset or a restart of the mock: rows are built anew.
  const selected = state.requests.find((e) => e.id === state.selected);
  state.rows.clear();
  state.requests = entries.slice(-MAX_REQUESTS);
  const still =
    selected && state.requests.find((e) => e.id === selected.id && e.wallTime === selected.wallTime);
  if (!still) showDetail(null);
  renderRequests();
}

async function loadRequests() {
  const { requests } = await api('requests');
  setRequests(requests);
}

function select(id, fromKeyboard) {
  const previous = state.selected && state.rows.get(state.selected);
  previous?.removeAttribute('aria-current');
  const entry = state.requests.find((e) => e.id === id) ?? null;
  state.selected = entry ? id : null;
  state.rows.get(id)?.setAttribute('aria-current', 'true');
  showDetail(entry);
  if (fromKeyboard) byId('detail-title').focus();
}

/** An error answer's `error` field: the status text, as the mock wrote it (openapi.yaml's error body). */
function errorStatusText(entry) {
  if (entry.status < 400 || entry.response.truncated) return '';
  try {
    const body = JSON.parse(entry.response.body);
    return typeof body?.error === 'string' ? body.error : '';
  } catch {
    return '';
  }
}

function keyText(key) {
  if (key === 'none') return 'none (no X-API-Key header)';
  if (key === 'unknown') return 'unknown (no key has this value)';
  return `${key.name} (${key.id})`;
}

function chip(text, onclick, testid) {
  return h('button', { type: 'button', class: 'chip', onclick, 'data-testid': testid }, text);
}

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
  const field = (label, ...value) => [h('dt', null, label), h('dd', null, ...value)];
  const none = () => h('span', { class: 'muted' }, 'none');
  const failed = entry.status >= 400;
  body.replaceChildren(
    h(
      'div',
      { class: 'detail-title' },
      h('span', { class: `method m-${entry.method.toLowerCase()}` }, entry.method),
      h('code', { class: 'path', 'data-testid': 'detail-path' }, `${entry.path}${entry.query}`),
      h(
        'span',
        { class: `status-pill ${statusClass(entry.status)}` },
        h('span', { 'data-testid': 'detail-status' }, entry.status),
        ` ${errorStatusText(entry)}`,
      ),
    ),
    h(
      'div',
      { class: `rule ${failed ? 'bad' : 'good'}` },
      h('span', { class: 'rule-label' }, 'Decided by'),
      h('code', { 'data-testid': 'detail-rule' }, entry.rule),
    ),
    h(
      'div',
      { class: 'detail-grid' },
      h(
        'dl',
        { class: 'meta' },
        field(
          'Error',
          entry.error
            ? [
                h('code', { 'data-testid': 'detail-code' }, entry.error.code ?? '(no code)'),
                h('div', { 'data-testid': 'detail-message' }, entry.error.message),
              ]
            : none(),
        ),
        field('Operation', entry.operationId ? h('code', null, entry.operationId) : none()),
        field('Project', entry.project ?? none()),
        field('API key', keyText(entry.key)),
        field('Mock clock', `${utc(entry.at)} UTC`),
        field('Wall clock', `${localDateTime(entry.wallTime)} (local)`),
        field('Took', duration(entry.durationMs)),
        field(
          'Reservations',
          entry.reservations.length
            ? entry.reservations.map((id) =>
                chip(id, () => showReservation(entry.project, id), 'detail-reservation'),
              )
            : none(),
        ),
        field(
          'Deliveries',
          entry.deliveries.length
            ? entry.deliveries.map((id) => chip(id, () => showDelivery(id), 'detail-delivery'))
            : none(),
        ),
        field('Journal id', h('code', null, entry.id)),
      ),
      h(
        'div',
        { class: 'bodies' },
        h(
          'h3',
          null,
          'Request body',
          entry.body
            ? h(
                'span',
                { class: 'muted' },
                ` ${plural(entry.body.bytes, 'byte')}${entry.body.truncated ? ', first 4 KiB shown' : ''}`,
              )
            : null,
        ),
        entry.body
          ? h('pre', { 'data-testid': 'detail-request-body' }, pretty(entry.body.text, entry.body.truncated))
          : h('p', { class: 'muted' }, 'No body.'),
        h(
          'h3',
          null,
          'Answer body',
          entry.response.truncated ? h('span', { class: 'muted' }, ' first 4 KiB shown') : null,
        ),
        entry.response.body
          ? h(
              'pre',
              { 'data-testid': 'detail-response-body' },
              pretty(entry.response.body, entry.response.truncated),
            )
          : h('p', { class: 'muted' }, 'Empty.'),
      ),
    ),
  );
  body.scrollTop = 0;
}

filters.addEventListener('input', renderRequests);
filters.addEventListener('submit', (event) => event.preventDefault());
byId('detail-close').addEventListener('click', () => {
  if (state.selected) state.rows.get(state.selected)?.removeAttribute('aria-current');
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

function deliveryCard(d) {
  return h(
    'li',
    {
      class: 'card delivery',
      'data-testid': 'delivery',
      'data-id': d.id,
      'data-status': d.status,
      'data-attempts': d.attempts.length,
    },
    h(
      'div',
      { class: 'card-head' },
      h('code', { class: 'event' }, d.event),
      h('span', { class: `badge d-${d.status}`, 'data-testid': 'delivery-status' }, d.status),
      h(
        'button',
        {
          type: 'button',
          class: 'btn small',
          'data-testid': 'redeliver',
          'aria-label': `Redeliver ${d.id}`,
          onclick: (event) =>
            act(event.currentTarget, async () => {
              const { delivery } = await api(`webhooks/deliveries/${encodeURIComponent(d.id)}/redeliver`, {
                method: 'POST',
              });
              setDelivery(delivery);
              notify(`${d.id} redelivered`);
            }),
        },
        'Redeliver',
      ),
    ),
    h(
      'div',
      { class: 'card-sub' },
      h('span', null, `${d.id} · created ${utcTime(d.createdAt)} · to`),
      h('span', { class: 'url', title: d.url }, d.url),
    ),
    h(
      'ol',
      { class: 'timeline', 'aria-label': `Attempts of ${d.id}` },
      d.attempts.map(attemptItem),
      d.nextAttemptAt
        ? h(
            'li',
            { class: 'attempt next', 'data-testid': 'delivery-next', title: `${utc(d.nextAttemptAt)} UTC` },
            h('span', { class: 'dot', 'aria-hidden': 'true' }),
            h(
              'span',
              null,
              h('span', { class: 'a-no' }, 'next'),
              ' ',
              h('span', { class: 'a-time' }, utcTime(d.nextAttemptAt)),
            ),
            h('span', { class: 'a-result' }, 'due'),
          )
        : null,
      d.attempts.length === 0 && !d.nextAttemptAt ? h('li', { class: 'muted' }, 'no attempt yet') : null,
    ),
  );
}

function renderDeliveries() {
  const deliveries = [...state.deliveries.values()].reverse();
  byId('delivery-list').replaceChildren(...deliveries.map(deliveryCard));
  byId('delivery-empty').hidden = deliveries.length > 0;
  const pending = deliveries.filter((d) => d.status === 'pending').length;
  byId('delivery-count').textContent = deliveries.length
    ? `${deliveries.length}${pending ? `, ${pending} pending` : ''}`
    : '';
}

function setDelivery(delivery) {
  state.deliveries.set(delivery.id, delivery);
  renderDeliveries();
}

async function loadDeliveries() {
  const { deliveries } = await api('webhooks/deliveries');
  state.deliveries = new Map(deliveries.map((d) => [d.id, d]));
  renderDeliveries();
}

function showDelivery(id) {
  const card = byId('delivery-list').querySelector(`[data-id="${CSS.escape(id)}"]`);
  if (!card) return notify(`${id} is no longer in the delivery log`, 'error');
  card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  flash(card);
}

// ------------------------------------------------------------------------------------------------
// Reservations

const resForm = byId('reservation-filters');

const selectedProject = () => state.projects.find((p) => p.slug === resForm.elements.slug.value);

async function loadProjects() {
  const { projects } = await api('projects');
  state.projects = projects;
  const select = resForm.elements.slug;
  const current = select.value;
  select.replaceChildren(...projects.map((p) => h('option', { value: p.slug }, `${p.name} (${p.slug})`)));
  if (projects.some((p) => p.slug === current)) select.value = current;
  followClockDate();
  renderClock();
}

/** Until the user picks a date, the list shows the project's local date on the mock clock. */
function followClockDate() {
  const project = selectedProject();
  if (state.dateTouched || !project || !state.clock) return false;
  const date = zoned(clockNow(), project.timeZone).date;
  if (resForm.elements.date.value === date) return false;
  resForm.elements.date.value = date;
  return true;
}

function customerName(c) {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name || c.email;
}

function reservationItem(r, open, allDates) {
  const historyItem = (step) =>
    h(
      'li',
      { 'data-testid': 'history-entry' },
      h('span', { class: 'h-time' }, `${utc(step.changedAt)} UTC`),
      h('span', { class: `badge r-${step.status.toLowerCase()}` }, step.status),
      h('span', null, `${step.action} by `, h('code', null, step.changedBy)),
      step.reason ? h('span', { class: 'muted' }, `reason: ${step.reason}`) : null,
      step.note ? h('span', { class: 'muted' }, `note: ${step.note}`) : null,
    );
  const services = r.services.map((s) => `${s.name} (${s.duration} min)`).join(', ');
  return h(
    'li',
    { 'data-testid': 'reservation-row', 'data-id': r.id, 'data-status': r.status },
    h(
      'details',
      { open },
      h(
        'summary',
        null,
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
        h(
          'span',
          { class: `badge r-${r.status.toLowerCase()}`, 'data-testid': 'reservation-status' },
          r.status,
        ),
      ),
      h(
        'div',
        { class: 'r-more' },
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
        h('ol', { class: 'history', 'data-testid': 'status-history' }, r.statusHistory.map(historyItem)),
      ),
    ),
  );
}

let reservationLoads = 0;
async function loadReservations() {
  const slug = resForm.elements.slug.value;
  const list = byId('reservation-list');
  const empty = byId('reservation-empty');
  if (!slug) return;
  const allDates = resForm.elements.all.checked;
  const date = resForm.elements.date.value;
  resForm.elements.date.disabled = allDates;
  const load = ++reservationLoads;
  const query = allDates || !date ? '' : `?date=${encodeURIComponent(date)}`;
  const { reservations } = await api(`projects/${encodeURIComponent(slug)}/reservations${query}`);
  // A slower, older load must not overwrite a newer one.
  if (load !== reservationLoads) return;
  const open = new Set([...list.querySelectorAll('details[open]')].map((d) => d.parentElement.dataset.id));
  list.replaceChildren(...reservations.map((r) => reservationItem(r, open.has(r.id), allDates)));
  empty.hidden = reservations.length > 0;
  empty.textContent = allDates ? 'This project has no reservations.' : `No reservations on ${date}.`;
  byId('reservation-count').textContent = reservations.length ? String(reservations.length) : '';
}
const reloadReservations = debounce(() => loadReservations().catch(showError), 80);

/** From a request's detail: the reservation in its project, on its date, opened. */
async function showReservation(slug, id) {
  await act(null, async () => {
    if (!slug) throw new Error(`${id}: the request named no project`);
    const { reservations } = await api(`projects/${encodeURIComponent(slug)}/reservations`);
    const found = reservations.find((r) => r.id === id);
    if (!found) throw new Error(`${id} is no longer in ${slug}`);
    resForm.elements.slug.value = slug;
    resForm.elements.all.checked = false;
    resForm.elements.date.value = found.date;
    state.dateTouched = true;
    await loadReservations();
    const row = byId('reservation-list').querySelector(`[data-id="${CSS.escape(id)}"]`);
    if (!row) return;
    row.querySelector('details').open = true;
    row.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    flash(row);
  });
}

resForm.addEventListener('change', (event) => {
  if (event.target.name === 'date') state.dateTouched = Boolean(event.target.value);
  if (event.target.name === 'slug') followClockDate();
  renderClock();
  reloadReservations();
});
resForm.addEventListener('submit', (event) => event.preventDefault());

// ------------------------------------------------------------------------------------------------
// Faults

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
  const { faults } = await api('faults');
  byId('fault-list').replaceChildren(...faults.map(faultItem));
  byId('fault-empty').hidden = faults.length > 0;
  byId('fault-count').textContent = faults.length ? String(faults.length) : '';
}
const reloadFaults = debounce(() => loadFaults().catch(showError), 50);

byId('fault-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const spec = {};
  for (const name of ['method', 'path']) {
    const value = form.elements[name].value.trim();
    if (value) spec[name] = value;
  }
  for (const name of ['status', 'times', 'delayMs', 'retryAfter']) {
    const value = form.elements[name].value.trim();
    if (value !== '') spec[name] = Number(value);
  }
  act(event.submitter ?? null, async () => {
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
    ? `${zoned(now, project.timeZone).time} in ${project.timeZone}`
    : '';
}

async function loadClock() {
  const { now } = await api('clock');
  setClock(now, false);
}

async function moveClock(button, body) {
  await act(button, async () => {
    const { now } = await api('clock', { method: 'POST', body });
    setClock(now, true);
  });
}

for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener('click', () => moveClock(button, { advanceMs: Number(button.dataset.advance) }));
}

byId('clock-more').addEventListener('toggle', (event) => {
  if (event.currentTarget.open)
    byId('clock-set-input').value = new Date(clockNow()).toISOString().slice(0, 19);
});

byId('clock-set-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = event.currentTarget.elements.now.value;
  // datetime-local has no zone; the label says UTC. Seconds are left out when they are zero.
  const iso = `${value}${value.length === 16 ? ':00' : ''}Z`;
  moveClock(event.submitter ?? null, { now: iso });
});

byId('clock-advance-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const { amount, unit } = event.currentTarget.elements;
  const advanceMs = Math.round(Number(amount.value) * Number(unit.value));
  moveClock(event.submitter ?? null, { advanceMs });
});

byId('reset').addEventListener('click', (event) => {
  const ok = window.confirm(
    'Reset the mock? Its data, keys, clock, faults, webhook deliveries and request journal go back to the start.',
  );
  if (!ok) return;
  act(event.currentTarget, async () => {
    await api('reset', { method: 'POST' });
    state.dateTouched = false;
    notify('Mock reset');
    // The event stream says so too; this covers a page whose stream is down.
    await resync();
  });
});

// ------------------------------------------------------------------------------------------------
// Live updates

function showError(error) {
  notify(error instanceof Error ? error.message : String(error), 'error');
}

function setConnection(status, text) {
  const badge = byId('connection');
  badge.dataset.state = status;
  badge.textContent = text;
}

/** Applies one event of the stream. */
function apply({ type, data }) {
  if (type === 'request') {
    addRequest(data);
  } else if (type === 'delivery') {
    setDelivery(data);
  } else if (type === 'state') {
    if (data.kind === 'reset') {
      state.dateTouched = false;
      setRequests([]);
      void resync();
      return;
    }
    if (data.kind === 'clock' && data.now) setClock(data.now, true);
    if (data.kind === 'reservation' && (!data.slug || data.slug === resForm.elements.slug.value))
      reloadReservations();
    if (data.kind === 'faults') reloadFaults();
    if (data.kind === 'project') loadProjects().then(reloadReservations, showError);
  }
}

function receive(type, event) {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  if (state.syncing > 0) state.pending.push({ type, data });
  else apply({ type, data });
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
    if (state.syncing === 0) for (const event of state.pending.splice(0)) apply(event);
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
  for (const type of ['request', 'delivery', 'state']) {
    source.addEventListener(type, (event) => receive(type, event));
  }
}

byId('base-url').textContent = `${location.origin}${location.pathname.replace(/__mock\/$/, '')}api/v1`;
connect();
void resync();
// A second reading soon after the first tells a running clock from a frozen one.
setTimeout(() => loadClock().catch(() => undefined), 1500);
setInterval(() => {
  if (document.visibilityState === 'visible') loadClock().catch(() => undefined);
}, CLOCK_POLL_MS);
setInterval(() => {
  if (state.clockRunning) renderClock();
}, 1000);

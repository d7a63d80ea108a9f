// The mock's dashboard: reads the control routes and the live event stream (/__mock/events) of the
// mock that serves it. No framework and no build step; every value from the mock is set as text,
// never as HTML.

const root = location.pathname.endsWith('/') ? location.pathname : `${location.pathname}/`;
const api = (path) => `${root}${path}`;
const $ = (selector) => document.querySelector(selector);

const state = {
  requests: [],
  selected: null,
  deliveries: new Map(),
  projects: [],
  now: null,
};

/** An element with attributes and children (strings become text nodes). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

async function call(path, init = {}) {
  const response = await fetch(api(path), {
    ...init,
    headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.message ?? `HTTP ${response.status}`);
  return body;
}

const time = (iso) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '');
const statusClass = (status) => `s${String(status)[0]}xx`;

// ---------------------------------------------------------------- requests

function matchesFilters(entry) {
  const form = $('#request-filters');
  const status = form.status.value;
  const path = form.path.value.trim();
  if (status && String(entry.status)[0] !== status) return false;
  if (path && !`${entry.path}${entry.query}`.includes(path)) return false;
  return true;
}

function renderRequests() {
  const list = $('#request-list');
  const items = state.requests.filter(matchesFilters).slice().reverse();
  list.replaceChildren(
    ...items.map((entry) =>
      h(
        'li',
        {
          class: `row ${entry.id === state.selected ? 'selected' : ''}`,
          'data-testid': 'request-row',
          'data-id': entry.id,
          'data-status': entry.status,
        },
        h(
          'button',
          { type: 'button', class: 'row-button', onclick: () => select(entry.id) },
          h('span', { class: 'time' }, time(entry.wallTime).slice(11)),
          h('span', { class: 'method' }, entry.method),
          h('span', { class: 'path' }, `${entry.path}${entry.query}`),
          h('span', { class: `status ${statusClass(entry.status)}` }, entry.status),
          h('span', { class: 'code' }, entry.error?.code ?? ''),
        ),
      ),
    ),
  );
  if (items.length === 0) list.replaceChildren(h('li', { class: 'muted' }, 'No requests yet.'));
}

function keyText(key) {
  return typeof key === 'string' ? key : `${key.name} (${key.id})`;
}

function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function select(id) {
  state.selected = id;
  const entry = state.requests.find((e) => e.id === id);
  renderRequests();
  const detail = $('#detail');
  if (!entry) {
    detail.replaceChildren(h('p', { class: 'muted' }, 'That request left the journal.'));
    return;
  }
  const field = (label, value, testid) =>
    value === '' || value === null || value === undefined
      ? null
      : [h('dt', {}, label), h('dd', testid ? { 'data-testid': testid } : {}, value)];
  const sections = [
    h(
      'dl',
      { class: 'fields' },
      field('Request', `${entry.method} ${entry.path}${entry.query}`),
      field('Status', String(entry.status), 'detail-status'),
      field(
        'Error',
        entry.error ? `${entry.error.code ?? '(no code)'}: ${entry.error.message}` : '',
        'detail-error',
      ),
      field('Rule', entry.rule, 'detail-rule'),
      field('Operation', entry.operationId ?? ''),
      field('Project', entry.project ?? ''),
      field('Key', keyText(entry.key)),
      field('Mock time', time(entry.at)),
      field('Wall time', time(entry.wallTime)),
      field('Took', `${entry.durationMs} ms`),
      field('Reservations', entry.reservations.join(', ')),
      field('Deliveries', entry.deliveries.join(', ')),
    ),
    entry.body
      ? h(
          'section',
          {},
          h(
            'h3',
            {},
            `Request body (${entry.body.bytes} bytes${entry.body.truncated ? ', cut at 4 KiB' : ''})`,
          ),
          h('pre', {}, pretty(entry.body.text)),
        )
      : null,
    h(
      'section',
      {},
      h('h3', {}, `Answer${entry.response.truncated ? ' (cut at 4 KiB)' : ''}`),
      h('pre', { 'data-testid': 'detail-answer' }, pretty(entry.response.body)),
    ),
  ];
  detail.replaceChildren(...sections.filter(Boolean));
}

// ---------------------------------------------------------------- reservations

async function loadProjects() {
  const { projects } = await call('projects');
  state.projects = projects;
  const select = $('#reservation-filters').slug;
  const current = select.value;
  select.replaceChildren(...projects.map((p) => h('option', { value: p.slug }, `${p.name} (${p.slug})`)));
  if (projects.some((p) => p.slug === current)) select.value = current;
}

async function loadReservations() {
  const form = $('#reservation-filters');
  const slug = form.slug.value;
  if (!slug) return;
  const query = form.all.checked || !form.date.value ? '' : `?date=${form.date.value}`;
  const list = $('#reservation-list');
  try {
    const { reservations } = await call(`projects/${encodeURIComponent(slug)}/reservations${query}`);
    list.replaceChildren(
      ...reservations.map((r) =>
        h(
          'li',
          { class: 'row', 'data-testid': 'reservation-row', 'data-id': r.id },
          h(
            'details',
            {},
            h(
              'summary',
              {},
              h('span', { class: 'time' }, `${r.date} ${r.from}–${r.to}`),
              h('span', { class: `badge status-${r.status.toLowerCase()}` }, r.status),
              h(
                'span',
                {},
                `${r.customer.firstName ?? ''} ${r.customer.lastName ?? ''} <${r.customer.email}>`.trim(),
              ),
              h(
                'span',
                { class: 'muted' },
                `${r.guests} guest${r.guests === 1 ? '' : 's'}${r.table ? `, ${r.table.name}` : ''} · ${r.id}`,
              ),
            ),
            h(
              'ol',
              { class: 'history' },
              ...r.statusHistory.map((step) =>
                h(
                  'li',
                  {},
                  `${time(step.changedAt)} ${step.action} → ${step.status} by ${step.changedBy}`,
                  step.reason ? ` (${step.reason})` : '',
                  step.note ? ` — ${step.note}` : '',
                ),
              ),
            ),
          ),
        ),
      ),
    );
    if (reservations.length === 0) list.replaceChildren(h('li', { class: 'muted' }, 'No reservations.'));
  } catch (error) {
    list.replaceChildren(h('li', { class: 'error' }, String(error.message ?? error)));
  }
}

// ---------------------------------------------------------------- webhooks

function renderDeliveries() {
  const list = $('#delivery-list');
  const deliveries = [...state.deliveries.values()].reverse();
  list.replaceChildren(
    ...deliveries.map((d) =>
      h(
        'li',
        { class: 'row', 'data-testid': 'delivery-row', 'data-id': d.id, 'data-attempts': d.attempts.length },
        h(
          'div',
          { class: 'delivery-head' },
          h('strong', {}, d.event),
          h('span', { class: `badge delivery-${d.status}` }, d.status),
          h('span', { class: 'muted' }, `${d.id} → ${d.url}`),
          h(
            'button',
            {
              type: 'button',
              'data-testid': 'redeliver',
              onclick: async (event) => {
                event.currentTarget.disabled = true;
                try {
                  const { delivery } = await call(
                    `webhooks/deliveries/${encodeURIComponent(d.id)}/redeliver`,
                    {
                      method: 'POST',
                    },
                  );
                  state.deliveries.set(delivery.id, delivery);
                  renderDeliveries();
                } catch (error) {
                  alert(error.message);
                }
              },
            },
            'Redeliver',
          ),
        ),
        h(
          'ol',
          { class: 'timeline', 'aria-label': 'attempts' },
          ...d.attempts.map((a) =>
            h(
              'li',
              {
                class: a.responseStatus && a.responseStatus < 300 ? 'ok' : 'failed',
                'data-testid': 'attempt',
              },
              `#${a.number} ${time(a.at)} `,
              a.responseStatus ? `HTTP ${a.responseStatus}` : (a.error ?? ''),
              a.manual ? ' (manual)' : '',
            ),
          ),
          d.nextAttemptAt ? h('li', { class: 'next' }, `next ${time(d.nextAttemptAt)}`) : null,
        ),
      ),
    ),
  );
  if (deliveries.length === 0)
    list.replaceChildren(h('li', { class: 'muted' }, 'No deliveries yet (set a webhook URL).'));
}

async function loadDeliveries() {
  const { deliveries } = await call('webhooks/deliveries');
  state.deliveries = new Map(deliveries.map((d) => [d.id, d]));
  renderDeliveries();
}

// ---------------------------------------------------------------- faults

async function loadFaults() {
  const { faults } = await call('faults');
  $('#fault-list').replaceChildren(
    ...faults.map((f) =>
      h(
        'li',
        { class: 'row', 'data-testid': 'fault-row', 'data-id': f.id },
        h(
          'span',
          {},
          `${f.id}: ${f.method ?? 'any method'} ${f.path ?? 'any path'} → ${f.status ?? 'answered normally'}` +
            `${f.delayMs ? ` after ${f.delayMs} ms` : ''}, ${f.remaining} more`,
        ),
        h(
          'button',
          {
            type: 'button',
            'data-testid': 'fault-remove',
            onclick: async () => {
              await call(`faults/${encodeURIComponent(f.id)}`, { method: 'DELETE' });
              await loadFaults();
            },
          },
          'Remove',
        ),
      ),
    ),
  );
  if (faults.length === 0) $('#fault-list').replaceChildren(h('li', { class: 'muted' }, 'No active faults.'));
}

$('#fault-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const spec = {};
  for (const name of ['method', 'path']) if (form[name].value.trim()) spec[name] = form[name].value.trim();
  for (const name of ['status', 'times', 'delayMs', 'retryAfter'])
    if (form[name].value !== '') spec[name] = Number(form[name].value);
  $('#fault-error').textContent = '';
  try {
    await call('faults', { method: 'POST', body: JSON.stringify(spec) });
    await loadFaults();
  } catch (error) {
    $('#fault-error').textContent = error.message;
  }
});

// ---------------------------------------------------------------- clock and reset

function renderClock() {
  $('#clock-now').textContent = time(state.now);
  const input = $('#clock-set').now;
  if (state.now && document.activeElement !== input) input.value = state.now.slice(0, 16);
}

async function loadClock() {
  state.now = (await call('clock')).now;
  renderClock();
  const date = $('#reservation-filters').date;
  if (!date.value && state.now) date.value = state.now.slice(0, 10);
}

for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      state.now = (
        await call('clock', {
          method: 'POST',
          body: JSON.stringify({ advanceMs: Number(button.dataset.advance) }),
        })
      ).now;
      renderClock();
    } finally {
      button.disabled = false;
    }
  });
}

$('#clock-set').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const local = form.now.value;
  const iso = form.utc.checked ? `${local}:00Z` : new Date(local).toISOString();
  state.now = (await call('clock', { method: 'POST', body: JSON.stringify({ now: iso }) })).now;
  renderClock();
});

$('#reset').addEventListener('click', async () => {
  if (!confirm('Reset the mock to its seed data? Requests, deliveries and faults are cleared too.')) return;
  await call('reset', { method: 'POST' });
});

$('#clear-requests').addEventListener('click', async () => {
  await call('requests', { method: 'DELETE' });
  state.requests = [];
  state.selected = null;
  renderRequests();
});

$('#request-filters').addEventListener('input', renderRequests);
$('#reservation-filters').addEventListener('change', loadReservations);

// ---------------------------------------------------------------- live updates

function connect() {
  const events = new EventSource(api('events'));
  const badge = $('#connection');
  events.addEventListener('open', () => {
    badge.textContent = 'live';
    badge.className = 'badge live';
  });
  events.addEventListener('error', () => {
    badge.textContent = 'disconnected, retrying…';
    badge.className = 'badge offline';
  });
  events.addEventListener('request', (event) => {
    const entry = JSON.parse(event.data);
    if (state.requests.some((e) => e.id === entry.id)) return;
    state.requests.push(entry);
    if (state.requests.length > 1000) state.requests.shift();
    renderRequests();
  });
  events.addEventListener('delivery', (event) => {
    const delivery = JSON.parse(event.data);
    state.deliveries.set(delivery.id, delivery);
    renderDeliveries();
  });
  events.addEventListener('state', (event) => {
    const change = JSON.parse(event.data);
    if (change.now) {
      state.now = change.now;
      renderClock();
    }
    if (change.kind === 'reset') {
      state.requests = [];
      state.selected = null;
      renderRequests();
      void Promise.all([loadClock(), loadDeliveries(), loadFaults(), loadProjects().then(loadReservations)]);
    }
    if (change.kind === 'reservation' || change.kind === 'project') void loadReservations();
    if (change.kind === 'project') void loadProjects();
    if (change.kind === 'faults') void loadFaults();
  });
}

async function start() {
  await Promise.all([loadClock(), loadProjects(), loadDeliveries(), loadFaults()]);
  const { requests } = await call('requests');
  state.requests = requests;
  renderRequests();
  await loadReservations();
  connect();
}

start().catch((error) => {
  $('#connection').textContent = `failed: ${error.message}`;
});

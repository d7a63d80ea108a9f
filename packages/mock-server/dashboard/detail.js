// @ts-check
// The Request detail panel: what was sent, the answer, the rule that decided it, and links to the
// reservations and deliveries the request caused.
import { showDelivery } from './deliveries.js';
import { byId, h } from './dom.js';
import { duration, localDateTime, plural, pretty, statusClass, utc } from './format.js';
import { showReservation } from './reservations.js';

/** @typedef {import('../src/public').JournalEntry} JournalEntry */
/** @typedef {import('./dom.js').Child} Child */

/** @type {(() => void)[]} Called when the detail closes (the list lets go of its selection). */
const closedListeners = [];

/** @param {() => void} listener */
export function onDetailClosed(listener) {
  closedListeners.push(listener);
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
export function showDetail(entry) {
  const body = byId('detail-body');
  byId('detail-close').hidden = !entry;
  if (!entry) {
    for (const listener of closedListeners) listener();
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
  // Status 0: a dropped connection (a fault), no answer at all: a failure as a 4xx or 5xx is.
  const failed = entry.status === 0 || entry.status >= 400;
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
            ? h('pre', { tabindex: '0' }, pretty(entry.body.text, entry.body.truncated))
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
            ? h('pre', { tabindex: '0' }, pretty(entry.response.body, entry.response.truncated))
            : h('p', { class: 'muted' }, 'Empty.'),
        ),
      ),
    ),
  );
  body.scrollTop = 0;
}

byId('detail-close').addEventListener('click', () => showDetail(null));

// @ts-check
// The Faults panel: the active faults, each with what it answered, and the form that adds one.
import { act, api, byId, debounce, field, h, notify, showError } from './dom.js';
import { statusClass } from './format.js';

/** @typedef {import('../src/public').Fault} Fault */
/** @typedef {import('../src/public').JournalEntry} JournalEntry */

const view = {
  /** @type {Fault[]} */
  faults: [],
  /**
   * Fault id → the error code the journal recorded for the latest request it answered: the page
   * never works a fault's code out itself (a fault with a custom body answers the body's code).
   * @type {Map<string, string | null>}
   */
  answered: new Map(),
};

/**
 * Takes note of journal entries that a fault answered (their rule is `fault <id>`).
 * @param {JournalEntry[]} entries oldest first
 */
export function noteFaultAnswers(entries) {
  let changed = false;
  for (const entry of entries) {
    const id = /^fault (\S+)$/.exec(entry.rule)?.[1];
    if (!id) continue;
    view.answered.set(id, entry.error?.code ?? null);
    changed = true;
  }
  if (changed) renderFaults();
}

/** After a reset or a journal clear: no answer is known any more. */
export function forgetFaultAnswers() {
  view.answered.clear();
}

/** @param {Fault} f */
function faultItem(f) {
  const code = view.answered.get(f.id);
  const answer =
    f.connection === 'reset'
      ? 'connection reset'
      : f.status === null
        ? 'answered normally'
        : `${f.status}${code ? ` (${code})` : ''}`;
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
      // Its query condition: without it the fault read as one for every request to the path.
      f.query && Object.keys(f.query).length > 0
        ? h('code', { class: 'query' }, `?${new URLSearchParams(f.query).toString()}`)
        : null,
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

function renderFaults() {
  byId('fault-list').replaceChildren(...view.faults.map(faultItem));
  byId('fault-empty').hidden = view.faults.length > 0;
  byId('fault-count').textContent = view.faults.length ? String(view.faults.length) : '';
}

export async function loadFaults() {
  /** @type {{ faults: Fault[] }} */
  const { faults } = await api('faults');
  view.faults = faults;
  renderFaults();
}
export const reloadFaults = debounce(() => loadFaults().catch(showError), 50);

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

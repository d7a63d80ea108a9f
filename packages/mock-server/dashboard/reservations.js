// @ts-check
// The Reservations panel: the projects (also offered by the trigger form), and one project's
// reservations on a date (the project's local date on the mock clock until the user picks one).
import { clockKnown, clockNow, onClockRead, setClockZone } from './clock.js';
import { act, api, byId, debounce, field, flash, h, showError, throttle } from './dom.js';
import { plural, utc } from './format.js';
import { zonedDateTime } from './time-format.js';

/** @typedef {import('../src/public').ProjectSummary} ProjectSummary */
/** @typedef {Awaited<ReturnType<import('../src/public').MockControl['reservations']>>[number]} Reservation */

/** State events reload the reservations at most once per this long. */
const RESERVATIONS_RELOAD_MS = 250;

const view = {
  /** @type {ProjectSummary[]} */
  projects: [],
  /** The user picked a date: it no longer follows the mock clock. */
  dateTouched: false,
  loads: 0,
  /** What the reservation list shows (its query and answer): the same answer again changes nothing. */
  shown: '',
};

/** @type {HTMLFormElement} */
const resForm = byId('reservation-filters');

/** The slug of the project the panel shows. */
export const shownProject = () => field(resForm, 'slug').value;
const selectedProject = () => view.projects.find((p) => p.slug === shownProject());

/** After a reset: the date follows the mock clock again. */
export function forgetDate() {
  view.dateTouched = false;
}

export async function loadProjects() {
  /** @type {{ projects: ProjectSummary[] }} */
  const { projects } = await api('projects');
  view.projects = projects;
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
  setClockZone(selectedProject()?.timeZone);
}

/** Until the user picks a date, the list shows the project's local date on the mock clock. */
function followClockDate() {
  const project = selectedProject();
  if (view.dateTouched || !project || !clockKnown()) return false;
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

export async function loadReservations() {
  const slug = field(resForm, 'slug').value;
  const list = byId('reservation-list');
  const empty = byId('reservation-empty');
  if (!slug) return;
  const allDates = field(resForm, 'all').checked;
  const date = field(resForm, 'date').value;
  field(resForm, 'date').disabled = allDates;
  const load = ++view.loads;
  const query = allDates || !date ? '' : `?date=${encodeURIComponent(date)}`;
  /** @type {{ reservations: Reservation[] }} */
  const { reservations } = await api(`projects/${encodeURIComponent(slug)}/reservations${query}`);
  // A slower, older load must not overwrite a newer one.
  if (load !== view.loads) return;
  const shown = JSON.stringify([slug, allDates, date, reservations]);
  if (shown === view.shown) return;
  view.shown = shown;
  const open = new Set(
    [...list.querySelectorAll('.r-toggle[aria-expanded="true"]')].map((b) => b.closest('li')?.dataset.id),
  );
  list.replaceChildren(...reservations.map((r) => reservationItem(r, open.has(r.id), allDates)));
  empty.hidden = reservations.length > 0;
  empty.textContent = allDates ? 'This project has no reservations.' : `No reservations on ${date}.`;
  byId('reservation-count').textContent = reservations.length ? String(reservations.length) : '';
}
export const reloadReservations = debounce(() => loadReservations().catch(showError), 80);
/** For the stream's reservation changes, which may come without a pause. */
export const followReservations = throttle(() => loadReservations().catch(showError), RESERVATIONS_RELOAD_MS);

/** From a request's detail: the reservation in its project, on its date, opened. */
/**
 * @param {string | null} slug
 * @param {string} id
 */
export async function showReservation(slug, id) {
  await act(null, async () => {
    if (!slug) throw new Error(`${id}: the request named no project`);
    /** @type {{ reservations: Reservation[] }} */
    const { reservations } = await api(`projects/${encodeURIComponent(slug)}/reservations`);
    const found = reservations.find((r) => r.id === id);
    if (!found) throw new Error(`${id} is no longer in ${slug}`);
    field(resForm, 'slug').value = slug;
    field(resForm, 'all').checked = false;
    field(resForm, 'date').value = found.date;
    view.dateTouched = true;
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
  if (changed.name === 'date') view.dateTouched = Boolean(changed.value);
  if (changed.name === 'slug') followClockDate();
  setClockZone(selectedProject()?.timeZone);
  reloadReservations();
});
resForm.addEventListener('submit', (event) => event.preventDefault());

onClockRead(() => {
  if (followClockDate()) reloadReservations();
});

// @ts-check
// The Webhook deliveries panel: a card per delivery with its attempts on a timeline (updated in
// place as the delivery changes), its detail when opened, redelivery, and the trigger form.
import { clockNow } from './clock.js';
import { act, api, byId, field, fillList, flash, h, notify } from './dom.js';
import { duration, plural, utc, utcTime } from './format.js';

/** @typedef {import('../src/public').Delivery} Delivery */
/** @typedef {import('../src/public').DeliveryAttempt} DeliveryAttempt */
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

/** The page keeps the newest this many deliveries and counts the older ones it let go. */
const MAX_DELIVERIES = 300;
/** How many let-go ids the page remembers: the mock's log keeps its newest 1,000 (README). */
const MAX_LET_GO = 1000;

const view = {
  /** @type {Map<string, Delivery>} Delivery id → delivery, oldest first (in the log's order). */
  deliveries: new Map(),
  /**
   * @type {Set<string>} Deliveries the page let go of (older than those it shows): a change to one
   * is not shown. Delivery ids are random, so which is older cannot be told from the id itself
   * (comparing their digits dropped most new deliveries while the page was live).
   */
  letGo: new Set(),
  /** @type {Map<string, HTMLLIElement>} Delivery id → its card. */
  cards: new Map(),
  olderDeliveries: 0,
  /** @type {Set<string>} Deliveries whose detail is open. */
  openDeliveries: new Set(),
};

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
            ? h('pre', { tabindex: '0', 'aria-label': `Answer body of attempt ${a.number}` }, a.response.body)
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
    h('pre', { tabindex: '0', 'aria-label': `Body of ${d.id}` }, d.body),
    h('h4', null, 'Signature'),
    h('p', null, h('code', null, d.signature)),
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
    // The attempt this made is the last; its outcome is what to say (the CLI exits 1 unless a 2xx).
    const attempt = delivery.attempts.at(-1);
    const status = attempt?.responseStatus;
    const answered = status !== undefined ? `HTTP ${status}` : (attempt?.error ?? 'no answer');
    const ok = status !== undefined && status >= 200 && status < 300;
    notify(`${id} redelivered${url ? ` to ${url}` : ''}: ${answered}`, ok ? 'info' : 'error');
  });
}

/**
 * The parts of a delivery card that change with the delivery's view.
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
  if (view.openDeliveries.has(d.id)) parts.detail.replaceChildren(deliveryDetail(d));
  else parts.detail.replaceChildren();
}

/** @param {Delivery} d */
function deliveryCard(d) {
  // Built when opened: a list of hundreds of cards holds only what is shown.
  const detail = h('div', {
    class: 'delivery-more',
    id: `delivery-${d.id}`,
    hidden: !view.openDeliveries.has(d.id),
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
          'aria-expanded': String(view.openDeliveries.has(d.id)),
          'aria-controls': `delivery-${d.id}`,
          'aria-label': `Details of ${d.id}`,
          onclick: (event) => {
            const toggle = /** @type {HTMLButtonElement} */ (event.currentTarget);
            const show = toggle.getAttribute('aria-expanded') !== 'true';
            toggle.setAttribute('aria-expanded', String(show));
            detail.hidden = !show;
            if (show && !detail.firstChild) detail.append(deliveryDetail(view.deliveries.get(d.id) ?? d));
            if (show) view.openDeliveries.add(d.id);
            else view.openDeliveries.delete(d.id);
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
  const count = view.deliveries.size;
  let pending = 0;
  for (const d of view.deliveries.values()) if (d.status === 'pending') pending += 1;
  byId('delivery-empty').hidden = count > 0;
  byId('delivery-count').textContent = count ? `${count}${pending ? `, ${pending} pending` : ''}` : '';
  const older = byId('delivery-older');
  older.hidden = view.olderDeliveries === 0;
  older.textContent = `${plural(view.olderDeliveries, 'older delivery', 'older deliveries')} not shown.`;
}

/** Lets go of the oldest deliveries past the cap, and of their cards. */
function trimDeliveries() {
  for (const id of view.deliveries.keys()) {
    if (view.deliveries.size <= MAX_DELIVERIES) break;
    view.deliveries.delete(id);
    view.cards.get(id)?.remove();
    view.cards.delete(id);
    view.olderDeliveries += 1;
    letGo(id);
  }
}

/** Remembers a delivery the page let go of (the oldest remembered forgotten past MAX_LET_GO). */
/** @param {string} id */
function letGo(id) {
  view.letGo.add(id);
  for (const oldest of view.letGo) {
    if (view.letGo.size <= MAX_LET_GO) break;
    view.letGo.delete(oldest);
  }
}

/**
 * Deliveries that changed (the last state of each): a known one has its card replaced where it
 * is, a new one goes on top; a change to one the page already let go of is not shown.
 */
/** @param {Delivery[]} changed */
export function updateDeliveries(changed) {
  const fresh = [];
  for (const d of changed) {
    const card = view.cards.get(d.id);
    if (card) {
      view.deliveries.set(d.id, d);
      updateCard(card, d);
    } else if (view.deliveries.has(d.id)) {
      // Its card is still to be built by the fill under way, from the latest view.
      view.deliveries.set(d.id, d);
    } else if (!view.letGo.has(d.id)) {
      view.deliveries.set(d.id, d);
      fresh.push(d);
    }
  }
  trimDeliveries();
  const cards = document.createDocumentFragment();
  for (let i = fresh.length - 1; i >= 0; i -= 1) {
    const d = fresh[i];
    if (!d || !view.deliveries.has(d.id)) continue;
    const card = deliveryCard(d);
    view.cards.set(d.id, card);
    cards.append(card);
  }
  byId('delivery-list').prepend(cards);
  renderDeliveryCount();
}

const setDelivery = (/** @type {Delivery} */ delivery) => updateDeliveries([delivery]);

/** The delivery log as read (oldest first): the newest MAX_DELIVERIES, each card built once. */
/** @param {Delivery[]} deliveries */
export function setDeliveries(deliveries) {
  const kept = deliveries.slice(-MAX_DELIVERIES);
  view.olderDeliveries = deliveries.length - kept.length;
  view.deliveries = new Map(kept.map((d) => [d.id, d]));
  view.letGo = new Set();
  for (const d of deliveries.slice(0, deliveries.length - kept.length)) letGo(d.id);
  view.cards = new Map();
  const ids = kept.map((d) => d.id).reverse();
  fillList(byId('delivery-list'), ids, (id) => {
    const d = view.deliveries.get(id);
    if (!d || view.cards.has(id)) return null;
    const card = deliveryCard(d);
    view.cards.set(id, card);
    return card;
  });
  renderDeliveryCount();
}

export async function loadDeliveries() {
  /** @type {{ deliveries: Delivery[] }} */
  const { deliveries } = await api('webhooks/deliveries');
  setDeliveries(deliveries);
}

/** @param {string} id */
export function showDelivery(id) {
  const card = view.cards.get(id);
  if (!card) return notify(`${id} is no longer in the delivery log`, 'error');
  card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  flash(card);
}

// Trigger a webhook event (POST /__mock/projects/:slug/trigger).

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

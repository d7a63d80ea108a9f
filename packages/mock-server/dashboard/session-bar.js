// @ts-check
// The header's session switcher (GET /__mock/sessions at the server's root: hidden where the server
// has none) and the reset button with its in-page confirmation.
import { act, api, byId, disclosure, h, notify } from './dom.js';
import { utcTime } from './format.js';

/** @typedef {{ id: string, baseUrl: string, createdAt: string, lastUsedAt: string }} SessionInfo */

/** The server's root control URL, from this page's: `…/sessions/{id}/__mock/` or `…/__mock/`. */
function rootControlUrl() {
  const inSession = /\/sessions\/[^/]+\/__mock\/$/.test(location.pathname);
  return new URL(inSession ? '../../../__mock/' : './', location.href);
}

/** How often the switcher reads the sessions again: workers of a test run come and go. */
const SESSIONS_POLL_MS = 5000;

/** Shows the sessions; false when the server has none (404: sessions off), so there is nothing to follow. */
export async function loadSessions() {
  const root = rootControlUrl();
  const here = location.href;
  const response = await fetch(new URL('sessions', root), { headers: { Accept: 'application/json' } });
  if (response.status === 404) return false;
  if (!response.ok) return true;
  /** @type {{ sessions?: SessionInfo[] }} */
  const body = await response.json();
  if (!Array.isArray(body.sessions)) return true;
  /** @type {HTMLSelectElement} */
  const select = byId('session-select');
  // Under this page's own origin: a session's `baseUrl` names the server's bound address
  // (127.0.0.1), so a page opened as `localhost` matched none and switching changed the origin.
  const pages = body.sessions.map((s) => ({
    label: `${s.id} (last used ${utcTime(s.lastUsedAt)})`,
    url: new URL(`../sessions/${encodeURIComponent(s.id)}/__mock/`, root).href,
  }));
  pages.unshift({ label: 'Default mock', url: root.href });
  select.replaceChildren(
    ...pages.map((p) => h('option', { value: p.url, selected: p.url === here }, p.label)),
  );
  const nav = byId('sessions');
  if (root.href !== here && !nav.querySelector('a'))
    nav.append(h('a', { href: root.href }, 'Back to the default mock'));
  nav.hidden = false;
  return true;
}

/**
 * Reads the sessions now and every few seconds while the page is visible, but not while the
 * switcher is in use (its options would change under the pointer). Returns the stop function.
 */
export function followSessions() {
  // A server without sessions answers 404: the switcher stays hidden, and is not asked again.
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let poll;
  const load = () =>
    loadSessions().then(
      (has) => {
        if (!has) clearInterval(poll);
      },
      () => undefined,
    );
  void load();
  poll = setInterval(() => {
    if (document.visibilityState === 'visible' && document.activeElement !== byId('session-select'))
      void load();
  }, SESSIONS_POLL_MS);
  return () => clearInterval(poll);
}

byId('session-select').addEventListener('change', (event) => {
  const url = /** @type {HTMLSelectElement} */ (event.currentTarget).value;
  if (url && url !== location.href) location.assign(url);
});

/**
 * Wires the reset button: `afterReset` runs once the mock answered (the page reads everything again).
 * @param {() => Promise<void>} afterReset
 */
export function resetButton(afterReset) {
  // An in-page confirmation (no window.confirm(): a test runner or a screen reader handles it as any button).
  const showResetConfirm = disclosure(byId('reset'), byId('reset-confirm'), () =>
    byId('reset-cancel').focus(),
  );
  byId('reset-cancel').addEventListener('click', () => {
    showResetConfirm(false);
    byId('reset').focus();
  });
  byId('reset-confirmed').addEventListener('click', (event) => {
    showResetConfirm(false);
    act(event.currentTarget, async () => {
      await api('reset', { method: 'POST' });
      notify('Mock reset');
      // The event stream says so too; this covers a page whose stream is down.
      await afterReset();
    });
  });
}

// @ts-check
// The page's small tools: elements by id, element building (every value as text, never parsed as
// HTML), control calls, toasts, and list filling. Shared by every panel's module.

/**
 * An element of the page by id (the page's own markup: missing is a bug of the page).
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return /** @type {T} */ (element);
}

/**
 * A control of a form by name (the page's own forms).
 * @param {HTMLFormElement} form
 * @param {string} name
 */
export const field = (form, name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));

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
export function h(tag, props, ...children) {
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
export async function api(path, options = {}) {
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
export function notify(message, kind = 'info') {
  const toast = h('div', { class: `toast ${kind}`, 'data-kind': kind }, message);
  byId('toasts').append(toast);
  setTimeout(() => toast.remove(), kind === 'error' ? 8000 : 4000);
}

/** Set once the session this page shows has ended: nothing can act on it any more. */
const page = { ended: false };

/** The session this page shows has ended: every action is refused from now on (act()). */
export function endActions() {
  page.ended = true;
}

/**
 * Runs an action from a button: disabled meanwhile, failures shown; refused once the session ended.
 * @template T
 * @param {EventTarget | null} target the button (the event's `currentTarget` or `submitter`)
 * @param {() => Promise<T>} action
 * @returns {Promise<T | undefined>}
 */
export async function act(target, action) {
  if (page.ended) {
    notify('This session no longer exists: nothing here can change it', 'error');
    return undefined;
  }
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
/** @param {HTMLElement} element */
export function flash(element) {
  element.classList.remove('flash');
  // Restarts the animation when the same element flashes twice.
  void element.offsetWidth;
  element.classList.add('flash');
}

/**
 * @param {() => void} fn
 * @param {number} ms
 */
export function debounce(fn, ms) {
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
export function throttle(fn, ms) {
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

/** @param {unknown} error */
export function showError(error) {
  notify(error instanceof Error ? error.message : String(error), 'error');
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
export function fillList(list, keys, build) {
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

/** A button that shows and hides a panel (`aria-expanded`); Escape closes it. */
/**
 * @param {HTMLElement} button
 * @param {HTMLElement} panel
 * @param {() => void} [onOpen]
 */
export function disclosure(button, panel, onOpen) {
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

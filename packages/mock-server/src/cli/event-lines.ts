// One line per answered request, per webhook attempt and (the server log) per control change, from
// the events a mock already publishes (the journal's entries, the delivery log's changes and the
// state changes: observers/mock-events.ts), for the server's terminal log and for `listen`,
// `deliveries --follow` and `trigger --wait` (mock README, "Watching the mock"). Every value taken from input goes through safeText()/safeJson() before it is printed.
import type { JournalEntry } from '../observers/journal';
import type { MockEvent, StateChange } from '../observers/mock-events';
import type { Delivery, DeliveryAttempt } from '../observers/webhooks';
import { clipText, safeJson, safeText } from './terminal-text';

export type LogFormat = 'pretty' | 'json' | 'off';

export interface LineOptions {
  format: LogFormat;
  /** ANSI colours (pretty only): on a TTY only. */
  colour: boolean;
}

/** Where the line came from: the root mock (null) or a session's id. */
export type SessionName = string | null;

const PAINT = { red: 31, green: 32, yellow: 33, cyan: 36, dim: 2 } as const;

function painter(colour: boolean) {
  return (name: keyof typeof PAINT, text: string): string =>
    colour ? `\u001b[${PAINT[name]}m${text}\u001b[0m` : text;
}

function statusColour(status: number | undefined): keyof typeof PAINT {
  if (status === undefined || status === 0 || status >= 500) return 'red';
  if (status >= 400) return 'yellow';
  return 'green';
}

/** The path below the mock's base (a session's `/sessions/{id}` prefix left out), with its query. */
export function relativePath(path: string, basePath: string): string {
  return basePath !== '' && path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
}

/**
 * Statuses whose message says which field or which state refused the request (the rule alone reads
 * `VALIDATION_ERROR: a field or parameter is invalid`): the line shows it after the rule.
 */
const SPECIFIC_MESSAGE = new Set([400, 409, 422]);

/**
 * One answered request: mock time, session, method, path, status, code, id, duration, and for an
 * error (a 4xx, a 5xx, or a connection a fault dropped: status 0) the rule that decided it.
 */
export function requestLine(
  entry: JournalEntry,
  session: SessionName,
  basePath: string,
  options: LineOptions,
): string {
  const path = `${relativePath(entry.path, basePath)}${entry.query}`;
  const code = entry.error?.code ?? null;
  const rule = entry.status >= 400 || entry.status === 0 ? entry.rule : null;
  const message = entry.error?.message;
  const detail =
    rule !== null && SPECIFIC_MESSAGE.has(entry.status) && message && !rule.includes(message)
      ? message
      : null;
  if (options.format === 'json')
    return safeJson({
      type: 'request',
      at: entry.at,
      session,
      method: entry.method,
      path,
      status: entry.status,
      code,
      requestId: entry.id,
      durationMs: entry.durationMs,
      ...(rule === null ? {} : { rule }),
      ...(detail === null ? {} : { message: detail }),
    });
  const paint = painter(options.colour);
  // The rule reads `CODE: why`; the line shows the code already.
  const why =
    rule !== null && code !== null && rule.startsWith(`${code}: `) ? rule.slice(code.length + 2) : rule;
  return [
    paint('dim', entry.at),
    ...(session === null ? [] : [paint('cyan', `[${safeText(session)}]`)]),
    safeText(entry.method),
    clipText(path, 200),
    paint(statusColour(entry.status), String(entry.status)),
    ...(code === null ? [] : [safeText(code)]),
    paint('dim', entry.id),
    `${Math.round(entry.durationMs)}ms`,
    ...(why === null ? [] : [`(${clipText(detail === null ? why : `${why} — ${detail}`, 300)})`]),
  ].join(' ');
}

/** What the receiver answered, or the network error, as one short line. */
function outcomeOf(attempt: DeliveryAttempt): { status: number | null; error: string | null } {
  return { status: attempt.responseStatus ?? null, error: attempt.error ?? null };
}

/**
 * One attempt of a delivery: delivery id, event, target, status or network error, duration, and
 * what comes next (the next attempt's time, delivered, or given up). With `answer`, the first 200
 * characters of the receiver's answer body too (`trigger --wait`, `redeliver`).
 */
export function attemptLine(
  delivery: Delivery,
  attempt: DeliveryAttempt,
  session: SessionName,
  options: LineOptions & { answer?: boolean },
): string {
  const { status, error } = outcomeOf(attempt);
  const isLast = delivery.attempts[delivery.attempts.length - 1] === attempt;
  // The schedule belongs to the delivery's latest state: only the latest attempt says what is next.
  const next = isLast ? delivery.nextAttemptAt : null;
  const settledAs = isLast && delivery.status !== 'pending' ? delivery.status : null;
  const body = options.answer ? (attempt.response?.body ?? null) : null;
  if (options.format === 'json')
    return safeJson({
      type: 'attempt',
      at: attempt.at,
      session,
      delivery: delivery.id,
      event: delivery.event,
      attempt: attempt.number,
      manual: attempt.manual === true,
      url: attempt.url,
      status,
      error,
      durationMs: attempt.durationMs,
      deliveryStatus: delivery.status,
      nextAttemptAt: next,
      ...(body === null ? {} : { body }),
    });
  const paint = painter(options.colour);
  const result =
    status === null
      ? paint('red', clipText(error ?? 'no answer', 200))
      : paint(statusColour(status), String(status));
  const state =
    next !== null
      ? `next attempt ${next}`
      : settledAs === 'failed'
        ? paint('red', 'failed: no attempt left')
        : settledAs;
  // A copy sent elsewhere (redeliver --to) settles nothing: what follows it is the delivery's own
  // state, said as such, so a failed copy never reads `… 500 9ms delivered`.
  const copy = attempt.manual === true && attempt.url !== delivery.url;
  const then = copy && state !== null ? `(the delivery: ${state})` : state;
  return [
    paint('dim', attempt.at),
    ...(session === null ? [] : [paint('cyan', `[${safeText(session)}]`)]),
    'webhook',
    paint('dim', safeText(delivery.id)),
    safeText(delivery.event),
    `#${attempt.number}${attempt.manual ? ' (redelivery)' : ''}`,
    '→',
    clipText(attempt.url, 200),
    result,
    `${Math.round(attempt.durationMs)}ms`,
    ...(then === null ? [] : [then]),
    ...(body === null
      ? []
      : [`answer: ${body === '' ? '(empty)' : clipText(body.replace(/\s+/g, ' '), 200)}`]),
  ].join(' ');
}

/** How many deliveries' printed attempt counts are remembered (the oldest are forgotten first). */
const REMEMBERED_DELIVERIES = 10_000;

/**
 * The attempts a delivery event reports that were not printed yet. The mock publishes a delivery
 * when it is created (no attempt) and after each attempt, so usually that is the last one; a
 * change that adds no attempt (a status only) prints nothing, and a delivery first seen with
 * attempts (a watcher that started later) prints only its last. Bounded: a forgotten delivery is
 * treated as first seen.
 */
export function createAttemptTracker(): (delivery: Delivery) => DeliveryAttempt[] {
  const printed = new Map<string, number>();
  return (delivery) => {
    const count = delivery.attempts.length;
    const known = printed.get(delivery.id);
    // Fewer attempts than printed: another delivery under a reused id (ids restart after a reset).
    const before = known !== undefined && known <= count ? known : Math.max(0, count - 1);
    printed.delete(delivery.id);
    printed.set(delivery.id, Math.max(before, count));
    if (printed.size > REMEMBERED_DELIVERIES) {
      const oldest = printed.keys().next().value;
      if (oldest !== undefined) printed.delete(oldest);
    }
    return delivery.attempts.slice(before);
  };
}

export interface EventPrinterOptions extends LineOptions {
  session: SessionName;
  /** The mock's base path (`/sessions/w1` for a session), left out of request paths. */
  basePath: string;
  /** Print a line per answered request (the server log), or only webhook attempts (`listen`). */
  requests: boolean;
  /** Also a line per change made through the control interface (the server log). */
  states?: boolean;
  /** Only these deliveries' attempts (`trigger --wait`); all when absent. */
  deliveries?: (id: string) => boolean;
  answer?: boolean;
  print(line: string): void;
}

/**
 * The state changes only the control interface makes: a reservation's change has its request line
 * (or, made by trigger, its deliveries' lines) already, and `faults` is also told when a fault is
 * used up by a request, whose line names the fault.
 */
const CONTROL_CHANGES = new Set<StateChange['kind']>([
  'reset',
  'requests-cleared',
  'clock',
  'keys',
  'webhook',
  'blacklist',
  'project',
]);

/** A change made through the control interface: what changed, and what it names (no more is known). */
export function stateLine(change: StateChange, session: SessionName, options: LineOptions): string {
  if (options.format === 'json') return safeJson({ type: 'state', session, ...change });
  const paint = painter(options.colour);
  return [
    paint('dim', change.at),
    ...(session === null ? [] : [paint('cyan', `[${safeText(session)}]`)]),
    paint('cyan', `control: ${change.kind}`),
    ...[change.slug, change.id].filter((part) => part !== undefined).map((part) => safeText(part)),
    ...(change.now === undefined ? [] : [`now ${safeText(change.now)}`]),
  ].join(' ');
}

/** A listener of a mock's events that prints a line per request, per webhook attempt and per control change. */
export function createEventPrinter(options: EventPrinterOptions): (event: MockEvent) => void {
  const unprinted = createAttemptTracker();
  return (event) => {
    if (options.format === 'off') return;
    if (event.type === 'request') {
      if (options.requests)
        options.print(requestLine(event.data, options.session, options.basePath, options));
      return;
    }
    if (event.type === 'state') {
      if (options.states && CONTROL_CHANGES.has(event.data.kind))
        options.print(stateLine(event.data, options.session, options));
      return;
    }
    if (options.deliveries && !options.deliveries(event.data.id)) return;
    for (const attempt of unprinted(event.data))
      options.print(attemptLine(event.data, attempt, options.session, options));
  };
}

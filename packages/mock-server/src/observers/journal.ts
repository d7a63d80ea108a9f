// The request journal: every API request in order, with what the mock made of it, bounded to the
// last `limit` entries and cleared by reset(). It never holds a key value: a key is recorded by its
// id and name, and the X-API-Key header is not kept.
//
// Ids (mock README, "The request journal"): an entry gets its id when it is recorded, once its answer
// is known, from a counter that lives as long as the mock (clear() and reset() do not restart it), so
// ids are unique and increase in the order of the list. A request that arrived before a clear() (or
// a reset(), which clears) and is answered after it is not recorded: the journal holds only requests
// that arrived after its last clear.
import type { ApiOutcome, OperationId, RequestLine, Verdict } from './outcome';
import { createTextRing, isWellFormed, type TextRing } from './text-ring';

export type { OperationId } from './outcome';

/** Request and answer bodies are kept up to this many characters (UTF-16 code units), marked when cut. */
export const JOURNAL_BODY_LIMIT = 4096;
export const DEFAULT_JOURNAL_LIMIT = 1000;

export interface JournalEntry extends RequestLine, Verdict {
  /** `req_000001`, … (six digits or more): unique and increasing for the life of the mock. */
  id: string;
  /**
   * The session the request was made in (its `path` is then relative to the session:
   * `/api/v1/...`, the form fault paths use); absent in the root mock.
   */
  session?: string;
  body: { text: string; truncated: boolean; bytes: number } | null;
  status: number;
  response: { body: string; truncated: boolean };
}

export interface JournalFilter {
  method?: string | undefined;
  /** A part of the path. */
  path?: string | undefined;
  status?: number | undefined;
  code?: string | undefined;
  /** The operation the request was routed to (none for one refused before routing, e.g. 401). */
  operationId?: OperationId | undefined;
  /** An entry id or an ISO time: entries after it. */
  since?: string | undefined;
}

export interface Journal {
  readonly enabled: boolean;
  /** Taken when a request arrives; record() drops the entry when a clear() came after it. */
  arrival(): number;
  /**
   * The next request id (`req_…`), from a counter that lives as long as the mock. Taken when an
   * answer is known (so ids increase in journal order), also for answers that are not journaled.
   */
  nextId(): string;
  /**
   * Records an answered request (its outcome, numbered by nextId()); false when the journal is off or
   * the request arrived before the last clear (see arrival()), and nothing is recorded.
   */
  record(outcome: ApiOutcome): boolean;
  /**
   * The newest entry with its texts, as list() shows it but not a copy (for the event stream, right
   * after record(); it shares the kept entry's arrays and objects).
   */
  newest(): JournalEntry | undefined;
  list(filter?: JournalFilter): JournalEntry[];
  clear(): void;
}

/**
 * The first JOURNAL_BODY_LIMIT UTF-16 code units of a text (`String.length`, not bytes). The cut is a
 * plain slice, which may share the whole text's memory (V8 keeps the parent of a "sliced string"
 * alive): harmless while it is only copied into the ring, and keep() copies a text it keeps as a
 * string. (Copying every cut here cost a page answer about 1.6 µs: BENCHMARKS.md, "HTTP: the
 * per-request work".)
 */
export function clip(text: string): { text: string; truncated: boolean } {
  return text.length > JOURNAL_BODY_LIMIT
    ? { text: text.slice(0, JOURNAL_BODY_LIMIT), truncated: true }
    : { text, truncated: false };
}

/**
 * An entry as the journal keeps it until `limit` newer ones have come: one flat object (the public
 * entry's `body` and `response` are made when it is read), sharing one empty list where a request
 * changed nothing and caused no delivery, its two texts in the text ring. Speed (BENCHMARKS.md,
 * "HTTP: the per-request work"): every kept entry outlives the young generation, so each object it
 * is made of is copied and promoted; with a booking per request (a store that grows, so collections
 * of the old generation that come more often as it fills) three objects and two lists per entry
 * measured in the server's CPU per booking.
 */
interface KeptEntry
  extends Omit<JournalEntry, 'session' | 'body' | 'response' | 'reservations' | 'deliveries'> {
  /** Always present (one hidden class for every entry); undefined in the root mock. */
  session: string | undefined;
  /** The request body's size in bytes; -1 for a request without one. */
  bodyBytes: number;
  bodyTruncated: boolean;
  reservations: readonly string[];
  deliveries: readonly string[];
  responseTruncated: boolean;
}

const NONE: readonly string[] = Object.freeze([]);

/** The entry of an outcome as the journal keeps it (its texts go to the ring). */
function keptEntryOf(
  outcome: ApiOutcome,
  request: { truncated: boolean } | null,
  response: { truncated: boolean },
): KeptEntry {
  const line = outcome.request;
  return {
    id: outcome.id,
    session: outcome.session,
    at: line.at,
    wallTime: line.wallTime,
    method: line.method,
    path: line.path,
    query: line.query,
    project: line.project,
    key: outcome.key,
    bodyBytes: line.body ? line.body.byteLength : -1,
    bodyTruncated: request?.truncated ?? false,
    status: outcome.answer.status,
    error: outcome.error,
    operationId: outcome.operationId,
    rule: outcome.rule,
    reservations: outcome.reservations.length === 0 ? NONE : outcome.reservations,
    deliveries: outcome.deliveries.length === 0 ? NONE : outcome.deliveries.map((delivery) => delivery.id),
    durationMs: outcome.durationMs,
    responseTruncated: response.truncated,
  };
}

/**
 * A kept entry as the journal shows it, with its texts, every field named: on Node 20 an object made
 * by a spread and then given more properties gets a hidden class of its own (BENCHMARKS.md, "In
 * process"). Its lists are its own.
 */
function shown(kept: KeptEntry, requestText: string, answerText: string): JournalEntry {
  return {
    id: kept.id,
    ...(kept.session === undefined ? {} : { session: kept.session }),
    at: kept.at,
    wallTime: kept.wallTime,
    method: kept.method,
    path: kept.path,
    query: kept.query,
    project: kept.project,
    key: kept.key,
    body:
      kept.bodyBytes < 0 ? null : { text: requestText, truncated: kept.bodyTruncated, bytes: kept.bodyBytes },
    status: kept.status,
    error: kept.error,
    operationId: kept.operationId,
    rule: kept.rule,
    reservations: [...kept.reservations],
    deliveries: [...kept.deliveries],
    durationMs: kept.durationMs,
    response: { body: answerText, truncated: kept.responseTruncated },
  };
}

function matches(
  entry: Pick<JournalEntry, 'method' | 'path' | 'status' | 'error' | 'operationId' | 'id' | 'at'>,
  filter: JournalFilter,
): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined && !entry.path.includes(filter.path)) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.code !== undefined && entry.error?.code !== filter.code) return false;
  if (filter.operationId !== undefined && entry.operationId !== filter.operationId) return false;
  if (filter.since !== undefined) {
    // Ids compare by their number (req_1000000 comes after req_999999); anything else is a time.
    if (filter.since.startsWith('req_')) return idNumber(entry.id) > idNumber(filter.since);
    return Date.parse(entry.at) > Date.parse(filter.since);
  }
  return true;
}

function idNumber(id: string): number {
  return Number(id.slice('req_'.length));
}

/**
 * Keeps `text` in the ring when UTF-8 carries it exactly: its number there, else the text itself.
 * An empty text (a request without a body: most of them) is kept as itself, a constant that costs no
 * memory, and spares the ring a push. A text kept as a string is copied first, so that a cut keeps
 * only itself alive, not the whole answer it was sliced from: joined to one character and sliced
 * again, the engine flattens the joined string into a copy of the cut alone.
 */
function keep(ring: TextRing, text: string): number | string {
  if (text === '') return text;
  return isWellFormed(text) ? ring.push(text) : ` ${text}`.slice(1);
}

export function createJournal(limit: number): Journal {
  // The kept entries, oldest first from slot `oldest`: three arrays used as one ring of `limit`
  // slots, filled by push and then overwritten in turn (no shift() per request, which can copy every
  // element). Each entry's two texts (the request body's, the answer's) are in the text ring as UTF-8
  // (observers/text-ring.ts says why), by number, or strings when UTF-8 cannot carry them exactly (a
  // lone surrogate, e.g. where a cut split a pair).
  let entries: KeptEntry[] = [];
  let requests: (number | string)[] = [];
  let answers: (number | string)[] = [];
  let oldest = 0;
  // Per journal (no module-level state). Two texts per entry.
  const ring = createTextRing(Math.max(1, limit) * 2);
  // Made on first use: creating a mock (which a test suite does often) pays for no decoder.
  let made: TextDecoder | undefined;
  const decoder = (): TextDecoder => {
    made ??= new TextDecoder();
    return made;
  };
  const textOf = (kept: number | string): string => (typeof kept === 'string' ? kept : ring.text(kept));
  /** The entry in `slot` as read: its texts decoded again. */
  const read = (slot: number): JournalEntry =>
    shown(entries[slot] as KeptEntry, textOf(requests[slot] ?? ''), textOf(answers[slot] ?? ''));
  let counter = 0;
  /** How many times the journal was cleared: an arrival mark. */
  let clears = 0;
  return {
    enabled: limit > 0,
    arrival: () => clears,
    nextId: () => `req_${String(++counter).padStart(6, '0')}`,
    record(outcome) {
      if (limit <= 0 || outcome.arrival !== clears) return false;
      const { request, answer } = outcome;
      const requestText = request.body && clip(decoder().decode(request.body));
      const response = clip(answer.body);
      const entry = keptEntryOf(outcome, requestText, response);
      if (entries.length < limit) {
        entries.push(entry);
        requests.push(keep(ring, requestText?.text ?? ''));
        answers.push(keep(ring, response.text));
        return true;
      }
      // Only the texts the ring holds (a text UTF-8 cannot carry is kept as a string): the ring is
      // first in, first out, so the oldest entry's are its oldest, let go before the new ones go in.
      if (typeof requests[oldest] === 'number') ring.shift();
      if (typeof answers[oldest] === 'number') ring.shift();
      entries[oldest] = entry;
      requests[oldest] = keep(ring, requestText?.text ?? '');
      answers[oldest] = keep(ring, response.text);
      oldest = (oldest + 1) % limit;
      return true;
    },
    newest() {
      const count = entries.length;
      return count === 0 ? undefined : read((oldest + count - 1) % count);
    },
    list(filter = {}) {
      const listed: JournalEntry[] = [];
      const count = entries.length;
      for (let i = 0; i < count; i++) {
        const slot = (oldest + i) % count;
        if (matches(entries[slot] as KeptEntry, filter)) listed.push(structuredClone(read(slot)));
      }
      return listed;
    },
    clear() {
      entries = [];
      requests = [];
      answers = [];
      oldest = 0;
      ring.clear();
      clears++;
    },
  };
}

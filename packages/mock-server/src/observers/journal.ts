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
import { createTextRing, isWellFormed } from './text-ring';

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
   * Records an answered request (its outcome, numbered by nextId()); null when the journal is off or
   * the request arrived before the last clear (see arrival()).
   */
  record(outcome: ApiOutcome): JournalEntry | null;
  list(filter?: JournalFilter): JournalEntry[];
  clear(): void;
}

/**
 * The first JOURNAL_BODY_LIMIT UTF-16 code units of a text (`String.length`, not bytes). A cut text
 * is copied: a plain slice may share the whole text's memory (V8 keeps the parent of a "sliced
 * string" alive), so a journal of cut 20 kB answers would hold all of them. Joined to one character
 * and sliced again, the engine flattens the joined string into a copy of the cut alone.
 */
export function clip(text: string): { text: string; truncated: boolean } {
  return text.length > JOURNAL_BODY_LIMIT
    ? { text: ` ${text.slice(0, JOURNAL_BODY_LIMIT)}`.slice(1), truncated: true }
    : { text, truncated: false };
}

function entryOf(outcome: ApiOutcome, decoder: () => TextDecoder): JournalEntry {
  const { request, answer } = outcome;
  const response = clip(answer.body);
  return {
    id: outcome.id,
    ...(outcome.session === undefined ? {} : { session: outcome.session }),
    at: request.at,
    wallTime: request.wallTime,
    method: request.method,
    path: request.path,
    query: request.query,
    project: request.project,
    key: outcome.key,
    body: request.body && { ...clip(decoder().decode(request.body)), bytes: request.body.byteLength },
    status: answer.status,
    error: outcome.error,
    operationId: outcome.operationId,
    rule: outcome.rule,
    reservations: outcome.reservations,
    deliveries: outcome.deliveries.map((delivery) => delivery.id),
    durationMs: outcome.durationMs,
    response: { body: response.text, truncated: response.truncated },
  };
}

function matches(entry: JournalEntry, filter: JournalFilter): boolean {
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

/** Ring slots per entry: the entry without its texts (as JSON), the request body, the answer. */
const SLOTS = 3;

export function createJournal(limit: number): Journal {
  /**
   * Entries live for the next 1,000 requests, so whatever the journal holds on the heap is copied
   * into the old generation and collected there, with the whole store (text-ring.ts says what that
   * cost). So nothing of an entry stays on the heap: its fields as JSON and its two texts are UTF-8
   * in one ring, three slots an entry, the oldest entry's first slot numbered `oldest`; reading
   * parses them back (a fresh copy for each caller). A text UTF-8 cannot carry exactly (a lone
   * surrogate, e.g. where a cut split a pair) is kept aside as a string, its slot left empty.
   */
  const ring = createTextRing(Math.max(1, limit) * SLOTS);
  const aside = new Map<number, string>();
  let kept = 0;
  let oldest = 0;
  let made: TextDecoder | undefined;
  const decoder = (): TextDecoder => {
    made ??= new TextDecoder();
    return made;
  };
  const keep = (text: string): number => {
    if (isWellFormed(text)) return ring.push(text);
    const slot = ring.push('');
    aside.set(slot, text);
    return slot;
  };
  const textOf = (slot: number): string => aside.get(slot) ?? ring.text(slot);
  const read = (first: number): JournalEntry => {
    const entry = JSON.parse(ring.text(first)) as JournalEntry;
    if (entry.body) entry.body.text = textOf(first + 1);
    entry.response.body = textOf(first + 2);
    return entry;
  };
  let counter = 0;
  /** How many times the journal was cleared: an arrival mark. */
  let clears = 0;
  return {
    enabled: limit > 0,
    arrival: () => clears,
    nextId: () => `req_${String(++counter).padStart(6, '0')}`,
    record(outcome) {
      if (limit <= 0 || outcome.arrival !== clears) return null;
      const entry = entryOf(outcome, decoder);
      if (kept >= limit) {
        for (let i = 0; i < SLOTS; i++) {
          ring.shift();
          if (aside.size > 0) aside.delete(oldest + i);
        }
        oldest += SLOTS;
        kept--;
      }
      const bodyText = entry.body?.text ?? '';
      const answerText = entry.response.body;
      const first = ring.push(
        JSON.stringify({
          ...entry,
          body: entry.body && { ...entry.body, text: '' },
          response: { body: '', truncated: entry.response.truncated },
        }),
      );
      if (kept === 0) oldest = first;
      keep(bodyText);
      keep(answerText);
      kept++;
      return entry;
    },
    list(filter = {}) {
      const found: JournalEntry[] = [];
      for (let i = 0; i < kept; i++) {
        const entry = read(oldest + i * SLOTS);
        if (matches(entry, filter)) found.push(entry);
      }
      return found;
    },
    clear() {
      ring.clear();
      aside.clear();
      kept = 0;
      clears++;
    },
  };
}

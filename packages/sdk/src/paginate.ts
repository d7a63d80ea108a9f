// Offset/limit paging as a lazy async iterable: one request per page, one page in memory, and no
// request at all until iteration starts. Paging never goes round in circles: each page must bring records the
// previous one did not have and differ from every page before it (see iterateList), and offsets only
// grow towards a finite `total`.
import type { WithResponse } from './api-promise';
import type { Check } from './resources/context';

export interface Page<T> {
  items: T[];
  total: number;
}

/** One page as `pages()` yields it: its items, the list's total, and the answer it came in. */
export interface ListPage<T> extends Page<T> {
  /** The page's HTTP response (its body has been read). */
  response: Response;
  /** The service's id of the page's request (`X-Request-Id`), or undefined when the answer had none. */
  requestId: string | undefined;
}

/**
 * Fetches the page starting at `offset` with at most `limit` items; `previous` is the page before it,
 * `seen` belongs to this walk (a fresh Map for each iteration) for the fetcher to remember pages in.
 */
export type PageFetcher<T> = (
  offset: number,
  limit: number,
  previous: Page<T> | undefined,
  seen: Map<string, number>,
) => Promise<ListPage<T>>;

export interface ToArrayOptions {
  /**
   * Required so that "everything" is a decision (`Infinity`), not an accident: stops requesting once
   * reached. A number ≥ 0; anything else (missing, NaN, negative) is a TypeError.
   */
  max: number;
}

export interface PagedIterable<T> extends AsyncIterable<T> {
  /** Collects up to `max` items, requesting no page beyond what `max` needs. */
  toArray(options: ToArrayOptions): Promise<T[]>;
  /**
   * The same walk page by page, each with its response and request id:
   * `for await (const { items, response, requestId } of client.reservations.iterate().pages())`.
   * An empty page is yielded too (it ends the walk), so the answer of an empty list is seen.
   */
  pages(): AsyncIterable<ListPage<T>>;
}

export function paginate<T>(fetchPage: PageFetcher<T>, startOffset: number, limit: number): PagedIterable<T> {
  async function* pages(): AsyncGenerator<ListPage<T>, void, undefined> {
    let offset = startOffset;
    let page: ListPage<T> | undefined;
    const seen = new Map<string, number>();
    for (;;) {
      page = await fetchPage(offset, limit, page, seen);
      const { items, total } = page;
      yield page;
      // An empty page ends the walk even if `total` says otherwise, so a shrinking list cannot loop forever.
      if (items.length === 0) return;
      // Advance by what arrived, not by `limit`: the server clamps an over-large limit (to 100),
      // and advancing by the requested limit would then skip records.
      offset += items.length;
      if (offset >= total) return;
    }
  }

  async function* iterate(): AsyncGenerator<T, void, undefined> {
    for await (const page of pages()) yield* page.items;
  }

  return {
    [Symbol.asyncIterator]: iterate,
    pages: () => ({ [Symbol.asyncIterator]: pages }),
    async toArray(options: ToArrayOptions): Promise<T[]> {
      const max = options?.max;
      // From plain JavaScript too: `toArray()` (a TypeError about destructuring), `{ max: NaN }`
      // (an empty array) or `{ max: 2.5 }` (3 items) must not pass for a decision.
      if (!((Number.isInteger(max) || max === Infinity) && max >= 0))
        throw new TypeError(`toArray: \`max\` must be a whole number ≥ 0 (Infinity: all); got ${max}`);
      const out: T[] = [];
      if (!max) return out;
      // for await calls the generator's return() on break, so no further page is requested.
      for await (const item of iterate()) {
        out.push(item);
        if (out.length >= max) break;
      }
      return out;
    },
  };
}

interface PageQuery {
  offset?: number;
  limit?: number;
}

/** A paging option from plain JavaScript too: `'0'` would be sent, then concatenated (`'0250'`). */
function pageOption(value: unknown, name: string, min: number, where: string): number | undefined {
  if (value === undefined || (Number.isInteger(value) && (value as number) >= min)) return value as undefined;
  throw new TypeError(
    `${where}: \`${name}\` must be a whole number ≥ ${min}; got ${typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' ? value : typeof value}`,
  );
}

/**
 * `iterate()` of a list method (`where`, e.g. `reservations.iterate`): pages through `list` from the
 * query's offset, `limit` per page (default `defaultLimit`, the endpoint's maximum), taking each
 * page's items from its field `field`. `list` runs `check` on each 2xx page (besides its own shape
 * check), which refuses a page that holds only records of the previous page, or the same records as
 * any page before it in this walk: a server (or a cache dropping the query string) that ignores
 * `offset`, or cycles through a few pages, would otherwise be paged forever.
 */
export function iterateList<Q extends PageQuery, P extends { total: number }, K extends keyof P, O>(
  list: (query: Q, options: O | undefined, check: Check<P>) => { withResponse(): Promise<WithResponse<P>> },
  field: K,
  where: string,
  query: Q | undefined,
  options: O | undefined,
  defaultLimit: number,
): PagedIterable<P[K] extends Array<infer T> ? T : never> {
  type T = P[K] extends Array<infer I> ? I : never;
  const start = pageOption(query?.offset, 'offset', 0, where) ?? 0;
  const size = pageOption(query?.limit, 'limit', 1, where) ?? defaultLimit;
  return paginate<T>(
    async (offset, limit, previous, seen) => {
      // The pages seen in this walk, by the ids they hold (each once, sorted: a page that repeats an
      // id holds no other records), with the offset each came from: a page equal to any of them
      // means a cycle (A, B, A, B…, or [1, 2], [3, 4], [1, 2, 1]…), which would never end.
      const ids = new Set(previous?.items.map(idOf));
      const progress: Check<P> = (page) => {
        const items = page[field] as unknown[];
        if (items.length === 0) return undefined;
        const key = JSON.stringify([...new Set(items.map(idOf))].sort());
        const before =
          previous && items.every((item) => ids.has(idOf(item)))
            ? 'the page before it'
            : seen.has(key)
              ? `offset ${seen.get(key)}`
              : seen.set(key, offset) && undefined;
        return (
          before &&
          `with the same records for offset ${offset} as for ${before}: the server ignores \`offset\` (a cache or proxy dropping the query string?), or the list changed under the walk (start again); paging would never end`
        );
      };
      const { data, response, requestId } = await list(
        { ...query, offset, limit } as Q,
        options,
        progress,
      ).withResponse();
      return { items: data[field] as T[], total: data.total, response, requestId };
    },
    start,
    size,
  );
}

function idOf(item: unknown): unknown {
  return (item as { id?: unknown } | null)?.id;
}

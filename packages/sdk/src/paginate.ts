// Offset/limit paging as a lazy async iterable: one request per page, one page in memory, and no
// request at all until iteration starts.
import type { WithResponse } from './api-promise';

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

/** Fetches the page starting at `offset` with at most `limit` items. */
export type PageFetcher<T> = (offset: number, limit: number) => Promise<ListPage<T>>;

export interface ToArrayOptions {
  /** Required so that "everything" is a decision, not an accident: stops requesting once reached. */
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
    for (;;) {
      const page = await fetchPage(offset, limit);
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
    async toArray({ max }: ToArrayOptions): Promise<T[]> {
      const out: T[] = [];
      if (!(max > 0)) return out;
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

/**
 * `iterate()` of a list method: pages through `list` from the query's offset, `limit` per page
 * (default `defaultLimit`, the endpoint's maximum), taking each page's items with `itemsOf`.
 */
export function iterateList<Q extends PageQuery, P extends { total: number }, T, O>(
  list: (query: Q, options?: O) => { withResponse(): Promise<WithResponse<P>> },
  itemsOf: (page: P) => T[],
  query: Q | undefined,
  options: O | undefined,
  defaultLimit: number,
): PagedIterable<T> {
  return paginate(
    async (offset, limit) => {
      const { data, response, requestId } = await list(
        { ...query, offset, limit } as Q,
        options,
      ).withResponse();
      return { items: itemsOf(data), total: data.total, response, requestId };
    },
    query?.offset ?? 0,
    query?.limit ?? defaultLimit,
  );
}

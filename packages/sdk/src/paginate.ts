// Offset/limit paging as a lazy async iterable: one request per page, one page in memory, and no
// request at all until iteration starts.

export interface Page<T> {
  items: T[];
  total: number;
}

/** Fetches the page starting at `offset` with at most `limit` items. */
export type PageFetcher<T> = (offset: number, limit: number) => Promise<Page<T>>;

export interface ToArrayOptions {
  /** Required so that "everything" is a decision, not an accident: stops requesting once reached. */
  max: number;
}

export interface PagedIterable<T> extends AsyncIterable<T> {
  /** Collects up to `max` items, requesting no page beyond what `max` needs. */
  toArray(options: ToArrayOptions): Promise<T[]>;
}

export function paginate<T>(fetchPage: PageFetcher<T>, startOffset: number, limit: number): PagedIterable<T> {
  async function* iterate(): AsyncGenerator<T, void, undefined> {
    let offset = startOffset;
    for (;;) {
      const { items, total } = await fetchPage(offset, limit);
      // An empty page ends the walk even if `total` says otherwise, so a shrinking list cannot loop forever.
      if (items.length === 0) return;
      yield* items;
      // Advance by what arrived, not by `limit`: the server clamps an over-large limit (to 100),
      // and advancing by the requested limit would then skip records.
      offset += items.length;
      if (offset >= total) return;
    }
  }

  return {
    [Symbol.asyncIterator]: iterate,
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
  list: (query: Q, options?: O) => Promise<P>,
  itemsOf: (page: P) => T[],
  query: Q | undefined,
  options: O | undefined,
  defaultLimit: number,
): PagedIterable<T> {
  return paginate(
    async (offset, limit) => {
      const page = await list({ ...query, offset, limit } as Q, options);
      return { items: itemsOf(page), total: page.total };
    },
    query?.offset ?? 0,
    query?.limit ?? defaultLimit,
  );
}

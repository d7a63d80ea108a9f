import type { RequestOptions } from '../request-options';
import type { Table, TableListQuery } from '../types';
import { dataOrThrow, type ResourceContext } from './context';

export interface TablesResource {
  /** Active tables, by `position`. */
  list(query?: TableListQuery, options?: RequestOptions): Promise<Table[]>;
}

export function createTablesResource(ctx: ResourceContext): TablesResource {
  return {
    list: async (query, options) => {
      const data = await dataOrThrow(
        ctx.raw.GET('/api/v1/{slug}/tables', { params: { path: ctx.slug, query }, ...ctx.init(options) }),
      );
      return data.tables;
    },
  };
}

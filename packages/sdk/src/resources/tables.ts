import type { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../request-options';
import type { Table, TableListQuery } from '../types';
import { fields, type ResourceContext } from './context';

const BODY = fields({ tables: 'list' });

export interface TablesResource {
  /** Active tables, by `position`. */
  list(query?: TableListQuery, options?: RequestOptions): ApiPromise<Table[]>;
}

export function createTablesResource(ctx: ResourceContext): TablesResource {
  return {
    list: (query, options) =>
      ctx.send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/tables', { params: { path: ctx.slug, query }, fetch }),
        (data) => data.tables,
        BODY,
      ),
  };
}

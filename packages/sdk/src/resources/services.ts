import type { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../request-options';
import type { Service, ServiceListQuery } from '../types';
import { fields, type ResourceContext } from './context';

const BODY = fields({ services: 'list' });

export interface ServicesResource {
  /** Active services, by `name`. */
  list(query?: ServiceListQuery, options?: RequestOptions): ApiPromise<Service[]>;
}

export function createServicesResource(ctx: ResourceContext): ServicesResource {
  return {
    list: (query, options) =>
      ctx.send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/services', { params: { path: ctx.slug, query }, fetch }),
        (data) => data.services,
        BODY,
      ),
  };
}

import type { RequestOptions } from '../request-options';
import type { Service, ServiceListQuery } from '../types';
import { dataOrThrow, type ResourceContext } from './context';

export interface ServicesResource {
  /** Active services, by `name`. */
  list(query?: ServiceListQuery, options?: RequestOptions): Promise<Service[]>;
}

export function createServicesResource(ctx: ResourceContext): ServicesResource {
  return {
    list: async (query, options) => {
      const data = await dataOrThrow(
        ctx.raw.GET('/api/v1/{slug}/services', { params: { path: ctx.slug, query }, ...ctx.init(options) }),
      );
      return data.services;
    },
  };
}

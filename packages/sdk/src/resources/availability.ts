import type { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../request-options';
import type { AvailabilityDay, AvailabilityQuery } from '../types';
import { fields, type ResourceContext, withoutSuccess } from './context';

const BODY = fields({ slots: 'list' });

export interface AvailabilityResource {
  /** Slots of one day; a closed day has `isOpen: false`, a `reason` and no slots. */
  get(query: AvailabilityQuery, options?: RequestOptions): ApiPromise<AvailabilityDay>;
}

export function createAvailabilityResource(ctx: ResourceContext): AvailabilityResource {
  return {
    get: (query, options) =>
      ctx.send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/availability', { params: { path: ctx.slug, query }, fetch }),
        withoutSuccess,
        BODY,
      ),
  };
}

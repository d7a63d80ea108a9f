import type { RequestOptions } from '../request-options';
import type { AvailabilityDay, AvailabilityQuery } from '../types';
import { dataOrThrow, type ResourceContext, withoutSuccess } from './context';

export interface AvailabilityResource {
  /** Slots of one day; a closed day has `isOpen: false`, a `reason` and no slots. */
  get(query: AvailabilityQuery, options?: RequestOptions): Promise<AvailabilityDay>;
}

export function createAvailabilityResource(ctx: ResourceContext): AvailabilityResource {
  return {
    get: async (query, options) =>
      withoutSuccess(
        await dataOrThrow(
          ctx.raw.GET('/api/v1/{slug}/availability', {
            params: { path: ctx.slug, query },
            ...ctx.init(options),
          }),
        ),
      ),
  };
}

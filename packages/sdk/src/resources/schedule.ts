import type { RequestOptions } from '../request-options';
import type { Schedule } from '../types';
import { dataOrThrow, type ResourceContext, withoutSuccess } from './context';

export interface ScheduleResource {
  /** Weekly opening hours (Czech day names, 0 is Sunday) and holidays. */
  get(options?: RequestOptions): Promise<Schedule>;
}

export function createScheduleResource(ctx: ResourceContext): ScheduleResource {
  return {
    get: async (options) =>
      withoutSuccess(
        await dataOrThrow(
          ctx.raw.GET('/api/v1/{slug}/schedule', { params: { path: ctx.slug }, ...ctx.init(options) }),
        ),
      ),
  };
}

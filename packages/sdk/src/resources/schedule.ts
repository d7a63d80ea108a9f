import type { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../request-options';
import type { Schedule } from '../types';
import { fields, type ResourceContext, withoutSuccess } from './context';

const BODY = fields({ openingHours: 'list', holidays: 'list' });

export interface ScheduleResource {
  /** Weekly opening hours (Czech day names, 0 is Sunday) and holidays. */
  get(options?: RequestOptions): ApiPromise<Schedule>;
}

export function createScheduleResource(ctx: ResourceContext): ScheduleResource {
  return {
    get: (options) =>
      ctx.send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/schedule', { params: { path: ctx.slug }, fetch }),
        withoutSuccess,
        BODY,
      ),
  };
}

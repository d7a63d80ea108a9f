import type { RequestOptions } from '../request-options';
import type { ProjectInfo } from '../types';
import { dataOrThrow, type ResourceContext, withoutSuccess } from './context';

export interface InfoResource {
  /** The project, its settings and branding colours. */
  get(options?: RequestOptions): Promise<ProjectInfo>;
}

export function createInfoResource(ctx: ResourceContext): InfoResource {
  return {
    get: async (options) =>
      withoutSuccess(
        await dataOrThrow(
          ctx.raw.GET('/api/v1/{slug}/info', { params: { path: ctx.slug }, ...ctx.init(options) }),
        ),
      ),
  };
}

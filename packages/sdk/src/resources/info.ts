import type { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../request-options';
import type { ProjectInfo } from '../types';
import { fields, type ResourceContext, withoutSuccess } from './context';

const BODY = fields({ project: 'object', settings: 'object' });

export interface InfoResource {
  /** The project, its settings and branding colours. */
  get(options?: RequestOptions): ApiPromise<ProjectInfo>;
}

export function createInfoResource(ctx: ResourceContext): InfoResource {
  return {
    get: (options) =>
      ctx.send(
        options,
        (fetch) => ctx.api.GET('/api/v1/{slug}/info', { params: { path: ctx.slug }, fetch }),
        withoutSuccess,
        BODY,
      ),
  };
}

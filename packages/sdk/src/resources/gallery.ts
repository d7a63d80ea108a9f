import type { ApiPromise } from '../api-promise';
import { iterateList, type PagedIterable } from '../paginate';
import type { RequestOptions } from '../request-options';
import type { GalleryListQuery, Photo, PhotoList } from '../types';
import { type ResourceContext, withoutSuccess } from './context';

/** The API's maximum page size for the gallery. */
const MAX_PAGE = 100;

export interface GalleryResource {
  /** One page: `{ count, total, photos }`, by `displayOrder`. Needs the Media permission. */
  list(query?: GalleryListQuery, options?: RequestOptions): ApiPromise<PhotoList>;
  /** Every photo, page by page (`limit` is the page size, default 100). */
  iterate(query?: GalleryListQuery, options?: RequestOptions): PagedIterable<Photo>;
}

export function createGalleryResource(ctx: ResourceContext): GalleryResource {
  const list: GalleryResource['list'] = (query, options) =>
    ctx.send(
      options,
      (fetch) => ctx.api.GET('/api/v1/{slug}/gallery', { params: { path: ctx.slug, query }, fetch }),
      withoutSuccess,
    );
  return {
    list,
    iterate: (query, options) => iterateList(list, (page) => page.photos, query, options, MAX_PAGE),
  };
}

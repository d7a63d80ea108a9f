import type { ApiPromise } from '../api-promise';
import type { PhotoListResponse } from '../generated/schema';
import { iterateList, type PagedIterable } from '../paginate';
import type { RequestOptions } from '../request-options';
import type { GalleryListQuery, Photo, PhotoList } from '../types';
import { both, type Check, fields, type ResourceContext, withoutSuccess } from './context';

/** The API's maximum page size for the gallery. */
const MAX_PAGE = 100;
const LIST = fields<PhotoListResponse>({ photos: 'list', total: 'count' });

export interface GalleryResource {
  /** One page: `{ count, total, photos }`, by `displayOrder`. Needs the Media permission. */
  list(query?: GalleryListQuery, options?: RequestOptions): ApiPromise<PhotoList>;
  /** Every photo, page by page (`limit` is the page size, default 100). */
  iterate(query?: GalleryListQuery, options?: RequestOptions): PagedIterable<Photo>;
}

export function createGalleryResource(ctx: ResourceContext): GalleryResource {
  const list = (query?: GalleryListQuery, options?: RequestOptions, check?: Check<PhotoListResponse>) =>
    ctx.send(
      options,
      (fetch) => ctx.api.GET('/api/v1/{slug}/gallery', { params: { path: ctx.slug, query }, fetch }),
      withoutSuccess,
      both(LIST, check),
    );
  return {
    list: (query, options) => list(query, options),
    iterate: (query, options) => iterateList(list, 'photos', 'gallery.iterate', query, options, MAX_PAGE),
  };
}

import type { ApiPromise } from '../api-promise';
import type { ReviewListResponse } from '../generated/schema';
import { iterateList, type PagedIterable } from '../paginate';
import type { RequestOptions } from '../request-options';
import type { Review, ReviewList, ReviewListQuery } from '../types';
import { both, type Check, fields, type ResourceContext, withoutSuccess } from './context';

/** The API's maximum page size for reviews. */
const MAX_PAGE = 50;
const LIST = fields<ReviewListResponse>({ reviews: 'list', total: 'count' });

export interface ReviewsResource {
  /** One page: `{ count, total, averageRating, totalReviews, reviews }`, newest first. Needs Media. */
  list(query?: ReviewListQuery, options?: RequestOptions): ApiPromise<ReviewList>;
  /** Every approved review, page by page (`limit` is the page size, default 50). */
  iterate(query?: ReviewListQuery, options?: RequestOptions): PagedIterable<Review>;
}

export function createReviewsResource(ctx: ResourceContext): ReviewsResource {
  const list = (query?: ReviewListQuery, options?: RequestOptions, check?: Check<ReviewListResponse>) =>
    ctx.send(
      options,
      (fetch) => ctx.api.GET('/api/v1/{slug}/reviews', { params: { path: ctx.slug, query }, fetch }),
      withoutSuccess,
      both(LIST, check),
    );
  return {
    list: (query, options) => list(query, options),
    iterate: (query, options) => iterateList(list, 'reviews', 'reviews.iterate', query, options, MAX_PAGE),
  };
}

// limit/offset paging with the clamping rule of openapi.yaml: a limit above the maximum is clamped
// whatever its size, not rejected, and an offset past the end is an empty page (values below 1 or
// negative offsets are rejected earlier, by request validation).

export interface PageRequest {
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface PageRule {
  defaultLimit: number;
  maxLimit: number;
}

export const RESERVATIONS_PAGE: PageRule = { defaultLimit: 50, maxLimit: 100 };
export const GALLERY_PAGE: PageRule = { defaultLimit: 50, maxLimit: 100 };
export const REVIEWS_PAGE: PageRule = { defaultLimit: 20, maxLimit: 50 };

export function resolvePage(request: PageRequest, rule: PageRule): { limit: number; offset: number } {
  return { limit: Math.min(request.limit ?? rule.defaultLimit, rule.maxLimit), offset: request.offset ?? 0 };
}

export interface Page<T> {
  items: T[];
  total: number;
}

export function paginate<T>(items: readonly T[], request: PageRequest, rule: PageRule): Page<T> {
  const { limit, offset } = resolvePage(request, rule);
  return { items: items.slice(offset, offset + limit), total: items.length };
}

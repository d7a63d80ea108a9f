// The one router of the mock: the API routes (under /api/v1/:slug) and the control routes (under
// /__mock) are both tables of { method, path with :params } matched here. Paths are split into
// segments once; a request's segments are percent-decoded one by one, after splitting, so an
// encoded slash stays inside its segment and a malformed escape matches nothing.

export interface RouteDefinition {
  readonly method: string;
  /** With `:name` parameters, e.g. `/reservations/:id/status`. */
  readonly path: string;
}

export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

type Segment = { literal: string } | { param: string };

/** The segment percent-decoded, or undefined when it holds a malformed escape. */
export function safeDecode(part: string): string | undefined {
  // Without a `%` there is nothing to decode (the common case: skips decodeURIComponent's cost).
  if (!part.includes('%')) return part;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** The path's segments (split on `/`, a leading empty one dropped), decoded; undefined if malformed. */
export function pathSegments(path: string): string[] | undefined {
  const parts = path.split('/');
  if (parts[0] === '') parts.shift();
  const decoded = parts.map(safeDecode);
  return decoded.every((p) => p !== undefined) ? (decoded as string[]) : undefined;
}

export interface Router<R extends RouteDefinition> {
  /** The route of `method` whose path matches `segments`, or undefined. */
  match(method: string, segments: readonly string[]): RouteMatch<R> | undefined;
}

export function createRouter<R extends RouteDefinition>(routes: readonly R[]): Router<R> {
  const compiled = routes.map((route) => ({
    route,
    segments: route.path
      .split('/')
      .filter(Boolean)
      .map((part): Segment => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part })),
  }));
  return {
    match(method, parts) {
      for (const { route, segments } of compiled) {
        if (route.method !== method || segments.length !== parts.length) continue;
        const params: Record<string, string> = {};
        const ok = segments.every((segment, i) => {
          const part = parts[i] as string;
          if ('literal' in segment) return segment.literal === part;
          if (part === '') return false;
          params[segment.param] = part;
          return true;
        });
        if (ok) return { route, params };
      }
      return undefined;
    },
  };
}

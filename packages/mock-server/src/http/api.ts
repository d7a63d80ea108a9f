// The request pipeline of the API, in the order of DECISIONS.md:
//   injected fault → 401 key → 403 PROJECT_MISMATCH → 404 unknown route → 403 PERMISSION_DENIED →
//   413/400 body → the route's handler (400 query/body → 404 reservation → 403 blacklist → 422 → 409).
// Each later step runs only when every earlier one passed, which is what makes the order exact. The
// handler and the dispatch of its events run without an await in between: a request's checks and
// writes are one synchronous step. Plain Fetch API, no MSW: handlers.ts wraps it for MSW.
import type { DomainContext } from '../domain/context';
import { errors, isDomainError } from '../domain/errors';
import { authenticate, authoriseProject, requirePermission } from '../domain/keys';
import type { WebhookDispatcher } from '../webhooks';
import { readJsonObject } from './body';
import type { Faults } from './faults';
import { errorResponse, json } from './responses';
import { ROUTES, type Route } from './routes';

export interface ApiOptions {
  ctx: DomainContext;
  dispatcher: WebhookDispatcher;
  faults: Faults;
  /** `{base_url}` without `/api/v1` and without a trailing slash. */
  baseUrl: string;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export interface Api {
  readonly routes: readonly Route[];
  /** Answers a request under `{baseUrl}/api/v1/`; undefined for any other URL. */
  handle(request: Request): Promise<Response | undefined>;
  /** Answers a request that an MSW route handler already matched to `route`. */
  handleMatched(request: Request, slug: string, match: RouteMatch): Promise<Response>;
}

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  route: Route;
  segments: Segment[];
}

/** Patterns are split into segments once, at start; matching a request is then a walk over them. */
function compileRoutes(routes: readonly Route[]): Map<number, CompiledRoute[]> {
  const bySegmentCount = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const segments: Segment[] = route.path
      .split('/')
      .filter(Boolean)
      .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
    const list = bySegmentCount.get(segments.length) ?? [];
    list.push({ route, segments });
    bySegmentCount.set(segments.length, list);
  }
  return bySegmentCount;
}

function matchRoute(
  compiled: Map<number, CompiledRoute[]>,
  method: string,
  parts: readonly string[],
): RouteMatch | undefined {
  for (const { route, segments } of compiled.get(parts.length) ?? []) {
    if (route.method !== method) continue;
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
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function queryObject(params: URLSearchParams): Record<string, string> {
  // A plain object with no prototype: a `__proto__` parameter stays an ordinary key.
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of params) if (!(name in query)) query[name] = value;
  return query;
}

export function createApi({ ctx, dispatcher, faults, baseUrl }: ApiOptions): Api {
  const base = new URL(baseUrl);
  const apiRoot = `${base.pathname.replace(/\/$/, '')}/api/v1/`;
  const compiled = compileRoutes(ROUTES);

  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function injectedFault(request: Request, path: string): Promise<Response | undefined> {
    const fault = faults.take(request.method, path);
    if (!fault) return undefined;
    if (fault.delayMs > 0) await delay(fault.delayMs);
    if (fault.status === 429) {
      return errorResponse(errors.rateLimited(fault.retryAfter), {
        headers: { 'Retry-After': String(fault.retryAfter) },
      });
    }
    if (fault.status !== null) return errorResponse(errors.internal(), { status: fault.status });
    return undefined;
  }

  async function run(
    request: Request,
    url: URL,
    slug: string | undefined,
    resolve: () => RouteMatch | undefined,
  ): Promise<Response> {
    const faulted = await injectedFault(request, url.pathname.slice(base.pathname.replace(/\/$/, '').length));
    if (faulted) return faulted;
    try {
      // Catalog reads query the collections: let earlier writes reach them first.
      await ctx.store.flush();
      const key = authenticate(ctx.store, request.headers.get('x-api-key'));
      const project = authoriseProject(ctx.store, key, slug ?? '');
      const match = resolve();
      if (!match) throw errors.notFound();
      requirePermission(key, match.route.permission);
      const body =
        match.route.body === 'none'
          ? {}
          : await readJsonObject(request, { optional: match.route.body === 'optional' });
      const output = match.route.handle({
        ctx,
        project,
        key,
        params: match.params,
        query: queryObject(url.searchParams),
        body,
      });
      for (const event of output.events ?? []) dispatcher.enqueue(project.id, event);
      await ctx.store.flush();
      return json(output.status, output.body);
    } catch (error) {
      if (isDomainError(error)) return errorResponse(error);
      // A bug, not a client error: say so in the log, answer with the documented 500 body.
      console.error('[reservation-mock] unexpected error', error);
      return errorResponse(errors.internal());
    }
  }

  return {
    routes: ROUTES,
    async handle(request) {
      const url = new URL(request.url);
      if (url.origin !== base.origin || !url.pathname.startsWith(apiRoot)) return undefined;
      const [rawSlug = '', ...rest] = url.pathname.slice(apiRoot.length).split('/');
      const slug = safeDecode(rawSlug);
      return run(request, url, slug, () => {
        const parts = rest.map(safeDecode);
        if (parts.some((p) => p === undefined)) return undefined;
        return matchRoute(compiled, request.method.toUpperCase(), parts as string[]);
      });
    },
    handleMatched(request, slug, match) {
      return run(request, new URL(request.url), slug, () => match);
    },
  };
}

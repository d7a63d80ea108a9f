// The request pipeline of the API, in the order of DECISIONS.md:
//   injected fault → 401 key → 403 PROJECT_MISMATCH → 404 unknown route → 403 PERMISSION_DENIED →
//   413/400 body → the route's handler (400 query/body → 404 reservation → 403 blacklist → 422 → 409).
// Each later step runs only when every earlier one passed, which is what makes the order exact. The
// handler and the dispatch of its events run without an await in between: a request's checks and
// writes are one synchronous step. No MSW and no Fetch objects inside: the pipeline reads an
// ApiRequest and returns an ApiAnswer (exchange.ts); handle() adapts Fetch for MSW and
// service.handle(), and the standalone server calls answer() straight from node:http.
import type { DomainContext } from '../domain/context';
import { errors, isDomainError } from '../domain/errors';
import { authenticate, authoriseProject, requirePermission } from '../domain/keys';
import type { WebhookDispatcher } from '../webhooks';
import { jsonObjectFromBytes, MAX_BODY_BYTES } from './body';
import { type ApiAnswer, type ApiRequest, fromFetchRequest, toFetchResponse } from './exchange';
import type { Fault, Faults } from './faults';
import { errorAnswer, jsonAnswer } from './responses';
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
  /** The same without Fetch objects (the standalone server's path). */
  answer(request: ApiRequest): Promise<ApiAnswer | undefined>;
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

/** The part percent-decoded, or undefined when it holds a malformed escape. */
export function safeDecode(part: string): string | undefined {
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
  const basePath = base.pathname.replace(/\/$/, '');
  const apiRoot = `${basePath}/api/v1/`;
  const compiled = compileRoutes(ROUTES);

  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** The injected fault's answer for this request, if one applies (after its delay). */
  async function faultAnswer(fault: Fault): Promise<ApiAnswer | undefined> {
    if (fault.delayMs > 0) await delay(fault.delayMs);
    if (fault.status === 429) {
      return errorAnswer(errors.rateLimited(fault.retryAfter), {
        headers: { 'retry-after': String(fault.retryAfter) },
      });
    }
    if (fault.status !== null) return errorAnswer(errors.internal(), { status: fault.status });
    return undefined;
  }

  async function run(
    request: ApiRequest,
    slug: string | undefined,
    resolve: () => RouteMatch | undefined,
  ): Promise<ApiAnswer> {
    const { url } = request;
    // Checked without an await when no fault is set: the common case costs nothing extra.
    const fault = faults.take(request.method, url.pathname.slice(basePath.length));
    if (fault) {
      const faulted = await faultAnswer(fault);
      if (faulted) return faulted;
    }
    try {
      // Catalog reads query the collections: let earlier writes reach them first. (Most requests
      // find nothing to wait for; skipping the await then spares a turn of the microtask queue.)
      if (!ctx.store.flushed) await ctx.store.flush();
      const key = authenticate(ctx.store, request.header('x-api-key'));
      const project = authoriseProject(ctx.store, key, slug ?? '');
      const match = resolve();
      if (!match) throw errors.notFound();
      requirePermission(key, match.route.permission);
      const body =
        match.route.body === 'none'
          ? {}
          : jsonObjectFromBytes(await request.body(MAX_BODY_BYTES), {
              optional: match.route.body === 'optional',
            });
      const output = match.route.handle({
        ctx,
        project,
        key,
        params: match.params,
        query: queryObject(url.searchParams),
        body,
      });
      for (const event of output.events ?? []) dispatcher.enqueue(project.id, event);
      if (!ctx.store.flushed) await ctx.store.flush();
      return jsonAnswer(output.status, output.body);
    } catch (error) {
      if (isDomainError(error)) return errorAnswer(error);
      // A bug, not a client error: say so in the log, answer with the documented 500 body.
      console.error('[reservation-mock] unexpected error', error);
      return errorAnswer(errors.internal());
    }
  }

  async function answer(request: ApiRequest): Promise<ApiAnswer | undefined> {
    const { url } = request;
    if (url.origin !== base.origin || !url.pathname.startsWith(apiRoot)) return undefined;
    const [rawSlug = '', ...rest] = url.pathname.slice(apiRoot.length).split('/');
    const slug = safeDecode(rawSlug);
    return run(request, slug, () => {
      const parts = rest.map(safeDecode);
      if (parts.some((p) => p === undefined)) return undefined;
      return matchRoute(compiled, request.method, parts as string[]);
    });
  }

  return {
    routes: ROUTES,
    answer,
    async handle(request) {
      const answered = await answer(fromFetchRequest(request));
      return answered && toFetchResponse(answered);
    },
    async handleMatched(request, slug, match) {
      return toFetchResponse(await run(fromFetchRequest(request), slug, () => match));
    },
  };
}

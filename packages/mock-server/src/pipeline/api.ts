import type { Fault } from '../control/faults';
import type { MockParts } from '../control/parts';
import {
  authenticate,
  authoriseProject,
  type PresentedKey,
  presentKey,
  requirePermission,
} from '../domain/keys';
import type { ApiKeyRecord, ProjectRecord } from '../domain/records';
import { isoOf } from '../domain/time';
import { clip, type JournalEntry } from '../observers/journal';
import type { Delays } from '../runtime/delays';
import type { MockLogger } from '../runtime/logger';
import { ROUTES, type Route } from './api-routes';
import { readJsonBody } from './body';
import { httpErrors, RequestAbortedError } from './errors';
import type { MockAnswer, MockRequest } from './exchange';
import { errorAnswer, isApiError, journalError, jsonAnswer, ruleOf, statusText } from './responses';
import { createRouter, pathSegments, type RouteMatch, safeDecode } from './router';

export interface ApiDependencies extends MockParts {
  logger: MockLogger;
  /** `{base_url}` without `/api/v1` and without a trailing slash. */
  baseUrl: string;
  /** The fault delays' timers (ended by the mock's close()). */
  delays: Delays;
}

export interface Api {
  /** Answers a request under `{baseUrl}/api/v1/`; undefined for any other URL. */
  answer(request: MockRequest): Promise<MockAnswer | undefined>;
}

interface Access {
  key: ApiKeyRecord;
  project: ProjectRecord;
  match: RouteMatch<Route>;
}

/** What the journal learns while a request is answered. */
type Trace = Pick<
  JournalEntry,
  'key' | 'operationId' | 'rule' | 'reservations' | 'deliveries' | 'body' | 'error'
>;

function queryObject(params: URLSearchParams): Record<string, string> {
  // A plain object with no prototype: a `__proto__` parameter stays an ordinary key.
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of params) if (!(name in query)) query[name] = value;
  return query;
}

/** The journal's error of a fault's custom body: its code and message (it may have neither). */
function errorOfBody(status: number, body: unknown): { code: string | null; message: string } {
  const field = (name: string): string | null => {
    const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : null;
    return typeof value === 'string' ? value : null;
  };
  return { code: field('code'), message: field('message') ?? statusText(status) };
}

/** What a fault answers instead of the API, with the journal's error: nothing (a dropped connection), a status, or undefined. */
function faultAnswer(fault: Fault): { answer: MockAnswer; error: JournalEntry['error'] } | undefined {
  if (fault.connection === 'reset') {
    const error = { code: null, message: 'connection reset by an injected fault' };
    return { answer: { status: 0, headers: {}, body: '', dropConnection: true }, error };
  }
  if (fault.status === null) return undefined;
  const headers = {
    ...(fault.status === 429 ? { 'retry-after': String(fault.retryAfter) } : {}),
    ...fault.headers,
  };
  if (fault.body !== undefined) {
    const answer = jsonAnswer(fault.status, fault.body, headers);
    return { answer, error: fault.status >= 400 ? errorOfBody(fault.status, fault.body) : null };
  }
  const error = fault.status === 429 ? httpErrors.rateLimited(fault.retryAfter) : httpErrors.internal();
  return {
    answer: errorAnswer(error, fault.status === 429 ? { headers } : { status: fault.status, headers }),
    error: journalError(error),
  };
}

export function createApi(deps: ApiDependencies): Api {
  const { ctx, lock, dispatcher, faults, journal, events, logger, delays } = deps;
  const base = new URL(deps.baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  const apiRoot = `${basePath}/api/v1/`;
  const router = createRouter(ROUTES);

  /** 401 → 403 → 404 → 403, against the store as it is now. */
  function resolveAccess(
    presented: PresentedKey,
    slug: string | undefined,
    match: RouteMatch<Route> | undefined,
    trace: Trace,
  ): Access {
    const key = authenticate(ctx.store, presented);
    trace.key = { id: key.id, name: key.name };
    const project = authoriseProject(ctx.store, key, slug ?? '');
    if (!match) throw httpErrors.notFound();
    trace.operationId = match.route.operationId;
    requirePermission(key, match.route.permission);
    return { key, project, match };
  }

  /**
   * The key and operationId of a request answered before any check (by a fault): the key's id and
   * name, `unknown` for a value no key has, `none` without one; the route's operationId, if any.
   */
  function traceUnchecked(presented: PresentedKey, match: RouteMatch<Route> | undefined, trace: Trace) {
    if (presented !== null) {
      const key = ctx.store.keyByHash(presented.hash);
      trace.key = key && key.revokedAt === null ? { id: key.id, name: key.name } : 'unknown';
    }
    trace.operationId = match?.route.operationId ?? null;
  }

  async function takeEffect(
    access: Access,
    query: Record<string, string>,
    body: Record<string, unknown>,
    trace: Trace,
  ): Promise<MockAnswer> {
    const { key, project, match } = access;
    const output = await match.route.handle({ ctx, project, key, params: match.params, query, body });
    for (const event of output.events ?? []) {
      const delivery = dispatcher.enqueue(project.id, event);
      if (delivery !== null) trace.deliveries.push(delivery);
    }
    for (const id of output.changed ?? []) {
      trace.reservations.push(id);
      events.emit({
        type: 'state',
        data: { kind: 'reservation', at: isoOf(ctx.clock.now()), slug: project.slug, id },
      });
    }
    return jsonAnswer(output.status, output.body);
  }

  async function run(request: MockRequest, trace: Trace): Promise<MockAnswer> {
    const { url, method } = request;
    const [rawSlug = '', ...rest] = url.pathname.slice(apiRoot.length).split('/');
    const slug = safeDecode(rawSlug);
    const parts = pathSegments(rest.join('/'));
    // Matched once: a route depends on the method and path only, never on the store.
    const match = parts ? router.match(method, parts) : undefined;
    const query = queryObject(url.searchParams);
    const presented = presentKey(request.header('x-api-key'));
    if (presented === null) trace.key = 'none';
    else trace.key = 'unknown';

    const fault = faults.take(method, url.pathname.slice(basePath.length), url.searchParams);
    if (fault) {
      events.emit({
        type: 'state',
        data: { kind: 'faults', at: isoOf(ctx.clock.now()), id: fault.id },
      });
      if (fault.delayMs > 0) await delays.wait(fault.delayMs);
      const faulted = faultAnswer(fault);
      if (faulted) {
        trace.error = faulted.error;
        trace.rule =
          fault.connection === 'reset' ? `fault ${fault.id} (connection reset)` : `fault ${fault.id}`;
        // Under the lock: the store is read as it is between writes (and after the seed).
        await lock.run(() => traceUnchecked(presented, match, trace));
        return faulted.answer;
      }
    }

    // Routes without a body take effect in one step; the others are checked up to the permission
    // first, so a refused request's body is never read, and judged again once it has arrived.
    const answered = await lock.run(() => {
      const access = resolveAccess(presented, slug, match, trace);
      return access.match.route.body === 'none' ? takeEffect(access, query, {}, trace) : null;
    });
    if (answered) return answered;
    const body = await readJsonBody(
      {
        method,
        url,
        hasBody: request.hasBody,
        header: (name) => request.header(name),
        // The bytes read are kept (clipped) for the journal, whether or not they parse.
        body: async (limit) => {
          const bytes = await request.body(limit);
          const text = clip(new TextDecoder().decode(bytes));
          trace.body = { ...text, bytes: bytes.byteLength };
          return bytes;
        },
      },
      { optional: match?.route.body === 'optional' },
    );
    return lock.run(() => takeEffect(resolveAccess(presented, slug, match, trace), query, body, trace));
  }

  return {
    async answer(request) {
      const { url } = request;
      if (url.origin !== base.origin || !url.pathname.startsWith(apiRoot)) return undefined;
      const started = performance.now();
      const arrival = journal.arrival();
      // Only the journal shows them: not formatted for a mock that keeps none.
      const at = journal.enabled ? isoOf(ctx.clock.now()) : '';
      const wallTime = journal.enabled ? isoOf(Date.now()) : '';
      const trace: Trace = {
        key: 'none',
        operationId: null,
        rule: 'ok',
        reservations: [],
        deliveries: [],
        body: null,
        error: null,
      };
      let answer: MockAnswer;
      try {
        answer = await run(request, trace);
      } catch (caught) {
        // Nobody is left to answer: no answer, no journal entry, nothing logged.
        if (caught instanceof RequestAbortedError) throw caught;
        if (isApiError(caught)) {
          answer = errorAnswer(caught);
          trace.rule = ruleOf(caught);
          trace.error = journalError(caught);
        } else {
          // A bug, not a client error: say so in the log, answer with the documented 500 body.
          logger.error('unexpected error while answering a request', caught);
          const internal = httpErrors.internal();
          answer = errorAnswer(internal);
          trace.error = journalError(internal);
          trace.rule = 'INTERNAL_ERROR: a bug in the mock (see its log)';
        }
      }
      // The journal entry's id, also when the journal is off: the client can quote it either way.
      const id = journal.nextId();
      answer.headers['x-request-id'] = id;
      if (journal.enabled) {
        const entry = journal.record(
          {
            at,
            wallTime,
            method: request.method,
            path: url.pathname,
            query: url.search,
            project: safeDecode(url.pathname.slice(apiRoot.length).split('/')[0] ?? '') || null,
            ...trace,
            status: answer.status,
            durationMs: Math.round((performance.now() - started) * 1000) / 1000,
            response: (({ text, truncated }) => ({ body: text, truncated }))(clip(answer.body)),
          },
          arrival,
          id,
        );
        if (entry) events.emit({ type: 'request', data: entry });
      }
      return answer;
    },
  };
}

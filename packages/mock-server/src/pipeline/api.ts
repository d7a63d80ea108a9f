import type { Fault, Faults } from '../control/faults';
import type { DomainContext } from '../domain/context';
import {
  authenticate,
  authoriseProject,
  type PresentedKey,
  requirePermission,
  validKey,
} from '../domain/keys';
import type { ApiKeyRecord, ProjectRecord } from '../domain/records';
import type { StoreChange } from '../domain/store';
import { isoOf } from '../domain/time';
import type { Journal } from '../observers/journal';
import type { AnswerError, OperationId, OutcomeBus, RequestKey, Transition } from '../observers/outcome';
import type { StoreChanges } from '../observers/store-changes';
import type { PreparedDelivery, WebhookDispatcher } from '../observers/webhooks';
import type { Lock } from '../runtime/lock';
import type { MockLogger } from '../runtime/logger';
import { type Scheduler, WorldEndedError, WorldResetError } from '../runtime/scheduler';
import { ROUTES, type Route } from './api-routes';
import { readJsonBody } from './body';
import { httpErrors, RequestAbortedError } from './errors';
import type { MockAnswer, MockRequest } from './exchange';
import { RememberedKeys } from './remembered-keys';
import {
  errorAnswer,
  fixedAnswer,
  isApiError,
  journalError,
  jsonAnswer,
  ruleOf,
  statusText,
} from './responses';
import { createRouter, pathSegments, type RouteMatch, safeDecode } from './router';
import { REPEATED_PARAM } from './schemas';

export interface ApiDependencies {
  ctx: DomainContext;
  lock: Lock;
  faults: Faults;
  /**
   * Prepares the webhook deliveries of a change as it takes effect (ids, target, bytes); the
   * dispatcher sends them when it hears the outcome.
   */
  webhooks: Pick<WebhookDispatcher, 'prepare'>;
  /** The store's change events, gathered per write (each outcome lists what its write changed). */
  changes: Pick<StoreChanges, 'begin' | 'take'>;
  /** Where the request ids and the journal's clear mark come from. */
  requestIds: Pick<Journal, 'arrival' | 'nextId' | 'enabled'>;
  /**
   * Where each request's outcome is published once it is answered: under the lock whenever it took
   * effect or was answered there, so observers hear of changes in the order they were made.
   */
  outcomes: OutcomeBus;
  logger: MockLogger;
  /** The base URL (`{baseUrl}` of openapi.yaml's `servers`) without `/api/v1` and without a trailing slash. */
  baseUrl: string;
  /**
   * The world's timers: a fault's delay is one of its waits, and a request waiting on a delay or a
   * body when the world ends never takes effect (it is answered `ended()`).
   */
  scheduler: Pick<Scheduler, 'sleep' | 'untilEnded' | 'ended'>;
  /** The answer of a request refused because its world ended (404 SESSION_NOT_FOUND, or 503). */
  ended(): MockAnswer;
  /** The session this mock is: its outcomes name it, with paths relative to it (`/api/v1/...`). */
  session?: string;
}

export interface Api {
  /**
   * Answers a request under `{baseUrl}/api/v1/` and publishes its outcome; undefined for any other
   * URL. Throws RequestAbortedError when the body stream fails: nobody is left to answer.
   */
  answer(request: MockRequest): Promise<MockAnswer | undefined>;
}

/** Who asked and for which operation, as far as the checks got before they decided. */
interface Identity {
  key: RequestKey;
  operationId: OperationId | null;
}

/** What the pipeline decided: an outcome before it is numbered, timed and published. */
interface Decision {
  rule: string;
  error: AnswerError;
  reservations: string[];
  deliveries: readonly PreparedDelivery[];
  /** What the write changed in the store (nothing for a request that did not take effect). */
  changes: readonly StoreChange[];
  transitions: readonly Transition[];
  identity: Identity;
  answer: MockAnswer;
  body: Uint8Array | null;
}

/** The checks passed: the key, its project and the route. */
interface Access {
  key: ApiKeyRecord;
  project: ProjectRecord;
  match: RouteMatch<Route>;
}

type Checked = { identity: Identity } & ({ access: Access } | { refused: unknown });

/** Numbers, times and publishes a decision's outcome; returns the answer to send. */
type Publish = (decision: Decision) => MockAnswer;

const NO_DELIVERIES: readonly PreparedDelivery[] = [];
const NO_CHANGES: readonly StoreChange[] = [];
const NO_TRANSITIONS: readonly Transition[] = [];

function queryObject(params: URLSearchParams): Record<string, unknown> {
  // A plain object with no prototype: a `__proto__` parameter stays an ordinary key.
  const query: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  // A name given twice is REPEATED_PARAM, which the operation's schema refuses if the name is one of
  // its parameters (unknown ones are ignored either way): openapi.yaml, "Unknown properties".
  for (const [name, value] of params) query[name] = name in query ? REPEATED_PARAM : value;
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

/**
 * What a fault answers instead of the API, with the error the journal records for it (the one place
 * that decides a fault's code): nothing (a dropped connection), or its status with your body, or
 * else the documented body of that status (429 RATE_LIMITED, 5xx INTERNAL_ERROR, any other 4xx its
 * status text with no code); undefined for a delay-only fault.
 */
export function faultAnswer(fault: Fault): { answer: MockAnswer; error: AnswerError } | undefined {
  if (fault.connection === 'reset') {
    const error = { code: null, message: 'connection reset by an injected fault' };
    return { answer: { status: 0, headers: {}, body: '', dropConnection: true }, error };
  }
  const { status } = fault;
  if (status === null) return undefined;
  const headers = {
    ...(status === 429 ? { 'retry-after': String(fault.retryAfter) } : {}),
    ...fault.headers,
  };
  if (fault.body !== undefined)
    return { answer: jsonAnswer(status, fault.body, headers), error: errorOfBody(status, fault.body) };
  if (status === 429 || status >= 500) {
    const error = status === 429 ? httpErrors.rateLimited(fault.retryAfter) : httpErrors.internal();
    return { answer: errorAnswer(error, { status, headers }), error: journalError(error) };
  }
  const text = statusText(status);
  return {
    answer: jsonAnswer(status, { error: text, message: text }, headers),
    error: { code: null, message: text },
  };
}

/**
 * isoOf() that formats each instant once: on a frozen clock, or for many requests within one
 * millisecond, the journal's two timestamps come from here instead of a new Date each.
 */
function lastInstantFormatter(): (epochMs: number) => string {
  let last = Number.NaN;
  let text = '';
  return (epochMs) => {
    if (epochMs !== last) {
      last = epochMs;
      text = isoOf(epochMs);
    }
    return text;
  };
}

export function createApi(deps: ApiDependencies): Api {
  const { ctx, lock, webhooks, faults, requestIds, outcomes, logger, scheduler, changes, session } = deps;
  const base = new URL(deps.baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  const apiRoot = `${basePath}/api/v1/`;
  const router = createRouter(ROUTES);
  const mockTime = lastInstantFormatter();
  const wallTime = lastInstantFormatter();
  const keys = new RememberedKeys();

  /**
   * 401 → 403 → 404 → 403, against the store as it is now; how far it got when it refuses. `known`:
   * what a first check found (a request judged again once its body arrived keeps it when refused).
   */
  function check(
    presented: PresentedKey,
    slug: string,
    match: RouteMatch<Route> | undefined,
    known?: Identity,
  ): Checked {
    const identity: Identity = known
      ? { key: known.key, operationId: known.operationId }
      : { key: presented === null ? 'none' : 'unknown', operationId: null };
    try {
      const key = authenticate(ctx.store, presented);
      identity.key = { id: key.id, name: key.name };
      const project = authoriseProject(ctx.store, key, slug);
      if (!match) throw httpErrors.notFound();
      identity.operationId = match.route.operationId;
      requirePermission(key, match.route.permission);
      return { identity, access: { key, project, match } };
    } catch (refused) {
      return { identity, refused };
    }
  }

  /**
   * The identity of a request answered before any check (by a fault): the key's id and name,
   * `unknown` for a value no key has, `none` without one; the route's operationId, if any.
   */
  function uncheckedIdentity(presented: PresentedKey, match: RouteMatch<Route> | undefined): Identity {
    const key = presented === null ? null : validKey(ctx.store, presented);
    return {
      key: key === null ? 'none' : typeof key === 'string' ? 'unknown' : { id: key.id, name: key.name },
      operationId: match?.route.operationId ?? null,
    };
  }

  /** The answer to an error: an API error by the one error table, anything else a 500 (a bug, logged). */
  function refusal(caught: unknown, identity: Identity, body: Uint8Array | null): Decision {
    // Nobody is left to answer: no answer, no outcome, nothing logged.
    if (caught instanceof RequestAbortedError) throw caught;
    if (isApiError(caught))
      return {
        identity,
        reservations: [],
        deliveries: NO_DELIVERIES,
        changes: NO_CHANGES,
        transitions: NO_TRANSITIONS,
        answer: errorAnswer(caught),
        rule: ruleOf(caught),
        error: journalError(caught),
        body,
      };
    logger.error('unexpected error while answering a request', caught);
    const internal = httpErrors.internal();
    return {
      identity,
      reservations: [],
      deliveries: NO_DELIVERIES,
      changes: NO_CHANGES,
      transitions: NO_TRANSITIONS,
      answer: errorAnswer(internal),
      rule: 'INTERNAL_ERROR: a bug in the mock (see its log)',
      error: journalError(internal),
      body,
    };
  }

  /** Runs the route (under the lock) and prepares the webhook deliveries of the events it caused. */
  async function takeEffect(
    checked: Checked,
    query: Record<string, unknown>,
    parsed: Record<string, unknown>,
    body: Uint8Array | null,
  ): Promise<Decision> {
    if ('refused' in checked) return refusal(checked.refused, checked.identity, body);
    const { key, project, match } = checked.access;
    changes.begin();
    try {
      const output = await match.route.handle({
        ctx,
        project,
        key,
        params: match.params,
        query,
        body: parsed,
      });
      const deliveries = output.events ? webhooks.prepare(project.id, output.events) : NO_DELIVERIES;
      const made = changes.take();
      return {
        changes: made.changes,
        transitions: made.transitions,
        identity: checked.identity,
        answer: jsonAnswer(output.status, output.body),
        rule: 'ok',
        error: null,
        reservations: output.changed ? [...output.changed] : [],
        deliveries,
        body,
      };
    } catch (caught) {
      // A refused write changed nothing (the domain checks before it writes); what it did change
      // anyway is still told, so persistence and watchers never miss a write.
      const made = changes.take();
      const refused = refusal(caught, checked.identity, body);
      return made.changes.length === 0 ? refused : { ...refused, ...made };
    }
  }

  /**
   * Decides and publishes (under the lock whenever the store is read), then returns the answer.
   * `slug`: the project slug in the path, decoded; `rest`: the path after it.
   */
  async function decide(
    request: MockRequest,
    slug: string,
    rest: string,
    publish: Publish,
  ): Promise<MockAnswer> {
    const { url, method } = request;
    // `rest` follows the slug's slash: one more (`demo-bistro//reservations`) is no route of the API.
    const parts = rest.startsWith('/') ? undefined : pathSegments(rest);
    // Matched once: a route depends on the method and path only, never on the store.
    const match = parts ? router.match(method, parts) : undefined;
    const query = queryObject(url.searchParams);
    const presented = keys.present(request.header('x-api-key'));

    const fault = faults.take(method, url.pathname.slice(basePath.length), url.searchParams);
    if (fault) {
      if (fault.delayMs > 0) await scheduler.sleep(fault.delayMs);
      const faulted = faultAnswer(fault);
      if (faulted) {
        // Under the lock: the store is read as it is between writes (and after the seed).
        return lock.run(() =>
          publish({
            identity: uncheckedIdentity(presented, match),
            reservations: [],
            deliveries: NO_DELIVERIES,
            changes: NO_CHANGES,
            transitions: NO_TRANSITIONS,
            answer: faulted.answer,
            error: faulted.error,
            rule: fault.connection === 'reset' ? `fault ${fault.id} (connection reset)` : `fault ${fault.id}`,
            body: null,
          }),
        );
      }
    }

    // Routes without a body take effect in one step; the others are checked up to the permission
    // first, so a refused request's body is never read, and judged again once it has arrived.
    const first = await lock.run(async (): Promise<{ answered: MockAnswer } | { reading: Identity }> => {
      const checked = check(presented, slug, match);
      if ('access' in checked && checked.access.match.route.body !== 'none')
        return { reading: checked.identity };
      return { answered: publish(await takeEffect(checked, query, {}, null)) };
    });
    if ('answered' in first) return first.answered;
    // The bytes read are kept for the outcome, whether or not they parse.
    let bytes: Uint8Array | null = null;
    let parsed: Record<string, unknown>;
    try {
      // The world may end while the body arrives: the request then never takes effect.
      parsed = await scheduler.untilEnded(
        readJsonBody(
          {
            method,
            url,
            hasBody: request.hasBody,
            header: (name) => request.header(name),
            body: async (limit) => {
              bytes = await request.body(limit);
              return bytes;
            },
          },
          { optional: match?.route.body === 'optional' },
        ),
      );
    } catch (caught) {
      if (caught instanceof WorldEndedError) throw caught;
      return publish(refusal(caught, first.reading, bytes));
    }
    return lock.run(async () =>
      publish(await takeEffect(check(presented, slug, match, first.reading), query, parsed, bytes)),
    );
  }

  return {
    async answer(request) {
      const { url } = request;
      if (url.origin !== base.origin || !url.pathname.startsWith(apiRoot)) return undefined;
      if (scheduler.ended) return deps.ended();
      const started = performance.now();
      const arrival = requestIds.arrival();
      const path = url.pathname.slice(apiRoot.length);
      const slash = path.indexOf('/');
      const slug = safeDecode(slash === -1 ? path : path.slice(0, slash));
      const rest = slash === -1 ? '' : path.slice(slash + 1);
      // Only the journal shows them: not formatted for a mock that keeps none.
      const at = requestIds.enabled ? mockTime(ctx.clock.now()) : '';
      const arrivedAt = requestIds.enabled ? wallTime(Date.now()) : '';
      const publish: Publish = (decision) => {
        // Numbered once answered, so ids increase in the journal's order.
        const id = requestIds.nextId();
        const { answer } = decision;
        answer.headers['x-request-id'] = id;
        // Field by field: object rest and spread cost more here than the rest of this block.
        outcomes.emit({
          kind: 'api',
          key: decision.identity.key,
          operationId: decision.identity.operationId,
          rule: decision.rule,
          error: decision.error,
          reservations: decision.reservations,
          deliveries: decision.deliveries,
          changes: decision.changes,
          replaced: false,
          transitions: decision.transitions,
          id,
          arrival,
          request: {
            at,
            wallTime: arrivedAt,
            method: request.method,
            path: session === undefined ? url.pathname : url.pathname.slice(basePath.length),
            query: url.search,
            project: slug || null,
            body: decision.body,
          },
          answer: { status: answer.status, body: answer.body },
          ...(session === undefined ? {} : { session }),
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        });
        return answer;
      };
      try {
        return await decide(request, slug ?? '', rest, publish);
      } catch (caught) {
        // The world was reset while the request waited (a fault delay, its body): it belongs to the
        // world before and never takes effect in the new one; answered, numbered, not journaled.
        if (caught instanceof WorldResetError) {
          const answer = fixedAnswer('RESET_WHILE_WAITING');
          answer.headers['x-request-id'] = requestIds.nextId();
          return answer;
        }
        // The world ended while the request waited (a fault delay, its body, its turn at the lock):
        // it never took effect and nothing of it is observed.
        if (caught instanceof WorldEndedError) return deps.ended();
        // An abort goes on up (refusal() rethrows it); anything else is a bug outside the checks
        // (publish() is the last step of every path, so nothing was published), recorded with the
        // key as far as the header tells (no store read here).
        const sent = request.header('x-api-key');
        return publish(refusal(caught, { key: sent?.trim() ? 'unknown' : 'none', operationId: null }, null));
      }
    },
  };
}

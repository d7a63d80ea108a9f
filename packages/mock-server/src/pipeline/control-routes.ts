// The control interface over HTTP under `{baseUrl}/__mock/` (outside /api/v1), JSON in and out: the
// rows of the mock README's control table, each a thin route over the JavaScript control. A route hands
// the body or query over as it came (what HTTP alone can get wrong is refused first: a body that is
// not a JSON object or holds a key the reader drops, a body sent to a route that takes none, a
// query name given twice), and the control method parses it with its zod schema before
// anything changes (RawInputControl in control/control.ts): the one input check, so no route parses or
// casts control input. Only POST /clock (which move it asks for) and POST .../trigger (the event, apart
// from the options) look inside the body first; the values are still the control method's to check.
// The live event stream (/__mock/events) is not a single JSON answer: the core's fetch() streams it
// (pipeline/events-response.ts) and the standalone server writes it itself; the dashboard page is
// served by the standalone server (transports/).
import { MockControlError, parseControl, type RawInputControl } from '../control/control';
import { clockBody } from '../control/schemas';
import type { MockLogger } from '../runtime/logger';
import { RESET_MESSAGE, WorldEndedError, WorldResetError } from '../runtime/scheduler';
import { MOCK_VERSION } from '../runtime/version';
import { readControlBody, refuseControlBody, refuseQuery } from './control-body';
import { RequestAbortedError } from './errors';
import type { MockAnswer, MockRequest } from './exchange';
import { controlFailureAnswer, fixedAnswer, jsonAnswer, messageAnswer } from './responses';
import { createRouter, pathSegments, type RouteDefinition } from './router';

interface ControlRoute extends RouteDefinition {
  /**
   * `none`: a POST or DELETE that takes no body. A body sent anyway is refused before the route runs
   * (400 VALIDATION_ERROR, whether it is not JSON or has any field), as a body with an unknown field
   * is on the other routes: bad input changes nothing.
   */
  body?: 'none';
  /**
   * `filter`: the query is the route's filter (the control method checks it). `ignored`: a
   * readiness probe's (it may add a cache-busting parameter), which the route does not read. Any
   * other route refuses a query (400 VALIDATION_ERROR) rather than ignore it:
   * `DELETE /__mock/faults?id=…` removed every fault, `POST /__mock/reset?now=…` reset to the seed's
   * instant.
   */
  query?: 'filter' | 'ignored';
  run(
    control: RawInputControl,
    params: Record<string, string>,
    input: { query: () => Record<string, string>; body: () => Promise<Record<string, unknown>> },
  ): Promise<MockAnswer> | MockAnswer;
}

const ok = (body: unknown = { success: true }) => jsonAnswer(200, body);

export const CONTROL_ROUTES: readonly ControlRoute[] = [
  {
    method: 'GET',
    path: '/',
    query: 'ignored',
    run: () => ok({ routes: CONTROL_ROUTES.map((r) => `${r.method} /__mock${r.path}`) }),
  },
  // Readiness (Playwright's webServer.url, a compose healthcheck): 200 once the server answers.
  {
    method: 'GET',
    path: '/health',
    query: 'ignored',
    run: () => ok({ status: 'ok', version: MOCK_VERSION }),
  },
  // HEAD too: `wget --spider` and some probes check readiness with it (the transports send no body).
  {
    method: 'HEAD',
    path: '/health',
    query: 'ignored',
    run: () => ok({ status: 'ok', version: MOCK_VERSION }),
  },
  {
    method: 'POST',
    path: '/reset',
    async run(control, _, { body }) {
      await control.reset(await body());
      return ok();
    },
  },
  { method: 'GET', path: '/clock', run: (control) => ok({ now: control.clock.now() }) },
  {
    method: 'POST',
    path: '/clock',
    async run(control, _, { body }) {
      // Which move the body asks for; the value itself is the control method's to check.
      const move = parseControl(clockBody, await body());
      if ('now' in move) await control.clock.set(move.now);
      else await control.clock.advance(move.advanceMs);
      return ok({ now: control.clock.now() });
    },
  },
  { method: 'GET', path: '/projects', run: async (control) => ok({ projects: await control.projects() }) },
  {
    method: 'GET',
    path: '/projects/:slug/reservations',
    query: 'filter',
    run: async (control, { slug = '' }, { query }) =>
      ok({ reservations: await control.reservations(slug, query()) }),
  },
  {
    method: 'POST',
    path: '/projects',
    run: async (control, _, { body }) => jsonAnswer(201, await control.createProject(await body())),
  },
  {
    method: 'GET',
    path: '/projects/:slug/reservations/:id',
    run: async (control, { slug = '', id = '' }) =>
      ok({ reservation: await control.getReservation(slug, id) }),
  },
  {
    method: 'POST',
    path: '/projects/:slug/reservations',
    run: async (control, { slug = '' }, { body }) =>
      jsonAnswer(201, { reservation: await control.addReservation(slug, await body()) }),
  },
  {
    method: 'POST',
    path: '/projects/:slug/tables',
    run: async (control, { slug = '' }, { body }) =>
      jsonAnswer(201, { table: await control.addTable(slug, await body()) }),
  },
  {
    method: 'POST',
    path: '/projects/:slug/services',
    run: async (control, { slug = '' }, { body }) =>
      jsonAnswer(201, { service: await control.addService(slug, await body()) }),
  },
  { method: 'GET', path: '/snapshot', run: async (control) => ok({ snapshot: await control.snapshot() }) },
  {
    method: 'POST',
    path: '/settled',
    body: 'none',
    async run(control) {
      await control.settled();
      return ok();
    },
  },
  {
    method: 'GET',
    path: '/projects/:slug/keys',
    run: async (control, { slug = '' }) => ok({ keys: await control.keys.list(slug) }),
  },
  {
    method: 'POST',
    path: '/projects/:slug/keys',
    run: async (control, { slug = '' }, { body }) =>
      jsonAnswer(201, await control.keys.create(slug, await body())),
  },
  {
    method: 'POST',
    path: '/projects/:slug/keys/:id/regenerate',
    body: 'none',
    run: async (control, { slug = '', id = '' }) => ok(await control.keys.regenerate(slug, id)),
  },
  {
    method: 'DELETE',
    path: '/projects/:slug/keys/:id',
    body: 'none',
    run: async (control, { slug = '', id = '' }) => ok(await control.keys.revoke(slug, id)),
  },
  {
    method: 'POST',
    path: '/projects/:slug/blacklist',
    run: async (control, { slug = '' }, { body }) =>
      jsonAnswer(201, await control.blacklist(slug, await body())),
  },
  {
    method: 'PUT',
    path: '/projects/:slug/webhook',
    run: async (control, { slug = '' }, { body }) => ok(await control.setWebhook(slug, await body())),
  },
  {
    method: 'GET',
    path: '/webhooks/deliveries',
    query: 'filter',
    run: (control, _, { query }) => ok({ deliveries: control.deliveries(query()) }),
  },
  {
    method: 'POST',
    path: '/webhooks/deliveries/:id/redeliver',
    run: async (control, { id = '' }, { body }) =>
      ok({ delivery: await control.redeliver(id, await body()) }),
  },
  {
    method: 'POST',
    path: '/projects/:slug/trigger',
    async run(control, { slug = '' }, { body }) {
      const { event, ...options } = await body();
      return jsonAnswer(201, await control.trigger(slug, event, options));
    },
  },
  {
    method: 'POST',
    path: '/faults',
    run: async (control, _, { body }) => jsonAnswer(201, { fault: control.faults.add(await body()) }),
  },
  { method: 'GET', path: '/faults', run: (control) => ok({ faults: control.faults.list() }) },
  {
    method: 'DELETE',
    path: '/faults',
    body: 'none',
    run(control) {
      control.faults.clear();
      return ok();
    },
  },
  {
    method: 'DELETE',
    path: '/faults/:id',
    body: 'none',
    run(control, { id = '' }) {
      control.faults.remove(id);
      return ok();
    },
  },
  {
    method: 'GET',
    path: '/requests',
    query: 'filter',
    run: (control, _, { query }) => ok({ requests: control.requests.list(query()) }),
  },
  {
    method: 'DELETE',
    path: '/requests',
    body: 'none',
    run(control) {
      control.requests.clear();
      return ok();
    },
  },
  {
    method: 'GET',
    path: '/coverage',
    run: (control) => ok(control.coverage()),
  },
];

const router = createRouter(CONTROL_ROUTES);

/**
 * A route's query as the control's filter input: each filter takes one value, so a name given twice
 * (`?status=200&status=404`) is refused, as on the API (openapi.yaml), not one of its values taken.
 */
function filterInput(params: URLSearchParams): Record<string, string> {
  const names = new Set<string>();
  for (const name of params.keys()) {
    if (names.has(name)) throw new MockControlError(`${name}: must be given once`);
    names.add(name);
  }
  // fromEntries: a `__proto__` parameter is an own key (which the filter schema then refuses).
  return Object.fromEntries(params);
}

/** The path of a control route below `{basePath}/__mock`, or undefined when the URL is not one. */
export function controlPath(url: URL, baseUrl: URL): string | undefined {
  const root = `${baseUrl.pathname.replace(/\/$/, '')}/__mock`;
  if (url.origin !== baseUrl.origin) return undefined;
  if (url.pathname === root) return '/';
  return url.pathname.startsWith(`${root}/`) ? url.pathname.slice(root.length) : undefined;
}

/** Answers a request under `{baseUrl}/__mock/`; undefined for any other URL. */
export async function answerControl(
  control: RawInputControl,
  baseUrl: URL,
  request: MockRequest,
  logger: MockLogger,
  /** The world's untilEnded (runtime/scheduler.ts): a body still arriving when it is reset or ends is given up. */
  untilEnded: <T>(work: Promise<T>) => Promise<T> = (work) => work,
): Promise<MockAnswer | undefined> {
  const path = controlPath(request.url, baseUrl);
  if (path === undefined) return undefined;
  const segments = pathSegments(path.replace(/\/$/, ''));
  if (!segments) return fixedAnswer('CONTROL_MALFORMED_PATH');
  const match = router.match(request.method, segments);
  if (!match) return messageAnswer('CONTROL_NO_ROUTE', `No control route ${request.method} /__mock${path}`);
  // A body that arrives after a reset belongs to the world before: what it asks is not done.
  const body = () => untilEnded(readControlBody(request));
  try {
    if (match.route.query === undefined) refuseQuery(request, path);
    if (match.route.body === 'none')
      await untilEnded(refuseControlBody(request, `${request.method} /__mock${path}`));
    return await match.route.run(control, match.params, {
      query: () => filterInput(request.url.searchParams),
      body,
    });
  } catch (error) {
    if (error instanceof RequestAbortedError) throw error;
    // Waited across a reset (its body, a clock move, a redelivery): refused as an API request is.
    if (error instanceof WorldResetError)
      return error.message === RESET_MESSAGE
        ? fixedAnswer('RESET_WHILE_WAITING')
        : messageAnswer('RESET_WHILE_WAITING', error.message);
    // The world ended meanwhile: its caller answers as an ended world does.
    if (error instanceof WorldEndedError) throw error;
    const answer = controlFailureAnswer(error);
    if (answer) return answer;
    logger.error('control request failed', error);
    return fixedAnswer('CONTROL_FAILED');
  }
}

// Sessions: isolated mocks on one standalone server (mock README, "Sessions"). Each is its own
// createMockCore() under `{server}/sessions/{id}`: own store, clock, keys, faults, journal and
// deliveries. This registry creates, lists, ends and expires them and answers the
// `/__mock/sessions` routes of the server's root control; transports/node-server.ts only routes to it.
import { MockControlError, parseControl } from '../control/control';
import { SESSION_ID_PATTERN, sessionInput } from '../control/schemas';
import type { MockCore } from '../mock';
import { readControlBody, refuseControlBody, refuseQuery } from '../pipeline/control-body';
import type { MockAnswer, MockRequest } from '../pipeline/exchange';
import { controlFailureAnswer, jsonAnswer, SESSION_NOT_FOUND_MESSAGE } from '../pipeline/responses';
import { createRouter, pathSegments, type RouteDefinition } from '../pipeline/router';
import { createSystemClock } from '../runtime/clock';
import { createScheduler } from '../runtime/scheduler';

export const DEFAULT_MAX_SESSIONS = 64;
/** Sessions unused for this long are ended: 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

export interface SessionInfo {
  id: string;
  /** `{server}/sessions/{id}`: the session's API is under `{baseUrl}/api/v1/`, its control under `{baseUrl}/__mock/`. */
  baseUrl: string;
  /** Wall-clock times (ISO). */
  createdAt: string;
  lastUsedAt: string;
}

export interface SessionCoreOptions {
  /** The session's id (its deliveries carry it as `X-Mock-Session`). */
  id: string;
  baseUrl: string;
  /** Epoch ms: the clock frozen there. */
  now?: number;
  seed: 'demo' | 'empty';
}

export interface SessionRegistryOptions {
  /** The server's base URL (no trailing slash). */
  serverUrl: string;
  maxSessions: number;
  /** 0: never ended for being idle. */
  idleMs: number;
  createCore(options: SessionCoreOptions): MockCore;
  /** Called once a session has ended (its core closed), e.g. to let its event-stream clients go (already ended by the core's `ended` signal). */
  onEnd?(core: MockCore): void;
  /** Wall-clock time, for createdAt, lastUsedAt and idleness. Default Date.now. */
  wallClock?: () => number;
}

/** A request of a session, under way: the session is not idle until leave(). */
export interface SessionVisit {
  core: MockCore;
  /** The request's URL with the id as the session has it (`/sessions/%42/…` is `/sessions/B/…`). */
  url: URL;
  /** The request (or event stream) is over; the idle time counts from now. */
  leave(): void;
}

export interface SessionRegistry {
  /**
   * The session a URL belongs to, entered by a request (it is not idle until leave()); `'missing'`
   * for an unknown or ended id; undefined for a URL outside `/sessions/`.
   */
  resolve(url: URL): SessionVisit | 'missing' | undefined;
  /** Answers `/__mock/sessions[/:id]` (path below the root's `/__mock`); undefined for other paths. */
  answer(path: string, request: MockRequest): Promise<MockAnswer | undefined>;
  list(): SessionInfo[];
  /**
   * Ends the sessions idle for longer than `idleMs` (also run by a timer): no request in flight and
   * none for that long. Resolves when they have ended.
   */
  sweep(): Promise<void>;
  /** Ends every session and stops the timer; resolves when every one has ended. */
  close(): Promise<void>;
}

interface Session {
  info: SessionInfo;
  core: MockCore;
  lastUsed: number;
  /** Requests (and event streams) under way. */
  inFlight: number;
}

/** The `/__mock/sessions` routes of the root control, matched by the one router. */
const SESSION_ROUTER = createRouter<RouteDefinition & { name: 'list' | 'create' | 'end' }>([
  { method: 'GET', path: '/sessions', name: 'list' },
  { method: 'POST', path: '/sessions', name: 'create' },
  { method: 'DELETE', path: '/sessions/:id', name: 'end' },
]);

/**
 * The one rule for a session id in a path, on every route (`/sessions/{id}/…` and
 * `DELETE /__mock/sessions/{id}`): the segment percent-decoded (`%42` is `B`, as URLs have it for
 * these characters), then checked against the id format; undefined when it is no valid id.
 */
export function sessionIdOf(segment: string): string | undefined {
  const [decoded] = pathSegments(segment) ?? [];
  return decoded !== undefined && SESSION_ID_PATTERN.test(decoded) ? decoded : undefined;
}

export function createSessionRegistry(options: SessionRegistryOptions): SessionRegistry {
  const sessions = new Map<string, Session>();
  const wallClock = options.wallClock ?? Date.now;
  const prefix = `${new URL(options.serverUrl).pathname.replace(/\/$/, '')}/sessions/`;
  let counter = 0;
  // The registry's own timer (the idle sweep) is a scheduler's, like every timer of a world.
  const scheduler = createScheduler({ clock: createSystemClock(wallClock) });
  let stopTimer: (() => void) | undefined;

  const iso = (ms: number) => new Date(ms).toISOString();
  const copy = (session: Session): SessionInfo => ({ ...session.info, lastUsedAt: iso(session.lastUsed) });

  /**
   * Ends a session: gone from the list at once (its routes answer 404 SESSION_NOT_FOUND from now
   * on), then its world ended (mock.ts close()); resolves when nothing of it is left.
   */
  async function end(id: string, reason: 'session' | 'closed' = 'session'): Promise<boolean> {
    const session = sessions.get(id);
    if (!session) return false;
    sessions.delete(id);
    if (sessions.size === 0) {
      stopTimer?.();
      stopTimer = undefined;
    }
    // What a request its end cut short is answered (mock README, "Ending a world"): 404
    // SESSION_NOT_FOUND when the session alone ended, 503 when the server closes, as the requests
    // that arrive while it closes are.
    await session.core.close({ reason });
    options.onEnd?.(session.core);
    return true;
  }

  async function sweep(): Promise<void> {
    if (options.idleMs <= 0) return;
    const now = wallClock();
    const idle = [...sessions].filter(([, s]) => s.inFlight === 0 && now - s.lastUsed > options.idleMs);
    await Promise.all(idle.map(([id]) => end(id)));
  }

  function startTimer(): void {
    if (stopTimer !== undefined || options.idleMs <= 0) return;
    // Checked a few times per idle period; a scheduler's timer never keeps the process alive.
    const period = Math.min(60_000, Math.max(10, Math.floor(options.idleMs / 4)));
    const tick = () => {
      stopTimer = scheduler.after(period, tick);
      void sweep();
    };
    stopTimer = scheduler.after(period, tick);
  }

  function create(input: unknown): SessionInfo {
    const { id: asked, now, seed = 'demo' } = parseControl(sessionInput, input);
    if (asked !== undefined && sessions.has(asked))
      throw new MockControlError(`Session "${asked}" already exists`, 'conflict', 'SESSION_EXISTS');
    if (sessions.size >= options.maxSessions)
      throw new MockControlError(
        `At most ${options.maxSessions} sessions at once: end one with DELETE /__mock/sessions/{id} ` +
          '(or start the server with a larger --max-sessions)',
        'limit',
        'SESSION_LIMIT',
      );
    let id = asked;
    while (id === undefined || sessions.has(id)) {
      counter += 1;
      id = `ses_${String(counter).padStart(4, '0')}`;
    }
    const baseUrl = `${options.serverUrl}/sessions/${id}`;
    const core = options.createCore({ id, baseUrl, seed, ...(now === undefined ? {} : { now }) });
    const at = wallClock();
    const session: Session = {
      info: { id, baseUrl, createdAt: iso(at), lastUsedAt: iso(at) },
      core,
      lastUsed: at,
      inFlight: 0,
    };
    sessions.set(id, session);
    startTimer();
    return copy(session);
  }

  const list = (): SessionInfo[] => [...sessions.values()].map(copy);

  async function answerSessions(path: string, request: MockRequest): Promise<MockAnswer | undefined> {
    // Matched by the one router (pipeline/router.ts), which percent-decodes each segment once.
    const parts = pathSegments(path);
    const match = parts && SESSION_ROUTER.match(request.method, parts);
    if (!match) return undefined;
    // As on the other control routes without filters: a query is refused, not ignored
    // (`POST /__mock/sessions?id=w1` made a session with another id).
    refuseQuery(request, path);
    if (match.route.name === 'list') return jsonAnswer(200, { sessions: list() });
    if (match.route.name === 'create') {
      const body = await readControlBody(request);
      const { id: created, baseUrl } = create(body);
      return jsonAnswer(201, { id: created, baseUrl });
    }
    const decoded = match.params.id;
    if (decoded === undefined || !SESSION_ID_PATTERN.test(decoded))
      throw new MockControlError('A session id is 1-64 characters of A-Z, a-z, 0-9, _ and -');
    await refuseControlBody(request, `DELETE /__mock/sessions/${decoded}`);
    // Answered once nothing of the session is left (mock README, "Ending a world").
    if (!(await end(decoded)))
      throw new MockControlError(SESSION_NOT_FOUND_MESSAGE, 'not_found', 'SESSION_NOT_FOUND');
    return jsonAnswer(200, { success: true });
  }

  return {
    resolve(url) {
      if (!url.pathname.startsWith(prefix)) return undefined;
      const segment = url.pathname.slice(prefix.length).split('/')[0] ?? '';
      const id = sessionIdOf(segment);
      const session = id === undefined ? undefined : sessions.get(id);
      if (!session || id === undefined) return 'missing';
      let canonical = url;
      if (segment !== id) {
        canonical = new URL(url);
        canonical.pathname = `${prefix}${id}${url.pathname.slice(prefix.length + segment.length)}`;
      }
      session.lastUsed = wallClock();
      session.inFlight += 1;
      let left = false;
      return {
        core: session.core,
        url: canonical,
        leave() {
          if (left) return;
          left = true;
          session.inFlight -= 1;
          session.lastUsed = wallClock();
        },
      };
    },
    async answer(path, request) {
      try {
        return await answerSessions(path, request);
      } catch (error) {
        const answer = controlFailureAnswer(error);
        if (answer) return answer;
        throw error;
      }
    },
    list,
    sweep,
    async close() {
      stopTimer?.();
      stopTimer = undefined;
      await Promise.all([...sessions.keys()].map((id) => end(id, 'closed')));
      scheduler.end();
    },
  };
}

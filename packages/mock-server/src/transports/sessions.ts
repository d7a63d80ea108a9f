// Sessions: isolated mocks on one standalone server (mock README, "Sessions"). Each is its own
// createMockCore() under `{server}/sessions/{id}`: own store, clock, keys, faults, journal and
// deliveries. This registry creates, lists, ends and expires them and answers the
// `/__mock/sessions` routes of the server's root control; transports/node-server.ts only routes to it.
import { MockControlError, parseControl } from '../control/control';
import { sessionInput } from '../control/schemas';
import type { MockCore } from '../mock';
import { readJsonBody } from '../pipeline/body';
import { controlFailureAnswer } from '../pipeline/control-routes';
import type { MockAnswer, MockRequest } from '../pipeline/exchange';
import { jsonAnswer } from '../pipeline/responses';

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
  /** Called once a session has ended (its core closed), e.g. to let its event-stream clients go. */
  onEnd?(core: MockCore): void;
  /** Wall-clock time, for createdAt, lastUsedAt and idleness. Default Date.now. */
  wallClock?: () => number;
}

export interface SessionRegistry {
  /** The session a URL belongs to: its core, `'missing'` for an unknown or ended id, or undefined. */
  resolve(url: URL): MockCore | 'missing' | undefined;
  /** Answers `/__mock/sessions[/:id]` (path below the root's `/__mock`); undefined for other paths. */
  answer(path: string, request: MockRequest): Promise<MockAnswer | undefined>;
  list(): SessionInfo[];
  /** Ends the sessions idle for longer than `idleMs` (also run by a timer). */
  sweep(): void;
  /** Ends every session and stops the timer. */
  close(): void;
}

interface Session {
  info: SessionInfo;
  core: MockCore;
  lastUsed: number;
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createSessionRegistry(options: SessionRegistryOptions): SessionRegistry {
  const sessions = new Map<string, Session>();
  const wallClock = options.wallClock ?? Date.now;
  const prefix = `${new URL(options.serverUrl).pathname.replace(/\/$/, '')}/sessions/`;
  let counter = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const iso = (ms: number) => new Date(ms).toISOString();
  const copy = (session: Session): SessionInfo => ({ ...session.info, lastUsedAt: iso(session.lastUsed) });

  function end(id: string): boolean {
    const session = sessions.get(id);
    if (!session) return false;
    sessions.delete(id);
    session.core.close();
    options.onEnd?.(session.core);
    if (sessions.size === 0) stopTimer();
    return true;
  }

  function stopTimer(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  }

  function sweep(): void {
    if (options.idleMs <= 0) return;
    const now = wallClock();
    for (const [id, session] of sessions) if (now - session.lastUsed > options.idleMs) end(id);
  }

  function startTimer(): void {
    if (timer !== undefined || options.idleMs <= 0) return;
    // Checked a few times per idle period; unref'd so that it never keeps the process alive.
    timer = setInterval(sweep, Math.min(60_000, Math.max(10, Math.floor(options.idleMs / 4))));
    timer.unref?.();
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
    };
    sessions.set(id, session);
    startTimer();
    return copy(session);
  }

  const list = (): SessionInfo[] => [...sessions.values()].map(copy);

  async function answerSessions(path: string, request: MockRequest): Promise<MockAnswer | undefined> {
    const [, first, id, ...rest] = path.split('/');
    if (first !== 'sessions' || rest.length > 0) return undefined;
    if (id === undefined || id === '') {
      if (request.method === 'GET') return jsonAnswer(200, { sessions: list() });
      if (request.method !== 'POST') return undefined;
      const body = await readJsonBody(request, { optional: true, anyMediaType: true });
      const { id: created, baseUrl } = create(body);
      return jsonAnswer(201, { id: created, baseUrl });
    }
    if (request.method !== 'DELETE') return undefined;
    const decoded = safeDecode(id);
    if (decoded === undefined || !SESSION_ID.test(decoded))
      throw new MockControlError('A session id is 1-64 characters of A-Z, a-z, 0-9, _ and -');
    if (!end(decoded))
      throw new MockControlError(`No session "${decoded}"`, 'not_found', 'SESSION_NOT_FOUND');
    return jsonAnswer(200, { success: true });
  }

  return {
    resolve(url) {
      if (!url.pathname.startsWith(prefix)) return undefined;
      const id = url.pathname.slice(prefix.length).split('/')[0] ?? '';
      const session = sessions.get(id);
      if (!session) return 'missing';
      session.lastUsed = wallClock();
      return session.core;
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
    close() {
      stopTimer();
      for (const id of [...sessions.keys()]) end(id);
    },
  };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

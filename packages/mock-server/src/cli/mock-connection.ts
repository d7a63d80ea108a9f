// How the CLI's commands reach a running mock: the remote control of `./client` (the same routes
// and types as every other client) over a fetch with a deadline, so no command waits forever on a
// mock that does not answer, and failures said in one sentence naming the URL (mock README, "Webhooks
// from the command line").
import { connectMock, MockUnreachableError, type RemoteControl, RemoteControlError } from '../client';
import { SESSION_ID_PATTERN } from '../control/schemas';
import { clipText } from './terminal-text';

export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';
/** Each request to the mock must be answered within this (ms), unless --timeout says otherwise. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The longest --timeout: the largest delay a timer takes (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;
/** The exit code of a command stopped by Ctrl-C while it waited for the mock (128 + SIGINT). */
const INTERRUPTED = 130;

/** A command's failure: the message it prints (already safe) and its exit code (2: bad usage). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

export interface MockTarget {
  /** The server's URL, as given (no trailing slash). */
  server: string;
  /** The mock driven: the server's root, or `{server}/sessions/{id}`. */
  base: string;
  /** The session's id, or null for the server's root mock. */
  session: string | null;
  timeoutMs: number;
}

/** The target from --url, --session and --timeout; a CommandError (code 2) for bad values. */
export function mockTarget(values: { url?: string; session?: string; timeout?: string }): MockTarget {
  const server = (values.url ?? DEFAULT_MOCK_URL).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(server);
  } catch {
    throw new CommandError(
      `--url must be the mock's URL, e.g. ${DEFAULT_MOCK_URL}; got ${clipText(server, 200)}`,
      2,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new CommandError(`--url must be an http(s) URL, got ${clipText(server, 200)}`, 2);
  if (/\/api\/v1$/i.test(parsed.pathname))
    throw new CommandError(
      `--url must be the mock's root URL, e.g. ${DEFAULT_MOCK_URL}, not its API under /api/v1; got ${clipText(server, 200)}`,
      2,
    );
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  // At most what a timer holds: Node clamps a longer delay to 1 ms (the wait then ended at once and
  // said the mock had not answered within it).
  if (!/^\d+$/.test(values.timeout ?? '0') || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS)
    throw new CommandError(
      `--timeout must be a positive number of milliseconds (at most ${MAX_TIMEOUT_MS}), got ${clipText(values.timeout ?? '', 50)}`,
      2,
    );
  // The server's rule for a session id: checked here too, since a path such as
  // `/sessions/..` would reach the root mock instead of failing.
  if (values.session !== undefined && !SESSION_ID_PATTERN.test(values.session))
    throw new CommandError(
      `--session must be a session id: 1-64 characters of A-Z, a-z, 0-9, _ and -; got ${clipText(values.session, 80)}`,
      2,
    );
  const base =
    values.session === undefined ? server : `${server}/sessions/${encodeURIComponent(values.session)}`;
  return { server, base, session: values.session ?? null, timeoutMs };
}

class MockTimeout extends Error {
  override readonly name = 'MockTimeout';
}

/** Ctrl-C (the command's signal) while a request to the mock was under way. */
class Interrupted extends Error {
  override readonly name = 'Interrupted';
}

/**
 * What answered at the URL is not the mock's control interface: a 2xx that is not its JSON, or an
 * event stream URL answering something else (another server on that port, a path below the root).
 */
class NotTheMock extends Error {
  override readonly name = 'NotTheMock';
}

/** Statuses whose Response has no body (the Response constructor refuses one, even empty). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Calls `onEnd` once a streamed body ends or fails (the mock went away), passing every chunk on. */
function watchEnd(body: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          end();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        controller.error(error);
        end();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * fetch with a deadline: a plain request must be answered, body included, within `timeoutMs`; the
 * event stream must open within it and may then stay open (its end is reported to `onStreamEnd`).
 */
function fetchWithDeadline(
  timeoutMs: number,
  onStreamEnd: () => void,
  interrupts: () => AbortSignal | undefined,
): typeof fetch {
  return async (input, init) => {
    // Ctrl-C ends a read (the event stream too) or a wait (`POST /__mock/settled` changes nothing),
    // at once if it came before. A write goes on to its answer within the deadline: cut off,
    // whether it took effect (a target set, an event triggered) would be unknown, and listen could
    // not put back what it changed.
    const method = (init?.method ?? 'GET').toUpperCase();
    const reads = method === 'GET' || method === 'HEAD' || String(input).endsWith('/__mock/settled');
    const stop = reads ? interrupts() : undefined;
    if (stop?.aborted) throw new Interrupted();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new MockTimeout()), timeoutMs);
    const signals = [deadline.signal];
    if (init?.signal) signals.push(init.signal);
    if (stop) signals.push(stop);
    const signal = signals.length === 1 ? deadline.signal : AbortSignal.any(signals);
    try {
      const response = await fetch(input, { ...init, signal });
      const type = response.headers.get('content-type') ?? '';
      const streaming = type.startsWith('text/event-stream');
      if (streaming && response.body) {
        clearTimeout(timer);
        return new Response(watchEnd(response.body, onStreamEnd), {
          status: response.status,
          headers: response.headers,
        });
      }
      const text = await response.text();
      if (
        response.ok &&
        (init?.headers as Record<string, string> | undefined)?.accept === 'text/event-stream'
      )
        throw new NotTheMock(
          `${String(input)} answered ${response.status} ${type ? `with ${type}` : 'without a content type'}, not an event stream`,
        );
      if (response.ok && !isJson(text))
        throw new NotTheMock(
          `${String(input)} answered ${response.status} ${text === '' ? 'without a body' : `with ${type || 'a body'} that is not a JSON object`}`,
        );
      return new Response(NULL_BODY.has(response.status) ? null : text, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      if (deadline.signal.aborted) throw new MockTimeout();
      if (stop?.aborted && !init?.signal?.aborted) throw new Interrupted();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Every answer of the control routes is a JSON object. */
function isJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

export interface CliConnection {
  control: RemoteControl;
  target: MockTarget;
  /** Resolves when an event stream opened by `control.subscribe` ends (the mock stopped). */
  streamEnded: Promise<void>;
  /** From now on Ctrl-C interrupts no request: the command is putting back what it changed. */
  cleaningUp(): void;
  close(): Promise<void>;
}

/** `stop`: the command's signal (Ctrl-C), which ends any request to the mock under way. */
export async function connect(target: MockTarget, stop?: AbortSignal): Promise<CliConnection> {
  let ended: () => void = () => undefined;
  const streamEnded = new Promise<void>((resolve) => {
    ended = resolve;
  });
  let interrupts = stop;
  const connection = await connectMock(target.base, {
    fetch: fetchWithDeadline(
      target.timeoutMs,
      () => ended(),
      () => interrupts,
    ),
  });
  return {
    control: connection.control,
    target,
    streamEnded,
    cleaningUp: () => {
      interrupts = undefined;
    },
    close: () => connection.close(),
  };
}

/** Node's fetch reports a refused connection as `fetch failed` with the code in its cause. */
function causeCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
    ? cause.code
    : undefined;
}

/** The mock's port refused the connection: no mock runs there (any more). */
export function isRefused(error: unknown): boolean {
  if (error instanceof MockUnreachableError) return isRefused(error.cause);
  return causeCode(error) === 'ECONNREFUSED';
}

/**
 * A failure to talk to the mock as one sentence naming the URL; safe to print. `doing` is what the
 * command was doing, lower case (`reading the coverage`), as in "… while reading the coverage".
 */
export function describeFailure(error: unknown, target: MockTarget, doing: string): CommandError {
  if (error instanceof CommandError) return error;
  // connectMock wraps what its fetch threw (our timeout, a refused connection) in one error for
  // programs; the command says which it was.
  if (error instanceof MockUnreachableError) return describeFailure(error.cause, target, doing);
  const where = clipText(target.base, 200);
  if (error instanceof Interrupted) return new CommandError(`Stopped while ${doing}.`, INTERRUPTED);
  if (error instanceof NotTheMock)
    return new CommandError(
      `No reservation-mock at ${where}? ${clipText(error.message, 300)} while ${doing} (--url must be the server's root URL, e.g. ${DEFAULT_MOCK_URL}).`,
    );
  if (error instanceof MockTimeout)
    return new CommandError(
      `No answer from the mock at ${where} within ${target.timeoutMs} ms while ${doing} (--timeout MS to wait longer).`,
    );
  if (isRefused(error))
    return new CommandError(
      `No mock is running at ${clipText(target.server, 200)} (connection refused): start one with \`reservation-mock\`.`,
    );
  if (error instanceof RemoteControlError)
    return new CommandError(
      `${doing.charAt(0).toUpperCase()}${doing.slice(1)} failed (HTTP ${error.status}): ${clipText(error.message, 500)}${hint(error)}`,
    );
  // fetch's own message is `fetch failed`: the reason (`bad port`, a DNS failure) is its cause's.
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new CommandError(
    `Could not reach the mock at ${where} while ${doing} (${clipText(`${message}${cause}`, 300)}).`,
  );
}

/**
 * What a refusal that no control route gives means: the control routes take no key (a 401 is the
 * API's: --url points below the root) and name what they do not find (a bare 404 is the API's or the
 * server's: no control routes there).
 */
function hint(error: RemoteControlError): string {
  if (error.status === 401)
    return ` (the control routes take no key: is --url the server's root URL, e.g. ${DEFAULT_MOCK_URL}?)`;
  // The server's own 404 (code NOT_FOUND): no route there. A control route that names what it did
  // not find ("Unknown delivery id …") is there.
  if (error.status === 404 && error.code === 'NOT_FOUND')
    return ' (no control routes there: was the server started with --no-control, or is --url not its root URL?)';
  return '';
}

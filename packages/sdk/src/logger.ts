// Opt-in logging of what the client does, for when a retry or a timeout surprises you: `debug` each
// attempt (method, URL, status, attempt, duration), `warn` each retry, `error` a call that got no
// response. Off unless `logLevel` is set. Records hold the method and URL, never a header, so the API
// key (sent only as a header) cannot reach a log; error texts are the SDK's own, already redacted.
// Calls to the logger are isolated: whatever it does, the call's result stays the same.

/** Any object with console's four level methods: `console` itself, pino, winston, a test spy… */
export type Logger = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;

/** The least severe level that is logged; `off` (the default) logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

/** The facts of one record, also passed as an object (second argument) for structured loggers. */
export interface LogRecord {
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  status?: number;
  /** This attempt, from its start (onRequest middleware included) until its body was read (or it failed). */
  durationMs?: number;
  /** The wait before the next attempt. */
  delayMs?: number;
  error?: string;
  /** The service's id of the request (`X-Request-Id`), when an answer arrived with one. */
  requestId?: string | undefined;
}

/** Writes one record at `level`; the client only calls it when logging is on. */
export type Log = (level: Exclude<LogLevel, 'off' | 'info'>, message: string, record: LogRecord) => void;

/**
 * The client's log function, or undefined when logging is off (the default), so that the hot path
 * pays one check. Throws a TypeError at creation for an unknown level or a logger that lacks a method
 * the level needs.
 */
export function createLog(logger: Logger | undefined, logLevel: LogLevel | undefined): Log | undefined {
  const min = LEVELS.indexOf(logLevel ?? 'off');
  if (min < 0) {
    throw new TypeError(
      `createReservationClient: \`logLevel\` must be one of ${LEVELS.join(', ')}; got ${String(logLevel)}`,
    );
  }
  const target = logger ?? console;
  const enabled = LEVELS.slice(min, -1) as Array<Exclude<LogLevel, 'off'>>;
  for (const level of enabled) {
    if (typeof target?.[level] !== 'function') {
      throw new TypeError(`createReservationClient: \`logger.${level}\` must be a function`);
    }
  }
  if (enabled.length === 0) return undefined;
  let reported = false;
  // Logging never changes a call's result: a logger that throws (or rejects) must not turn a booking
  // the server accepted into a failure the caller might retry. It is reported once, then ignored.
  const report = (error: unknown): void => {
    if (reported) return;
    reported = true;
    try {
      console.error('[reservation-api] the logger threw; its errors are ignored from now on:', error);
    } catch {
      // console itself is broken: nothing left to tell.
    }
  };
  return (level, message, record) => {
    if (!enabled.includes(level)) return;
    try {
      const result: unknown = target[level](`[reservation-api] ${message}`, record);
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  };
}

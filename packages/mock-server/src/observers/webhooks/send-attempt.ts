// One HTTP attempt of one delivery. It never throws: every way of not getting a 2xx (an answer
// with another status, a network error, no answer in time) comes back as data for the log.
import { recordedHeaders } from './delivery-log';
import { StoppableWebhookPost, type WebhookReply, type WebhookTransport } from './transport';
import type { WebhookTimers } from './types';

export interface AttemptRequest {
  url: string;
  /** The delivery's body, identical on every attempt (the signature covers exactly these bytes). */
  body: string;
  signature: string;
  deliveryId: string;
  timeoutMs: number;
  transport: WebhookTransport;
  timers: WebhookTimers;
  /** Sent besides the documented headers (`X-Mock-Session` of a session's deliveries). */
  headers?: Readonly<Record<string, string>>;
  /**
   * Hears when the world ends (the scheduler's onEnd): the attempt is abandoned at once (nothing of
   * it is recorded). Returns the unsubscribe.
   */
  onWorldEnd?: (listener: () => void) => () => void;
}

/** How much of the receiver's answer body is kept for the log (the dashboard shows it). */
export const RESPONSE_BODY_LIMIT = 4096;

export interface AttemptOutcome {
  /** A 2xx answer: the delivery is done. */
  ok: boolean;
  /** The headers sent (the same on every attempt of a delivery). */
  requestHeaders: Record<string, string>;
  /** The receiver's answer, when there was one. */
  response?: AttemptResponse;
  error?: string;
  /** Real time from sending the request to the end of the answer (or the failure), in ms. */
  durationMs: number;
}

export interface AttemptResponse {
  status: number;
  /** Header names in lower case, as the Fetch API gives them; at most 8 KiB of them (delivery-log.ts). */
  headers: Record<string, string>;
  /** True when some headers did not fit in those 8 KiB. */
  headersTruncated?: true;
  /** The first 4 KiB of the answer's body, decoded as UTF-8. */
  body: string;
  /** True when the body was longer than what is kept (or could not be read to its end). */
  truncated: boolean;
}

/** Distinguishes our own deadline from an abort or network error that the fetch reports. */
class AttemptTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`timeout after ${timeoutMs} ms`);
    this.name = 'AttemptTimeout';
  }
}

export async function sendAttempt(attempt: AttemptRequest): Promise<AttemptOutcome> {
  // Real time, not the mock clock: a frozen mock clock would make every attempt last 0 ms.
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  const requestHeaders: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'reservation-mock',
    'X-Webhook-Delivery': attempt.deliveryId,
    'X-Webhook-Signature': attempt.signature,
    ...attempt.headers,
  };
  // Stopped by the deadline or the world's end: its signal aborts (made only if the transport reads
  // it), its listeners are told.
  const post = new StoppableWebhookPost(attempt.url, requestHeaders, attempt.body);
  let timedOut = false;
  let handle: unknown;
  // Racing against this promise (not only aborting) also ends an attempt whose transport ignores the
  // signal, such as a test stub or an interceptor that never answers.
  const deadline = new Promise<never>((_, reject) => {
    handle = attempt.timers.setTimeout(() => {
      timedOut = true;
      const reason = new AttemptTimeout(attempt.timeoutMs);
      // The attempt ends first, whatever stopping its request does.
      reject(reason);
      post.stop(reason);
    }, attempt.timeoutMs);
  });
  // Nobody races the deadline any more once the answer is in; its rejection is not an error then.
  deadline.catch(() => undefined);
  // The world ended: the request is aborted and the attempt ends now, whatever the receiver does.
  let rejectEnded: (reason: unknown) => void = () => undefined;
  const ended = new Promise<never>((_, reject) => {
    rejectEnded = reject;
  });
  ended.catch(() => undefined);
  const stopListening =
    attempt.onWorldEnd?.(() => {
      const reason = new Error('The mock (or session) has ended');
      rejectEnded(reason);
      post.stop(reason);
    }) ?? (() => undefined);
  const stop = attempt.onWorldEnd ? Promise.race([deadline, ended]) : deadline;
  stop.catch(() => undefined);

  try {
    const reply = await Promise.race([attempt.transport(post), stop]);
    const { body, truncated } = await readHead(reply, stop);
    if (reply.hiddenRedirect) {
      // Browsers hide the status of a redirect that was not followed.
      return { ok: false, requestHeaders, error: 'redirect not followed', durationMs: duration() };
    }
    return {
      ok: reply.status >= 200 && reply.status < 300,
      requestHeaders,
      response: {
        status: reply.status,
        ...recordedHeaders(reply.headers),
        body,
        truncated,
      },
      durationMs: duration(),
    };
  } catch (error) {
    return {
      ok: false,
      requestHeaders,
      error: timedOut ? `timeout after ${attempt.timeoutMs} ms` : describeError(error),
      durationMs: duration(),
    };
  } finally {
    attempt.timers.clearTimeout(handle);
    stopListening();
  }
}

/**
 * Reads the answer's body to its end so the connection is released, keeping its first 4 KiB for the
 * log. The status already decided the outcome, so a body that fails or outlasts the deadline is
 * cancelled (what arrived is kept, marked truncated), not counted against the attempt.
 */
async function readHead(
  reply: WebhookReply,
  deadline: Promise<never>,
): Promise<{ body: string; truncated: boolean }> {
  // Made when the first chunk arrives: most receivers answer with no body at all.
  let head: Uint8Array | undefined;
  let kept = 0;
  let truncated = false;
  try {
    const readAll = async (): Promise<void> => {
      for (;;) {
        const chunk = await reply.read();
        if (chunk === undefined) return;
        head ??= new Uint8Array(RESPONSE_BODY_LIMIT);
        const room = RESPONSE_BODY_LIMIT - kept;
        if (chunk.length > room) truncated = true;
        head.set(chunk.subarray(0, room), kept);
        kept += Math.min(room, chunk.length);
      }
    };
    await Promise.race([readAll(), deadline]);
  } catch {
    truncated = true;
    await reply.cancel().catch(() => undefined);
  }
  // A character cut at the limit decodes as U+FFFD rather than failing.
  return { body: head === undefined ? '' : new TextDecoder().decode(head.subarray(0, kept)), truncated };
}

/** Error text for the log; Node's fetch hides the useful part ("ECONNREFUSED ...") in `cause`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = ownText(error) || error.name;
  const cause: unknown = error.cause;
  let causeText = '';
  if (cause instanceof Error) causeText = ownText(cause);
  else if (typeof cause === 'string') causeText = cause;
  return causeText && !message.includes(causeText) ? `${message}: ${causeText}` : message;
}

/**
 * An error's message, else its code, else its first inner error's message: a refused connection to a
 * host with two addresses (`localhost`: ::1 and 127.0.0.1) is an AggregateError with no message of
 * its own and `code: 'ECONNREFUSED'`.
 */
function ownText(error: Error): string {
  if (error.message) return error.message;
  const code: unknown = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const [first]: unknown[] = error instanceof AggregateError ? error.errors : [];
  return first instanceof Error ? first.message : '';
}

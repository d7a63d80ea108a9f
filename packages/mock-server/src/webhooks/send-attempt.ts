// One HTTP attempt of one delivery. It never throws: every way of not getting a 2xx (an answer
// with another status, a network error, no answer in time) comes back as data for the log.
import type { WebhookTimers } from './types';

export interface AttemptRequest {
  url: string;
  /** The delivery's body, identical on every attempt (the signature covers exactly these bytes). */
  body: string;
  signature: string;
  deliveryId: string;
  timeoutMs: number;
  fetch: (request: Request) => Promise<Response>;
  timers: WebhookTimers;
}

export interface AttemptOutcome {
  /** A 2xx answer: the delivery is done. */
  ok: boolean;
  responseStatus?: number;
  error?: string;
}

/** Distinguishes our own deadline from an abort or network error that the fetch reports. */
class AttemptTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`timeout after ${timeoutMs} ms`);
    this.name = 'AttemptTimeout';
  }
}

export async function sendAttempt(attempt: AttemptRequest): Promise<AttemptOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  let handle: unknown;
  // Racing against this promise (not only aborting) also ends an attempt whose fetch ignores the
  // signal, such as a test stub or an interceptor that never answers.
  const deadline = new Promise<never>((_, reject) => {
    handle = attempt.timers.setTimeout(() => {
      timedOut = true;
      const reason = new AttemptTimeout(attempt.timeoutMs);
      controller.abort(reason);
      reject(reason);
    }, attempt.timeoutMs);
  });
  // Nobody races the deadline any more once the answer is in; its rejection is not an error then.
  deadline.catch(() => undefined);

  try {
    const request = new Request(attempt.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Webhook-Signature': attempt.signature,
        'X-Webhook-Delivery': attempt.deliveryId,
        'User-Agent': 'reservation-mock',
      },
      body: attempt.body,
      signal: controller.signal,
      // A redirect is an answer that is not 2xx; following it would turn the POST into a GET.
      redirect: 'manual',
    });
    const response = await Promise.race([attempt.fetch(request), deadline]);
    await drain(response, deadline);
    if (response.type === 'opaqueredirect') {
      // Browsers hide the status of a redirect that was not followed.
      return { ok: false, error: 'redirect not followed' };
    }
    return { ok: response.ok, responseStatus: response.status };
  } catch (error) {
    return { ok: false, error: timedOut ? `timeout after ${attempt.timeoutMs} ms` : describeError(error) };
  } finally {
    attempt.timers.clearTimeout(handle);
  }
}

/**
 * Reads and discards the answer's body so the connection is released. The status already decided
 * the outcome, so a body that fails or outlasts the deadline is cancelled, not counted against it.
 */
async function drain(response: Response, deadline: Promise<never>): Promise<void> {
  const body = response.body;
  if (!body) return;
  const reader = body.getReader();
  try {
    const readAll = async (): Promise<void> => {
      for (;;) {
        const { done } = await reader.read();
        if (done) return;
      }
    };
    await Promise.race([readAll(), deadline]);
  } catch {
    await reader.cancel().catch(() => undefined);
  }
}

/** Error text for the log; Node's fetch hides the useful part ("ECONNREFUSED ...") in `cause`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message || error.name;
  const cause: unknown = error.cause;
  let causeText = '';
  if (cause instanceof Error) {
    const code: unknown = (cause as Error & { code?: unknown }).code;
    causeText = cause.message || (typeof code === 'string' ? code : '');
  } else if (typeof cause === 'string') {
    causeText = cause;
  }
  return causeText && !message.includes(causeText) ? `${message}: ${causeText}` : message;
}

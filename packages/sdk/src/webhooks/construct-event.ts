import type { components } from '../generated/schema';
import { WebhookPayloadError, WebhookSignatureError } from './errors';
import { webhookEvent } from './events';
import type { WebhookPayload } from './sign';
import { isRawBody, isWellFormedSignature, verifyWebhookSignature } from './verify';

export type WebhookEvent = components['schemas']['WebhookEvent'];

export interface ConstructWebhookEventOptions {
  /**
   * Reject events whose `timestamp` is further than this from `now` (replay protection). Off by
   * default: the service re-sends a failed delivery with the original timestamp for up to 156 minutes,
   * so a value below ~9 400 s rejects legitimate retries.
   */
  maxAgeSeconds?: number;
  /** Current time in ms (for tests); Date.now by default. */
  now?: () => number;
}

const RAW_BODY_HINT =
  'Pass the raw body as received (string or Buffer/Uint8Array: express.raw(), await request.text()), not a parsed object.';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Verifies the signature of a delivery and returns its typed, validated event. Throws
 * WebhookSignatureError (reject with 400/401, do not retry processing) or WebhookPayloadError.
 */
export async function constructWebhookEvent(
  rawBody: WebhookPayload,
  header: string | null | undefined,
  secret: string | readonly string[],
  options: ConstructWebhookEventOptions = {},
): Promise<WebhookEvent> {
  if (!isRawBody(rawBody)) {
    const got = rawBody === null ? 'null' : typeof rawBody;
    throw new WebhookPayloadError(`rawBody must be a string or Uint8Array, got ${got}. ${RAW_BODY_HINT}`);
  }
  if (!isWellFormedSignature(header)) {
    throw new WebhookSignatureError(
      `X-Webhook-Signature header is ${header ? 'malformed' : 'missing'}: expected "sha256=" + 64 lower-case hex digits.`,
    );
  }
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const parsed = parseJson(text);

  if (!(await verifyWebhookSignature(rawBody, header, secret))) {
    // Valid JSON with a wrong signature is typically a body that was parsed and re-serialised on the
    // way in (different whitespace or key order), or the wrong secret.
    const hint = parsed.ok
      ? ` The body is JSON: if a framework parsed and re-serialised it, the bytes changed. ${RAW_BODY_HINT}`
      : '';
    throw new WebhookSignatureError(`Webhook signature does not match the body (wrong secret?).${hint}`);
  }
  if (!parsed.ok) throw new WebhookPayloadError('Webhook body is not valid JSON.');

  const issues: string[] = [];
  if (!webhookEvent(parsed.value, 'body', issues)) {
    throw new WebhookPayloadError(`Webhook body is not a known event:\n${issues.join('\n')}`, issues);
  }
  const event = parsed.value as WebhookEvent;

  if (options.maxAgeSeconds !== undefined) {
    const now = (options.now ?? Date.now)();
    const ageSeconds = (now - Date.parse(event.timestamp)) / 1000;
    if (Math.abs(ageSeconds) > options.maxAgeSeconds) {
      throw new WebhookSignatureError(
        `Webhook timestamp ${event.timestamp} is over maxAgeSeconds from now: possible replay.`,
      );
    }
  }
  return event;
}

import type { WebhookEvent } from '../types';
import { WebhookPayloadError, WebhookSignatureError } from './errors';
import { webhookEvent } from './events';
import { describe } from './guard';
import { atLeastOne } from './options';
import type { WebhookPayload } from './sign';
import { isRawBody, isWellFormedSignature, secretsOf, verifyWebhookSignature } from './verify';

export interface ConstructWebhookEventOptions {
  /**
   * Reject events whose `timestamp` is further than this from `now` (replay protection). Off by
   * default: the service re-sends a failed delivery with the original timestamp for up to 156 minutes,
   * so a value below ~9 400 s rejects legitimate retries. At least 1 (NaN or 0 throw a TypeError).
   */
  maxAgeSeconds?: number;
  /** Current time in ms (for tests); Date.now by default. */
  now?: () => number;
}

const RAW_BODY_HINT =
  'Pass the raw body as received (express.raw(), await request.text()), not a parsed object.';

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
  // First: with no secret every delivery fails, and the message should name the real cause.
  if (!secretsOf(secret).length) {
    throw new WebhookSignatureError('Webhook signing secret is missing (is its environment variable set?).');
  }
  if (!isRawBody(rawBody)) {
    throw new WebhookPayloadError(
      `rawBody must be a string or Uint8Array, got ${describe(rawBody)}. ${RAW_BODY_HINT}`,
    );
  }
  if (!isWellFormedSignature(header)) {
    throw new WebhookSignatureError(
      `X-Webhook-Signature header is ${header ? 'malformed' : 'missing'}: expected "sha256=" + 64 lower-case hex digits.`,
    );
  }
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  // Verified before the body is parsed: a forged body, of any size, costs no more than the HMAC.
  if (!(await verifyWebhookSignature(rawBody, header, secret))) {
    // A JSON object with a wrong signature is typically a body that was parsed and re-serialised on
    // the way in (different whitespace or key order), or the wrong secret. Looked at, not parsed.
    throw new WebhookSignatureError(
      `Webhook signature does not match the body (wrong secret?).${
        /^\s*\{/.test(text)
          ? ` The body looks like JSON: if a framework parsed and re-serialised it, the bytes changed. ${RAW_BODY_HINT}`
          : ''
      }`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WebhookPayloadError('Webhook body is not valid JSON.');
  }

  const issues: string[] = [];
  if (!webhookEvent(parsed, 'body', issues)) {
    throw new WebhookPayloadError(`Webhook body is not a known event:\n${issues.join('\n')}`, issues);
  }
  const event = parsed as WebhookEvent;
  const { maxAgeSeconds, now = Date.now } = options;
  if (
    maxAgeSeconds !== undefined &&
    Math.abs(now() - Date.parse(event.timestamp)) > atLeastOne(maxAgeSeconds, 'maxAgeSeconds') * 1000
  ) {
    throw new WebhookSignatureError(
      `Webhook timestamp ${event.timestamp} is over maxAgeSeconds from now: possible replay.`,
    );
  }
  return event;
}

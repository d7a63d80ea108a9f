import type { WebhookEvent } from '../types';
import { WebhookPayloadError, WebhookSignatureError } from './errors';
import { webhookEvent } from './events';
import { describe } from './guard';
import { atLeastOne } from './options';
import { isRawBody, type WebhookPayload } from './sign';
import { isWellFormedSignature, secretsOf, verifyWebhookSignature } from './verify';

export interface ConstructWebhookEventOptions {
  /**
   * Reject events whose `timestamp` is further than this from `now` (replay protection). Off by
   * default: the service re-sends a failed delivery with the original timestamp for up to 156 minutes,
   * so a value below ~9 400 s rejects legitimate retries. At least 1 (NaN or 0 throw a TypeError).
   */
  maxAgeSeconds?: number | undefined;
  /** The current time (for tests): a Date, or a function returning one or epoch ms. Default Date.now. */
  now?: Date | (() => Date | number) | undefined;
}

/**
 * The request's headers: a Fetch `Headers`, or a plain record such as Node's `req.headers` (names
 * matched without regard to case). Passing them lets the event carry its `deliveryId`.
 */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** An event verified with the request's headers: `deliveryId` is its `X-Webhook-Delivery` (`whd_…`). */
export type VerifiedWebhookEvent = WebhookEvent & { deliveryId?: string };

const RAW_BODY_HINT =
  'Pass the raw body as received (express.raw(), await request.text()), not a parsed object.';
const EXPECTED = 'expected "sha256=" + 64 lower-case hex digits.';

/**
 * One header's value: a string, or a list (Node's `req.headersDistinct`) joined as `Headers` joins a
 * header sent more than once, which no signature or delivery id can match.
 */
function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  for (const key in headers) {
    const value = (headers as Record<string, unknown>)[key];
    if (key.toLowerCase() === name && value !== undefined)
      return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/** Why a signature check failed, as precisely as can be told without the right secret. */
function mismatch(secrets: string[]): string {
  // A secret pasted with a newline or spaces around it is the commonest cause, and cheap to spot.
  const spaced = secrets.find((s) => s.trim() !== s);
  if (spaced !== undefined)
    return `Webhook signature does not match: the secret has ${spaced.trimEnd() === spaced ? 'leading' : 'trailing'} whitespace: trim it.`;
  return `Webhook signature does not match the body (wrong secret?). If a framework parsed and re-serialised the body, the bytes changed. ${RAW_BODY_HINT}`;
}

function nowMs(now: ConstructWebhookEventOptions['now']): number {
  if (now === undefined) return Date.now();
  const value = typeof now === 'function' ? now() : now;
  // Epoch ms only from a function (as before); a bare number is refused, not taken as a time. An
  // invalid time (`new Date('x')`, NaN) is refused too: compared with it, every timestamp would pass.
  const time = value instanceof Date || (typeof value === 'number' && typeof now === 'function');
  if (time && Number.isFinite(+value)) return +value;
  throw new TypeError(
    `now must be a Date or a function returning a Date or epoch ms, got ${typeof now === 'function' ? 'a function returning ' : ''}${
      time ? 'an invalid time' : describe(value)
    }`,
  );
}

/**
 * Verifies the signature of a delivery over the raw bytes, then parses and validates the event.
 * Give the request's headers (a `Headers` or Node's `req.headers`) instead of the signature header
 * to also get `deliveryId`. Throws WebhookSignatureError (reject with 400/401, do not retry
 * processing) or WebhookPayloadError.
 */
export async function constructWebhookEvent(
  rawBody: WebhookPayload,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options?: ConstructWebhookEventOptions,
): Promise<VerifiedWebhookEvent>;
export async function constructWebhookEvent(
  rawBody: WebhookPayload,
  signatureHeader: string | null | undefined,
  secret: string | readonly string[],
  options?: ConstructWebhookEventOptions,
): Promise<WebhookEvent>;
export async function constructWebhookEvent(
  rawBody: WebhookPayload,
  signatureOrHeaders: string | null | undefined | WebhookHeaders,
  secret: string | readonly string[],
  options: ConstructWebhookEventOptions = {},
): Promise<VerifiedWebhookEvent> {
  let headers: WebhookHeaders | undefined;
  let header = signatureOrHeaders;
  if (typeof header === 'object' && header !== null) {
    headers = header;
    header = headerOf(headers, 'x-webhook-signature');
  }
  // The options first: a mistake in them must not hide behind the first forged delivery's error.
  const { maxAgeSeconds } = options;
  const maxAge = maxAgeSeconds === undefined ? 0 : atLeastOne(maxAgeSeconds, 'maxAgeSeconds');
  const at = nowMs(options.now);
  const secrets = secretsOf(secret);
  // First: with no secret every delivery fails, and the message should name the real cause.
  if (!secrets.length) {
    throw new WebhookSignatureError('Webhook signing secret is missing (is its environment variable set?).');
  }
  if (!isRawBody(rawBody)) {
    throw new WebhookPayloadError(
      `rawBody must be a string or Uint8Array, got ${describe(rawBody)}. ${RAW_BODY_HINT}`,
    );
  }
  if (!rawBody.length) throw new WebhookPayloadError(`Webhook body is empty. ${RAW_BODY_HINT}`);
  if (!isWellFormedSignature(header)) {
    throw new WebhookSignatureError(
      `X-Webhook-Signature header is ${
        !header
          ? 'missing'
          : /^[0-9a-f]{64}$/i.test(header)
            ? 'without the "sha256=" scheme'
            : /^sha256=\w+, ?sha256=/.test(header as string)
              ? 'sent more than once'
              : 'malformed'
      }: ${EXPECTED}`,
    );
  }
  // Verified before anything reads the body as JSON: an unsigned body costs no parsing.
  if (!(await verifyWebhookSignature(rawBody, header, secret))) {
    throw new WebhookSignatureError(mismatch(secrets));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
  } catch {
    throw new WebhookPayloadError('Webhook body is not valid JSON.');
  }

  const issues: string[] = [];
  if (!webhookEvent(parsed, 'body', issues)) {
    throw new WebhookPayloadError(`Webhook body is not a known event:\n${issues.join('\n')}`, issues);
  }
  const event = parsed as VerifiedWebhookEvent;
  const age = at - Date.parse(event.timestamp);
  // Now and the difference in the message: a frozen mock clock or a skewed one shows at once.
  if (maxAge && !(Math.abs(age) <= maxAge * 1000)) {
    throw new WebhookSignatureError(
      `Webhook timestamp ${event.timestamp} is ${Math.ceil(Math.abs(age) / 1000)} s ${age < 0 ? 'ahead of' : 'older than'} now (${new Date(at).toISOString()}), over maxAgeSeconds ${maxAge}: possible replay, or a clock that is off.`,
    );
  }
  const deliveryId = headers && headerOf(headers, 'x-webhook-delivery');
  // One id (`whd_…`): a header sent twice (`whd_1, whd_2`) names no one delivery to key on.
  if (deliveryId && !deliveryId.includes(',')) event.deliveryId = deliveryId;
  return event;
}

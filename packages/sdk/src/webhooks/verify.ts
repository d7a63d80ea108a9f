// Web Crypto only, so verification runs in Node, Deno, Bun, edge runtimes and browsers alike.
import { hmacSha256Hex, type WebhookPayload } from './sign';

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;

/** Compares equal-length strings in time independent of where they differ. */
function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function isWellFormedSignature(header: unknown): header is string {
  return typeof header === 'string' && SIGNATURE.test(header);
}

export function isRawBody(rawBody: unknown): rawBody is WebhookPayload {
  return typeof rawBody === 'string' || rawBody instanceof Uint8Array;
}

/**
 * True when `header` (the `X-Webhook-Signature` value) is `sha256=` + the lower-case hex HMAC-SHA256 of
 * exactly `rawBody` under one of `secrets` (several during a rotation). Never throws: anything
 * malformed (wrong prefix, upper-case or short hex, empty secret, a parsed object as body) is false.
 */
export async function verifyWebhookSignature(
  rawBody: WebhookPayload,
  header: string | null | undefined,
  secret: string | readonly string[],
): Promise<boolean> {
  if (!isRawBody(rawBody) || !isWellFormedSignature(header)) return false;
  const secrets = typeof secret === 'string' ? [secret] : secret;
  let matched = false;
  for (const candidate of secrets) {
    // An empty secret would let anyone sign; some runtimes accept it as HMAC key material.
    if (!candidate) continue;
    try {
      // No early exit: every secret costs the same, so timing does not reveal which one matched.
      matched = timingSafeEqual(`sha256=${await hmacSha256Hex(rawBody, candidate)}`, header) || matched;
    } catch {
      // A runtime that rejects the key material: treat as no match, as promised.
    }
  }
  return matched;
}

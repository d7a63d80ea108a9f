// Web Crypto only, so verification runs in Node, Deno, Bun, edge runtimes and browsers alike.
import { isRawBody, signWebhookPayload, type WebhookPayload } from './sign';

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;

/**
 * Compares two well-formed signatures (`sha256=` + 64 hex digits, so always of equal length) in time
 * independent of where they differ.
 */
function sameSignature(a: string, b: string): boolean {
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function isWellFormedSignature(header: unknown): header is string {
  return typeof header === 'string' && SIGNATURE.test(header);
}

/**
 * The usable secrets in `secret`: non-empty strings only. An unset environment variable gives
 * undefined, which must mean "no secret" rather than a TypeError; an empty secret would let anyone
 * sign (some runtimes accept it as HMAC key material); and a number or object is never a key, though
 * TextEncoder would happily turn it into one ("[object Object]").
 */
export function secretsOf(secret: unknown): string[] {
  return [secret]
    .flat()
    .filter((candidate): candidate is string => typeof candidate === 'string' && !!candidate);
}

/**
 * True when `header` (the `X-Webhook-Signature` value) is `sha256=` + the lower-case hex HMAC-SHA256 of
 * exactly `rawBody` under one of `secrets` (several during a rotation). Never throws: anything
 * malformed (wrong prefix, upper-case or short hex, an empty or missing secret, a parsed object as
 * body) is false.
 */
export async function verifyWebhookSignature(
  rawBody: WebhookPayload,
  header: string | null | undefined,
  secret: string | readonly string[],
): Promise<boolean> {
  if (!isRawBody(rawBody) || !isWellFormedSignature(header)) return false;
  let matched = false;
  for (const candidate of secretsOf(secret)) {
    try {
      // No early exit: every secret costs the same, so timing does not reveal which one matched.
      matched = sameSignature(await signWebhookPayload(rawBody, candidate), header) || matched;
    } catch {
      // A runtime that rejects the key material: treat as no match, as promised.
    }
  }
  return matched;
}

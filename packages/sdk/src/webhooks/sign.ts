// Web Crypto only (no node:crypto) so that signing and verifying run in Node, Deno, Bun,
// Cloudflare Workers and browsers. The mock server signs its deliveries with the same algorithm
// (synchronously; its tests compare both signers with this one on any body and secret).
import { describe } from './guard';

export type WebhookPayload = string | Uint8Array;

export function isRawBody(rawBody: unknown): rawBody is WebhookPayload {
  // A view of bytes by its tag, not `instanceof`: bytes made in another realm (Jest's test
  // environment, a vm context, an iframe) are a Uint8Array of another constructor, and were refused
  // as "not bytes". isView keeps out an object that only claims the tag.
  return (
    typeof rawBody === 'string' ||
    (ArrayBuffer.isView(rawBody) && Object.prototype.toString.call(rawBody) === '[object Uint8Array]')
  );
}

const encoder = new TextEncoder();

/**
 * The `X-Webhook-Signature` header value for `rawBody`: `sha256=` + lower-case hex HMAC-SHA256, keyed
 * with the UTF-8 bytes of `secret`. Use it in tests to build deliveries your receiver accepts.
 */
export async function signWebhookPayload(rawBody: WebhookPayload, secret: string): Promise<string> {
  // Web Crypto's own refusal of an empty key is a DataError that names no argument.
  if (typeof secret !== 'string' || !secret) throw new TypeError('secret must be a non-empty string');
  // A parsed object (or a number) would sign an empty body (or zero bytes), which no test can see.
  if (!isRawBody(rawBody))
    throw new TypeError(`rawBody must be a string or Uint8Array, got ${describe(rawBody)}`);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // The exact bytes signed: strings UTF-8 encoded, bytes copied into a plain ArrayBuffer (a Buffer's
  // memory may be shared, which Web Crypto refuses). Inline rather than a helper: bytes count here.
  const data = typeof rawBody === 'string' ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, data));
  let hex = 'sha256=';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

// The `X-Webhook-Signature` of a delivery: `sha256=` + lower-case hex HMAC-SHA256 of the body's UTF-8
// bytes, keyed with the UTF-8 bytes of the project's secret (mock README, "Webhooks"); the SDK's
// `verifyWebhookSignature` checks exactly this (test/observers/webhooks/sign.test.ts compares the two
// on any body and secret).
//
// Synchronous (@noble/hashes, as for API keys in domain/keys.ts) rather than the SDK's Web Crypto
// signer: a delivery is then signed when it is recorded, so its attempts never wait for a signature
// and the dispatcher keeps no queue to send them in order; and Web Crypto's HMAC costs a thread-pool
// round trip per delivery (BENCHMARKS.md, "a booking's webhook delivery at the edge").
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function signDeliveryBody(body: string, secret: string): string {
  return `sha256=${bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(body)))}`;
}

// The `X-Webhook-Signature` of a delivery: `sha256=` + lower-case hex HMAC-SHA256 of the body's UTF-8
// bytes, keyed with the UTF-8 bytes of the project's secret (mock README, "Webhooks"); the SDK's
// `verifyWebhookSignature` checks exactly this (test/observers/webhooks/sign.test.ts compares both
// signers below with it on any body and secret).
//
// Synchronous rather than the SDK's Web Crypto signer: a delivery is then signed when it is recorded,
// so its attempts never wait for a signature and the dispatcher keeps no queue to send them in order;
// and Web Crypto's HMAC costs a thread-pool round trip per delivery (BENCHMARKS.md, "a booking's
// webhook delivery at the edge").
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type DeliverySigner = (body: string, secret: string) => string;

/** The part of node:crypto a signer uses (its string inputs are taken as UTF-8). */
export interface NativeHmac {
  createHmac(algorithm: 'sha256', key: string): { update(data: string): { digest(encoding: 'hex'): string } };
}

/** Portable (browsers, workerd without Node compatibility): @noble/hashes. */
export const signWithNoble: DeliverySigner = (body, secret) =>
  `sha256=${bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(body)))}`;

/**
 * The runtime's native HMAC where it has node:crypto (Node ≥ 20.16, Bun, Deno), else (or given
 * `null`) signWithNoble. Speed (BENCHMARKS.md, "HTTP: the per-request work, fourth pass"): on a
 * 2 KB delivery body node:crypto takes 2.8 µs, @noble/hashes 15.8 µs, about 5 % of a booking's CPU
 * over HTTP. Found through `process.getBuiltinModule`, so no bundle imports Node's module and the
 * browser keeps noble.
 */
export function deliverySigner(native: NativeHmac | null = builtinHmac()): DeliverySigner {
  if (native === null) return signWithNoble;
  return (body, secret) => `sha256=${native.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** node:crypto's HMAC, or null where the runtime has none (`null`: the portable signer). */
function builtinHmac(): NativeHmac | null {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const crypto = runtime?.getBuiltinModule?.('node:crypto') as Partial<NativeHmac> | undefined;
  return typeof crypto?.createHmac === 'function' ? (crypto as NativeHmac) : null;
}

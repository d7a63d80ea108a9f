import { signWebhookPayload, verifyWebhookSignature } from '@reservation-api/sdk/webhooks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliverySigner, signWithNoble } from '../../../src/observers/webhooks/sign';

// The runtime's signer (node:crypto here) and the portable one (@noble/hashes, the browser's).
const signers = [
  ['the runtime signer', deliverySigner()],
  ['the portable signer', signWithNoble],
] as const;

describe.each(signers)('a delivery signature by %s', (_, sign) => {
  it('is what the SDK signs and verifies, for any body and secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 300 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
        ),
        fc.oneof(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
        ),
        async (body, secret) => {
          const signature = sign(body, secret);
          expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
          expect(signature).toBe(await signWebhookPayload(body, secret));
          expect(await verifyWebhookSignature(body, signature, secret)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changes with a byte of the body or of the secret', () => {
    const signature = sign('{"event":"reservation.created"}', 'whsec_a');
    expect(sign('{"event":"reservation.created" }', 'whsec_a')).not.toBe(signature);
    expect(sign('{"event":"reservation.created"}', 'whsec_b')).not.toBe(signature);
  });
});

describe('the runtime signer', () => {
  /** Runs `check` with `globalThis.process` replaced by `value`, then puts the real one back. */
  function withProcess(value: unknown, check: () => void): void {
    const real = Object.getOwnPropertyDescriptor(globalThis, 'process');
    try {
      Object.defineProperty(globalThis, 'process', { value, configurable: true, writable: true });
      check();
    } finally {
      if (real) Object.defineProperty(globalThis, 'process', real);
      else Reflect.deleteProperty(globalThis, 'process');
    }
  }

  it("is node:crypto's HMAC where the runtime has it", () => {
    expect(deliverySigner()).not.toBe(signWithNoble);
  });

  it('is @noble/hashes without a process, with one that has no getBuiltinModule, or given null', () => {
    withProcess(undefined, () => expect(deliverySigner()).toBe(signWithNoble));
    // A browser bundle's stand-in for `process` (env only).
    withProcess({ env: {} }, () => expect(deliverySigner()).toBe(signWithNoble));
    expect(deliverySigner(null)).toBe(signWithNoble);
  });
});

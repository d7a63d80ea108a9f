import { signWebhookPayload, verifyWebhookSignature } from '@reservation-api/sdk/webhooks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signDeliveryBody } from '../../../src/observers/webhooks/sign';

describe('a delivery signature', () => {
  it('is what the SDK signs and verifies, for any body and secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
        async (body, secret) => {
          const signature = signDeliveryBody(body, secret);
          expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
          expect(signature).toBe(await signWebhookPayload(body, secret));
          expect(await verifyWebhookSignature(body, signature, secret)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('changes with a byte of the body or of the secret', () => {
    const signature = signDeliveryBody('{"event":"reservation.created"}', 'whsec_a');
    expect(signDeliveryBody('{"event":"reservation.created" }', 'whsec_a')).not.toBe(signature);
    expect(signDeliveryBody('{"event":"reservation.created"}', 'whsec_b')).not.toBe(signature);
  });
});

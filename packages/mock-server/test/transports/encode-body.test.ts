import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBody } from '../../src/transports/encode-body';

describe("an answer body's bytes", () => {
  it('are those of Buffer.from() for any text: ASCII, mostly not, lone surrogates, longer than the room', () => {
    // Small texts (Buffer.from() itself) and large ones: ASCII, mostly ASCII with a few multi-byte
    // characters and lone surrogates (within the room), and far more of them than the room holds.
    const rare = fc.oneof(
      { weight: 40, arbitrary: fc.constant('a') },
      fc.constantFrom('ů', '日', '😀', '\ud800', '\udc00'),
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'binary-ascii', minLength: 2048, maxLength: 5000 }),
      fc.string({ unit: rare, minLength: 2048, maxLength: 4000 }),
      fc.string({
        unit: fc.constantFrom('ů', '日', '😀', '\ud800', '\udc00', 'a'),
        minLength: 2048,
        maxLength: 3000,
      }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(encodeBody(value).equals(Buffer.from(value))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('is empty for an empty text', () => {
    expect(encodeBody('').length).toBe(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTextRing, isWellFormed } from '../../src/observers/text-ring';

describe('the text ring', () => {
  it('gives back every kept text exactly, first in first out, across wraps and growth', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 3000 }).filter(isWellFormed),
      fc.constantFrom('', 'é'.repeat(9000), '😀'.repeat(2100)),
    );
    const op = fc.oneof(fc.record({ push: text }), fc.constant({ shift: true as const }));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(op, { maxLength: 120 }), (capacity, ops) => {
        const ring = createTextRing(capacity);
        const model: { id: number; text: string }[] = [];
        for (const step of ops) {
          if ('push' in step) {
            if (model.length >= capacity) model.shift();
            model.push({ id: ring.push(step.push), text: step.push });
          } else {
            ring.shift();
            model.shift();
          }
          for (const kept of model) expect(ring.text(kept.id)).toBe(kept.text);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a number it no longer keeps, and keeps none after clear()', () => {
    const ring = createTextRing(2);
    const a = ring.push('a');
    const b = ring.push('b');
    const c = ring.push('c');
    expect(() => ring.text(a)).toThrow(RangeError);
    expect([ring.text(b), ring.text(c)]).toEqual(['b', 'c']);
    ring.clear();
    expect(() => ring.text(c)).toThrow(RangeError);
    expect(ring.text(ring.push('d'))).toBe('d');
  });

  it('tells which texts UTF-8 carries exactly', () => {
    expect(isWellFormed('Příliš žluťoučký kůň 😀')).toBe(true);
    expect(isWellFormed('😀'.slice(0, 1))).toBe(false);
    expect(isWellFormed('x\udc00')).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presentKey } from '../../src/domain/keys';
import { rememberedKeys } from '../../src/pipeline/remembered-keys';

describe('rememberedKeys', () => {
  it('answers every value as presentKey() does, whatever was presented before', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.option(fc.constantFrom('rk_demo_full', 'rk_demo_read', ' ', '', 'é', 'x'), { nil: null }),
          {
            maxLength: 40,
          },
        ),
        fc.integer({ min: 1, max: 4 }),
        (values, limit) => {
          const present = rememberedKeys(limit);
          for (const value of values) expect(present(value)).toEqual(presentKey(value));
        },
      ),
    );
  });

  it('remembers at most its limit of values, starting over when full', () => {
    const present = rememberedKeys(3);
    for (const value of ['a', 'b', 'c']) present(value);
    expect(present.size).toBe(3);
    present('a');
    expect(present.size).toBe(3);
    present('d');
    expect(present.size).toBe(1);
  });

  it('hands the same frozen value to each request presenting a key', () => {
    const present = rememberedKeys(8);
    const first = present('rk_demo_full');
    expect(present('rk_demo_full')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(present(null)).toBeNull();
  });
});

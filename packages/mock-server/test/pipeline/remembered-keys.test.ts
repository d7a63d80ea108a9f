import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presentKey } from '../../src/domain/keys';
import { RememberedKeys } from '../../src/pipeline/remembered-keys';

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
          const keys = new RememberedKeys(limit);
          for (const value of values) expect(keys.present(value)).toEqual(presentKey(value));
        },
      ),
    );
  });

  it('remembers at most its limit of values, starting over when full', () => {
    const keys = new RememberedKeys(3);
    for (const value of ['a', 'b', 'c']) keys.present(value);
    expect(keys.size).toBe(3);
    keys.present('a');
    expect(keys.size).toBe(3);
    keys.present('d');
    expect(keys.size).toBe(1);
  });

  it('hands the same frozen value to each request presenting a key', () => {
    const keys = new RememberedKeys(8);
    const first = keys.present('rk_demo_full');
    expect(keys.present('rk_demo_full')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(keys.present(null)).toBeNull();
  });
});

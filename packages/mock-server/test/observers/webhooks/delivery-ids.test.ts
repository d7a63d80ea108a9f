import { describe, expect, it } from 'vitest';
import { randomDeliveryIds } from '../../../src/observers/webhooks/dispatcher';

describe('delivery ids', () => {
  it('are whd_ and 16 hex digits, none repeated, across many draws of random bytes', () => {
    const next = randomDeliveryIds();
    const ids = Array.from({ length: 1000 }, next);
    for (const id of ids) expect(id).toMatch(/^whd_[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('differ between two sources (two worlds)', () => {
    const a = randomDeliveryIds();
    const b = randomDeliveryIds();
    const fromA = new Set(Array.from({ length: 100 }, a));
    expect(Array.from({ length: 100 }, b).some((id) => fromA.has(id))).toBe(false);
  });
});

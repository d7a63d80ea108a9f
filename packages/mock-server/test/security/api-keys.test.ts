// API keys are kept only as SHA-256 hashes (never in the store, a snapshot or a key listing) and a
// presented key is found by its hash and compared in constant time, never as plain text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticate, hashKey } from '../../src/domain/keys';
import { constantTimeEqual, sha256Hex } from '../../src/domain/sha256';
import { startMockServer } from '../../src/node';
import { createMockService } from '../../src/service';
import { createTestDomain } from '../support/domain';

// Wraps the comparison so a test can see what it was given; behaviour is the original's.
vi.mock('../../src/domain/sha256', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/domain/sha256')>();
  return { ...original, constantTimeEqual: vi.fn(original.constantTimeEqual) };
});

const DEMO_KEYS = ['rk_demo_full', 'rk_demo_read', 'rk_demo_basic', 'rk_salon_full'];

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(constantTimeEqual).mockClear();
});

describe('API keys at rest', () => {
  it('appear nowhere in a snapshot, key listings or the /__mock keys route, created and regenerated ones included', async () => {
    const server = await startMockServer({ port: 0, now: '2026-06-15T08:00:00Z' });
    try {
      const { control } = server.service;
      const created = await control.keys.create('demo-bistro', { permissions: ['read'] });
      const regenerated = await control.keys.regenerate('demo-bistro', 'key_demo_full');
      const overHttp = (await (
        await fetch(`${server.url}/__mock/projects/demo-bistro/keys`, {
          method: 'POST',
          body: JSON.stringify({ permissions: ['write'] }),
        })
      ).json()) as { key: string };
      const values = [...DEMO_KEYS, created.key, regenerated.key, overHttp.key];

      const snapshot = JSON.stringify(await control.snapshot());
      const listed = JSON.stringify([control.keys.list('demo-bistro'), control.keys.list('demo-salon')]);
      const route = await (await fetch(`${server.url}/__mock/projects/demo-bistro/keys`)).text();
      for (const value of values) {
        for (const [where, text] of [
          ['snapshot', snapshot],
          ['keys.list', listed],
          ['GET /__mock/.../keys', route],
        ]) {
          expect(text, `${where} holds ${value}`).not.toContain(value);
        }
      }
      // What is kept instead: the hash of each live value.
      for (const value of [created.key, regenerated.key, overHttp.key, 'rk_demo_read'])
        expect(snapshot).toContain(sha256Hex(value));
      expect(snapshot).not.toContain(sha256Hex('rk_demo_full'));
    } finally {
      await server.close();
    }
  });

  it('lists a key by a short prefix only, never more than a few characters of a random value', async () => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    const { id, key } = await service.control.keys.create('demo-bistro', { permissions: [] });
    const info = service.control.keys.list('demo-bistro').find((k) => k.id === id);
    expect(info).toEqual({ id, name: id, permissions: [], prefix: key.slice(0, 8) });
    expect(key.length).toBeGreaterThanOrEqual(32);
    service.close();
  });
});

describe('comparing a presented key', () => {
  it('looks the key up by the hash of the presented value and compares hashes, not values', async () => {
    const { ctx } = await createTestDomain();
    const lookup = vi.spyOn(ctx.store, 'keyByHash');
    expect(authenticate(ctx.store, 'rk_demo_full').id).toBe('key_demo_full');
    expect(lookup).toHaveBeenCalledWith(hashKey('rk_demo_full'));
    expect(vi.mocked(constantTimeEqual)).toHaveBeenCalledWith(
      hashKey('rk_demo_full'),
      hashKey('rk_demo_full'),
    );
    for (const call of [...lookup.mock.calls, ...vi.mocked(constantTimeEqual).mock.calls])
      for (const argument of call) expect(argument).toMatch(/^[0-9a-f]{64}$/);

    expect(() => authenticate(ctx.store, 'rk_demo_fulL')).toThrow('Invalid API key');
    expect(lookup).toHaveBeenLastCalledWith(hashKey('rk_demo_fulL'));
  });

  it('constantTimeEqual examines every character whether the strings differ early, late or not at all', () => {
    const compare = vi.mocked(constantTimeEqual).getMockImplementation();
    if (!compare) throw new Error('no original implementation');
    const reads = vi.spyOn(String.prototype, 'charCodeAt');
    const a = 'a'.repeat(64);
    for (const b of [`b${'a'.repeat(63)}`, `${'a'.repeat(63)}b`, a]) {
      reads.mockClear();
      expect(compare(a, b)).toBe(a === b);
      expect(reads).toHaveBeenCalledTimes(128);
    }
    // Different lengths: still the longer length's worth of reads, and false.
    reads.mockClear();
    expect(compare(a, a.slice(1))).toBe(false);
    expect(reads).toHaveBeenCalledTimes(128);
  });

  it('constantTimeEqual agrees with === on equal and unequal strings', () => {
    const compare = vi.mocked(constantTimeEqual).getMockImplementation();
    if (!compare) throw new Error('no original implementation');
    for (const [a, b] of [
      ['', ''],
      ['abc', 'abc'],
      ['abc', 'abd'],
      ['abc', 'ab'],
      ['é', 'e'],
      [sha256Hex('x'), sha256Hex('y')],
    ] as const)
      expect(compare(a, b)).toBe(a === b);
  });
});

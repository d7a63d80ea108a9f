// API keys are kept only as SHA-256 hashes (never in the store, a snapshot, a key listing or what a
// reset restores) and a presented key is found by the hash of what was presented, never as plain text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticate, hashKey, presentKey } from '../../src/domain/keys';
import { createMockService } from '../../src/index';
import { startMockServer } from '../../src/node';
import { createTestDomain } from '../support/domain';

const DEMO_KEYS = ['rk_demo_full', 'rk_demo_read', 'rk_demo_basic', 'rk_salon_full'];

afterEach(() => {
  vi.restoreAllMocks();
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
      const listed = JSON.stringify([
        await control.keys.list('demo-bistro'),
        await control.keys.list('demo-salon'),
      ]);
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
        expect(snapshot).toContain(hashKey(value));
      expect(snapshot).not.toContain(hashKey('rk_demo_full'));
    } finally {
      await server.close();
    }
  });

  it('lists a key by a short prefix only, never more than a few characters of a random value', async () => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    const { id, key } = await service.control.keys.create('demo-bistro', { permissions: [] });
    const info = (await service.control.keys.list('demo-bistro')).find((k) => k.id === id);
    expect(info).toEqual({ id, name: id, permissions: [], prefix: key.slice(0, 8) });
    expect(key.length).toBeGreaterThanOrEqual(32);
    service.close();
  });
});

describe('comparing a presented key', () => {
  it('looks the key up by the SHA-256 of the presented value, never by the value', async () => {
    const { ctx } = await createTestDomain();
    const lookup = vi.spyOn(ctx.store, 'keyByHash');
    expect(authenticate(ctx.store, presentKey('rk_demo_full')).id).toBe('key_demo_full');
    expect(lookup).toHaveBeenCalledWith(hashKey('rk_demo_full'));
    expect(() => authenticate(ctx.store, { hash: 'x'.repeat(64) })).toThrow('Invalid API key');
    for (const call of lookup.mock.calls)
      for (const argument of call) expect(argument).toMatch(/^[0-9a-fx]{64}$/);
  });

  it('refuses a value the mock has seen, once it is regenerated or revoked, on the next request', async () => {
    // The pipeline hashes each presented value once (src/pipeline/remembered-keys.ts): what it
    // remembers is the hash, never whether the key worked.
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    const info = (key: string) =>
      service.fetch(
        new Request(`${service.baseUrl}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': key } }),
      );
    expect((await info('rk_demo_full'))?.status).toBe(200);
    expect((await info('rk_demo_read'))?.status).toBe(200);
    const { key } = await service.control.keys.regenerate('demo-bistro', 'key_demo_full');
    expect((await info('rk_demo_full'))?.status).toBe(401);
    expect((await info(key))?.status).toBe(200);
    await service.control.keys.revoke('demo-bistro', 'key_demo_read');
    expect((await info('rk_demo_read'))?.status).toBe(401);
    await service.close();
  });

  it('keeps no key value for reset(): after a reset only hashes are held, and the demo keys work again', async () => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    await service.control.keys.regenerate('demo-bistro', 'key_demo_full');
    await service.reset();
    const snapshot = JSON.stringify(await service.control.snapshot());
    for (const value of DEMO_KEYS) {
      expect(snapshot).not.toContain(value);
      expect(snapshot).toContain(hashKey(value));
    }
    const answer = await service.fetch(
      new Request(`${service.baseUrl}/api/v1/demo-bistro/info`, { headers: { 'X-API-Key': 'rk_demo_full' } }),
    );
    expect(answer?.status).toBe(200);
    service.close();
  });
});

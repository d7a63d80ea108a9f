import { describe, expect, it } from 'vitest';
import {
  authenticate,
  authoriseProject,
  createKey,
  hashKey,
  presentKey,
  regenerateKey,
  requirePermission,
} from '../../src/domain/keys';
import { createTestDomain } from '../support/domain';

describe('API keys', () => {
  it('are stored as SHA-256 hashes only', async () => {
    const { ctx } = await createTestDomain();
    const snapshot = JSON.stringify(ctx.store.snapshot());
    for (const value of ['rk_demo_full', 'rk_demo_read', 'rk_demo_basic', 'rk_salon_full']) {
      expect(snapshot).not.toContain(`"${value}"`);
      expect(snapshot).toContain(hashKey(value));
    }
  });

  it('hash with SHA-256 (a known test vector)', async () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('authenticate refuses a missing or unknown key and resolves a valid one to its record', async () => {
    const { ctx } = await createTestDomain();
    expect(() => authenticate(ctx.store, null)).toThrow('Missing X-API-Key header');
    expect(presentKey('')).toBeNull();
    expect(presentKey('   ')).toBeNull();
    expect(() => authenticate(ctx.store, { hash: 'x' })).toThrow('Invalid API key');
    const wrong = presentKey('rk_demo_ful');
    expect(() => authenticate(ctx.store, wrong)).toThrow('Invalid API key');
    expect(authenticate(ctx.store, presentKey('rk_demo_full')).id).toBe('key_demo_full');
  });

  it('are bound to one project', async () => {
    const { ctx } = await createTestDomain();
    const key = authenticate(ctx.store, presentKey('rk_salon_full'));
    expect(authoriseProject(ctx.store, key, 'demo-salon').slug).toBe('demo-salon');
    expect(() => authoriseProject(ctx.store, key, 'demo-bistro')).toThrow(
      'API key is not authorized for this project',
    );
    expect(() => authoriseProject(ctx.store, key, 'ghost')).toThrow(
      'API key is not authorized for this project',
    );
  });

  it('carry permissions: a read key may read but is refused media', async () => {
    const { ctx } = await createTestDomain();
    const read = authenticate(ctx.store, presentKey('rk_demo_read'));
    expect(() => requirePermission(read, 'read')).not.toThrow();
    expect(() => requirePermission(read, null)).not.toThrow();
    expect(() => requirePermission(read, 'media')).toThrow('API key does not have media read permission');
  });

  it('new keys get a key_ id and a random rk_ value; regenerating invalidates the old value at once', async () => {
    const { ctx } = await createTestDomain();
    const issued = await createKey(ctx, 'prj_demo_bistro', { permissions: ['read'] });
    expect(issued.record.id).toMatch(/^key_/);
    expect(issued.value).toMatch(/^rk_[A-Za-z0-9_-]{32}$/);
    const again = await regenerateKey(ctx, issued.record);
    expect(again.record.id).toBe(issued.record.id);
    expect(() => authenticate(ctx.store, { hash: issued.record.hash })).toThrow('Invalid API key');
    expect(authenticate(ctx.store, presentKey(again.value)).id).toBe(issued.record.id);
  });
});

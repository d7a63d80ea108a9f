// Importing the package builds none of its zod object schemas: each is built on its first use and
// kept (BENCHMARKS.md, "import": building them was most of what the entry itself cost at import). The
// zod module is replaced by one whose `z.object` counts its calls.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ objects: 0 }));

vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod')>();
  const object: typeof zod.z.object = (...args) => {
    built.objects++;
    return zod.z.object(...args);
  };
  return { ...zod, z: { ...zod.z, object } };
});

// Before as well as after: test files share a worker's module cache (vitest.config.ts), so another
// file may have imported the package already, with the real zod.
beforeEach(() => vi.resetModules());
afterEach(() => vi.resetModules());
// A worker that shares its module cache also keeps mocks across files: the later files get the real zod.
afterAll(() => {
  vi.doUnmock('zod');
  vi.resetModules();
});

describe("the package's entry", () => {
  it('builds no zod object schema when imported', async () => {
    built.objects = 0;
    await import('../../src/index');
    expect(built.objects).toBe(0);
  });

  it('builds them on first use, once per process: a second mock doing the same builds none', async () => {
    built.objects = 0;
    const { createMockService } = await import('../../src/index');
    /** A fresh mock, a rejected booking (the body schema) and a reset (the control's schema). */
    const use = async () => {
      const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
      const answer = await mock.fetch(
        new Request(`${mock.baseUrl}/api/v1/demo-bistro/reservations`, {
          method: 'POST',
          headers: { 'x-api-key': 'rk_demo_full', 'content-type': 'application/json' },
          body: JSON.stringify({}),
        }),
      );
      await mock.control.reset();
      mock.close();
      return answer?.status;
    };

    expect(await use()).toBe(400);
    const afterFirst = built.objects;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await use()).toBe(400);
    expect(built.objects).toBe(afterFirst);
  });
});

// The MSW handlers over the whole declared peer range (msw ^2.10.0 || ^3.0.0): msw 2.10 reads a
// handler's first argument as a path (a string or a RegExp) and throws `path.endsWith is not a
// function` on a predicate function, so the handlers match by a RegExp prefix. The matrix runs the
// user's suite on msw 2.10.0 itself (scripts/matrix/run.mjs, "msw 2.10.0").
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';

describe('the MSW handlers', () => {
  const mock = createMockService({ now: '2026-06-15T08:00:00Z', baseUrl: 'http://mock.test:4010/v.1' });
  const server = setupServer(...mock.controlHandlers, ...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => {
    server.close();
    mock.close();
  });

  it('match by a path msw 2.10 accepts: a RegExp, not a predicate function', () => {
    for (const handler of [...mock.handlers, ...mock.controlHandlers]) {
      expect((handler.info as { path?: unknown }).path).toBeInstanceOf(RegExp);
    }
  });

  it('answer every URL under the base URL, and take the base URL literally (a dot is a dot)', async () => {
    const info = await fetch('http://mock.test:4010/v.1/api/v1/demo-bistro/info?x=1', {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    expect(info.status).toBe(200);
    const clock = await fetch('http://mock.test:4010/v.1/__mock/clock');
    expect(clock.status).toBe(200);
    // `.` in the base path would match any character in an unescaped pattern.
    await expect(fetch('http://mock.test:4010/vX1/api/v1/demo-bistro/info')).rejects.toThrow();
  });
});

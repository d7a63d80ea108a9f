// startBrowserMock() without a browser: msw/browser's setupWorker is replaced by one that records what
// it is started with. Requests the mock does not answer pass through by default under both msw
// majors (msw 3 renamed `onUnhandledRequest` to `onUnhandledFrame` and ignores the old name, so the
// default did nothing there), and stop() resolves once the mock has ended.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const worker = vi.hoisted(() => ({
  started: [] as unknown[],
  stopped: 0,
  fail: undefined as Error | undefined,
}));

vi.mock('msw/browser', () => ({
  setupWorker: () => ({
    start: async (options: unknown) => {
      worker.started.push(options);
      if (worker.fail) throw worker.fail;
      return undefined;
    },
    stop: () => {
      worker.stopped++;
    },
  }),
}));

// Test files share a worker's module cache (vitest.config.ts): before and after, the entry is loaded
// afresh, and the later files get the real msw/browser.
beforeEach(() => {
  vi.resetModules();
  worker.started = [];
  worker.stopped = 0;
  worker.fail = undefined;
});
afterEach(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('msw/browser');
  vi.resetModules();
});

describe('startBrowserMock', () => {
  it('lets requests it does not answer pass, under the option name of msw 2 and of msw 3', async () => {
    const { startBrowserMock } = await import('../../src/browser');
    const mock = await startBrowserMock({ now: '2030-06-17T08:00:00Z' });
    expect(worker.started).toEqual([{ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' }]);
    await mock.stop();
  });

  it('keeps your start options over the defaults', async () => {
    const { startBrowserMock } = await import('../../src/browser');
    const mock = await startBrowserMock({ start: { onUnhandledRequest: 'error', quiet: true } });
    expect(worker.started).toEqual([
      { onUnhandledRequest: 'error', onUnhandledFrame: 'bypass', quiet: true },
    ]);
    await mock.stop();
  });

  it('refuses an option it does not have before starting a worker, naming the nearest', async () => {
    const { startBrowserMock } = await import('../../src/browser');
    await expect(startBrowserMock({ persists: true } as never)).rejects.toThrow(
      /^startBrowserMock: unknown option "persists" \(did you mean "persist"\?\)/,
    );
    // Its own options and the mock's are known.
    const mock = await startBrowserMock({ control: false, persist: false, start: {}, journalLimit: 0 });
    expect(worker.started).toHaveLength(1);
    await mock.stop();
  });

  it('a worker that does not start: rejects naming the worker file and closes the mock it made', async () => {
    const { startBrowserMock } = await import('../../src/browser');
    // The mock's end is seen by its persistence's watch being let go (as persist's storage listener is).
    let watching = 0;
    const persistence = {
      load: async () => null,
      save: async () => undefined,
      watch: () => {
        watching++;
        return () => {
          watching--;
        };
      },
    };
    worker.fail = new Error("Failed to register a ServiceWorker: unsupported MIME type ('text/html')");
    const error = await startBrowserMock({
      persistence,
      start: { serviceWorker: { url: '/wrong/mockServiceWorker.js' } },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'startBrowserMock: the service worker did not start: is mockServiceWorker.js served at /wrong/mockServiceWorker.js? (`npx msw init public/ --save` puts it there; start.serviceWorker.url names another place)',
    );
    expect((error as Error).cause).toBe(worker.fail);
    expect(watching).toBe(0);
  });

  it('refuses persist: true with a persistence of your own, which it would replace unseen', async () => {
    const { startBrowserMock } = await import('../../src/browser');
    const persistence = { load: async () => null, save: async () => undefined };
    await expect(startBrowserMock({ persist: true, persistence })).rejects.toThrow(
      /^startBrowserMock: persist: true and persistence cannot go together/,
    );
    expect(worker.started).toEqual([]);
  });

  it('stop() stops the worker and resolves once the mock has ended', async () => {
    const { startBrowserMock } = await import('../../src/browser');
    const mock = await startBrowserMock({ now: '2030-06-17T08:00:00Z' });
    const stopping = mock.stop();
    expect(stopping).toBeInstanceOf(Promise);
    await stopping;
    expect(worker.stopped).toBe(1);
    const answer = await mock.service.fetch(
      new Request(`${mock.service.baseUrl}/api/v1/demo-bistro/info`, {
        headers: { 'X-API-Key': 'rk_demo_full' },
      }),
    );
    expect(answer?.status).toBe(503);
  });
});

// startBrowserMock(): the mock in a service worker (`npx msw init public/ --save` puts
// mockServiceWorker.js where the app serves it). No Node-only module is imported from here.
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
import type { MockServiceOptions } from '../core/mock-core';
import { createMockService, DEFAULT_BASE_URL, type MockService } from '../index';
import { browserStorage } from '../persist/browser-storage';

/** The localStorage key a persisted browser mock keeps its data under. */
export function persistKey(baseUrl: string = DEFAULT_BASE_URL): string {
  return `reservation-mock:${new URL(baseUrl).href}`;
}

export interface BrowserMockOptions extends MockServiceOptions {
  /** Also answer the /__mock/ control routes. Default true. */
  control?: boolean;
  /** Options for worker.start(); default `{ onUnhandledRequest: 'bypass' }`. */
  start?: StartOptions;
  /**
   * Keep the mock's data across page reloads (localStorage, one key per base URL) and in step
   * across the origin's tabs. Default false. `service.reset()` goes back to the seed.
   */
  persist?: boolean;
}

export interface BrowserMock {
  service: MockService;
  worker: SetupWorker;
  stop(): void;
}

/** Creates a mock service and starts an MSW worker answering for it. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const { control = true, start, persist = false, ...serviceOptions } = options;
  const service = createMockService({
    ...serviceOptions,
    ...(persist ? { persistence: browserStorage(persistKey(serviceOptions.baseUrl)) } : {}),
  });
  const worker = setupWorker(...(control ? service.controlHandlers : []), ...service.handlers);
  await worker.start({ onUnhandledRequest: 'bypass', ...start });
  return {
    service,
    worker,
    stop() {
      worker.stop();
      service.close();
    },
  };
}

// startBrowserMock(): the mock in a service worker (`npx msw init public/ --save` puts
// mockServiceWorker.js where the app serves it). No Node-only module is imported from here.
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
import type { MockServiceOptions } from '../core/mock-core';
import { createMockService, type MockService } from '../index';

export interface BrowserMockOptions extends MockServiceOptions {
  /** Also answer the /__mock/ control routes. Default true. */
  control?: boolean;
  /** Options for worker.start(); default `{ onUnhandledRequest: 'bypass' }`. */
  start?: StartOptions;
}

export interface BrowserMock {
  service: MockService;
  worker: SetupWorker;
  stop(): void;
}

/** Creates a mock service and starts an MSW worker answering for it. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const { control = true, start, ...serviceOptions } = options;
  const service = createMockService(serviceOptions);
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

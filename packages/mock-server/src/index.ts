// Public surface of @reservation-api/mock-server (Node tests and browsers): createMockService(), the
// mock with its MSW handlers. The standalone server is in "./node" (which needs no msw), the service
// worker helper in "./browser".
import { createMswHandlers, type MswHandlers } from './adapters/msw';
import { createMockCore, type MockCore, type MockServiceOptions } from './core/mock-core';

export * from './public';

/** A mock with MSW handlers for its API (`handlers`) and its control routes (`controlHandlers`). */
export interface MockService extends MockCore, MswHandlers {}

export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = createMockCore(options);
  const msw = createMswHandlers(core);
  return {
    ...core,
    // Read through: each list is made on first read (adapters/msw.ts).
    get handlers() {
      return msw.handlers;
    },
    get controlHandlers() {
      return msw.controlHandlers;
    },
  };
}

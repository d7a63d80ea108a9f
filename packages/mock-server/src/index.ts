// Public surface of @reservation-api/mock-server (Node tests and browsers): createMockService(), the
// mock with its MSW handlers. The standalone server is in "./node" (which needs no msw), the service
// worker helper in "./browser".

import { createMockCore, type MockCore, type MockServiceOptions } from './mock';
import { createMswHandlers, type MswHandlers } from './transports/msw';

export * from './public';

/** A mock with MSW handlers for its API (`handlers`) and its control routes (`controlHandlers`). */
export interface MockService extends MockCore, MswHandlers {}

export function createMockService(options: MockServiceOptions = {}): MockService {
  const core = createMockCore(options);
  return Object.assign(core, createMswHandlers(core));
}

// Public surface of @reservation-api/mock-server (Node tests and browsers): createMockService(), the
// mock with its MSW handlers. The standalone server is in "./node" (which needs no msw), the service
// worker helper in "./browser".

export * from './public';
export { createMockService, type MockService } from './transports/msw';

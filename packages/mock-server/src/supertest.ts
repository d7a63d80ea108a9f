// `@reservation-api/mock-server/supertest`: msw's `onUnhandledRequest: 'error'` that lets your own
// local server through (supertest's ephemeral 127.0.0.1 port), for msw 2 and msw 3 alike (mock README,
// "Testing your own HTTP service with supertest"). Imports nothing from msw.
export {
  type HasBaseUrl,
  isOwnLocalServer,
  type UnhandledExceptLocal,
  type UnhandledExceptLocalOptions,
  type UnhandledFrameArgs,
  type UnhandledRequestPrint,
  unhandledExceptLocal,
} from './transports/unhandled-except-local';

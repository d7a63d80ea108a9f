// Where the mock reports what is not an answer to a request: a bug caught in the pipeline, a webhook
// dispatcher failure. Injectable (`createMockService({ logger })`); the console by default.

export interface MockLogger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

export const consoleLogger: MockLogger = {
  error: (message, ...details) => console.error(`[reservation-mock] ${message}`, ...details),
  warn: (message, ...details) => console.warn(`[reservation-mock] ${message}`, ...details),
};

/** Says nothing: for tests that provoke failures on purpose. */
export const silentLogger: MockLogger = { error: () => undefined, warn: () => undefined };

// Stands in for msw in the bundled CLI only: tsup.config.ts aliases `msw` to this file for that one
// build. The standalone server answers through service.answer() and never builds MSW handlers
// (service.ts builds them on first access), so nothing here is ever called. Leaving msw out spares
// the CLI's start-up the evaluation of msw and of Node's fetch implementation, which msw loads.
function unavailable(): never {
  throw new Error('MSW handlers are not part of the reservation-mock CLI; use the package instead');
}

export const http: Record<string, () => never> = new Proxy({}, { get: () => unavailable });

// Public surface of @reservation-api/sdk. The generated OpenAPI types are re-exported so that other
// packages (the mock server, your code) type against the same contract.
export type { components, operations, paths, webhooks } from './generated/schema';

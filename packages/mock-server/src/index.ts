// Public surface of @reservation-api/mock-server (universal: Node and browsers). The standalone
// server is in "./node", the service-worker helper in "./browser".
export { type Clock, createManualClock, createSystemClock } from './clock';
export { type IssuedKeyInfo, type KeyInfo, type MockControl, MockControlError } from './control';
export type { Permission, ReservationStatus } from './domain/records';
export type { ReservationImport } from './domain/reservations';
export { ACTIVE_STATUSES, TRANSITIONS } from './domain/state-machine';
export { MAX_BODY_BYTES } from './http/body';
export type { ApiAnswer, ApiRequest } from './http/exchange';
export type { Fault, FaultSpec } from './http/faults';
export { createSequentialIds, type IdSource } from './ids';
export { DEMO_KEYS, demoSeed } from './seed/demo';
export { emptySeed } from './seed/empty';
export { parseSeedData, parseSeedJson, SeedError } from './seed/from-json';
export type {
  ResolvedSeedData,
  SeedData,
  SeedProjectInput,
  SeedServiceInput,
  SeedTableInput,
} from './seed/seed-data';
export { createMockService, DEFAULT_BASE_URL, type MockService, type MockServiceOptions } from './service';
export type { Delivery, DeliveryAttempt, DeliveryStatus, WebhookEvent } from './webhooks';

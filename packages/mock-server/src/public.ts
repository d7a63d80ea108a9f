// What every entry exports besides its own factory: the transport-free core and its types.
export { type Clock, createManualClock, createSystemClock } from './clock';
export {
  type DeliveryFilter,
  type IssuedKeyInfo,
  type KeyInfo,
  type MockControl,
  MockControlError,
  type ProjectSummary,
  type TriggerResult,
} from './control/control';
export type { MockEvent, StateChange, StateChangeKind } from './core/event-bus';
export type { JournalEntry, JournalFilter, OperationId } from './core/journal';
export { consoleLogger, type MockLogger, silentLogger } from './core/logger';
export {
  createMockCore,
  DEFAULT_BASE_URL,
  type MockCore,
  type MockServiceOptions,
} from './core/mock-core';
export { type Permission, RESERVATION_STATUSES, type ReservationStatus } from './domain/records';
export { ACTIVE_STATUSES, TRANSITIONS } from './domain/state-machine';
export { MAX_BODY_BYTES, MAX_BODY_DEPTH } from './http/body';
export type { MockAnswer, MockRequest } from './http/exchange';
export type { Fault, FaultSpec } from './http/faults';
export { createSequentialIds, type IdSource } from './ids';
export { browserStorage } from './persist/browser-storage';
export type { MockPersistence, MockSnapshot } from './persist/snapshot';
export { DEMO_KEYS, demoSeed } from './seed/demo';
export { emptySeed } from './seed/empty';
export { parseSeedData, parseSeedJson, SeedError } from './seed/from-json';
export type {
  ReservationImport,
  ResolvedSeedData,
  SeedData,
  SeedProjectInput,
  SeedServiceInput,
  SeedTableInput,
} from './seed/seed-data';
export type {
  Delivery,
  DeliveryAttempt,
  DeliveryResponse,
  DeliveryStatus,
  WebhookEvent,
} from './webhooks';

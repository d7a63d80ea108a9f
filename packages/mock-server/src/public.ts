// What every entry exports besides its own factory: the transport-free core and its types.

export {
  type DeliveryFilter,
  type IssuedKeyInfo,
  type KeyInfo,
  type MockControl,
  MockControlError,
  type ProjectSummary,
  type TriggerResult,
} from './control/control';
export type { Fault, FaultSpec } from './control/faults';
export { type Permission, RESERVATION_STATUSES, type ReservationStatus } from './domain/records';
export { ACTIVE_STATUSES, TRANSITIONS } from './domain/state-machine';
export {
  createMockCore,
  DEFAULT_BASE_URL,
  type MockCore,
  type MockServiceOptions,
} from './mock';
export {
  type CoverageItem,
  type CoverageKind,
  type CoverageReport,
  coverageByKind,
  coverageMarkdown,
  coveragePercent,
  coverageTable,
  mergeCoverage,
  type RefusedGroup,
} from './observers/api-coverage';
export { browserStorage } from './observers/browser-storage';
export type { JournalEntry, JournalFilter, OperationId } from './observers/journal';
export type { MockEvent, StateChange, StateChangeKind } from './observers/mock-events';
export type { MockPersistence, MockSnapshot } from './observers/snapshot';
export type {
  Delivery,
  DeliveryAttempt,
  DeliveryResponse,
  DeliveryStatus,
  WebhookEvent,
  WebhookPost,
  WebhookReply,
  WebhookTransport,
} from './observers/webhooks';
export { MAX_BODY_BYTES, MAX_BODY_DEPTH } from './pipeline/body';
export type { MockAnswer, MockRequest } from './pipeline/exchange';
export { type Clock, createManualClock, createSystemClock } from './runtime/clock';
export { createSequentialIds, type IdSource } from './runtime/ids';
export { consoleLogger, type MockLogger, silentLogger } from './runtime/logger';
export { WorldEndedError, WorldResetError } from './runtime/scheduler';
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

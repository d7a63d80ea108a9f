// The stateful parts of one mock, as createMockCore() makes them and the API pipeline and the
// control interface share them.
import type { DomainContext } from '../domain/context';
import type { CoverageCounter } from '../observers/api-coverage';
import type { Journal } from '../observers/journal';
import type { MockEventBus } from '../observers/mock-events';
import type { OutcomeBus } from '../observers/outcome';
import type { StoreChanges } from '../observers/store-changes';
import type { WebhookDispatcher } from '../observers/webhooks';
import type { Lock } from '../runtime/lock';
import type { Scheduler } from '../runtime/scheduler';
import type { Faults } from './faults';

export interface MockParts {
  ctx: DomainContext;
  lock: Lock;
  /** The world's timers and clock moves. */
  scheduler: Scheduler;
  dispatcher: WebhookDispatcher;
  faults: Faults;
  journal: Journal;
  /** For watchers to subscribe to; nothing here emits on it (observers/outcome-observers.ts does). */
  events: MockEventBus;
  /** What this world's traffic exercised of the contract (read by control.coverage()). */
  coverage: Pick<CoverageCounter, 'report'>;
  /** Where every write publishes its outcome. */
  outcomes: OutcomeBus;
  /** The store's change events, gathered per write. */
  changes: StoreChanges;
}

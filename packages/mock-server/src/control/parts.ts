// The stateful parts of one mock, as createMockCore() makes them and the API pipeline and the
// control interface share them.
import type { DomainContext } from '../domain/context';
import type { CoverageCounter } from '../observers/api-coverage';
import type { Journal } from '../observers/journal';
import type { MockEventBus } from '../observers/mock-events';
import type { WebhookDispatcher } from '../observers/webhooks';
import type { Lock } from '../runtime/lock';
import type { Faults } from './faults';

export interface MockParts {
  ctx: DomainContext;
  lock: Lock;
  dispatcher: WebhookDispatcher;
  faults: Faults;
  journal: Journal;
  events: MockEventBus;
  /** What this world's traffic exercised of the contract (read by control.coverage()). */
  coverage: Pick<CoverageCounter, 'report'>;
}

// The stateful parts of one mock, as createMockCore() makes them and the API pipeline and the
// control interface share them.
import type { DomainContext } from '../domain/context';
import type { Faults } from '../http/faults';
import type { WebhookDispatcher } from '../webhooks';
import type { EventBus } from './event-bus';
import type { Journal } from './journal';
import type { Lock } from './lock';

export interface MockParts {
  ctx: DomainContext;
  lock: Lock;
  dispatcher: WebhookDispatcher;
  faults: Faults;
  journal: Journal;
  events: EventBus;
}

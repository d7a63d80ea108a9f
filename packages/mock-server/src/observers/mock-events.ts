// What happens inside a mock, as a stream for those who watch it: the dashboard (over Server-Sent
// Events), persistence, tests. The events travel on a runtime event bus (runtime/event-bus.ts).
import type { EventBus } from '../runtime/event-bus';
import type { JournalEntry } from './journal';
import type { Delivery } from './webhooks';

export type StateChangeKind =
  | 'reset'
  | 'requests-cleared'
  | 'clock'
  | 'reservation'
  | 'keys'
  | 'faults'
  | 'webhook'
  | 'blacklist'
  | 'project';

export interface StateChange {
  kind: StateChangeKind;
  /** The mock clock when it happened (ISO). */
  at: string;
  slug?: string;
  id?: string;
  status?: string;
  /** For `clock`: the new time. */
  now?: string;
}

export type MockEvent =
  | { type: 'request'; data: JournalEntry }
  | { type: 'delivery'; data: Delivery }
  | { type: 'state'; data: StateChange };

/** The bus of a mock's events. */
export type MockEventBus = EventBus<MockEvent>;

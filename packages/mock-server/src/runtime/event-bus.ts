// What happens inside a mock, as a stream for those who watch it: the dashboard (over Server-Sent
// Events on the standalone server) and tests. Listeners are called synchronously, in order; one that
// throws is dropped from nothing and breaks nothing (its error goes to the logger).

import type { JournalEntry } from '../observers/journal';
import type { Delivery } from '../observers/webhooks';
import type { MockLogger } from './logger';

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

export interface EventBus {
  emit(event: MockEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: MockEvent) => void): () => void;
}

export function createEventBus(logger: MockLogger): EventBus {
  const listeners = new Set<(event: MockEvent) => void>();
  return {
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          logger.error('event listener failed', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// A synchronous publish/subscribe channel: listeners are called in order; one that throws breaks
// nothing (its error goes to the logger). The mock's events (observers/mock-events.ts) travel on one.
import type { MockLogger } from './logger';

export interface EventBus<E> {
  emit(event: E): void;
  /**
   * Whether anyone listens: an event costly to make is made only then. A method, not a getter (an
   * object literal's own accessor keeps what it reaches through young collections on Node 20).
   */
  listening(): boolean;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: E) => void): () => void;
}

export function createEventBus<E>(logger: MockLogger): EventBus<E> {
  const listeners = new Set<(event: E) => void>();
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
    listening: () => listeners.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Who hears of an API request once it is answered (its outcome, observers/outcome.ts): the webhook
// dispatcher sends the deliveries it caused, the event stream announces each reservation it changed
// (persistence saves on that announcement, as it does on a control call's: observers/persistence.ts),
// then the journal records it and the stream announces the entry. Subscribed in this order, so a
// watcher sees the delivery and the change before the request. The pipeline publishes an outcome
// that changed anything under the mock's lock, so deliveries start in the order of the changes.
import { isoOf } from '../domain/time';
import type { Clock } from '../runtime/clock';
import type { Journal } from './journal';
import type { MockEventBus } from './mock-events';
import type { OutcomeBus } from './outcome';
import type { WebhookDispatcher } from './webhooks';

export function observeOutcomes(
  outcomes: OutcomeBus,
  {
    journal,
    events,
    clock,
    dispatcher,
  }: { journal: Journal; events: MockEventBus; clock: Clock; dispatcher: Pick<WebhookDispatcher, 'deliver'> },
): void {
  outcomes.subscribe(({ deliveries }) => dispatcher.deliver(deliveries));
  outcomes.subscribe(({ reservations, request }) => {
    if (reservations.length === 0) return;
    const at = isoOf(clock.now());
    const slug = request.project ?? undefined;
    for (const id of reservations)
      events.emit({ type: 'state', data: { kind: 'reservation', at, id, ...(slug ? { slug } : {}) } });
  });
  outcomes.subscribe((outcome) => {
    const entry = journal.record(outcome);
    if (entry) events.emit({ type: 'request', data: entry });
  });
}

// Who hears of a write once it took effect (its outcome, observers/outcome.ts), in this order: the
// webhook dispatcher sends the deliveries it caused; the journal takes note of a reset or a clear;
// the event stream announces what changed (each reservation an API request changed, a control
// write's notice); then the journal records an API request and the stream announces the entry;
// last, coverage counts an API request's answer and transitions (a reset's outcome starts it over;
// it hears delivery changes from the dispatcher's onChange, made in mock.ts). Persistence subscribes on its own (observers/persistence.ts). Subscribed in this order, so a watcher
// sees the delivery and the change before the request. The stream's events are made only while
// someone watches it (events.listening()). Outcomes that changed anything are published under the
// world's lock, so deliveries start in the order of the changes.
import { isoOf } from '../domain/time';
import type { Clock } from '../runtime/clock';
import type { CoverageCounter } from './api-coverage';
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
    coverage,
  }: {
    journal: Journal;
    events: MockEventBus;
    clock: Clock;
    dispatcher: Pick<WebhookDispatcher, 'deliver' | 'reset'>;
    coverage: Pick<CoverageCounter, 'observeOutcome' | 'reset'>;
  },
): void {
  outcomes.subscribe((outcome) => {
    // A reset forgets the deliveries of the world before it (none of them is sent afterwards).
    if (outcome.replaced) dispatcher.reset();
    if (outcome.deliveries.length > 0) dispatcher.deliver(outcome.deliveries);
  });
  outcomes.subscribe((outcome) => {
    if (outcome.kind === 'api') return;
    const kind = outcome.notice.kind;
    if (kind === 'reset' || kind === 'requests-cleared') journal.clear();
  });
  outcomes.subscribe((outcome) => {
    // State events exist for those who watch (the dashboard, tests): made only then.
    if (!events.listening()) return;
    if (outcome.kind === 'control') {
      // Object.assign, not `{ ...notice, at }`: on Node 20 an object made by a spread and then given
      // more properties gets a hidden class of its own, one per control write (BENCHMARKS.md, "In process").
      events.emit({ type: 'state', data: Object.assign({}, outcome.notice, { at: isoOf(clock.now()) }) });
      return;
    }
    const { reservations, request } = outcome;
    if (reservations.length === 0) return;
    const at = isoOf(clock.now());
    const slug = request.project ?? undefined;
    for (const id of reservations)
      events.emit({ type: 'state', data: { kind: 'reservation', at, id, ...(slug ? { slug } : {}) } });
  });
  outcomes.subscribe((outcome) => {
    if (outcome.kind !== 'api') return;
    // The entry is read back (its texts decoded) only for a stream someone watches.
    if (!journal.record(outcome) || !events.listening()) return;
    const entry = journal.newest();
    if (entry) events.emit({ type: 'request', data: entry });
  });
  outcomes.subscribe((outcome) => {
    if (outcome.kind === 'api') coverage.observeOutcome(outcome);
    else if (outcome.notice.kind === 'reset') coverage.reset();
  });
}

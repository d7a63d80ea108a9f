// A journal clear is told to those who watch (mock README, "The control interface": the `state`
// event `requests-cleared`), so a dashboard opened elsewhere empties its list too.
import { expect, it } from 'vitest';
import { createMockService, type MockEvent } from '../../src/index';

it('announces a journal clear as a state event of kind requests-cleared', async () => {
  const mock = createMockService({ now: '2030-06-17T08:00:00Z' });
  const events: MockEvent[] = [];
  mock.control.subscribe((event) => events.push(event));

  mock.control.requests.clear();

  expect(events).toEqual([
    { type: 'state', data: { kind: 'requests-cleared', at: '2030-06-17T08:00:00.000Z' } },
  ]);
});

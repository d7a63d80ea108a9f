// What a fresh mock is made of, for what one costs (BENCHMARKS.md, "In process"): V8 keeps an object
// with an accessor of its own (an object literal's getter or setter), and everything it reaches,
// through young-generation collections until a full one, so a mock built of such objects was copied
// whole by every collection that ran while it lived or after it closed. And a mock that is never
// watched makes no AbortController (an EventTarget: costly to make and to collect).
import { afterEach, describe, expect, it } from 'vitest';
import { createFaults } from '../../src/control/faults';
import { createMockService } from '../../src/index';
import { createMockCore } from '../../src/mock';
import { createManualClock, createSwappableClock } from '../../src/runtime/clock';
import { createScheduler } from '../../src/runtime/scheduler';

const NOW = '2026-06-15T08:00:00Z';

function ownAccessors(value: object): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(value))
    .filter(([, descriptor]) => 'get' in descriptor || 'set' in descriptor)
    .map(([name]) => name);
}

describe('a fresh mock', () => {
  const OriginalAbortController = globalThis.AbortController;
  afterEach(() => {
    globalThis.AbortController = OriginalAbortController;
  });

  it('is built of objects with no accessors of their own', async () => {
    const service = createMockService({ now: NOW });
    const core = createMockCore({ now: NOW });
    const clock = createSwappableClock(createManualClock(NOW));
    const scheduler = createScheduler({ clock });
    for (const [name, value] of Object.entries({
      service,
      core,
      clock,
      scheduler,
      faults: createFaults(() => undefined),
    }))
      expect({ name, accessors: ownAccessors(value) }).toEqual({ name, accessors: [] });
    // The accessors are still there, on the prototype: lazy lists, the signal made on first read.
    expect(service.handlers).toHaveLength(1);
    expect(service.controlHandlers).toHaveLength(1);
    expect(service.ended.aborted).toBe(false);
    await Promise.all([service.close(), core.close()]);
    expect(service.ended.aborted).toBe(true);
    expect(core.ended.aborted).toBe(true);
  });

  it('makes no AbortController until `ended` is read, also when it is used and closed', async () => {
    // A Fetch Request makes one of its own: made before counting starts.
    const request = new Request('http://127.0.0.1:4010/api/v1/demo-bistro/info', {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    let made = 0;
    globalThis.AbortController = class extends OriginalAbortController {
      constructor() {
        super();
        made += 1;
      }
    };
    const mock = createMockService({ now: NOW });
    const info = await mock.fetch(request);
    expect(info?.status).toBe(200);
    await mock.reset();
    await mock.close();
    expect(made).toBe(0);
    // Read after the end, it is made already aborted.
    expect(mock.ended.aborted).toBe(true);
    expect(made).toBe(1);
  });

  it('closed at once, before its seed is in, reports nothing to its logger', async () => {
    const reported: unknown[] = [];
    const logger = {
      error: (...args: unknown[]) => reported.push(args),
      warn: (...args: unknown[]) => reported.push(args),
    };
    await createMockService({ now: NOW, logger }).close();
    await createMockCore({ now: NOW, logger }).close();
    expect(reported).toEqual([]);
  });

  it('swaps its clock source and says whether time is frozen from the source in use', () => {
    const clock = createSwappableClock({
      manual: false,
      now: () => 0,
      set: () => undefined,
      advance: () => undefined,
    });
    expect(clock.manual).toBe(false);
    clock.use(createManualClock(NOW));
    expect(clock.manual).toBe(true);
    expect(clock.now()).toBe(Date.parse(NOW));
  });
});

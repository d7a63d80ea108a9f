// What a fresh mock is made of, for what one costs (BENCHMARKS.md, "In process"): V8 keeps an object
// with an accessor of its own (an object literal's getter or setter), and everything it reaches,
// through young-generation collections until a full one, so a mock built of such objects was copied
// whole by every collection that ran while it lived or after it closed. And a mock that is never
// watched makes no AbortController (an EventTarget: costly to make and to collect).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createFaults } from '../../src/control/faults';
import { createMockService } from '../../src/index';
import { createMockCore } from '../../src/mock';
import { RememberedKeys } from '../../src/pipeline/remembered-keys';
import { createManualClock, createSwappableClock } from '../../src/runtime/clock';
import { createEventBus } from '../../src/runtime/event-bus';
import { createScheduler } from '../../src/runtime/scheduler';

const NOW = '2026-06-15T08:00:00Z';

/** A full garbage collection (the flag is switched on for this; the function taken from a fresh context). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

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
      // One per mock each: the event buses and the pipeline's remembered key hashes.
      events: createEventBus({ error: () => undefined, warn: () => undefined }),
      keys: new RememberedKeys(),
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

  it('once closed, is not kept alive by its MSW handlers, which answer as the closed mock does', async () => {
    const api = 'http://127.0.0.1:4010/api/v1/demo-bistro/info';
    const headers = { 'X-API-Key': 'rk_demo_full' };
    let mock: ReturnType<typeof createMockService> | null = createMockService({ now: NOW });
    const handlers = mock.handlers;
    const controlHandlers = mock.controlHandlers;
    expect((await getResponse(handlers, new Request(api, { headers })))?.status).toBe(200);
    const world = new WeakRef(mock.control);
    await mock.close();
    mock = null;
    // msw may hold its handlers (and whatever they reach) long after a test: they must not hold the world.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(world.deref()).toBeUndefined();
    const refused = await getResponse(handlers, new Request(api, { headers }));
    expect(refused?.status).toBe(503);
    expect(await refused?.json()).toMatchObject({ error: 'Service Unavailable' });
    const events = await getResponse(controlHandlers, new Request('http://127.0.0.1:4010/__mock/events'));
    expect(events?.status).toBe(503);
  });

  it('closed, its fetch() refuses with 503 numbered like every answer (a request id)', async () => {
    const mock = createMockService({ now: NOW });
    const request = () =>
      new Request('http://127.0.0.1:4010/api/v1/demo-bistro/info', {
        headers: { 'X-API-Key': 'rk_demo_full' },
      });
    const before = (await mock.fetch(request()))?.headers.get('x-request-id');
    await mock.close();
    const refused = await mock.fetch(request());
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('x-request-id')).toMatch(/^req_\d{6,}$/);
    expect(refused?.headers.get('x-request-id')).not.toBe(before);
  });

  it('closed as a session, its MSW handlers answer 404 SESSION_NOT_FOUND', async () => {
    const mock = createMockService({ now: NOW });
    await mock.close({ reason: 'session' });
    const answer = await getResponse(
      mock.handlers,
      new Request('http://127.0.0.1:4010/api/v1/demo-bistro/info', {
        headers: { 'X-API-Key': 'rk_demo_full' },
      }),
    );
    expect(answer?.status).toBe(404);
    expect(await answer?.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
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

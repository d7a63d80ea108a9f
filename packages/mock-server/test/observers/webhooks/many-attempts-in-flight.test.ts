// A busy world has many webhook attempts in flight at once, each listening for the world's end
// (runtime/scheduler.ts onEnd). Listeners on one AbortSignal pass Node's limit of 10 per
// EventTarget and print a "MaxListenersExceededWarning" (it failed the HTTP benchmark's POST rounds).
import { describe, expect, it } from 'vitest';
import { createMockCore, silentLogger } from '../../../src/index';

const IN_FLIGHT = 15;

describe('webhook attempts in flight', () => {
  it(`holds ${IN_FLIGHT} attempts against a hanging receiver without a listener-leak warning, and ends them all on close`, async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    let calls = 0;
    let allSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      allSent = resolve;
    });
    const hanging: Request[] = [];
    try {
      const core = createMockCore({
        now: '2030-06-17T08:00:00Z',
        logger: silentLogger,
        fetch: (request) => {
          hanging.push(request);
          calls += 1;
          if (calls === IN_FLIGHT) allSent();
          return new Promise<Response>(() => undefined);
        },
      });
      await core.control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hooks' });
      for (let i = 0; i < IN_FLIGHT; i++) await core.control.trigger('demo-bistro', 'reservation.created');
      await sent;
      // Node emits the warning on a later tick of the listener that crossed the limit.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      await core.close();
      expect(hanging.every((request) => request.signal.aborted)).toBe(true);
      expect(core.control.deliveries().flatMap((d) => d.attempts)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

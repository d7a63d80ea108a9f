// src/control/faults.ts: a fault id names one fault for the mock's life. Restarted by a clear, a
// stale remove('flt_0001') (or the dashboard's memory of what flt_0001 answered) hit a new fault.
import { describe, expect, it } from 'vitest';
import { createMockCore, silentLogger } from '../../src/index';

describe('fault ids', () => {
  it('are never given twice by one mock: not after a clear, not after a reset', async () => {
    const core = createMockCore({ now: '2030-06-17T08:00:00Z', logger: silentLogger });
    const first = core.control.faults.add({ status: 503 }).id;
    core.control.faults.clear();
    const second = core.control.faults.add({ status: 503 }).id;
    await core.control.reset();
    const third = core.control.faults.add({ status: 503 }).id;
    expect(new Set([first, second, third]).size).toBe(3);
    // A stale id removes nothing: it is unknown.
    expect(() => core.control.faults.remove(first)).toThrow(`Unknown fault id "${first}"`);
    expect(core.control.faults.list().map((f) => f.id)).toEqual([third]);
    core.close();
  });
});

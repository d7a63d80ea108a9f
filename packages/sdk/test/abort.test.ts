// src/abort.ts: the waits of a call (the backoff, an async onRetry) that the caller's abort cuts short.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep, untilAborted } from '../src/abort';

afterEach(() => {
  vi.useRealTimers();
});

describe('sleep', () => {
  it('resolves after the delay and leaves no listener on the signal', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    let done = false;
    const waiting = sleep(1_000, controller.signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it("rejects with the signal's reason when it aborts, at once, and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects without waiting when the signal is already aborted', async () => {
    const reason = new Error('already');
    await expect(sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});

describe('untilAborted', () => {
  it('is the promise itself without a signal', () => {
    const promise = Promise.resolve(1);
    expect(untilAborted(promise, undefined)).toBe(promise);
  });

  it("settles as the promise does, or with the signal's reason first; a later rejection is ignored", async () => {
    await expect(untilAborted(Promise.resolve('value'), new AbortController().signal)).resolves.toBe('value');
    await expect(
      untilAborted(Promise.reject(new Error('own')), new AbortController().signal),
    ).rejects.toThrow('own');

    const controller = new AbortController();
    let rejectLater: (error: Error) => void = () => {};
    const never = new Promise<never>((_, reject) => {
      rejectLater = reject;
    });
    const waiting = untilAborted(never, controller.signal);
    const reason = new Error('aborted');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    // The promise's own rejection after the abort is handled (no unhandled rejection), not reported.
    rejectLater(new Error('late'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("rejects with an already aborted signal's reason, and still handles the promise's later rejection", async () => {
    const reason = new Error('before');
    await expect(untilAborted(new Promise(() => {}), AbortSignal.abort(reason))).rejects.toBe(reason);
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on('unhandledRejection', record);
    try {
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('late')), 0));
      await expect(untilAborted(late, AbortSignal.abort(reason))).rejects.toBe(reason);
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});

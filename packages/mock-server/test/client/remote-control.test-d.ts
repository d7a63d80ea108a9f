// The remote control's type is the in-process one with every result wrapped in a Promise (mock
// README, "Remote control"), so the two cannot drift: a member added to MockControl without its
// remote counterpart fails to compile in src/client.ts, and these assertions pin the mapping.
import { describe, expectTypeOf, it } from 'vitest';
import type { connectMock, Promisified, RemoteControl } from '../../src/client';
import type { MockControl, MockEvent } from '../../src/index';

/** Undoes Promisified: every Promise result unwrapped. */
type Unwrapped<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => R
    : T[K] extends object
      ? Unwrapped<T[K]>
      : T[K];
};
/** MockControl with every (possibly async) result awaited. */
type Awaitedly<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Awaited<R>
    : T[K] extends object
      ? Awaitedly<T[K]>
      : T[K];
};

describe('RemoteControl', () => {
  it('is Promisified<MockControl>', () => {
    expectTypeOf<RemoteControl>().toEqualTypeOf<Promisified<MockControl>>();
    expectTypeOf<Awaited<ReturnType<typeof connectMock>>['control']>().toEqualTypeOf<RemoteControl>();
  });

  it('has exactly the members of MockControl, with the same parameters and awaited results', () => {
    expectTypeOf<keyof RemoteControl>().toEqualTypeOf<keyof MockControl>();
    expectTypeOf<keyof RemoteControl['clock']>().toEqualTypeOf<keyof MockControl['clock']>();
    expectTypeOf<keyof RemoteControl['faults']>().toEqualTypeOf<keyof MockControl['faults']>();
    expectTypeOf<Unwrapped<RemoteControl>>().toEqualTypeOf<Awaitedly<MockControl>>();
  });

  it('wraps every result in a Promise, sync members included', () => {
    expectTypeOf<RemoteControl['clock']['now']>().toEqualTypeOf<() => Promise<string>>();
    expectTypeOf<RemoteControl['faults']['list']>().returns.toEqualTypeOf<
      Promise<ReturnType<MockControl['faults']['list']>>
    >();
    expectTypeOf<RemoteControl['requests']['list']>().parameters.toEqualTypeOf<
      Parameters<MockControl['requests']['list']>
    >();
    expectTypeOf<RemoteControl['subscribe']>().toEqualTypeOf<
      (listener: (event: MockEvent) => void) => Promise<() => void>
    >();
  });
});

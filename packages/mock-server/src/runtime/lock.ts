// One lock per mock: requests and control writes take effect one at a time, in the order they
// asked. A rule that checks the data and then writes (the overlap check before a booking, the key
// check before any request takes effect) therefore never sees another request half done, whatever
// awaits the write itself needs (@msw/data validates asynchronously).

export interface Lock {
  /** Runs `task` once every task asked for earlier has finished; resolves with its result. */
  run<T>(task: () => T | Promise<T>): Promise<T>;
}

export function createLock(): Lock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task);
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}

// Whether V8 gave two objects the same hidden class (its "map"), through the engine's own check
// (%HaveSameMap, natives syntax switched on for the call and off again). For tests of what a mock is
// made of: on Node 20 an object made by a spread and then given more properties gets a hidden class
// of its own, every time, and code reading such objects is slower for it (BENCHMARKS.md, "In process").
import { setFlagsFromString } from 'node:v8';

export function sameHiddenClass(a: object, b: object): boolean {
  setFlagsFromString('--allow-natives-syntax');
  try {
    // Parsed now, while the flag is on.
    const check = new Function('a', 'b', 'return %HaveSameMap(a, b);') as (a: object, b: object) => boolean;
    return check(a, b);
  } finally {
    setFlagsFromString('--no-allow-natives-syntax');
  }
}

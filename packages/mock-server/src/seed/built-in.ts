// The built-in seeds ('demo', 'empty') validated and hashed once per process, not once per mock: they
// are constant data (a reservation's `dayOffset` is resolved against each mock's clock when the seed
// is applied, not here), so every mock gets the same frozen value. Bounded by construction (two
// entries); a custom seed object is validated for each mock, as the caller may change it.
import { type HashedSeed, hashSeed } from './apply-seed';
import { demoSeed } from './demo';
import { emptySeed } from './empty';
import { parseSeedData } from './from-json';

const memo = new Map<'demo' | 'empty', HashedSeed>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The built-in seed `name`, validated and with its keys hashed; frozen, shared, never mutated. */
export function builtInSeed(name: 'demo' | 'empty'): HashedSeed {
  // A misspelt name from JavaScript (`'Demo'`) would otherwise start an empty mock without a word.
  if (name !== 'demo' && name !== 'empty') {
    const given: unknown = name;
    throw new TypeError(
      `seed must be "demo", "empty" or a seed object; got ${JSON.stringify(String(given).slice(0, 40))}`,
    );
  }
  let seed = memo.get(name);
  if (!seed) {
    seed = deepFreeze(hashSeed(parseSeedData(name === 'demo' ? demoSeed() : emptySeed())));
    memo.set(name, seed);
  }
  return seed;
}

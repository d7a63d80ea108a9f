// The presented X-API-Key values a mock's pipeline has hashed, so that each is hashed once.
import { type PresentedKey, presentKey } from '../domain/keys';

/** How many distinct values one mock remembers before it starts over. */
export const REMEMBERED_KEYS = 64;

export interface RememberedKeys {
  /** presentKey(value), from memory when this value was hashed before. */
  (value: string | null): PresentedKey;
  /** How many values are remembered now (at most the limit). */
  readonly size: number;
}

/**
 * presentKey() that hashes each distinct header value once. Speed (BENCHMARKS.md, "HTTP: the
 * per-request work"): the SHA-256 of the presented key was 1.7 µs of a GET /services in
 * bench:http's profile, on every request, for the handful of values a test suite presents. These are
 * a pure function's results, bounded (emptied when full, so a stream of random values costs what no
 * memory would), held by one mock's pipeline only, never in its store, snapshots or journal; the
 * rules still run on every request (authenticate() looks the hash up in the store as it is now, so
 * a regenerated or revoked key is refused at once).
 */
export function rememberedKeys(limit: number): RememberedKeys {
  const known = new Map<string, PresentedKey>();
  const present = (value: string | null): PresentedKey => {
    if (value === null) return null;
    const found = known.get(value);
    if (found !== undefined) return found;
    if (known.size >= limit) known.clear();
    const presented = presentKey(value);
    // Handed to every request that presents this value: frozen, so none can change it for the next.
    known.set(value, presented && Object.freeze(presented));
    return presented;
  };
  return Object.defineProperty(present, 'size', { get: () => known.size }) as RememberedKeys;
}

// The presented X-API-Key values a mock's pipeline has hashed, so that each is hashed once.
import { type PresentedKey, presentKey } from '../domain/keys';

/** How many distinct values one mock remembers before it starts over. */
export const REMEMBERED_KEYS = 64;

/**
 * presentKey() that hashes each distinct header value once. Speed (BENCHMARKS.md, "HTTP: the
 * per-request work"): the SHA-256 of the presented key was 1.7 µs of a GET /services in
 * bench:http's profile, on every request, for the handful of values a test suite presents. These are
 * a pure function's results, bounded (emptied when full, so a stream of random values costs what no
 * memory would), held by one mock's pipeline only, never in its store, snapshots or journal; the
 * rules still run on every request (authenticate() looks the hash up in the store as it is now, so
 * a regenerated or revoked key is refused at once). A class with prototype methods, not a closure
 * with a getter: on Node 20 an object with an accessor of its own keeps what it reaches alive
 * through young collections (BENCHMARKS.md, "In process: what a test pays around its requests").
 */
export class RememberedKeys {
  readonly #known = new Map<string, PresentedKey>();
  readonly #limit: number;

  constructor(limit = REMEMBERED_KEYS) {
    this.#limit = limit;
  }

  /** presentKey(value), from memory when this value was hashed before. */
  present(value: string | null): PresentedKey {
    if (value === null) return null;
    const found = this.#known.get(value);
    if (found !== undefined) return found;
    if (this.#known.size >= this.#limit) this.#known.clear();
    const presented = presentKey(value);
    // Handed to every request that presents this value: frozen, so none can change it for the next.
    this.#known.set(value, presented && Object.freeze(presented));
    return presented;
  }

  /** How many values are remembered now (at most the limit). */
  get size(): number {
    return this.#known.size;
  }
}

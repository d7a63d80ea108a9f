// What every domain function gets: the service's current store, clock, id source and random bytes.
// Nothing here is module-level, so two services (or a reset one) never share state. `store` is
// replaced as a whole by reset() (a fresh store seeded anew), so functions read it from here on
// every call instead of keeping it.
import type { Clock } from '../runtime/clock';
import type { IdSource } from '../runtime/ids';
import type { Store } from './store';
import { isoOf } from './time';

export interface DomainContext {
  store: Store;
  readonly clock: Clock;
  readonly ids: IdSource;
  /** Cryptographically random bytes (key values, webhook secrets). */
  randomBytes(length: number): Uint8Array;
}

/**
 * The next id of `prefix` that `taken` does not hold. A seed may give a record an id of the same
 * form (`res_0001`, `key_0001`): a generated one skips it rather than clash with it.
 */
export function freshId(
  ctx: Pick<DomainContext, 'ids'>,
  prefix: string,
  taken: (id: string) => unknown,
): string {
  for (;;) {
    const id = ctx.ids.next(prefix);
    if (!taken(id)) return id;
  }
}

/** The clock's now as an ISO 8601 UTC timestamp. */
export function nowIso(ctx: Pick<DomainContext, 'clock'>): string {
  return isoOf(ctx.clock.now());
}

/** Web Crypto's getRandomValues: present in Node 20+, browsers, Deno, Bun and workers. */
export function webCryptoRandomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// API keys: stored as SHA-256 hashes only (@noble/hashes), bound to one project, with permissions. A
// value is shown once (on creation or regeneration); regenerating replaces the hash, so the old
// value stops working at once.
//
// A presented key is found by the hash of what was presented, in a Map: the lookup's timing depends
// on that hash, not on how much of any stored value matched, so no constant-time comparison of values
// is needed (and comparing the found record's hash with the hash it was found by would prove nothing).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64Url, type DomainContext, freshId, nowIso } from './context';
import { errors } from './errors';
import type { ApiKeyRecord, Permission, ProjectRecord } from './records';
import type { Store } from './store';

/** Visible part of a key in lists, e.g. `rk_demo_` of `rk_demo_full`. */
export const KEY_PREFIX_LENGTH = 8;

/**
 * Lower-case hex SHA-256 of the key value's UTF-8 bytes. @noble/hashes rather than Web Crypto: the
 * digest is needed synchronously as a request is checked (the pipeline hashes each distinct value
 * once, pipeline/remembered-keys.ts), and Web Crypto's is asynchronous, which in Node means a trip
 * through the thread pool: the largest frame of a GET in `pnpm bench:http`'s profile when it was used.
 */
export function hashKey(value: string): string {
  return bytesToHex(sha256(utf8ToBytes(value)));
}

/** A new random key value: `rk_` + 24 random bytes in base64url. */
export function generateKeyValue(ctx: Pick<DomainContext, 'randomBytes'>): string {
  return `rk_${base64Url(ctx.randomBytes(24))}`;
}

/** The presented key, after hashing: absent, or its hash. */
export type PresentedKey = { hash: string } | null;

/** Hashes the `X-API-Key` value; null when it is absent or blank. */
export function presentKey(value: string | null): PresentedKey {
  if (value === null || value.trim() === '') return null;
  return { hash: hashKey(value) };
}

/**
 * The one rule of whether a presented key is valid: the record of a known value that is not revoked,
 * or (a string) why it is not. The checks and the journal of a request answered before them (by a
 * fault) both ask this.
 */
export function validKey(store: Store, presented: { hash: string }): ApiKeyRecord | string {
  const key = store.keyByHash(presented.hash);
  if (!key) return 'no key has this value: unknown, or regenerated';
  if (key.revokedAt !== null) return `key ${key.id} was revoked`;
  return key;
}

/** The key presented, or API_KEY_MISSING / API_KEY_INVALID. */
export function authenticate(store: Store, presented: PresentedKey): ApiKeyRecord {
  if (presented === null) throw errors.apiKeyMissing();
  const key = validKey(store, presented);
  if (typeof key === 'string') throw errors.apiKeyInvalid(key);
  return key;
}

/**
 * The project named by `slug` when it is the key's project; otherwise PROJECT_MISMATCH, whether or
 * not the slug exists, so that projects cannot be enumerated with a valid key.
 */
export function authoriseProject(store: Store, key: ApiKeyRecord, slug: string): ProjectRecord {
  const project = store.projectBySlug(slug);
  if (!project || project.id !== key.projectId) throw errors.projectMismatch();
  return project;
}

export function requirePermission(key: ApiKeyRecord, permission: Permission | null): void {
  if (permission !== null && !key.permissions.includes(permission)) throw errors.permissionDenied(permission);
}

export interface NewKey {
  id?: string | undefined;
  name?: string | undefined;
  permissions: readonly Permission[];
}

/** A key to store: its hash and prefix, never its value. */
export interface HashedKey extends NewKey {
  hash: string;
  prefix: string;
}

export interface IssuedKey {
  record: ApiKeyRecord;
  /** The plain value: returned once, never stored. */
  value: string;
}

export function hashedKey(value: string, key: NewKey): HashedKey {
  return { ...key, hash: hashKey(value), prefix: value.slice(0, KEY_PREFIX_LENGTH) };
}

/** Stores a key given by its hash (seed data keep only hashes). */
export async function storeKey(ctx: DomainContext, projectId: string, key: HashedKey): Promise<ApiKeyRecord> {
  if (ctx.store.keyByHash(key.hash)) throw new Error('This key value is already in use');
  const id = key.id ?? freshId(ctx, 'key', (taken) => ctx.store.apiKeys.get(taken));
  return ctx.store.apiKeys.insert({
    id,
    projectId,
    name: key.name ?? id,
    permissions: [...new Set(key.permissions)],
    hash: key.hash,
    prefix: key.prefix,
    createdAt: nowIso(ctx),
    revokedAt: null,
  });
}

/** A new key with a random value. */
export async function createKey(ctx: DomainContext, projectId: string, input: NewKey): Promise<IssuedKey> {
  const value = generateKeyValue(ctx);
  const record = await storeKey(ctx, projectId, hashedKey(value, input));
  return { record, value };
}

/** A new value for the key; the old value is rejected from this moment on. */
export async function regenerateKey(ctx: DomainContext, key: ApiKeyRecord): Promise<IssuedKey> {
  const value = generateKeyValue(ctx);
  const { hash, prefix } = hashedKey(value, key);
  const record = await ctx.store.apiKeys.update(key, { ...key, hash, prefix });
  return { record, value };
}

/** The key stops working at once; it disappears from the project's key list. */
export async function revokeKey(ctx: DomainContext, key: ApiKeyRecord): Promise<ApiKeyRecord> {
  return ctx.store.apiKeys.update(key, { ...key, revokedAt: key.revokedAt ?? nowIso(ctx) });
}

/** The project's key `id` if it still works; undefined for a revoked key or another project's. */
export function keyOfProject(store: Store, projectId: string, id: string): ApiKeyRecord | undefined {
  const key = store.apiKeys.get(id);
  return key && key.projectId === projectId && key.revokedAt === null ? key : undefined;
}

/** The project's keys that still work (revoked ones are gone for good). */
export function keysOfProject(store: Store, projectId: string): ApiKeyRecord[] {
  return store.apiKeys.all().filter((key) => key.projectId === projectId && key.revokedAt === null);
}

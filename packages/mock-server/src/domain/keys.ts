// API keys: stored as SHA-256 hashes only, bound to one project, with permissions. A value is shown
// once (on creation or regeneration); regenerating replaces the hash, so the old value stops at once.
import { base64Url, type DomainContext, nowIso } from './context';
import { errors } from './errors';
import type { ApiKeyRecord, Permission, ProjectRecord } from './records';
import { constantTimeEqual, sha256Hex } from './sha256';
import type { Store } from './store';

/** Visible part of a key in lists, e.g. `rk_demo_` of `rk_demo_full`. */
const PREFIX_LENGTH = 8;

export function hashKey(value: string): string {
  return sha256Hex(value);
}

/** A new random key value: `rk_` + 24 random bytes in base64url. */
export function generateKeyValue(ctx: Pick<DomainContext, 'randomBytes'>): string {
  return `rk_${base64Url(ctx.randomBytes(24))}`;
}

/**
 * The key presented in `X-API-Key`, or API_KEY_MISSING / API_KEY_INVALID. The lookup is by the hash
 * of the presented value (so timing can reveal nothing about stored values), and the final
 * comparison runs in constant time.
 */
export function authenticate(store: Store, presented: string | null): ApiKeyRecord {
  if (presented === null || presented.trim() === '') throw errors.apiKeyMissing();
  const hash = hashKey(presented);
  const key = store.keyByHash(hash);
  if (!key || !constantTimeEqual(key.hash, hash) || key.revokedAt !== null) throw errors.apiKeyInvalid();
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
  id?: string;
  name?: string;
  permissions: readonly Permission[];
  /** A fixed value (seed data); default: a random one. */
  value?: string;
}

export interface IssuedKey {
  record: ApiKeyRecord;
  /** The plain value: returned once, never stored. */
  value: string;
}

export function createKey(ctx: DomainContext, projectId: string, input: NewKey): IssuedKey {
  const value = input.value ?? generateKeyValue(ctx);
  const hash = hashKey(value);
  if (ctx.store.keyByHash(hash)) throw new Error('This key value is already in use');
  const id = input.id ?? ctx.ids.next('key');
  const record = ctx.store.apiKeys.insert({
    id,
    projectId,
    name: input.name ?? id,
    permissions: [...new Set(input.permissions)],
    hash,
    prefix: value.slice(0, PREFIX_LENGTH),
    createdAt: nowIso(ctx),
    revokedAt: null,
  });
  return { record, value };
}

/** A new value for the key; the old value is rejected from this moment on. */
export function regenerateKey(ctx: DomainContext, key: ApiKeyRecord): IssuedKey {
  const value = generateKeyValue(ctx);
  const record = ctx.store.apiKeys.replace({
    ...key,
    hash: hashKey(value),
    prefix: value.slice(0, PREFIX_LENGTH),
  });
  return { record, value };
}

/** The key stops working at once; it disappears from the project's key list. */
export function revokeKey(ctx: DomainContext, key: ApiKeyRecord): ApiKeyRecord {
  return ctx.store.apiKeys.replace({ ...key, revokedAt: key.revokedAt ?? nowIso(ctx) });
}

/** The project's keys that still work (revoked ones are gone for good). */
export function keysOfProject(store: Store, projectId: string): ApiKeyRecord[] {
  return [...store.apiKeys.values()].filter((key) => key.projectId === projectId && key.revokedAt === null);
}

// Per-project data that rules read: branches, the blacklist and the webhook target.
import { base64Url, type DomainContext, nowIso } from './context';
import { errors } from './errors';
import type {
  BlacklistEntryRecord,
  BranchRecord,
  ProjectRecord,
  ReservationRecord,
  ServiceRecord,
  WebhookConfigRecord,
} from './records';
import type { Store } from './store';

export const DEFAULT_TIME_ZONE = 'Europe/Prague';
export const DEFAULT_SLOT_MINUTES = 30;

/** The project's branches, from the always-current rows (rules use this, not a collection query). */
function branchesOf(store: Store, projectId: string): BranchRecord[] {
  return [...store.branches.values()].filter((b) => b.projectId === projectId);
}

/** The branch `id` of the project, or undefined (unknown, or another project's). */
export function branchOf(store: Store, project: ProjectRecord, id: string): BranchRecord | undefined {
  const branch = store.branches.get(id);
  return branch?.projectId === project.id ? branch : undefined;
}

/** 400 VALIDATION_ERROR `branchId: unknown branch` unless `branchId` is absent or a branch of the project. */
export function requireBranch(store: Store, project: ProjectRecord, branchId: string | undefined): void {
  if (branchId !== undefined && !branchOf(store, project, branchId)) {
    throw errors.validation([{ field: 'branchId', message: 'unknown branch' }]);
  }
}

/** The active service `id` of the project, or undefined (unknown, inactive, or another project's). */
export function activeServiceOf(store: Store, project: ProjectRecord, id: string): ServiceRecord | undefined {
  const service = store.services.get(id);
  return service?.projectId === project.id && service.isActive ? service : undefined;
}

/** The copy of a service a reservation keeps (later edits of the service do not change it). */
export function bookedService(service: ServiceRecord): ReservationRecord['services'][number] {
  return { id: service.id, name: service.name, duration: service.duration, price: service.price };
}

/** The branch a request without `branchId` means: the project's only branch, if it has exactly one. */
export function implicitBranch(store: Store, project: ProjectRecord): BranchRecord | null {
  const branches = branchesOf(store, project.id);
  return branches.length === 1 ? (branches[0] ?? null) : null;
}

/** Phones compare without spaces, dashes, dots and brackets: `+420 601 234 567` = `+420601234567`. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

export function isBlacklisted(store: Store, projectId: string, email: string, phone: string | null): boolean {
  const emailKey = email.trim().toLowerCase();
  const phoneKey = phone === null ? null : normalisePhone(phone);
  for (const entry of store.blacklist.values()) {
    if (entry.projectId !== projectId) continue;
    if (entry.email !== null && entry.email.toLowerCase() === emailKey) return true;
    if (
      entry.phone !== null &&
      phoneKey !== null &&
      phoneKey !== '' &&
      normalisePhone(entry.phone) === phoneKey
    )
      return true;
  }
  return false;
}

export function addToBlacklist(
  ctx: DomainContext,
  projectId: string,
  entry: { email?: string | null; phone?: string | null },
): BlacklistEntryRecord {
  const email = entry.email?.trim() || null;
  const phone = entry.phone?.trim() || null;
  if (email === null && phone === null) throw new Error('A blacklist entry needs an email or a phone');
  return ctx.store.blacklist.insert({
    id: ctx.ids.next('blk'),
    projectId,
    email,
    phone,
    createdAt: nowIso(ctx),
  });
}

/** `whsec_` + 32 random bytes in base64url, the documented secret format. */
function generateWebhookSecret(ctx: Pick<DomainContext, 'randomBytes'>): string {
  return `whsec_${base64Url(ctx.randomBytes(32))}`;
}

/** Sets the project's webhook target; keeps the current secret unless one is given (or none exists). */
export function setWebhook(
  ctx: DomainContext,
  projectId: string,
  input: { url: string | null; secret?: string },
): WebhookConfigRecord {
  const existing = ctx.store.webhooks.get(projectId);
  const record = {
    id: projectId,
    projectId,
    url: input.url,
    secret: input.secret ?? existing?.secret ?? generateWebhookSecret(ctx),
  };
  return existing ? ctx.store.webhooks.replace(record) : ctx.store.webhooks.insert(record);
}

/** Where the project's events go, or null when no URL is configured. */
export function webhookTarget(store: Store, projectId: string): { url: string; secret: string } | null {
  const config = store.webhooks.get(projectId);
  return config?.url ? { url: config.url, secret: config.secret } : null;
}

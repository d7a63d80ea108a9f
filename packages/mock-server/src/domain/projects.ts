// Per-project data that rules read: branches, services, the blacklist and the webhook target.
import { z } from 'zod';
import { base64Url, type DomainContext, nowIso } from './context';
import { errors, type ValidationIssue } from './errors';
import type {
  BlacklistEntryRecord,
  BranchRecord,
  ProjectRecord,
  ReservationRecord,
  ServiceRecord,
  TableRecord,
  WebhookConfigRecord,
} from './records';
import type { Store } from './store';

export const DEFAULT_TIME_ZONE = 'Europe/Prague';
export const DEFAULT_SLOT_MINUTES = 30;

/** The branch `id` of the project, or undefined (unknown, or another project's). */
export function branchOf(store: Store, project: ProjectRecord, id: string): BranchRecord | undefined {
  const branch = store.branches.get(id);
  return branch?.projectId === project.id ? branch : undefined;
}

/** `branchId: unknown branch` unless `branchId` is absent or a branch of the project. */
export function branchIssues(
  store: Store,
  project: ProjectRecord,
  branchId: string | undefined,
): ValidationIssue[] {
  return branchId !== undefined && !branchOf(store, project, branchId)
    ? [{ field: 'branchId', message: 'unknown branch' }]
    : [];
}

/** 400 VALIDATION_ERROR `branchId: unknown branch` unless `branchId` is absent or a branch of the project. */
export function requireBranch(store: Store, project: ProjectRecord, branchId: string | undefined): void {
  const issues = branchIssues(store, project, branchId);
  if (issues.length > 0) throw errors.validation(issues);
}

// Reference checks: an id given by a request, a seed or a control call names a record of the project
// it is used in, or nothing. These few functions are the only place that rule is written.

/** The table `id` of the project, or undefined (unknown, or another project's). */
export function tableOf(store: Store, project: ProjectRecord, id: string): TableRecord | undefined {
  const table = store.tables.get(id);
  return table?.projectId === project.id ? table : undefined;
}

/** The service `id` of the project, active or not, or undefined (unknown, or another project's). */
export function serviceOf(store: Store, project: ProjectRecord, id: string): ServiceRecord | undefined {
  const service = store.services.get(id);
  return service?.projectId === project.id ? service : undefined;
}

/** The active service `id` of the project, or undefined (unknown, inactive, or another project's). */
export function activeServiceOf(store: Store, project: ProjectRecord, id: string): ServiceRecord | undefined {
  const service = serviceOf(store, project, id);
  return service?.isActive ? service : undefined;
}

/** The copy of a service a reservation keeps (later edits of the service do not change it). */
export function bookedService(service: ServiceRecord): ReservationRecord['services'][number] {
  return { id: service.id, name: service.name, duration: service.duration, price: service.price };
}

/** The branch a request without `branchId` means: the project's only branch, if it has exactly one. */
export function implicitBranch(store: Store, project: ProjectRecord): BranchRecord | null {
  const branches = store.branches.all().filter((b) => b.projectId === project.id);
  return branches.length === 1 ? (branches[0] ?? null) : null;
}

/**
 * The branch a booking or an availability query is for: the one given, else the table's branch,
 * else the project's only branch (implicitBranch), else none. The one home of that rule.
 */
export function resolveBranch(
  store: Store,
  project: ProjectRecord,
  given: BranchRecord | null,
  table: TableRecord | null = null,
): BranchRecord | null {
  if (given) return given;
  const ofTable = table?.branchId ? branchOf(store, project, table.branchId) : undefined;
  return ofTable ?? implicitBranch(store, project);
}

/**
 * The tables that serve a branch: the project's active tables of that branch or of none, every active
 * table when there is no branch; by `position`. The one home of that rule: availability counts these
 * places, and the trigger books one of them.
 */
export function tablesServing(
  store: Store,
  project: ProjectRecord,
  branch: BranchRecord | null,
): TableRecord[] {
  const branchId = branch?.id ?? null;
  return store.tables
    .all()
    .filter(
      (t) =>
        t.projectId === project.id &&
        t.isActive &&
        (branchId === null || t.branchId === branchId || t.branchId === null),
    )
    .sort((a, b) => a.position - b.position);
}

/** Phones compare without spaces, dashes, dots and brackets: `+420 601 234 567` = `+420601234567`. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

export function isBlacklisted(store: Store, projectId: string, email: string, phone: string | null): boolean {
  const emailKey = email.trim().toLowerCase();
  const phoneKey = phone === null ? '' : normalisePhone(phone);
  return store.blacklist
    .all()
    .some(
      (entry) =>
        entry.projectId === projectId &&
        ((entry.email !== null && entry.email.toLowerCase() === emailKey) ||
          (entry.phone !== null && phoneKey !== '' && normalisePhone(entry.phone) === phoneKey)),
    );
}

/**
 * A blacklist entry as given by a seed or the control interface: an e-mail, a phone, or both. Built on
 * first use (z.lazy), like every schema of the package: see records.ts.
 */
export const blacklistInput = z.lazy(() =>
  z
    // Strict, as every input of the mock's data (mock README, "Seed format"): a misspelt field is refused.
    .strictObject({
      email: z.string().trim().min(1).optional(),
      phone: z.string().trim().min(1).optional(),
    })
    .refine((entry) => entry.email !== undefined || entry.phone !== undefined, {
      error: 'give an email or a phone',
    }),
);
export type BlacklistInput = z.output<typeof blacklistInput>;

export async function addToBlacklist(
  ctx: DomainContext,
  projectId: string,
  entry: BlacklistInput,
): Promise<BlacklistEntryRecord> {
  return ctx.store.blacklist.insert({
    id: ctx.ids.next('blk'),
    projectId,
    email: entry.email ?? null,
    phone: entry.phone ?? null,
    createdAt: nowIso(ctx),
  });
}

/** `whsec_` + 32 random bytes in base64url, the documented secret format. */
/** `whsec_` and 32 random bytes in base64url (mock README, "Webhooks"). */
export function generateWebhookSecret(ctx: Pick<DomainContext, 'randomBytes'>): string {
  return `whsec_${base64Url(ctx.randomBytes(32))}`;
}

/** Sets the project's webhook target; keeps the current secret unless one is given (or none exists). */
export async function setWebhook(
  ctx: DomainContext,
  projectId: string,
  input: { url: string | null; secret?: string | undefined },
): Promise<WebhookConfigRecord> {
  const existing = ctx.store.webhooks.get(projectId);
  const record = {
    id: projectId,
    projectId,
    url: input.url,
    secret: input.secret ?? existing?.secret ?? generateWebhookSecret(ctx),
  };
  return existing ? ctx.store.webhooks.update(existing, record) : ctx.store.webhooks.insert(record);
}

/** Where the project's events go, or null when no URL is configured. */
export function webhookTarget(store: Store, projectId: string): { url: string; secret: string } | null {
  const config = store.webhooks.get(projectId);
  return config?.url ? { url: config.url, secret: config.secret } : null;
}

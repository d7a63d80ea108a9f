// Loads validated seed data into a store: at start, on every reset(), and through the control
// helper createProject(). Key values are hashed first (hashSeed), so what a service keeps in order
// to reset holds only hashes.
import { addService, addTable } from '../domain/catalog';
import { type DomainContext, webCryptoRandomBytes } from '../domain/context';
import { type HashedKey, hashedKey, storeKey } from '../domain/keys';
import { daySchedule } from '../domain/opening-hours';
import { addToBlacklist, generateWebhookSecret, setWebhook } from '../domain/projects';
import type { DayHours, ProjectRecord } from '../domain/records';
import { insertReservation } from '../domain/reservations';
import { addDays, isoOf, localTime } from '../domain/time';
import type { ResolvedSeedData, SeedProject, SeedReservation, SeedWeeklyHours } from './seed-data';
import { WEEKDAY_KEYS } from './seed-data';

/** A seed project whose keys are hashes, not values. */
export type HashedSeedProject = Omit<SeedProject, 'apiKeys'> & { apiKeys: HashedKey[] };
export interface HashedSeed {
  projects: HashedSeedProject[];
}

/**
 * The project with its keys hashed and a webhook without a secret given one, once: drawn here (at the
 * start, or by createProject), not each time the seed goes in, so a reset keeps it (the banner and
 * a receiver that read it at the start go on verifying).
 */
export function hashSeedProject(project: SeedProject): HashedSeedProject {
  const { webhook } = project;
  return {
    ...project,
    apiKeys: project.apiKeys.map(({ key, ...rest }) => hashedKey(key, rest)),
    ...(webhook && webhook.secret === undefined
      ? { webhook: { ...webhook, secret: generateWebhookSecret({ randomBytes: webCryptoRandomBytes }) } }
      : {}),
  };
}

export function hashSeed(seed: ResolvedSeedData): HashedSeed {
  return { projects: seed.projects.map(hashSeedProject) };
}

export function toDayHours(week: SeedWeeklyHours): DayHours[] {
  return WEEKDAY_KEYS.map((key, dayOfWeek) => {
    const day = week[key];
    return day
      ? {
          dayOfWeek,
          isOpen: true,
          open: day.open,
          close: day.close,
          breakStart: day.breakStart ?? null,
          breakEnd: day.breakEnd ?? null,
        }
      : { dayOfWeek, isOpen: false, open: null, close: null, breakStart: null, breakEnd: null };
  });
}

/**
 * The ids (and key values) of `seed` that its records cannot take: one already in this store, or
 * given twice in the seed. Found before anything is inserted, so that a project is added whole or
 * not at all (control.createProject: "input is validated before anything changes").
 */
function takenIds(store: DomainContext['store'], seed: HashedSeedProject): string[] {
  // Each kind of record the seed gives ids to, beside the collection it goes into.
  const kinds: [readonly { id?: string | undefined }[], { get(id: string): unknown }][] = [
    [[seed], store.projects],
    [seed.branches, store.branches],
    [seed.zones, store.zones],
    [seed.tables, store.tables],
    [seed.services, store.services],
    [seed.photos, store.photos],
    [seed.reviews, store.reviews],
    [seed.apiKeys, store.apiKeys],
    [seed.reservations, store.reservations],
  ];
  const taken = new Set<string>();
  for (const [records, collection] of kinds) {
    const seen = new Set<string>();
    for (const { id } of records) {
      if (id === undefined) continue;
      if (seen.has(id) || collection.get(id)) taken.add(id);
      seen.add(id);
    }
  }
  return [...taken];
}

/** Adds one seed project with everything it holds, or nothing when any part is refused. */
export async function addSeedProject(ctx: DomainContext, seed: HashedSeedProject): Promise<ProjectRecord> {
  const { store } = ctx;
  if (store.projectBySlug(seed.slug))
    throw new Error(`Seed: a project with slug ${seed.slug} already exists`);
  // References were checked by the seed schema; ids and key values must also be new to this store.
  const taken = takenIds(store, seed);
  if (taken.length > 0) throw new Error(`Seed: ids already in use: ${taken.join(', ')}`);
  const hashes = seed.apiKeys.map((key) => key.hash);
  if (hashes.some((hash, i) => store.keyByHash(hash) || hashes.indexOf(hash) !== i))
    throw new Error('Seed: a key value is already in use (by another key, or twice in this project)');
  const project = await store.projects.insert({
    id: seed.id,
    slug: seed.slug,
    name: seed.name,
    logoUrl: seed.logoUrl,
    address: seed.address,
    contactEmail: seed.contactEmail,
    contactPhone: seed.contactPhone,
    isActive: seed.isActive,
    timeZone: seed.timeZone,
    slotMinutes: seed.slotMinutes,
    settings: seed.settings,
    openingHours: toDayHours(seed.openingHours),
    holidays: [...seed.holidays].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  });
  for (const branch of seed.branches) {
    await store.branches.insert({
      id: branch.id,
      projectId: project.id,
      name: branch.name,
      address: branch.address,
      openingHours: branch.openingHours ? toDayHours(branch.openingHours) : null,
    });
  }
  for (const zone of seed.zones) await store.zones.insert({ ...zone, projectId: project.id });
  for (const table of seed.tables) await addTable(store, project, table);
  for (const service of seed.services) await addService(store, project, service);
  for (const [i, photo] of seed.photos.entries()) {
    await store.photos.insert({ ...photo, projectId: project.id, displayOrder: photo.displayOrder ?? i + 1 });
  }
  for (const review of seed.reviews) await store.reviews.insert({ ...review, projectId: project.id });
  for (const key of seed.apiKeys) await storeKey(ctx, project.id, key);
  for (const entry of seed.blacklist) await addToBlacklist(ctx, project.id, entry);
  if (seed.webhook) await setWebhook(ctx, project.id, seed.webhook);
  for (const reservation of seed.reservations) await addSeedReservation(ctx, project, reservation);
  return project;
}

/** Resolves `dayOffset` against the project's local today, moving off closed days. */
function seedDate(ctx: DomainContext, project: ProjectRecord, reservation: SeedReservation): string {
  if (reservation.date !== undefined) return reservation.date;
  const today = localTime(ctx.clock.now(), project.timeZone).date;
  const branch = reservation.branchId ? (ctx.store.branches.get(reservation.branchId) ?? null) : null;
  let date = addDays(today, reservation.dayOffset ?? 0);
  // Off a closed day in the direction of the offset, so that a past booking stays in the past.
  // A week always has an open day unless the project never opens; then keep the date as it is.
  const step = (reservation.dayOffset ?? 0) < 0 ? -1 : 1;
  for (let tries = 0; tries < 7 && !daySchedule(project, branch, date).isOpen; tries++)
    date = addDays(date, step);
  return daySchedule(project, branch, date).isOpen ? date : addDays(today, reservation.dayOffset ?? 0);
}

async function addSeedReservation(
  ctx: DomainContext,
  project: ProjectRecord,
  reservation: SeedReservation,
): Promise<void> {
  const offset = reservation.dayOffset ?? 0;
  // A relative booking in the past was made before it took place, not "now".
  const createdAt =
    reservation.createdAt ?? (offset < 0 ? isoOf(ctx.clock.now() + (offset - 2) * 86_400_000) : undefined);
  await insertReservation(ctx, project, {
    id: reservation.id,
    date: seedDate(ctx, project, reservation),
    from: reservation.from,
    to: reservation.to,
    status: reservation.status,
    guests: reservation.guests,
    note: reservation.note,
    customer: reservation.customer,
    branchId: reservation.branchId,
    tableId: reservation.tableId,
    serviceIds: reservation.serviceIds,
    createdAt,
    changedBy: reservation.changedBy,
  });
}

export async function applySeed(ctx: DomainContext, seed: HashedSeed): Promise<void> {
  // The ids the seed gives are taken before any project goes in: an id-less key or booking of an
  // earlier project must not be given one a later project names (`key_0001`), which would refuse
  // that project and leave the mock without its data. Only while the seed goes in: the id source
  // itself is untouched (its counters are what persistence keeps).
  const given = new Set<string>();
  for (const project of seed.projects) {
    for (const { id } of [...project.apiKeys, ...project.reservations]) if (id !== undefined) given.add(id);
  }
  const { ids } = ctx;
  const seeding: DomainContext = {
    ...ctx,
    ids: {
      reset: () => ids.reset(),
      next(prefix) {
        for (;;) {
          const id = ids.next(prefix);
          if (!given.has(id)) return id;
        }
      },
    },
  };
  for (const project of seed.projects) await addSeedProject(seeding, project);
}

// Loads validated seed data into a store. Used at start, on every reset(), and by the control
// helper createProject(); all writes are synchronous commits (see domain/store.ts).
import type { DomainContext } from '../domain/context';
import { createKey } from '../domain/keys';
import { daySchedule } from '../domain/opening-hours';
import { addToBlacklist, setWebhook } from '../domain/projects';
import type { DayHours, ProjectRecord } from '../domain/records';
import { insertReservation } from '../domain/reservations';
import { compareStrings } from '../domain/store';
import { addDays } from '../domain/time';
import type { ResolvedSeedData, SeedProject, SeedReservation, SeedWeeklyHours } from './seed-data';
import { WEEKDAY_KEYS } from './seed-data';

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

function requireRef(kind: string, id: string | null, known: ReadonlySet<string>, where: string): void {
  if (id !== null && !known.has(id)) throw new Error(`Seed: ${where} refers to unknown ${kind} ${id}`);
}

/** Adds one seed project with everything it holds. Returns the stored project. */
export function addSeedProject(ctx: DomainContext, seed: SeedProject): ProjectRecord {
  const { store } = ctx;
  if (store.projectBySlug(seed.slug))
    throw new Error(`Seed: a project with slug ${seed.slug} already exists`);
  const project = store.projects.insert({
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
    holidays: [...seed.holidays].sort((a, b) => compareStrings(a.date, b.date)),
  });
  const where = `project ${seed.slug}`;

  const branchIds = new Set(seed.branches.map((b) => b.id));
  for (const branch of seed.branches) {
    store.branches.insert({
      id: branch.id,
      projectId: project.id,
      name: branch.name,
      address: branch.address,
      openingHours: branch.openingHours ? toDayHours(branch.openingHours) : null,
    });
  }
  const zoneIds = new Set(seed.zones.map((z) => z.id));
  for (const zone of seed.zones) {
    requireRef('branch', zone.branchId, branchIds, `${where} zone ${zone.id}`);
    store.zones.insert({ ...zone, projectId: project.id });
  }
  seed.tables.forEach((table, i) => {
    requireRef('branch', table.branchId, branchIds, `${where} table ${table.id}`);
    requireRef('zone', table.zoneId, zoneIds, `${where} table ${table.id}`);
    store.tables.insert({ ...table, projectId: project.id, position: table.position ?? i + 1 });
  });
  for (const service of seed.services) {
    requireRef('branch', service.branchId, branchIds, `${where} service ${service.id}`);
    store.services.insert({ ...service, projectId: project.id });
  }
  seed.photos.forEach((photo, i) => {
    store.photos.insert({ ...photo, projectId: project.id, displayOrder: photo.displayOrder ?? i + 1 });
  });
  for (const review of seed.reviews) store.reviews.insert({ ...review, projectId: project.id });
  for (const key of seed.apiKeys) {
    createKey(ctx, project.id, {
      permissions: key.permissions,
      value: key.key,
      ...(key.id === undefined ? {} : { id: key.id }),
      ...(key.name === undefined ? {} : { name: key.name }),
    });
  }
  for (const entry of seed.blacklist) addToBlacklist(ctx, project.id, entry);
  if (seed.webhook) {
    setWebhook(ctx, project.id, {
      url: seed.webhook.url,
      ...(seed.webhook.secret === undefined ? {} : { secret: seed.webhook.secret }),
    });
  }
  for (const reservation of seed.reservations) addSeedReservation(ctx, project, reservation);
  return project;
}

/** Resolves `dayOffset` against the project's local today, moving off closed days. */
function seedDate(ctx: DomainContext, project: ProjectRecord, reservation: SeedReservation): string {
  if (reservation.date !== undefined) return reservation.date;
  const today = ctx.zones.localTime(ctx.clock.now(), project.timeZone).date;
  const branch = reservation.branchId ? (ctx.store.branches.get(reservation.branchId) ?? null) : null;
  let date = addDays(today, reservation.dayOffset ?? 0);
  // Off a closed day in the direction of the offset, so that a past booking stays in the past.
  // A week always has an open day unless the project never opens; then keep the date as it is.
  const step = (reservation.dayOffset ?? 0) < 0 ? -1 : 1;
  for (let tries = 0; tries < 7 && !daySchedule(project, branch, date).isOpen; tries++)
    date = addDays(date, step);
  return daySchedule(project, branch, date).isOpen ? date : addDays(today, reservation.dayOffset ?? 0);
}

function addSeedReservation(ctx: DomainContext, project: ProjectRecord, reservation: SeedReservation): void {
  const offset = reservation.dayOffset ?? 0;
  // A relative booking in the past was made before it took place, not "now".
  const createdAt =
    reservation.createdAt ??
    (offset < 0 ? new Date(ctx.clock.now() + (offset - 2) * 86_400_000).toISOString() : undefined);
  insertReservation(ctx, project, {
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

export function applySeed(ctx: DomainContext, seed: ResolvedSeedData): void {
  for (const project of seed.projects) addSeedProject(ctx, project);
}

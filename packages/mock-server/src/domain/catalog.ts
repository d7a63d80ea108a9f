// Read-only project data: tables, services, gallery, reviews, schedule and info. These collections
// change only through seeding and the control helpers, so lists are @msw/data queries over the collections (store.ts).
import type { components } from '../contract';
import { GALLERY_PAGE, type Page, type PageRequest, paginate, REVIEWS_PAGE } from './paginate';
import { requireBranch } from './projects';
import type { PhotoRecord, ProjectRecord, ReviewRecord, ServiceRecord, TableRecord } from './records';
import type { Store } from './store';
import { CZECH_DAY_NAMES, type CzechDayName } from './time';
import { projectInfoView } from './views';

type Schemas = components['schemas'];

/** Where a table added without a `position` goes: after the project's tables (their count + 1). */
export function nextTablePosition(store: Store, projectId: string): number {
  return store.tables.all().filter((t) => t.projectId === projectId).length + 1;
}

/** A table or service naming a branch or zone that is not its project's own. */
export class ForeignReferenceError extends Error {
  override readonly name = 'ForeignReferenceError';
}

function requireOwn(
  kind: string,
  id: string | null,
  owner: string | undefined,
  project: ProjectRecord,
): void {
  if (id !== null && owner !== project.id)
    throw new ForeignReferenceError(`Unknown ${kind} "${id}" in ${project.slug}`);
}

export type NewTable = Omit<TableRecord, 'projectId' | 'position'> & { position?: number | undefined };
export type NewService = Omit<ServiceRecord, 'projectId'>;

/**
 * Adds a table to a project (seeding and the control's `addTable`): its branch and zone, when set,
 * must be the project's own; without a `position` it goes last (`nextTablePosition`).
 */
export async function addTable(store: Store, project: ProjectRecord, table: NewTable): Promise<TableRecord> {
  requireOwn('branch', table.branchId, store.branches.get(table.branchId ?? '')?.projectId, project);
  requireOwn('zone', table.zoneId, store.zones.get(table.zoneId ?? '')?.projectId, project);
  const position = table.position ?? nextTablePosition(store, project.id);
  return store.tables.insert({ ...table, projectId: project.id, position });
}

/** Adds a service to a project (seeding and the control's `addService`): its branch must be the project's own. */
export async function addService(
  store: Store,
  project: ProjectRecord,
  service: NewService,
): Promise<ServiceRecord> {
  requireOwn('branch', service.branchId, store.branches.get(service.branchId ?? '')?.projectId, project);
  return store.services.insert({ ...service, projectId: project.id });
}

/** Active tables by position; an unknown branchId is 400, an unknown zoneId just matches nothing. */
export function listTables(
  store: Store,
  project: ProjectRecord,
  filter: { branchId?: string | undefined; zoneId?: string | undefined },
): TableRecord[] {
  requireBranch(store, project, filter.branchId);
  return store.tables.collection.findMany(
    (q) =>
      q.where(
        (t) =>
          t.projectId === project.id &&
          t.isActive &&
          (filter.branchId === undefined || t.branchId === filter.branchId) &&
          (filter.zoneId === undefined || t.zoneId === filter.zoneId),
      ),
    { orderBy: [{ position: 'asc' }, { id: 'asc' }] },
  );
}

/** Active services by name. */
export function listServices(
  store: Store,
  project: ProjectRecord,
  filter: { branchId?: string | undefined },
): ServiceRecord[] {
  requireBranch(store, project, filter.branchId);
  const services = store.services.collection.findMany((q) =>
    q.where(
      (s) =>
        s.projectId === project.id &&
        s.isActive &&
        (filter.branchId === undefined || s.branchId === filter.branchId),
    ),
  );
  // Names are Czech: compare as people read them (Č after C), which a plain < does not.
  return services.sort((a, b) => a.name.localeCompare(b.name, 'cs') || (a.id < b.id ? -1 : 1));
}

/** Gallery by displayOrder. */
export function listPhotos(store: Store, project: ProjectRecord, page: PageRequest): Page<PhotoRecord> {
  const photos = store.photos.collection.findMany((q) => q.where({ projectId: project.id }), {
    orderBy: [{ displayOrder: 'asc' }, { id: 'asc' }],
  });
  return paginate(photos, page, GALLERY_PAGE);
}

interface ReviewPage extends Page<ReviewRecord> {
  averageRating: number | null;
}

/** Approved and visible reviews, newest first, with their average rounded to one decimal. */
export function listReviews(store: Store, project: ProjectRecord, page: PageRequest): ReviewPage {
  const reviews = store.reviews.collection.findMany(
    (q) => q.where({ projectId: project.id, isApproved: true, isVisible: true }),
    {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    },
  );
  const sum = reviews.reduce((acc, r) => acc + r.rating, 0);
  const averageRating = reviews.length === 0 ? null : Math.round((sum / reviews.length) * 10) / 10;
  return { ...paginate(reviews, page, REVIEWS_PAGE), averageRating };
}

export function getSchedule(project: ProjectRecord): Schemas['Schedule'] {
  return {
    openingHours: project.openingHours.map((day) => ({
      dayOfWeek: day.dayOfWeek,
      dayName: CZECH_DAY_NAMES[day.dayOfWeek] as CzechDayName,
      isOpen: day.isOpen,
      ...(day.isOpen && day.open !== null && day.close !== null ? { open: day.open, close: day.close } : {}),
    })),
    holidays: project.holidays.map(({ date, name, isOpen }) => ({ date, name, isOpen })),
  };
}

export function getProjectInfo(store: Store, project: ProjectRecord): Schemas['ProjectInfo'] {
  return projectInfoView(
    project,
    store.branches.collection.findMany((q) => q.where({ projectId: project.id })),
  );
}

// The seed format: everything a mock starts with (and returns to on reset), as plain JSON. The same
// shape is used by the built-in demo data, by `createMockService({ seed })` and by `--seed FILE`.
// Optional fields have the defaults noted; references (tableId, zoneId, ...) must point inside the
// same project; a field the format does not know is refused (strictObject), so that a misspelt one
// (`timezone`) never passes for an absent one and takes its default. README.md ("Seed format")
// documents it for users.
// Built on first use (z.lazy), like every schema of the package: see domain/records.ts.
import { z } from 'zod';
import { blacklistInput, DEFAULT_SLOT_MINUTES, DEFAULT_TIME_ZONE } from '../domain/projects';
import { PERMISSIONS, RESERVATION_STATUSES, webhookUrlSchema } from '../domain/records';
import { isValidTimeZone, toMinutes } from '../domain/time';
import {
  calendarDate,
  endTime,
  timestamp as isoTimestamp,
  startsBeforeEnd,
  startTime,
} from '../domain/values';

const date = calendarDate;
const timestamp = isoTimestamp;
/**
 * A timestamp kept in UTC (`…Z`), as the API answers every timestamp: lists ordered by one (reviews,
 * newest first) compare them as text, where `+14:00` and `Z` forms would sort out of time order.
 */
const utcTimestamp = () =>
  isoTimestamp()
    .transform((value) => new Date(value).toISOString())
    // An offset can carry an instant past a four-digit year (`9999-12-31T23:30:00-01:00`), which
    // no RFC 3339 timestamp of an answer can be.
    .refine((utc) => /^\d{4}-/.test(utc), 'must be an instant from 0000 to 9999 in UTC');
const color = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be #RRGGBB');

/** One day's hours; a day that is absent or null is closed. */
const hours = z.lazy(() =>
  z
    .strictObject({
      open: startTime(),
      close: endTime(),
      breakStart: startTime().optional(),
      breakEnd: endTime().optional(),
    })
    .refine((h) => startsBeforeEnd({ from: h.open, to: h.close }), 'open must be before close')
    .refine(
      (h) => (h.breakStart === undefined) === (h.breakEnd === undefined),
      'breakStart and breakEnd go together',
    )
    .refine(
      (h) =>
        h.breakStart === undefined ||
        (toMinutes(h.open) < toMinutes(h.breakStart) &&
          toMinutes(h.breakStart) < toMinutes(h.breakEnd ?? '') &&
          toMinutes(h.breakEnd ?? '') <= toMinutes(h.close)),
      'the break must lie inside the opening hours (it may end at close, e.g. 24:00)',
    ),
);

export const WEEKDAY_KEYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

const weeklyHours = z.lazy(() =>
  z.strictObject({
    sunday: hours.nullish(),
    monday: hours.nullish(),
    tuesday: hours.nullish(),
    wednesday: hours.nullish(),
    thursday: hours.nullish(),
    friday: hours.nullish(),
    saturday: hours.nullish(),
  }),
);
export type SeedWeeklyHours = z.infer<typeof weeklyHours>;

/** The fields both reservation schemas share (a function: built with the schema that uses them). */
const reservationFields = () => ({
  id: z.string().min(1).optional(),
  from: startTime(),
  to: endTime(),
  status: z.enum(RESERVATION_STATUSES).default('PENDING'),
  guests: z.number().int().positive().default(1),
  note: z.string().nullable().default(null),
  customer: z.strictObject({
    email: z.email(),
    firstName: z.string().nullable().optional(),
    lastName: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  }),
  branchId: z.string().nullable().default(null),
  tableId: z.string().nullable().default(null),
  serviceIds: z.array(z.string()).default([]),
  /** Default: the time the reservation is added. */
  createdAt: timestamp().optional(),
  /** Who made the status changes after creation (history `changedBy`). Default `system`. */
  changedBy: z.string().default('system'),
});

/** A reservation put straight into the store (control.addReservation): an absolute date. */
export const reservationImportSchema = z.lazy(() =>
  z.strictObject({ ...reservationFields(), date: date() }).refine(startsBeforeEnd, 'from must be before to'),
);

const reservation = z.lazy(() =>
  z
    .strictObject({
      ...reservationFields(),
      /** An absolute date, or… */
      date: date().optional(),
      /**
       * …days from the project's local date when the seed is applied (0 = today). A closed day moves to
       * the next open day, so a demo always has bookings around "now".
       */
      // About 10,000 years either way: no offset beyond fits the four-digit dates (and Temporal
      // refuses a duration much larger); whether one fits the clock is judged where it is laid out.
      dayOffset: z.number().int().min(-3_660_000).max(3_660_000).optional(),
    })
    .refine(
      (r) => (r.date === undefined) !== (r.dayOffset === undefined),
      'give exactly one of date and dayOffset',
    )
    .refine(startsBeforeEnd, 'from must be before to'),
);

export const seedTableSchema = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1),
    name: z.string(),
    label: z.string().nullable().default(null),
    capacity: z.number().int().positive(),
    branchId: z.string().nullable().default(null),
    zoneId: z.string().nullable().default(null),
    /** Default: the table's place in this list (1-based). */
    position: z.number().int().optional(),
    visualX: z.number().nullable().default(null),
    visualY: z.number().nullable().default(null),
    visualWidth: z.number().nullable().default(null),
    visualHeight: z.number().nullable().default(null),
    visualRotation: z.number().nullable().default(null),
    visualShape: z.enum(['rectangle', 'circle', 'square']).nullable().default(null),
    isActive: z.boolean().default(true),
  }),
);
export type SeedTableInput = z.input<typeof seedTableSchema>;

export const seedServiceSchema = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1),
    name: z.string(),
    description: z.string().nullable().default(null),
    duration: z.number().int().positive(),
    price: z.number().nonnegative(),
    currency: z.enum(['CZK', 'EUR']).default('CZK'),
    branchId: z.string().nullable().default(null),
    isActive: z.boolean().default(true),
  }),
);
export type SeedServiceInput = z.input<typeof seedServiceSchema>;

export const seedProjectSchema = z.lazy(() =>
  z
    .strictObject({
      id: z.string().min(1),
      slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes'),
      name: z.string().min(1),
      logoUrl: z.string().nullable().default(null),
      address: z.string().nullable().default(null),
      contactEmail: z.string().nullable().default(null),
      contactPhone: z.string().nullable().default(null),
      isActive: z.boolean().default(true),
      timeZone: z.string().refine(isValidTimeZone, 'must be an IANA time zone').default(DEFAULT_TIME_ZONE),
      slotMinutes: z.number().int().positive().default(DEFAULT_SLOT_MINUTES),
      settings: z
        .strictObject({
          primaryColor: color().default('#1F2937'),
          secondaryColor: color().default('#4B5563'),
          accentColor: color().default('#F59E0B'),
          borderColor: color().default('#E5E7EB'),
          fontFamily: z.string().default('Inter'),
          socialLinks: z.record(z.string(), z.string()).default({}),
          defaultView: z.enum(['calendar', 'list']).default('calendar'),
          showPrices: z.boolean().default(true),
          allowNotes: z.boolean().default(true),
          requirePhone: z.boolean().default(false),
        })
        .prefault({}),
      openingHours: weeklyHours,
      holidays: z
        .array(z.strictObject({ date: date(), name: z.string().min(1), isOpen: z.boolean().default(false) }))
        .default([]),
      branches: z
        .array(
          z.strictObject({
            id: z.string().min(1),
            name: z.string(),
            address: z.string(),
            openingHours: weeklyHours.optional(),
          }),
        )
        .default([]),
      zones: z
        .array(
          z.strictObject({
            id: z.string().min(1),
            name: z.string(),
            branchId: z.string().nullable().default(null),
          }),
        )
        .default([]),
      tables: z.array(seedTableSchema).default([]),
      services: z.array(seedServiceSchema).default([]),
      photos: z
        .array(
          z.strictObject({
            id: z.string().min(1),
            imageUrl: z.url(),
            title: z.string().nullable().default(null),
            description: z.string().nullable().default(null),
            /** Default: the photo's place in this list (1-based). */
            displayOrder: z.number().int().optional(),
            createdAt: utcTimestamp(),
          }),
        )
        .default([]),
      reviews: z
        .array(
          z.strictObject({
            id: z.string().min(1),
            customerName: z.string(),
            rating: z.number().int().min(1).max(5),
            comment: z.string().nullable().default(null),
            businessReply: z.string().nullable().default(null),
            repliedAt: utcTimestamp().nullable().default(null),
            createdAt: utcTimestamp(),
            isApproved: z.boolean().default(true),
            isVisible: z.boolean().default(true),
          }),
        )
        .default([]),
      apiKeys: z
        .array(
          z.strictObject({
            /** Default: a generated `key_…` id. */
            id: z.string().min(1).optional(),
            name: z.string().optional(),
            /** The plain value clients send in X-API-Key; only its SHA-256 is kept. */
            key: z.string().min(8),
            permissions: z.array(z.enum(PERMISSIONS)),
          }),
        )
        .default([]),
      blacklist: z.array(blacklistInput).default([]),
      /** Webhook target; `url` null (default) sends nothing until one is set. Default secret: generated. */
      webhook: z
        .strictObject({
          url: webhookUrlSchema.nullable().default(null),
          secret: z.string().min(1).optional(),
        })
        .optional(),
      reservations: z.array(reservation).default([]),
    })
    .superRefine((project, context) => {
      // References point inside the same project: checked here, so a bad seed is refused before a write.
      const where = `project ${project.slug}`;
      const known = {
        branch: new Set(project.branches.map((b) => b.id)),
        zone: new Set(project.zones.map((z) => z.id)),
        table: new Set(project.tables.map((t) => t.id)),
        service: new Set(project.services.map((s) => s.id)),
      };
      const check = (kind: keyof typeof known, id: string | null, what: string) => {
        if (id !== null && !known[kind].has(id))
          context.addIssue({
            code: 'custom',
            message: `Seed: ${where} ${what} refers to unknown ${kind} ${id}`,
          });
      };
      for (const zone of project.zones) check('branch', zone.branchId, `zone ${zone.id}`);
      for (const table of project.tables) {
        check('branch', table.branchId, `table ${table.id}`);
        check('zone', table.zoneId, `table ${table.id}`);
      }
      for (const service of project.services) check('branch', service.branchId, `service ${service.id}`);
      for (const [i, r] of project.reservations.entries()) {
        check('branch', r.branchId, `reservation ${r.id ?? i}`);
        check('table', r.tableId, `reservation ${r.id ?? i}`);
        for (const id of r.serviceIds) check('service', id, `reservation ${r.id ?? i}`);
      }
    }),
);

/**
 * Ids, slugs and key values are one store's keys: each may be given once in a whole seed (two
 * projects' tables named `tbl_1` would clash when the seed goes in, leaving an empty mock whose every
 * reset fails). One issue per repeat, at its path, naming the first use.
 */
function uniqueAcrossTheSeed(
  seed: { projects: readonly z.output<typeof seedProjectSchema>[] },
  ctx: z.RefinementCtx,
): void {
  const firstUse = new Map<string, string>();
  const once = (kind: string, value: string | undefined, path: (string | number)[]): void => {
    if (value === undefined) return;
    const key = `${kind} ${value}`;
    const first = firstUse.get(key);
    if (first === undefined) firstUse.set(key, path.join('.'));
    // A key value is a secret: named by where it is, never quoted.
    else {
      const what = kind === 'key value' ? kind : `${kind} "${value}"`;
      ctx.addIssue({ code: 'custom', path, message: `${what} is already used (${first})` });
    }
  };
  const lists = [
    'branches',
    'zones',
    'tables',
    'services',
    'photos',
    'reviews',
    'apiKeys',
    'reservations',
  ] as const;
  for (const [p, project] of seed.projects.entries()) {
    once('project id', project.id, ['projects', p, 'id']);
    once('slug', project.slug, ['projects', p, 'slug']);
    for (const list of lists) {
      const records: readonly { id?: string | undefined }[] = project[list];
      for (const [i, record] of records.entries())
        once(`${list} id`, record.id, ['projects', p, list, i, 'id']);
    }
    // Key values too: a request's key names its project, so a value may belong to one key only.
    for (const [i, key] of project.apiKeys.entries())
      once('key value', key.key, ['projects', p, 'apiKeys', i, 'key']);
  }
}

export const seedDataSchema = z.lazy(() =>
  // `$schema` at the root, which editors add to a JSON file, is allowed and ignored.
  z
    .strictObject({ $schema: z.string().optional(), projects: z.array(seedProjectSchema) })
    .superRefine(uniqueAcrossTheSeed),
);
export type SeedProjectInput = z.input<typeof seedProjectSchema>;

/** A seed as written (defaults may be left out). */
export type SeedData = z.input<typeof seedDataSchema>;
/** A seed after validation, defaults filled in. */
export type ResolvedSeedData = z.output<typeof seedDataSchema>;
export type SeedProject = ResolvedSeedData['projects'][number];
export type SeedReservation = SeedProject['reservations'][number];
/** What control.addReservation takes (defaults may be left out). */
export type ReservationImport = z.input<typeof reservationImportSchema>;

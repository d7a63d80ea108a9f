// The shapes stored in the @msw/data collections (store.ts). They are the mock's own model (a superset
// of what the API shows: key hashes, approval flags, opening hours, ...); views.ts maps them to the
// contract. Each collection validates its records with these schemas on every create and update.
// Each schema is wrapped in z.lazy: built on its first use, then kept (zod caches the inner schema),
// so importing the package builds none (BENCHMARKS.md, "import"). Schemas are immutable per-process
// constants, never per-mock state.
import { z } from 'zod';
import { DATE_PATTERN, END_TIME_PATTERN, isValidTimeZone, START_TIME_PATTERN } from './time';

export const PERMISSIONS = ['read', 'write', 'delete', 'media'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const RESERVATION_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const HISTORY_ACTIONS = ['created', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * A webhook target: an absolute http: or https: URL, the only schemes a delivery is sent to, without
 * credentials (fetch refuses a URL with `user:password@`, so no delivery to it could ever be sent).
 * The one rule for every target (the seed, `--webhook-url`, setWebhook, redeliver, a stored record).
 */
export const webhookUrlSchema = z.lazy(() =>
  z.url({ protocol: /^https?$/, error: WEBHOOK_URL_MESSAGE }).refine(hasNoCredentials, {
    error: 'url must not contain credentials (user:password@): fetch refuses them',
  }),
);

function hasNoCredentials(value: string): boolean {
  // Runs after the URL check too when that failed (zod 4 goes on to the next check): not a URL, no credentials.
  if (!URL.canParse(value)) return true;
  const { username, password } = new URL(value);
  return username === '' && password === '';
}
export const WEBHOOK_URL_MESSAGE = 'url must be an http(s) URL';

/** Whether `value` is a webhook target (webhookUrlSchema), for checks outside a schema. */
export function isWebhookUrl(value: string): boolean {
  return webhookUrlSchema.safeParse(value).success;
}

const start = () => z.string().regex(START_TIME_PATTERN);
const end = () => z.string().regex(END_TIME_PATTERN);
const date = () => z.string().regex(DATE_PATTERN);
const timestamp = () => z.string();

/** Opening hours of one weekday; `open`/`close` null on a closed day, break fields null without a break. */
export const dayHoursSchema = z.lazy(() =>
  z.object({
    dayOfWeek: z.number().int().min(0).max(6),
    isOpen: z.boolean(),
    open: start().nullable(),
    close: end().nullable(),
    breakStart: start().nullable(),
    breakEnd: end().nullable(),
  }),
);
export type DayHours = z.infer<typeof dayHoursSchema>;

const holidaySchema = z.lazy(() => z.object({ date: date(), name: z.string(), isOpen: z.boolean() }));
export type HolidayRecord = z.infer<typeof holidaySchema>;

export const projectSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    address: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    isActive: z.boolean(),
    // A stored snapshot's zone too (persistence): one Temporal does not know made every date a 500.
    timeZone: z.string().refine(isValidTimeZone, 'must be an IANA time zone'),
    /** Default slot length of /availability, in minutes. */
    slotMinutes: z.number().int().positive(),
    settings: z.object({
      primaryColor: z.string(),
      secondaryColor: z.string(),
      accentColor: z.string(),
      borderColor: z.string(),
      fontFamily: z.string(),
      socialLinks: z.record(z.string(), z.string()),
      defaultView: z.enum(['calendar', 'list']),
      showPrices: z.boolean(),
      allowNotes: z.boolean(),
      requirePhone: z.boolean(),
    }),
    /** Seven entries, index = dayOfWeek (0 = Sunday). */
    openingHours: z.array(dayHoursSchema).length(7),
    /** Sorted by date. */
    holidays: z.array(holidaySchema),
  }),
);
export type ProjectRecord = z.infer<typeof projectSchema>;

export const branchSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    address: z.string(),
    /** The branch's own weekly hours; null: the project's. */
    openingHours: z.array(dayHoursSchema).length(7).nullable(),
  }),
);
export type BranchRecord = z.infer<typeof branchSchema>;

export const zoneSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    branchId: z.string().nullable(),
    name: z.string(),
  }),
);
export type ZoneRecord = z.infer<typeof zoneSchema>;

export const tableSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    branchId: z.string().nullable(),
    zoneId: z.string().nullable(),
    name: z.string(),
    label: z.string().nullable(),
    capacity: z.number().int().positive(),
    position: z.number().int(),
    visualX: z.number().nullable(),
    visualY: z.number().nullable(),
    visualWidth: z.number().nullable(),
    visualHeight: z.number().nullable(),
    visualRotation: z.number().nullable(),
    visualShape: z.enum(['rectangle', 'circle', 'square']).nullable(),
    isActive: z.boolean(),
  }),
);
export type TableRecord = z.infer<typeof tableSchema>;

export const serviceSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    branchId: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    duration: z.number().int().positive(),
    price: z.number().nonnegative(),
    currency: z.enum(['CZK', 'EUR']),
    isActive: z.boolean(),
  }),
);
export type ServiceRecord = z.infer<typeof serviceSchema>;

export const customerSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: timestamp(),
  }),
);
export type CustomerRecord = z.infer<typeof customerSchema>;

export const blacklistEntrySchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    createdAt: timestamp(),
  }),
);
export type BlacklistEntryRecord = z.infer<typeof blacklistEntrySchema>;

export const historyEntrySchema = z.lazy(() =>
  z.object({
    status: z.enum(RESERVATION_STATUSES),
    changedBy: z.string(),
    action: z.enum(HISTORY_ACTIONS),
    changedAt: timestamp(),
    note: z.string().nullable(),
    reason: z.string().nullable(),
  }),
);
export type HistoryEntryRecord = z.infer<typeof historyEntrySchema>;

export const reservationSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    branchId: z.string().nullable(),
    customerId: z.string(),
    tableId: z.string().nullable(),
    date: date(),
    from: start(),
    to: end(),
    status: z.enum(RESERVATION_STATUSES),
    guests: z.number().int().positive(),
    note: z.string().nullable(),
    /** A copy of each booked service as it was at booking time (price changes do not rewrite history). */
    services: z.array(
      z.object({ id: z.string(), name: z.string(), duration: z.number(), price: z.number() }),
    ),
    createdAt: timestamp(),
    statusHistory: z.array(historyEntrySchema).min(1),
  }),
);
export type ReservationRecord = z.infer<typeof reservationSchema>;

export const photoSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    imageUrl: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    displayOrder: z.number().int(),
    createdAt: timestamp(),
  }),
);
export type PhotoRecord = z.infer<typeof photoSchema>;

export const reviewSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    customerName: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    businessReply: z.string().nullable(),
    repliedAt: timestamp().nullable(),
    createdAt: timestamp(),
    isApproved: z.boolean(),
    isVisible: z.boolean(),
  }),
);
export type ReviewRecord = z.infer<typeof reviewSchema>;

export const apiKeySchema = z.lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)),
    /** Lower-case hex SHA-256 of the key value; the value itself is never stored. */
    hash: z.string(),
    /** First characters of the value, to recognise a key in a list. */
    prefix: z.string(),
    createdAt: timestamp(),
    /** Set when the key was revoked: from then on its value is rejected (API_KEY_INVALID). */
    revokedAt: timestamp().nullable(),
  }),
);
export type ApiKeyRecord = z.infer<typeof apiKeySchema>;

export const webhookConfigSchema = z.lazy(() =>
  z.object({
    /** One config per project: the id is the project's id. */
    id: z.string(),
    projectId: z.string(),
    /** null: no target yet, events are not sent. */
    url: webhookUrlSchema.nullable(),
    secret: z.string(),
  }),
);
export type WebhookConfigRecord = z.infer<typeof webhookConfigSchema>;

// zod schemas of every request body and query, with the messages that go into VALIDATION_ERROR
// details. At the end, type-level assertions tie each schema's output to the types generated from
// openapi.yaml: when the contract changes and a schema does not, `tsc` fails here.
import type { components, operations } from '@reservation-api/sdk';
import { z } from 'zod';
import { errors, type ValidationIssue } from '../domain/errors';
import { DATE_PATTERN, RESERVATION_STATUSES, TIME_PATTERN } from '../domain/records';
import { DATE_MESSAGE, isValidDate } from '../domain/time';

const MUST_BE_STRING = 'must be a string';
const TIME_MESSAGE = 'must be a time in HH:MM format';
const STATUS_MESSAGE = `must be one of ${RESERVATION_STATUSES.join(', ')}`;

/** "is required" when absent, else `message`. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const text = () => z.string({ error: MUST_BE_STRING });
const id = () => z.string({ error: MUST_BE_STRING }).min(1, { error: 'must not be empty' });
const dateString = () =>
  z
    .string({ error: requiredOr(DATE_MESSAGE) })
    .regex(DATE_PATTERN, { error: DATE_MESSAGE })
    .refine(isValidDate, { error: DATE_MESSAGE });
const timeString = () =>
  z.string({ error: requiredOr(TIME_MESSAGE) }).regex(TIME_PATTERN, { error: TIME_MESSAGE });
const status = () => z.enum(RESERVATION_STATUSES, { error: requiredOr(STATUS_MESSAGE) });

/** An integer query parameter of at least `min` (and at most `max`), from its text. */
const intParam = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string({ error: message })
    .regex(/^\d+$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }));

const limitParam = () => intParam('must be an integer of at least 1', 1);
const offsetParam = () => intParam('must be an integer of at least 0', 0);

// ---------------------------------------------------------------- bodies

export const createReservationBody = z.object({
  email: z.email({ error: 'must be a valid e-mail address' }),
  firstName: text().optional(),
  lastName: text().optional(),
  phone: text().optional(),
  date: dateString(),
  from: timeString(),
  to: timeString(),
  guests: z
    .number({ error: 'must be a positive integer' })
    .int({ error: 'must be a positive integer' })
    .min(1, { error: 'must be a positive integer' })
    .optional(),
  branchId: id().optional(),
  tableId: id().optional(),
  serviceIds: z.array(id(), { error: 'must be an array of strings' }).optional(),
  note: text().max(1000, { error: 'must be at most 1000 characters' }).optional(),
});

export const updateReservationStatusBody = z.object({
  status: status(),
  note: text().optional(),
  reason: text().optional(),
});

export const cancelReservationBody = z.object({ reason: text().optional() });

// ---------------------------------------------------------------- queries

export const listReservationsQuery = z.object({
  date: dateString().optional(),
  from: dateString().optional(),
  to: dateString().optional(),
  status: status().optional(),
  branchId: id().optional(),
  limit: limitParam().optional(),
  offset: offsetParam().optional(),
});

export const availabilityQuery = z.object({
  date: dateString(),
  branchId: id().optional(),
  serviceId: id().optional(),
  duration: intParam('must be an integer from 1 to 1440', 1, 1440).optional(),
});

export const tablesQuery = z.object({ branchId: id().optional(), zoneId: id().optional() });
export const servicesQuery = z.object({ branchId: id().optional() });
export const pageQuery = z.object({ limit: limitParam().optional(), offset: offsetParam().optional() });

/** The value as `schema` parses it, or 400 VALIDATION_ERROR with one detail per failing field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: ValidationIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '(body)';
    // One detail per field: later checks of a field that already failed add nothing.
    if (!issues.some((i) => i.field === field)) issues.push({ field, message: issue.message });
  }
  throw errors.validation(issues);
}

// ---------------------------------------------------------------- drift guard (compile time only)

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Schemas = components['schemas'];
type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** Each entry fails to compile when a schema above and openapi.yaml disagree. */
export type RequestSchemasMatchContract = [
  Expect<Equal<z.output<typeof createReservationBody>, Schemas['CreateReservationRequest']>>,
  Expect<Equal<z.output<typeof updateReservationStatusBody>, Schemas['UpdateReservationStatusRequest']>>,
  Expect<Equal<z.output<typeof cancelReservationBody>, Schemas['CancelReservationRequest']>>,
  Expect<Equal<z.output<typeof listReservationsQuery>, QueryOf<'listReservations'>>>,
  Expect<Equal<z.output<typeof availabilityQuery>, QueryOf<'getAvailability'>>>,
  Expect<Equal<z.output<typeof tablesQuery>, QueryOf<'listTables'>>>,
  Expect<Equal<z.output<typeof servicesQuery>, QueryOf<'listServices'>>>,
  Expect<Equal<z.output<typeof pageQuery>, QueryOf<'listGalleryPhotos'>>>,
  Expect<Equal<z.output<typeof pageQuery>, QueryOf<'listReviews'>>>,
];

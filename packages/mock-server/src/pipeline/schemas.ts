// zod schemas of every request body and query: the one place where request input is checked, at
// the boundary, so the domain receives typed, valid input. Their messages go into VALIDATION_ERROR
// details. At the end, type-level assertions tie each schema's output to the types generated from
// openapi.yaml: when the contract changes and a schema does not, `tsc` fails here.
// Built on first use (z.lazy), like every schema of the package: see domain/records.ts.

import { z } from 'zod';
import type { components, operations } from '../contract';
import { errors, type ValidationIssue } from '../domain/errors';
import { RESERVATION_STATUSES } from '../domain/records';
import { calendarDate, endTime, startsBeforeEnd, startTime } from '../domain/values';
import { httpErrors } from './errors';

const MUST_BE_STRING = 'must be a string';
const STATUS_MESSAGE = `must be one of ${RESERVATION_STATUSES.join(', ')}`;

const text = () => z.string({ error: MUST_BE_STRING });
const id = () => z.string({ error: MUST_BE_STRING }).min(1, { error: 'must not be empty' });
const status = () =>
  z.enum(RESERVATION_STATUSES, {
    error: (issue) => (issue.input === undefined ? 'is required' : STATUS_MESSAGE),
  });

/**
 * A non-negative integer query parameter of at least `min`, from its digits. Any number of digits:
 * limits clamp and offsets past the end are empty pages, so a huge value reads as the largest safe one.
 */
const intParam = (message: string, min: number) =>
  z
    .string({ error: message })
    .regex(/^\d+$/, { error: message })
    .transform((digits) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER))
    .pipe(z.number().min(min, { error: message }));

const limitParam = () => intParam('must be an integer of at least 1', 1);
const offsetParam = () => intParam('must be an integer of at least 0', 0);

// ---------------------------------------------------------------- bodies

export const createReservationBody = z.lazy(() =>
  z
    .object({
      email: z.email({ error: 'must be a valid e-mail address' }),
      firstName: text().optional(),
      lastName: text().optional(),
      phone: text().optional(),
      date: calendarDate(),
      from: startTime(),
      to: endTime(),
      guests: z
        .number({ error: 'must be a positive integer' })
        .int({ error: 'must be a positive integer' })
        .min(1, { error: 'must be a positive integer' })
        .optional(),
      branchId: id().optional(),
      tableId: id().optional(),
      serviceIds: z.array(id(), { error: 'must be an array of strings' }).optional(),
      note: text().max(1000, { error: 'must be at most 1000 characters' }).optional(),
    })
    .refine(startsBeforeEnd, {
      error: 'must be before to',
      path: ['from'],
      // Checked whenever both times are valid, so it is reported together with other fields' issues.
      when: (p) => !p.issues.some((issue) => issue.path?.[0] === 'from' || issue.path?.[0] === 'to'),
    }),
);

export const updateReservationStatusBody = z.lazy(() =>
  z.object({
    status: status(),
    note: text().optional(),
    reason: text().optional(),
  }),
);

export const cancelReservationBody = z.lazy(() => z.object({ reason: text().optional() }));

/**
 * Each object schema's required keys, worked out once per schema: a fact of the schema, not of a
 * request. Asking zod on every booking (a parse of `undefined` per key, failing for every required
 * one, with its error object) cost it 6 µs in process and 6 KB of garbage (BENCHMARKS.md, "HTTP:
 * the per-request work, fourth pass").
 */
const requiredKeys = new WeakMap<object, readonly string[]>();

/**
 * The fields POST /reservations lists as missing (400 without a code): the schema's required keys
 * in its order (email, date, from, to), then phone when the project requires it.
 */
export function requiredReservationFields(requirePhone: boolean): readonly string[] {
  // The object inside the lazy schema, as zod keeps it once built (`unwrap()` would build it anew).
  const shape = createReservationBody._zod.innerType.shape;
  let required = requiredKeys.get(shape);
  if (required === undefined) {
    required = Object.entries(shape)
      .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
      .map(([name]) => name);
    requiredKeys.set(shape, required);
  }
  return requirePhone ? [...required, 'phone'] : required;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** 400 `Missing required fields: …` when any of `fields` is absent, null or blank. */
export function requireFields(body: Readonly<Record<string, unknown>>, fields: readonly string[]): void {
  const missing = fields.filter((field) => isMissing(body[field]));
  if (missing.length > 0) throw httpErrors.missingFields(missing);
}

// ---------------------------------------------------------------- queries

export const listReservationsQuery = z.lazy(() =>
  z.object({
    date: calendarDate().optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    status: status().optional(),
    branchId: id().optional(),
    limit: limitParam().optional(),
    offset: offsetParam().optional(),
  }),
);

export const availabilityQuery = z.lazy(() =>
  z.object({
    date: calendarDate(),
    branchId: id().optional(),
    serviceId: id().optional(),
    duration: intParam('must be an integer from 1 to 1440', 1)
      .pipe(z.number().max(1440, { error: 'must be an integer from 1 to 1440' }))
      .optional(),
  }),
);

export const tablesQuery = z.lazy(() => z.object({ branchId: id().optional(), zoneId: id().optional() }));
export const servicesQuery = z.lazy(() => z.object({ branchId: id().optional() }));
export const pageQuery = z.lazy(() =>
  z.object({ limit: limitParam().optional(), offset: offsetParam().optional() }),
);

/**
 * The value of a query parameter given more than once (pipeline/api.ts): no schema accepts it, and
 * its issue reads REPEATED_PARAM_MESSAGE (openapi.yaml: each query parameter takes one value).
 */
export const REPEATED_PARAM: unknown = Object.freeze({ repeated: true });
const REPEATED_PARAM_MESSAGE = 'must be given once';

export type Checked<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

/** The value as `schema` parses it, or one issue per failing field (every failing field). */
export function checkWith<S extends z.ZodType>(schema: S, value: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  const issues: ValidationIssue[] = [];
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '(body)';
    // One detail per field: later checks of a field that already failed add nothing.
    if (!issues.some((i) => i.field === field))
      issues.push({
        field,
        message: fields[field] === REPEATED_PARAM ? REPEATED_PARAM_MESSAGE : issue.message,
      });
  }
  return { success: false, issues };
}

/** The value as `schema` parses it, or 400 VALIDATION_ERROR with one detail per failing field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const checked = checkWith(schema, value);
  if (checked.success) return checked.data;
  throw errors.validation(checked.issues);
}

/**
 * The value as `schema` parses it, or 400 VALIDATION_ERROR listing every invalid field at once: the
 * schema's issues, then what `references` (the domain's checks of ids and capacity) finds among the
 * fields that passed the schema. When the schema passes, the domain judges the references itself.
 */
export function parseWithReferences<S extends z.ZodType, R extends object>(
  schema: S,
  value: Readonly<Record<string, unknown>>,
  references: (valid: Partial<R>) => ValidationIssue[],
): z.output<S> {
  const checked = checkWith(schema, value);
  if (checked.success) return checked.data;
  throw errors.validation([...checked.issues, ...references(validFields<R>(value, checked.issues))]);
}

/**
 * The fields of an object that failed `checkWith` which have no issue of their own: they passed the
 * schema, so the rules that need the data (unknown ids, capacity) can still judge them, and one
 * answer lists every invalid field.
 */
export function validFields<T extends object>(
  body: Readonly<Record<string, unknown>>,
  issues: readonly ValidationIssue[],
): Partial<T> {
  const valid: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (!issues.some((issue) => issue.field === field)) valid[field] = value;
  }
  return valid as Partial<T>;
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

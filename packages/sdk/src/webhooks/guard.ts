// A few hundred bytes of runtime validation with type inference, in place of zod: the webhooks entry
// has a 2.6 kB (min+gzip) budget and zod/mini alone is ~6 kB. events.ts builds the event schemas from
// these and asserts at compile time that the inferred types equal the generated ones.

/** Validates `value`, pushing "path: problem" lines to `issues`; true when valid. */
export interface Guard<T> {
  (value: unknown, path: string, issues: string[]): boolean;
  /** Type-level only: what a value that passed is. Never set at runtime. */
  readonly _type?: T;
}

export type Infer<G> = G extends Guard<infer T> ? T : never;

type Shape = Record<string, Guard<unknown>>;
export type InferObject<S extends Shape> = { [K in keyof S]: Infer<S[K]> };

/** The kind of a value for messages: null, array, or its typeof. */
export function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function fail(issues: string[], path: string, expected: string, value: unknown): false {
  issues.push(`${path}: expected ${expected}, got ${describe(value)}`);
  return false;
}

function check<T>(test: (value: unknown) => boolean, expected: string): Guard<T> {
  return (value, path, issues) => test(value) || fail(issues, path, expected, value);
}

export const string: Guard<string> = check((v) => typeof v === 'string', 'string');
// Number.isFinite is false for anything but a finite number (unlike the global isFinite, it does not coerce).
export const number: Guard<number> = check(Number.isFinite, 'number');
/**
 * An RFC 3339 date-time (openapi.yaml `format: date-time`) that Date.parse understands: with its
 * zone, since one without (`2030-06-17T08:00:00`, or `2030`) is read in the receiver's local time,
 * and maxAgeSeconds would compare it wrongly.
 */
export const timestamp: Guard<string> = check(
  (v) =>
    typeof v === 'string' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(v) &&
    Number.isFinite(Date.parse(v)),
  'date-time with its zone',
);

export function literal<const T extends string>(...values: T[]): Guard<T> {
  return check((v) => (values as unknown[]).includes(v), values.join(' | '));
}

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value, path, issues) => {
    const first = issues.length;
    if (value === null || guard(value, path, issues)) return true;
    // The value's own kind was wrong (not a field inside it): null would have done too.
    const own = issues[first] as string;
    if (own.startsWith(`${path}: `)) issues[first] = own.replace(/(, got \w+)$/, ' or null$1');
    return false;
  };
}

export function array<T>(item: Guard<T>): Guard<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) return fail(issues, path, 'array', value);
    let ok = true;
    // for-in like object() below (JSON arrays have only index keys): the same shape compresses better.
    for (const i in value) ok = item(value[i], `${path}[${i}]`, issues) && ok;
    return ok;
  };
}

// describe() already tells a plain object from null and arrays.
const isRecord = (v: unknown): v is Record<string, unknown> => describe(v) === 'object';

/** Checks the listed properties; extra properties are allowed (new fields must not break receivers). */
export function object<S extends Shape>(shape: S): Guard<InferObject<S>> {
  return (value, path, issues) => {
    if (!isRecord(value)) return fail(issues, path, 'object', value);
    let ok = true;
    for (const key in shape) ok = (shape[key] as Guard<unknown>)(value[key], `${path}.${key}`, issues) && ok;
    return ok;
  };
}

/** A union discriminated by `key`: the value of `key` selects the one guard to apply. */
export function discriminated<K extends string, M extends Record<string, Guard<unknown>>>(
  key: K,
  members: M,
): Guard<Infer<M[keyof M]>> {
  return (value, path, issues) => {
    if (!isRecord(value)) return fail(issues, path, 'object', value);
    const tag = value[key];
    // hasOwn: a tag such as "constructor" must not reach Object.prototype.
    return typeof tag === 'string' && Object.hasOwn(members, tag)
      ? (members[tag] as Guard<unknown>)(value, path, issues)
      : fail(issues, `${path}.${key}`, `one of ${Object.keys(members)}`, tag);
  };
}

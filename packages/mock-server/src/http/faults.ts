// Injected failures for testing clients: the next `times` requests that match get a status (429
// RATE_LIMITED with Retry-After, or a 5xx INTERNAL_ERROR) and/or a delay. Checked before anything
// else, so a fault hits whatever request matches, valid or not. The spec is validated by one zod
// schema, for the JavaScript control and the /__mock/faults route alike.
import { z } from 'zod';
import { MAX_TIMER_DELAY_MS } from '../domain/time';

/** setTimeout's largest delay; a larger one would fire at once. */
export const MAX_DELAY_MS = MAX_TIMER_DELAY_MS;

const positiveInt = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a positive integer` })
    .min(1, {
      error: `${name} must be a positive integer`,
    });

export const faultSpecSchema = z
  .object({
    /** HTTP method to match (any when absent). */
    method: z.string().min(1).optional(),
    /** Path relative to the base URL, e.g. `/api/v1/demo-bistro/reservations`; `*` matches anything. */
    path: z.string().min(1).optional(),
    /** 429, or 500–599. Without it the request is only delayed, then answered normally. */
    status: z
      .number({ error: 'status must be 429 or 500-599' })
      .refine((s) => s === 429 || (Number.isInteger(s) && s >= 500 && s <= 599), {
        error: 'status must be 429 or 500-599',
      })
      .optional(),
    /** How many matching requests the fault applies to. Default 1. */
    times: positiveInt('times').optional(),
    /** Delay before answering, in ms (at most 2,147,483,647). */
    delayMs: z
      .number({ error: 'delayMs must be an integer from 0 to 2147483647' })
      .min(0, { error: 'delayMs must be an integer from 0 to 2147483647' })
      .max(MAX_DELAY_MS, { error: 'delayMs must be an integer from 0 to 2147483647' })
      .refine(Number.isInteger, { error: 'delayMs must be an integer from 0 to 2147483647' })
      .optional(),
    /** Seconds for the Retry-After header of a 429. Default 1. */
    retryAfter: positiveInt('retryAfter').optional(),
  })
  .strict()
  .refine((spec) => spec.status !== undefined || (spec.delayMs ?? 0) > 0, {
    error: 'give a status, a delayMs, or both',
  });

export type FaultSpec = z.input<typeof faultSpecSchema>;

export interface Fault {
  id: string;
  method: string | null;
  path: string | null;
  status: number | null;
  delayMs: number;
  retryAfter: number;
  /** Matching requests still to be hit. */
  remaining: number;
}

export interface Faults {
  /** Adds a validated spec. */
  add(spec: z.output<typeof faultSpecSchema>): Fault;
  /** Removes one; false when there is no such fault. */
  remove(id: string): boolean;
  clear(): void;
  list(): Fault[];
  /** The fault that applies to this request, if any, counting it as used. */
  take(method: string, path: string): Fault | undefined;
}

function pathMatcher(path: string): (candidate: string) => boolean {
  if (!path.includes('*')) return (candidate) => candidate === path;
  const pattern = new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (candidate) => pattern.test(candidate);
}

export function createFaults(): Faults {
  let entries: { fault: Fault; matches: (path: string) => boolean }[] = [];
  let counter = 0;
  return {
    add(spec) {
      counter += 1;
      const fault: Fault = {
        id: `flt_${String(counter).padStart(4, '0')}`,
        method: spec.method?.toUpperCase() ?? null,
        path: spec.path ?? null,
        status: spec.status ?? null,
        delayMs: spec.delayMs ?? 0,
        retryAfter: spec.retryAfter ?? 1,
        remaining: spec.times ?? 1,
      };
      entries.push({ fault, matches: spec.path === undefined ? () => true : pathMatcher(spec.path) });
      return { ...fault };
    },
    remove(id) {
      const before = entries.length;
      entries = entries.filter(({ fault }) => fault.id !== id);
      return entries.length < before;
    },
    clear() {
      entries = [];
      counter = 0;
    },
    list: () => entries.map(({ fault }) => ({ ...fault })),
    take(method, path) {
      if (entries.length === 0) return undefined;
      const upper = method.toUpperCase();
      const entry = entries.find(
        ({ fault, matches }) => (fault.method === null || fault.method === upper) && matches(path),
      );
      if (!entry) return undefined;
      entry.fault.remaining -= 1;
      if (entry.fault.remaining <= 0) entries = entries.filter((e) => e !== entry);
      return { ...entry.fault };
    },
  };
}

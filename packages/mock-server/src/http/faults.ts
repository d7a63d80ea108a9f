// Injected failures for testing clients: the next `times` requests that match get a status (429
// RATE_LIMITED with Retry-After, or a 5xx INTERNAL_ERROR) and/or a delay. Checked before anything
// else, so a fault hits whatever request matches, valid or not.

export interface FaultSpec {
  /** HTTP method to match (any when absent). */
  method?: string | undefined;
  /**
   * Path to match, relative to the base URL, e.g. `/api/v1/demo-bistro/reservations`; `*` matches any
   * characters. Any path under /api/v1 when absent.
   */
  path?: string | undefined;
  /** 429, or 500–599. Without it the request is only delayed and then answered normally. */
  status?: number | undefined;
  /** How many matching requests the fault applies to. Default 1. */
  times?: number | undefined;
  /** Delay before answering, in milliseconds. */
  delayMs?: number | undefined;
  /** Seconds for the Retry-After header of a 429. Default 1. */
  retryAfter?: number | undefined;
}

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
  add(spec: FaultSpec): Fault;
  clear(): void;
  list(): Fault[];
  /** The fault that applies to this request, if any, counting it as used. */
  take(method: string, path: string): Fault | undefined;
}

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError';
}

function isCount(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
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

/** Validates a fault spec; throws FaultSpecError with the reason. */
function validateFaultSpec(spec: FaultSpec): void {
  const { status, times, delayMs, retryAfter, method, path } = spec;
  if (status !== undefined && !(status === 429 || (isCount(status, 500) && status <= 599))) {
    throw new FaultSpecError('status must be 429 or 500-599');
  }
  if (times !== undefined && !isCount(times, 1))
    throw new FaultSpecError('times must be an integer of at least 1');
  if (delayMs !== undefined && !isCount(delayMs, 0))
    throw new FaultSpecError('delayMs must be an integer of at least 0');
  if (retryAfter !== undefined && !isCount(retryAfter, 0)) {
    throw new FaultSpecError('retryAfter must be an integer of at least 0');
  }
  if (method !== undefined && typeof method !== 'string') throw new FaultSpecError('method must be a string');
  if (path !== undefined && typeof path !== 'string') throw new FaultSpecError('path must be a string');
  if (status === undefined && (delayMs ?? 0) === 0)
    throw new FaultSpecError('give a status, a delayMs, or both');
}

export function createFaults(): Faults {
  let entries: { fault: Fault; matches: (path: string) => boolean }[] = [];
  let counter = 0;
  return {
    add(spec) {
      validateFaultSpec(spec);
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
    clear() {
      entries = [];
      counter = 0;
    },
    list: () => entries.map(({ fault }) => ({ ...fault })),
    take(method, path) {
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

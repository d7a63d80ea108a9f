// Injected failures for testing clients: the next `times` requests (or every one, `"always"`) that
// match by method, path pattern and query subset get a status (any 400–599: 429 RATE_LIMITED with
// Retry-After, a 5xx INTERNAL_ERROR, another 4xx its status text, or a custom JSON body and headers),
// a dropped connection, and/or a delay. Checked before anything else, so a fault hits whatever request
// matches, valid or not. The spec is validated by one zod schema, for the JavaScript control and the
// /__mock/faults route alike, so that nothing refused only when the fault fires (a header value an
// HTTP server cannot write) gets in: bounded by design (mock README, "Faults").
// Built on first use (z.lazy), like every schema of the package: see domain/records.ts.
import { z } from 'zod';
import { MAX_TIMER_DELAY_MS } from '../domain/time';
import { MAX_BODY_DEPTH } from '../domain/values';
import { compileGlob, type GlobMatcher } from './glob';
import { controlObject } from './schemas';

/** setTimeout's largest delay; a larger one would fire at once. */
export const MAX_DELAY_MS = MAX_TIMER_DELAY_MS;

/** Active faults a mock (or session) holds at most; one more is 409 TOO_MANY_FAULTS. */
export const MAX_FAULTS = 100;

/** A path pattern's longest length: with MAX_FAULTS of them, matching stays well under 1 ms a request. */
export const MAX_PATTERN_LENGTH = 512;

/**
 * Headers that frame the answer or manage the connection: the transport writes them, and a second
 * Content-Length or Transfer-Encoding would make an answer no client can read.
 */
const FRAMING_HEADERS: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
]);

const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const STATUS_MESSAGE = 'status must be an integer from 400 to 599';
const HEADER_NAME_MESSAGE = `headers: a name must be an HTTP token other than ${[...FRAMING_HEADERS].join(', ')}`;

/**
 * The methods a request to the API's paths can have: openapi.yaml's, HEAD, and OPTIONS (which reaches
 * a fault through MSW or core.fetch; the standalone server answers a CORS preflight itself, first).
 */
const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/**
 * Whether `value` nests at most MAX_BODY_DEPTH levels (a cycle nests forever). Walked with a stack of
 * its own: z.json() recurses, and overflowed on a body about 2,000 deep.
 */
function shallowEnough(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_BODY_DEPTH) return false;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}

/**
 * An object whose own `__proto__` key (JSON.parse makes one) is refused, not dropped: a record schema
 * drops it silently, so `query: { __proto__: '1' }` matched every request. The HTTP reader refuses it
 * the same way (pipeline/body.ts).
 */
const ownKeysOnly = (name: string) =>
  z.custom<unknown>(
    (value) => !(typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__')),
    {
      error: `${name}: "__proto__" cannot be matched or sent`,
    },
  );

const positiveInt = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a positive integer` })
    .min(1, {
      error: `${name} must be a positive integer`,
    });

export const faultSpecSchema = z.lazy(() =>
  controlObject({
    /** HTTP method to match (any when absent), in any case; one no request can have is refused. */
    method: z
      .string()
      .refine((method) => FAULT_METHODS.includes(method.toUpperCase()), {
        error: `method must be one of ${FAULT_METHODS.join(', ')}`,
      })
      .optional(),
    /**
     * Path relative to the base URL, e.g. `/api/v1/demo-bistro/reservations`; `*` matches anything.
     * It starts with `/` or `*`, as every request path does: `api/v1/*` could never match.
     */
    path: z
      .string()
      .min(1)
      .max(MAX_PATTERN_LENGTH, { error: `path must be at most ${MAX_PATTERN_LENGTH} characters` })
      .refine((path) => path.startsWith('/') || path.startsWith('*'), {
        error: 'path must start with / (or *): it is matched against the path from /api/v1 on',
      })
      .optional(),
    /** 400–599. Without it the request is only delayed, then answered normally. */
    status: z
      .number({ error: STATUS_MESSAGE })
      .int({ error: STATUS_MESSAGE })
      .min(400, { error: STATUS_MESSAGE })
      .max(599, { error: STATUS_MESSAGE })
      .optional(),
    /** How many matching requests the fault applies to, or `"always"` (until removed). Default 1. */
    times: z
      .union([positiveInt('times'), z.literal('always')], {
        error: 'times must be a positive integer or "always"',
      })
      .optional(),
    /** `"reset"`: the connection is dropped with no answer (a network error for the client). */
    connection: z.literal('reset', { error: 'connection must be "reset"' }).optional(),
    /** The answer's JSON body instead of the documented error body (needs `status`). */
    body: z
      // First its depth: z.json() took an object holding itself (each answer and the fault list
      // were then a 500) and overflowed on one nested a few thousand deep.
      .custom((value) => shallowEnough(value), {
        error: `body must be a JSON value nested at most ${MAX_BODY_DEPTH} levels (no cycles)`,
      })
      .pipe(z.json({ error: 'body must be a JSON value' }))
      .optional(),
    /**
     * Extra answer headers (needs `status`); names are matched case-insensitively. Names are HTTP
     * tokens, not a framing or connection header; values printable ASCII, space and tab allowed
     * (what every transport can write: Node refuses `café`, the Fetch API a control character).
     */
    headers: ownKeysOnly('headers')
      .pipe(
        z
          .record(
            z.string(),
            z.string().regex(/^[\t\x20-\x7e]*$/, {
              error: 'headers: a value must be printable ASCII (space and tab allowed)',
            }),
            { error: 'headers must be an object of strings' },
          )
          // Names checked here rather than by the key schema, so the issue keeps its own message.
          .superRefine((headers, ctx) => {
            for (const name of Object.keys(headers))
              if (!HTTP_TOKEN.test(name) || FRAMING_HEADERS.has(name.toLowerCase()))
                ctx.addIssue({ code: 'custom', message: HEADER_NAME_MESSAGE, path: [name] });
          }),
      )
      .optional(),
    /** Query parameters the request must carry with these values (others may be there too). */
    query: ownKeysOnly('query')
      .pipe(z.record(z.string(), z.string(), { error: 'query must be an object of strings' }))
      .optional(),
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
    .refine((spec) => spec.status !== undefined || spec.connection !== undefined || (spec.delayMs ?? 0) > 0, {
      error: 'give a status, a connection, a delayMs, or a status or connection with a delayMs',
    })
    .refine((spec) => spec.status === undefined || spec.connection === undefined, {
      error: 'give either a status or connection "reset", not both',
    })
    .refine((spec) => spec.status !== undefined || (spec.body === undefined && spec.headers === undefined), {
      error: 'body and headers need a status',
    }),
);

export type FaultSpec = z.input<typeof faultSpecSchema>;

/** A JSON value (a fault's custom body). */
export type JsonValue = z.output<ReturnType<typeof z.json>>;

export interface Fault {
  id: string;
  method: string | null;
  path: string | null;
  /** Query parameters a request must carry (a subset match), or null for any. */
  query: Record<string, string> | null;
  status: number | null;
  /** `'reset'`: the connection is dropped with no answer. */
  connection: 'reset' | null;
  /** The custom JSON body of a status fault (absent: the documented error body). */
  body?: JsonValue;
  /** Extra headers of a status fault (names in lower case). */
  headers: Record<string, string>;
  delayMs: number;
  retryAfter: number;
  /** A positive integer, or `'always'`: until removed. */
  times: number | 'always';
  /** Matching requests still to be hit; null for a fault that stays until removed. */
  remaining: number | null;
}

export interface Faults {
  /** Adds a validated spec (the caller checks `count()` against MAX_FAULTS first). */
  add(spec: z.output<typeof faultSpecSchema>): Fault;
  /**
   * How many faults are active. A method, not a getter: an object literal with a getter is kept,
   * with all it reaches, through young-generation collections (BENCHMARKS.md, "In process").
   */
  count(): number;
  /** Removes one; false when there is no such fault. */
  remove(id: string): boolean;
  clear(): void;
  list(): Fault[];
  /** The fault that applies to this request, if any, counting it as used. */
  take(method: string, path: string, query?: URLSearchParams): Fault | undefined;
}

function copy(fault: Fault): Fault {
  return {
    ...fault,
    query: fault.query && { ...fault.query },
    headers: { ...fault.headers },
    ...(fault.body === undefined ? {} : { body: structuredClone(fault.body) }),
  };
}

/**
 * `onTaken` hears of each fault a request takes, when it takes it (before any delay): the event
 * stream announces it then, so a watcher sees the fault used while its request still waits.
 */
export function createFaults(onTaken: (fault: Fault) => void = () => {}): Faults {
  let entries: { fault: Fault; matches: GlobMatcher }[] = [];
  let counter = 0;
  return {
    add(spec) {
      counter += 1;
      const times = spec.times ?? 1;
      const fault: Fault = {
        id: `flt_${String(counter).padStart(4, '0')}`,
        method: spec.method?.toUpperCase() ?? null,
        path: spec.path ?? null,
        query: spec.query ? { ...spec.query } : null,
        status: spec.status ?? null,
        connection: spec.connection ?? null,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        headers: Object.fromEntries(
          Object.entries(spec.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
        ),
        delayMs: spec.delayMs ?? 0,
        retryAfter: spec.retryAfter ?? 1,
        times,
        remaining: times === 'always' ? null : times,
      };
      // Compiled once here, so a request's lookup costs time linear in its path (control/glob.ts).
      entries.push({ fault, matches: spec.path === undefined ? () => true : compileGlob(spec.path) });
      return copy(fault);
    },
    remove(id) {
      const before = entries.length;
      entries = entries.filter(({ fault }) => fault.id !== id);
      return entries.length < before;
    },
    count: () => entries.length,
    clear() {
      // The counter goes on, as the journal's does: a fault id names one fault for the mock's life
      // (restarted, a stale remove('flt_0001') or a page's memory of it hit a new fault).
      entries = [];
    },
    list: () => entries.map(({ fault }) => copy(fault)),
    take(method, path, query = new URLSearchParams()) {
      if (entries.length === 0) return undefined;
      const upper = method.toUpperCase();
      const entry = entries.find(
        ({ fault, matches }) =>
          (fault.method === null || fault.method === upper) &&
          matches(path) &&
          (fault.query === null ||
            Object.entries(fault.query).every(([name, value]) => query.getAll(name).includes(value))),
      );
      if (!entry) return undefined;
      if (entry.fault.remaining !== null) {
        entry.fault.remaining -= 1;
        if (entry.fault.remaining <= 0) entries = entries.filter((e) => e !== entry);
      }
      const taken = copy(entry.fault);
      onTaken(taken);
      return taken;
    },
  };
}

// The schemas of the control interface's input, shared by the JavaScript control and the /__mock
// routes (mock README, "The control interface"): nothing changes until the whole input is valid, and
// every input object refuses a field it does not know (controlObject()).
// Checks that need the mock's state (an id that exists, the clock's range after an advance) are
// made in control/control.ts.
// Built on first use (z.lazy), like every schema of the package: see domain/records.ts.
import { z } from 'zod';
import { API_OPERATION_IDS } from '../contract';
import { PERMISSIONS, webhookUrlSchema } from '../domain/records';
import { isCalendarDate, LATEST_INSTANT_MS } from '../domain/time';
import { DATE_MESSAGE } from '../domain/values';
import type { OperationId } from '../observers/journal';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_NAMES } from '../observers/webhooks/event-names';

/**
 * An object of the control's input: a field it does not know is refused (`Unrecognized key: "…"`,
 * 400 VALIDATION_ERROR over HTTP) rather than ignored, so a misspelt field never passes for an absent
 * one and the call changes nothing (mock README, "The control interface"). Every control input object
 * is one (faults.ts's too). The blacklist entry (domain/projects.ts) and the data helpers' projects,
 * tables, services and reservations are the seed format's (seed/seed-data.ts), strict the same way.
 */
export function controlObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape).strict();
}

/** The API's operations (openapi.yaml's operationIds): the router has a route for each. */
const OPERATION_IDS: ReadonlySet<string> = new Set(API_OPERATION_IDS);

/**
 * The latest instant the mock's clock may show at all, 9999-12-31T23:59:59.999Z; the control
 * brings it forward to where every project's local date keeps four digits (control.ts).
 */
export const MAX_CLOCK_MS = LATEST_INSTANT_MS;
const CLOCK_RANGE = 'between 1970-01-01 and 9999-12-31';

/** An instant as the control takes it: a Date, an ISO 8601 date-time with an offset, or epoch ms. */
export const instantInput = z.lazy(() =>
  z
    .union(
      [
        z.date().transform((d) => d.getTime()),
        z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
        z.number(),
      ],
      { error: `now must be an ISO 8601 date-time or epoch milliseconds ${CLOCK_RANGE}` },
    )
    .pipe(
      z
        .number()
        .min(0, { error: `now must be ${CLOCK_RANGE}` })
        .max(MAX_CLOCK_MS, { error: `now must be ${CLOCK_RANGE}` })
        .refine(Number.isInteger, { error: 'now must be whole milliseconds' }),
    ),
);

export const advanceInput = z.lazy(() =>
  z
    .number({ error: 'advanceMs must be a non-negative integer' })
    .min(0, { error: 'advanceMs must be a non-negative integer' })
    .max(MAX_CLOCK_MS, { error: 'advanceMs would move the clock past 9999-12-31' })
    .refine(Number.isInteger, { error: 'advanceMs must be a non-negative integer' }),
);

/** reset()'s options and the body of POST /__mock/reset (none, `{}` or `{ "now": … }`). */
export const resetInput = z.lazy(() => controlObject({ now: instantInput.optional() }));

/** A session's id (mock README, "Sessions"): also what a session's routes and the CLI's --session take. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** POST /__mock/sessions (standalone server): `{ id?, now?, seed? }`. */
export const sessionInput = z.lazy(() =>
  controlObject({
    id: z
      .string({ error: 'id must be a string' })
      .regex(SESSION_ID_PATTERN, { error: 'id must be 1-64 characters of A-Z, a-z, 0-9, _ and -' })
      .optional(),
    now: instantInput.optional(),
    seed: z.enum(['demo', 'empty'], { error: 'seed must be "demo" or "empty"' }).optional(),
  }),
);

/** The shape of POST /__mock/clock's body: now or advanceMs, whose value clock.set()/advance() check. */
export const clockBody = z.lazy(() =>
  z.union([controlObject({ now: z.unknown() }), controlObject({ advanceMs: z.unknown() })], {
    error: 'give either now or advanceMs',
  }),
);

export const keyInput = z.lazy(() =>
  controlObject({
    permissions: z.array(z.enum(PERMISSIONS), {
      error: `permissions must be a list of ${PERMISSIONS.join(', ')}`,
    }),
    name: z.string().min(1).optional(),
  }),
);

export const webhookInput = z.lazy(() =>
  controlObject({
    // null: send nothing (how a tool that changed the target for a while puts "none" back).
    url: webhookUrlSchema.nullable(),
    secret: z.string().min(1).optional(),
  }),
);

/** The events trigger() can cause: every webhook event. */
export const TRIGGER_EVENTS = WEBHOOK_EVENT_NAMES;

export const triggerInput = z.lazy(() =>
  controlObject({
    event: z.enum(TRIGGER_EVENTS, { error: `event must be one of ${TRIGGER_EVENTS.join(', ')}` }),
    reservationId: z.string().min(1, { error: 'reservationId must not be empty' }).optional(),
    // Overrides of the event's data (mock README, "Trigger an event"); which event each fits is the
    // domain's rule (domain/trigger.ts).
    reason: z
      .string({ error: 'reason must be a string' })
      .max(1000, { error: 'reason must be at most 1000 characters' })
      .optional(),
    guests: z
      .number({ error: 'guests must be a positive integer' })
      .int({ error: 'guests must be a positive integer' })
      .min(1, { error: 'guests must be a positive integer' })
      .max(10_000, { error: 'guests must be at most 10000' })
      .optional(),
    date: z
      .string({ error: 'date must be a date YYYY-MM-DD' })
      .refine(isCalendarDate, { error: 'date must be a date YYYY-MM-DD' })
      .optional(),
    tableId: z.string().min(1, { error: 'tableId must not be empty' }).optional(),
  }),
);

export const redeliverInput = z.lazy(() =>
  controlObject({
    url: webhookUrlSchema.optional(),
  }),
);

/** GET /__mock/webhooks/deliveries and control.deliveries(): every filter optional, combined with AND. */
export const deliveriesFilter = z.lazy(() =>
  controlObject({
    event: z.enum(TRIGGER_EVENTS, { error: `event must be one of ${TRIGGER_EVENTS.join(', ')}` }).optional(),
    status: z
      .enum(DELIVERY_STATUSES, {
        error: `status must be ${DELIVERY_STATUSES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}`,
      })
      .optional(),
    /** A project slug. */
    project: z.string().min(1).optional(),
    reservationId: z.string().min(1).optional(),
    /** `oldest` first (default) or `newest` first. */
    order: z.enum(['oldest', 'newest'], { error: 'order must be oldest or newest' }).optional(),
  }),
);

export const reservationsFilter = z.lazy(() =>
  controlObject({
    date: z
      .string()
      .refine(isCalendarDate, { error: `date ${DATE_MESSAGE}` })
      .optional(),
  }),
);

/** `2030-06-17`, or `2030-06-17T08:00`, `…:00`, `…:00.000` with `Z` or an offset (`+02:00`, `+0200`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

export const journalFilter = z.lazy(() =>
  controlObject({
    method: z.string().min(1).optional(),
    path: z.string().min(1).optional(),
    // A number, or a query's digits: `Number()` read `?status=` as 0 (the connection-reset entries)
    // and `0x1F4` as 500; `?status=abc` names what the filter takes, not zod's "received NaN".
    status: z
      .preprocess(
        (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value),
        z
          .number({ error: 'status must be a whole number (an HTTP status)' })
          .int({ error: 'status must be a whole number (an HTTP status)' }),
      )
      .optional(),
    code: z.string().min(1).optional(),
    operationId: z
      .custom<OperationId>((value) => typeof value === 'string' && OPERATION_IDS.has(value), {
        error: `operationId must be one of ${[...OPERATION_IDS].join(', ')}`,
      })
      .optional(),
    since: z
      .string()
      // An ISO 8601 date (UTC midnight) or date-time with its offset: Date.parse() alone also took
      // `12` and `June 1`, read in the machine's zone.
      .refine((s) => /^req_\d+$/.test(s) || (ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s))), {
        error: 'since must be a request id (req_…), an ISO date or an ISO date-time with its offset',
      })
      .optional(),
  }),
);

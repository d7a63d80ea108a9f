// The control interface over HTTP under `{baseUrl}/__mock/` (outside /api/v1), JSON in and out:
// the rows of DECISIONS.md's control table, plus GET/DELETE /__mock/faults and a redeliver route that
// mirror the JavaScript control. Each route parses its body with zod and calls control.ts.
import { http, type RequestHandler } from 'msw';
import { z } from 'zod';
import { type MockControl, MockControlError } from '../control';
import { isDomainError } from '../domain/errors';
import { PERMISSIONS } from '../domain/records';
import { MAX_BODY_BYTES, readJsonObject } from './body';
import { type ApiAnswer, type ApiRequest, fromFetchResponse } from './exchange';
import { FaultSpecError } from './faults';
import { controlErrorBody, errorBody, json, jsonAnswer } from './responses';

type ControlRoute = {
  method: string;
  pattern: RegExp;
  run(control: MockControl, match: string[], request: Request): Promise<Response>;
};

const clockBody = z.union([
  z.object({ now: z.union([z.string(), z.number()]) }).strict(),
  z.object({ advanceMs: z.number().finite() }).strict(),
]);
const keyBody = z.object({ permissions: z.array(z.enum(PERMISSIONS)), name: z.string().min(1).optional() });
const blacklistBody = z
  .object({ email: z.string().min(1).optional(), phone: z.string().min(1).optional() })
  .refine((b) => b.email !== undefined || b.phone !== undefined, { message: 'give an email or a phone' });
const webhookBody = z.object({ url: z.url(), secret: z.string().min(1).optional() });
const faultBody = z.object({
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  status: z.number().int().optional(),
  times: z.number().int().optional(),
  delayMs: z.number().int().optional(),
  retryAfter: z.number().int().optional(),
});

async function body<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
  const result = schema.safeParse(await readJsonObject(request, { optional: true }));
  if (!result.success) {
    const why = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    throw new MockControlError(why, 400);
  }
  return result.data;
}

/** The matched path parameters, decoded. */
function at(match: string[], i: number): string {
  return decodeURIComponent(match[i] ?? '');
}

const ROUTES: readonly ControlRoute[] = [
  {
    method: 'POST',
    pattern: /^reset$/,
    async run(control) {
      await control.reset();
      return json(200, { success: true });
    },
  },
  {
    method: 'POST',
    pattern: /^clock$/,
    async run(control, _m, request) {
      const input = await body(clockBody, request);
      if ('now' in input) await control.clock.set(input.now);
      else await control.clock.advance(input.advanceMs);
      return json(200, { now: control.clock.now() });
    },
  },
  {
    method: 'GET',
    pattern: /^projects\/([^/]+)\/keys$/,
    async run(control, m) {
      return json(200, { keys: control.keys.list(at(m, 1)) });
    },
  },
  {
    method: 'POST',
    pattern: /^projects\/([^/]+)\/keys$/,
    async run(control, m, request) {
      const input = await body(keyBody, request);
      return json(201, await control.keys.create(at(m, 1), input));
    },
  },
  {
    method: 'POST',
    pattern: /^projects\/([^/]+)\/keys\/([^/]+)\/regenerate$/,
    async run(control, m) {
      return json(200, await control.keys.regenerate(at(m, 1), at(m, 2)));
    },
  },
  {
    method: 'DELETE',
    pattern: /^projects\/([^/]+)\/keys\/([^/]+)$/,
    async run(control, m) {
      return json(200, await control.keys.revoke(at(m, 1), at(m, 2)));
    },
  },
  {
    method: 'POST',
    pattern: /^projects\/([^/]+)\/blacklist$/,
    async run(control, m, request) {
      return json(201, await control.blacklist(at(m, 1), await body(blacklistBody, request)));
    },
  },
  {
    method: 'PUT',
    pattern: /^projects\/([^/]+)\/webhook$/,
    async run(control, m, request) {
      return json(200, await control.setWebhook(at(m, 1), await body(webhookBody, request)));
    },
  },
  {
    method: 'GET',
    pattern: /^webhooks\/deliveries$/,
    async run(control) {
      return json(200, { deliveries: control.deliveries() });
    },
  },
  {
    method: 'POST',
    pattern: /^webhooks\/deliveries\/([^/]+)\/redeliver$/,
    async run(control, m) {
      return json(200, { delivery: await control.redeliver(at(m, 1)) });
    },
  },
  {
    method: 'POST',
    pattern: /^faults$/,
    async run(control, _m, request) {
      return json(201, { fault: control.faults.add(await body(faultBody, request)) });
    },
  },
  {
    method: 'GET',
    pattern: /^faults$/,
    async run(control) {
      return json(200, { faults: control.faults.list() });
    },
  },
  {
    method: 'DELETE',
    pattern: /^faults$/,
    async run(control) {
      control.faults.clear();
      return json(200, { success: true });
    },
  },
];

function controlError(status: number, message: string): Response {
  return json(status, controlErrorBody(status, message));
}

/** Answers a request under `{baseUrl}/__mock/`; undefined for any other URL. */
export async function handleControlRequest(
  control: MockControl,
  baseUrl: string,
  request: Request,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const root = `${new URL(baseUrl).pathname.replace(/\/$/, '')}/__mock/`;
  if (url.origin !== new URL(baseUrl).origin || !url.pathname.startsWith(root)) return undefined;
  const path = url.pathname.slice(root.length).replace(/\/$/, '');
  // Path parameters are decoded one by one in the routes; an undecodable one is a 400 `Malformed path`.
  const method = request.method.toUpperCase();
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match || route.method !== method) continue;
    try {
      return await route.run(control, [...match], request);
    } catch (error) {
      if (error instanceof MockControlError) return controlError(error.status, error.message);
      if (error instanceof FaultSpecError) return controlError(400, error.message);
      // Only the body reader's errors get here (413 or 400): the status is the error table's.
      if (isDomainError(error)) return controlError(errorBody(error).status, error.message);
      if (error instanceof URIError) return controlError(400, 'Malformed path');
      console.error('[reservation-mock] control error', error);
      return controlError(500, 'Internal server error');
    }
  }
  return controlError(404, `No control route ${method} /__mock/${path}`);
}

/**
 * The same for a transport-neutral request (the standalone server): control calls are rare, so this
 * simply goes through a Fetch Request and Response.
 */
export async function answerControlRequest(
  control: MockControl,
  baseUrl: string,
  request: ApiRequest,
): Promise<ApiAnswer | undefined> {
  const root = `${new URL(baseUrl).pathname.replace(/\/$/, '')}/__mock/`;
  if (request.url.origin !== new URL(baseUrl).origin || !request.url.pathname.startsWith(root))
    return undefined;
  let body: Uint8Array | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    try {
      body = await request.body(MAX_BODY_BYTES);
    } catch (error) {
      if (isDomainError(error) && error.code === 'PAYLOAD_TOO_LARGE') {
        const { status } = errorBody(error);
        return jsonAnswer(status, controlErrorBody(status, error.message));
      }
      throw error;
    }
  }
  const contentType = request.header('content-type');
  const fetchRequest = new Request(request.url, {
    method: request.method,
    headers: contentType === null ? {} : { 'content-type': contentType },
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  });
  const response = await handleControlRequest(control, baseUrl, fetchRequest);
  return response && fromFetchResponse(response);
}

export function createControlHandlers(control: MockControl, baseUrl: string): RequestHandler[] {
  const root = `${baseUrl}/__mock/`;
  // A prefix predicate, not a path pattern: MSW's pattern matching throws on malformed escapes.
  return [
    http.all(
      ({ request }) => request.url.startsWith(root),
      async ({ request }) => handleControlRequest(control, baseUrl, request),
    ),
  ];
}

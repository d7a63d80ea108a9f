// One table of requests for every transport (transports.e2e.test.ts): empty bodies, bodies without
// a Content-Type, each error class (400, 401, 403, 404, 409, 413, 415, 422), HEAD and OPTIONS. The
// rows run in order on a fresh mock per transport, so the state each one meets is the same.

/** Frozen, so every timestamp in an answer is the same on every transport. */
export const PARITY_NOW = '2030-06-17T08:00:00Z';

export interface ParityRequest {
  name: string;
  method: string;
  /** From the base URL, e.g. /api/v1/demo-bistro/info. */
  path: string;
  /** X-API-Key; null sends none. */
  key: string | null;
  /** Sent only when given. */
  contentType?: string;
  /** Sent as bytes (fetch then adds no Content-Type of its own); '' is an empty body. */
  body?: string;
}

export interface ParityAnswer {
  status: number;
  contentType: string | null;
  /** The body as JSON when it parses, else its text. */
  body: unknown;
}

const bistro = '/api/v1/demo-bistro';
const booking = (fields: Record<string, unknown>) =>
  JSON.stringify({ email: 'parity@example.com', date: '2030-06-18', from: '12:00', to: '13:00', ...fields });

export const PARITY_REQUESTS: readonly ParityRequest[] = [
  { name: '200 GET', method: 'GET', path: `${bistro}/info`, key: 'rk_demo_full' },
  { name: '401 no key', method: 'GET', path: `${bistro}/info`, key: null },
  { name: '401 unknown key', method: 'GET', path: `${bistro}/info`, key: 'rk_nobody' },
  { name: '403 project mismatch', method: 'GET', path: `${bistro}/info`, key: 'rk_salon_full' },
  {
    name: '403 permission',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_read',
    contentType: 'application/json',
    body: booking({}),
  },
  { name: '404 route', method: 'GET', path: `${bistro}/nowhere`, key: 'rk_demo_full' },
  { name: '404 reservation', method: 'GET', path: `${bistro}/reservations/res_missing`, key: 'rk_demo_full' },
  {
    name: '415 body without Content-Type',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    body: booking({}),
  },
  {
    name: '415 empty POST body without Content-Type',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    body: '',
  },
  {
    name: '400 empty JSON body',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: '',
  },
  {
    name: '400 invalid JSON',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: '{"email":',
  },
  {
    name: '400 missing fields',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: '{}',
  },
  {
    name: '400 validation',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: booking({ email: 'not an e-mail' }),
  },
  {
    name: '413 body over 64 KiB',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: booking({ note: 'x'.repeat(70 * 1024) }),
  },
  {
    name: '422 outside opening hours',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: booking({ from: '03:00', to: '04:00' }),
  },
  {
    name: '201 booking',
    method: 'POST',
    path: `${bistro}/reservations`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: booking({}),
  },
  {
    name: '200 DELETE with an empty body and no Content-Type',
    method: 'DELETE',
    path: `${bistro}/reservations/res_demo_0004`,
    key: 'rk_demo_full',
    body: '',
  },
  {
    name: '409 DELETE again, no body at all',
    method: 'DELETE',
    path: `${bistro}/reservations/res_demo_0004`,
    key: 'rk_demo_full',
  },
  {
    name: '200 DELETE with an empty JSON body',
    method: 'DELETE',
    path: `${bistro}/reservations/res_demo_0005`,
    key: 'rk_demo_full',
    contentType: 'application/json',
    body: '',
  },
  {
    name: '415 DELETE with a body that is not JSON',
    method: 'DELETE',
    path: `${bistro}/reservations/res_demo_0003`,
    key: 'rk_demo_full',
    contentType: 'text/plain',
    body: 'cancel please',
  },
  { name: 'HEAD', method: 'HEAD', path: `${bistro}/info`, key: 'rk_demo_full' },
  { name: 'OPTIONS', method: 'OPTIONS', path: `${bistro}/info`, key: null },
];

/**
 * What a transport cannot carry the same way, and is compared without (mock README, "One answer on
 * every transport"): a HEAD answer has no body over fetch, and OPTIONS is a CORS preflight only the
 * standalone server answers (204); the MSW handlers and fetch() judge it as any other request.
 */
export function comparable(request: ParityRequest, answer: ParityAnswer): ParityAnswer {
  if (request.method === 'HEAD') return { ...answer, body: null };
  return answer;
}

/** Reads a fetch Response into the compared shape. */
export async function readAnswer(response: Response): Promise<ParityAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? '' : JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  return { status: response.status, contentType: response.headers.get('content-type'), body };
}

/** The request as a fetch init: bytes for a body, so fetch adds no Content-Type of its own. */
export function requestInit(request: ParityRequest): RequestInit {
  const headers: Record<string, string> = {};
  if (request.key !== null) headers['X-API-Key'] = request.key;
  if (request.contentType !== undefined) headers['Content-Type'] = request.contentType;
  return {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: new TextEncoder().encode(request.body) }),
  };
}

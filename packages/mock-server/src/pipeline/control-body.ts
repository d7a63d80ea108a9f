// The body of a control request (the /__mock routes, the session routes): JSON whatever its
// Content-Type says (curl -d sends a form type), read by the one body reader (body.ts). Where that
// reader drops a key (`__proto__`, `constructor`, `prototype`), a control body is refused instead:
// dropped, the key would change what was asked for (a fault's `query: { constructor: "1" }` would
// match every request). Mock README, "The control interface".
import { MockControlError } from '../control/control';
import { readJsonBody } from './body';
import type { MockRequest } from './exchange';

/** The control body as a JSON object (`{}` without one); a MockControlError for a key it would lose. */
export async function readControlBody(request: MockRequest): Promise<Record<string, unknown>> {
  const dropped = new Set<string>();
  const parsed = await readJsonBody(request, {
    optional: true,
    anyMediaType: true,
    dropped: (key) => dropped.add(key),
  });
  if (dropped.size > 0)
    throw new MockControlError(
      `a body key named ${[...dropped].map((k) => `"${k}"`).join(', ')} is not accepted (the mock drops such keys, which would change what you asked for)`,
    );
  return parsed;
}

/**
 * For a route that takes no body (a POST or DELETE that only names its target): a body with any
 * field is refused before the route acts, as a body with an unknown field is elsewhere.
 */
export async function refuseControlBody(request: MockRequest, route: string): Promise<void> {
  const fields = Object.keys(await readControlBody(request));
  if (fields.length > 0)
    throw new MockControlError(`${route} takes no body; got ${fields.map((f) => `"${f}"`).join(', ')}`);
}

/**
 * For a route that reads no query: one sent anyway is refused (400), not ignored, as an unknown body
 * field is (`DELETE /__mock/faults?id=…` removed every fault). `path`: below `/__mock`.
 */
export function refuseQuery(request: MockRequest, path: string): void {
  if (request.url.searchParams.size === 0) return;
  const names = [...new Set(request.url.searchParams.keys())].join(', ');
  throw new MockControlError(`${request.method} /__mock${path} takes no query parameters (got ${names})`);
}

// The conformance check of recorded traffic against openapi.yaml, with Ajv (JSON Schema 2020-12)
// through test/support/openapi.ts. Every problem becomes one line of text (a "finding") instead of a
// thrown error, so one run reports all of them.
import {
  assertResponseMatches,
  assertSchema,
  findOperation,
  openapi,
  parametersOf,
  pointerEscape,
  requestBodyOf,
  resolveRef,
  validatorAt,
} from '../support/openapi';
import type { Exchange } from './client';

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ERROR_CODES = new Set((openapi.components.schemas.ErrorCode as { enum: string[] }).enum);

function errorsOf(pointer: string, value: unknown): string | undefined {
  const validate = validatorAt(pointer);
  if (validate(value)) return undefined;
  return (validate.errors ?? [])
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A media type without parameters, lower case: `application/json; charset=utf-8` → `application/json`. */
const essence = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();

/** The node a JSON pointer into openapi.yaml names, with its own `$ref`s followed. */
function nodeAt(pointer: string): Json {
  let node: unknown = openapi;
  for (const part of pointer.replace(/^#\//, '').split('/'))
    node = resolveRef(node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return resolveRef(node as Json);
}

/** A query or header value as a validating proxy reads it: a number for numeric schemas. */
function coerce(value: string, pointer: string): unknown {
  const { type } = nodeAt(pointer);
  return (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** The path parameters of `pathname` under `template`, decoded. */
function pathValues(template: string, pathname: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match?.[i + 1] ?? '')]));
}

/** Findings about the request itself: the parts it does not break on purpose must match the contract. */
export function requestFindings(exchange: Exchange, label: string): string[] {
  const { request, url, requestHeaders, requestBody } = exchange;
  const breaks = new Set(request.breaks ?? []);
  const found = findOperation(request.method, url.pathname);
  if (!found) return [];
  const { template } = found;
  const findings: string[] = [];
  const params = parametersOf(template, request.method);

  if (!breaks.has('path')) {
    const values = pathValues(template, url.pathname);
    for (const param of params.filter((p) => p.in === 'path')) {
      const problem = errorsOf(param.pointer, values[param.name]);
      if (problem) findings.push(`${label}: path parameter ${param.name}: ${problem}`);
    }
  }
  if (!breaks.has('query')) {
    const declared = params.filter((p) => p.in === 'query');
    for (const param of declared) {
      const value = url.searchParams.get(param.name);
      if (value === null) {
        if (param.required) findings.push(`${label}: required query parameter ${param.name} is missing`);
        continue;
      }
      const problem = errorsOf(param.pointer, coerce(value, param.pointer));
      if (problem) findings.push(`${label}: query parameter ${param.name}=${value}: ${problem}`);
    }
    for (const name of url.searchParams.keys())
      if (!declared.some((p) => p.name === name))
        findings.push(`${label}: query parameter ${name} is not declared`);
  }
  if (!breaks.has('key') && !requestHeaders['x-api-key']) findings.push(`${label}: no X-API-Key`);
  if (!breaks.has('body')) {
    const body = requestBodyOf(template, request.method);
    if (requestBody === undefined) {
      if (body?.required) findings.push(`${label}: the operation requires a body`);
    } else if (!body) {
      findings.push(`${label}: the operation takes no body`);
    } else {
      const type = essence(requestHeaders['content-type'] ?? '');
      const pointer = body.media[type];
      const parsed = parseJson(requestBody.toString('utf8'));
      if (!pointer) findings.push(`${label}: Content-Type ${type || '(none)'} is not declared`);
      else if (!parsed.ok) findings.push(`${label}: the body is not JSON`);
      else {
        const problem = errorsOf(pointer, parsed.value);
        if (problem) findings.push(`${label}: request body: ${problem}`);
      }
    }
  }
  return findings;
}

/** The error codes a response documents: in its description and in its examples. */
function documentedCodes(response: Json): Set<string> {
  const codes = new Set<string>();
  for (const word of String(response.description ?? '').match(/[A-Z][A-Z_]{3,}/g) ?? [])
    if (ERROR_CODES.has(word)) codes.add(word);
  for (const code of exampleCodes(response)) if (code !== null) codes.add(code);
  return codes;
}

/** The `code` of each example of a response (null for an example without one). */
function exampleCodes(response: Json): (string | null)[] {
  const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
  const examples = (media?.examples as Record<string, Json> | undefined) ?? {};
  return Object.values(examples).map((example) => {
    const value = resolveRef(example).value as Json | undefined;
    return typeof value?.code === 'string' ? value.code : null;
  });
}

/** The response key (`200`, `4XX`, `default`) a status falls under for an operation. */
function responseKey(operation: Json, status: number): string | undefined {
  const responses = operation.responses as Record<string, Json>;
  const keys = [String(status), `${String(status)[0]}XX`, 'default'];
  return keys.find((key) => key in responses);
}

/** Findings about the answer: declared status, body schema, headers, and the expected outcome. */
export function responseFindings(exchange: Exchange, label: string): string[] {
  const { request, url, status, responseHeaders, responseText } = exchange;
  const findings: string[] = [];
  const parsed = parseJson(responseText);
  const body = parsed.ok ? parsed.value : undefined;
  if (!parsed.ok) findings.push(`${label}: the answer is not JSON: ${responseText.slice(0, 200)}`);
  if (essence(responseHeaders['content-type'] ?? '') !== 'application/json')
    findings.push(`${label}: answered with Content-Type ${responseHeaders['content-type'] ?? '(none)'}`);

  const code = (body as { code?: unknown } | undefined)?.code;
  const gotCode = typeof code === 'string' ? code : null;
  if (status !== request.expect.status)
    findings.push(`${label}: expected ${request.expect.status}, got ${status}`);
  else if (request.expect.code !== undefined && gotCode !== request.expect.code)
    findings.push(`${label}: expected code ${request.expect.code}, got ${gotCode}`);

  const found = findOperation(request.method, url.pathname);
  if (!found) {
    // A path the contract does not have: the documented 404 NOT_FOUND error body.
    try {
      assertSchema('ErrorBody', body);
    } catch (error) {
      findings.push(`${label}: ${(error as Error).message}`);
    }
    if (status !== 404) findings.push(`${label}: ${status} for a path the contract does not have`);
    return findings;
  }
  try {
    assertResponseMatches(request.method, url.pathname, status, body);
  } catch (error) {
    findings.push(`${label}: ${(error as Error).message}`);
    return findings;
  }
  const key = responseKey(found.operation, status);
  const response = resolveRef((found.operation.responses as Record<string, Json>)[key ?? ''] ?? {});
  if (gotCode !== null && !documentedCodes(response).has(gotCode))
    findings.push(
      `${label}: code ${gotCode} is not documented for ${status} of ${found.operation.operationId}`,
    );
  const declared = (found.operation.responses as Record<string, Json>)[key ?? ''] ?? {};
  const responsePointer =
    typeof declared.$ref === 'string'
      ? declared.$ref
      : `#/paths/${pointerEscape(found.template)}/${request.method.toLowerCase()}/responses/${key}`;
  for (const [name, header] of Object.entries((response.headers as Record<string, Json> | undefined) ?? {})) {
    const value = responseHeaders[name.toLowerCase()];
    if (value === undefined) {
      if (resolveRef(header).required) findings.push(`${label}: required header ${name} is missing`);
      continue;
    }
    // A header declared by reference (components/headers, e.g. X-Request-Id) has its schema there.
    const pointer = `${typeof header.$ref === 'string' ? header.$ref : `${responsePointer}/headers/${pointerEscape(name)}`}/schema`;
    const problem = errorsOf(pointer, coerce(String(value), pointer));
    if (problem) findings.push(`${label}: header ${name}: ${String(value)}: ${problem}`);
  }
  return findings;
}

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Findings about one webhook request: its body against the event's schema, and its signature header. */
export function webhookFindings(webhook: ReceivedWebhook, label: string): string[] {
  const findings: string[] = [];
  const parsed = parseJson(webhook.body.toString('utf8'));
  if (!parsed.ok) return [`${label}: the body is not JSON`];
  const event = (parsed.value as { event?: unknown }).event;
  const operation = typeof event === 'string' ? openapi.webhooks?.[event]?.post : undefined;
  if (!operation) return [`${label}: event ${String(event)} is not in openapi.yaml's webhooks`];
  const problem = errorsOf(
    `#/webhooks/${pointerEscape(String(event))}/post/requestBody/content/application~1json/schema`,
    parsed.value,
  );
  if (problem) findings.push(`${label} (${String(event)}): ${problem}`);
  if (essence(String(webhook.headers['content-type'] ?? '')) !== 'application/json')
    findings.push(`${label}: sent with Content-Type ${String(webhook.headers['content-type'])}`);
  const signature = errorsOf(
    '#/components/parameters/WebhookSignature/schema',
    webhook.headers['x-webhook-signature'],
  );
  if (signature) findings.push(`${label}: X-Webhook-Signature: ${signature}`);
  return findings;
}

/**
 * Findings about what the traffic left out: every operation must have been answered with each status
 * it declares, and with each error code its examples show.
 */
export function coverageFindings(
  exchanges: readonly Exchange[],
  webhooks: readonly ReceivedWebhook[],
): string[] {
  const seen = new Set<string>();
  for (const { request, url, status, responseText } of exchanges) {
    const found = findOperation(request.method, url.pathname);
    if (!found) continue;
    const key = responseKey(found.operation, status);
    const parsed = parseJson(responseText);
    const code = parsed.ok ? ((parsed.value as { code?: unknown } | null)?.code ?? null) : null;
    seen.add(`${String(found.operation.operationId)} ${key}`);
    seen.add(`${String(found.operation.operationId)} ${key} ${String(code)}`);
  }
  const findings: string[] = [];
  for (const [template, item] of Object.entries(openapi.paths)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const operation = item[method] as Json;
      const id = String(operation.operationId);
      for (const [key, declared] of Object.entries(operation.responses as Record<string, Json>)) {
        if (!seen.has(`${id} ${key}`))
          findings.push(`coverage: ${id} (${method.toUpperCase()} ${template}) never answered ${key}`);
        for (const code of new Set(exampleCodes(resolveRef(declared))))
          if (!seen.has(`${id} ${key} ${String(code)}`))
            findings.push(`coverage: ${id} never answered ${key} with code ${String(code)}`);
      }
    }
  }
  const events = new Set(
    webhooks
      .map((w) => parseJson(w.body.toString('utf8')))
      .map((p) => (p.ok ? (p.value as Json).event : undefined)),
  );
  for (const event of Object.keys(openapi.webhooks ?? {}))
    if (!events.has(event)) findings.push(`coverage: no ${event} webhook was delivered`);
  return findings;
}

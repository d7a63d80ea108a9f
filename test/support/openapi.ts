// Validates values against openapi.yaml with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
// Test helpers of every package call this, so a response that drifts from the contract fails the
// test that produced it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { parse } from 'yaml';

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as unknown as (ajv: Ajv2020) => Ajv2020;

export const OPENAPI_PATH = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
const DOC_ID = 'https://reservation-api.local/openapi.json';

type Json = Record<string, unknown>;

export interface OpenApiDoc extends Json {
  paths: Record<string, Record<string, Json>>;
  webhooks?: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses?: Record<string, Json>; [k: string]: unknown };
}

export const openapi = parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDoc;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(openapi, DOC_ID);

const compiled = new Map<string, ValidateFunction>();

/** A validator for a JSON pointer into openapi.yaml, e.g. `#/components/schemas/Reservation`. */
export function validatorAt(pointer: string): ValidateFunction {
  let fn = compiled.get(pointer);
  if (!fn) {
    fn = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    compiled.set(pointer, fn);
  }
  return fn;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/** Follows `$ref`s (local ones, into openapi.yaml) until a node without one. */
export function resolveRef<T extends Json>(node: T): T {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  let target: unknown = openapi;
  for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
  return resolveRef(target as T);
}

/** Escapes one JSON pointer segment (`/` and `~`). */
export function pointerEscape(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Throws with the Ajv errors when `value` does not match the schema at `pointer`. */
export function assertMatches(pointer: string, value: unknown, label = pointer): void {
  const fn = validatorAt(pointer);
  if (!fn(value)) {
    throw new Error(
      `${label} does not match openapi.yaml:\n${formatErrors(fn.errors)}\nvalue: ${JSON.stringify(value, null, 2)}`,
    );
  }
}

/** Validates a value against a named schema in components.schemas. */
export function assertSchema(name: string, value: unknown): void {
  if (!openapi.components.schemas[name]) throw new Error(`openapi.yaml has no schema ${name}`);
  assertMatches(`#/components/schemas/${pointerEscape(name)}`, value, `schema ${name}`);
}

/** The operation (path template + method) that a concrete request path matches, if any. */
export function findOperation(
  method: string,
  pathname: string,
): { template: string; operation: Json } | undefined {
  const m = method.toLowerCase();
  for (const [template, item] of Object.entries(openapi.paths)) {
    const re = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
    );
    const op = item[m];
    if (op && re.test(pathname)) return { template, operation: op };
  }
  return undefined;
}

/**
 * Validates an HTTP answer of the API against openapi.yaml: the status must be declared for the
 * operation and the JSON body must match that response's schema.
 */
export function assertResponseMatches(method: string, pathname: string, status: number, body: unknown): void {
  const found = findOperation(method, pathname);
  if (!found) throw new Error(`openapi.yaml has no operation for ${method} ${pathname}`);
  const responses = found.operation.responses as Record<string, Json>;
  const key =
    String(status) in responses
      ? String(status)
      : `${String(status)[0]}XX` in responses
        ? `${String(status)[0]}XX`
        : 'default';
  const declared = responses[key];
  if (!declared) {
    throw new Error(
      `${method} ${found.template} does not declare status ${status} in openapi.yaml (body: ${JSON.stringify(body)})`,
    );
  }
  const response = resolveRef(declared);
  const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
  if (!media) {
    if (body !== undefined && body !== null && body !== '')
      throw new Error(`${method} ${found.template} ${status} declares no JSON body`);
    return;
  }
  const opPointer = `#/paths/${pointerEscape(found.template)}/${method.toLowerCase()}`;
  const pointer =
    typeof declared.$ref === 'string'
      ? `${declared.$ref}/content/application~1json/schema`
      : `${opPointer}/responses/${key}/content/application~1json/schema`;
  assertMatches(pointer, body, `${method} ${found.template} ${status}`);
}

/** Validates a webhook request body against its event schema in the `webhooks` section. */
export function assertWebhookMatches(body: unknown): void {
  assertSchema('WebhookEvent', body);
}

export interface ExampleSite {
  where: string;
  pointer: string;
  value: unknown;
}

/**
 * Every example in openapi.yaml that sits beside a schema (media type `example`/`examples`,
 * parameter examples), with the pointer of the schema it must match.
 */
export function collectExamples(): ExampleSite[] {
  const sites: ExampleSite[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (!node || typeof node !== 'object') return;
    const obj = node as Json;
    if ('schema' in obj && obj.schema && typeof obj.schema === 'object') {
      const schemaPointer = `#/${[...path, 'schema'].map(pointerEscape).join('/')}`;
      if ('example' in obj) sites.push({ where: path.join('.'), pointer: schemaPointer, value: obj.example });
      if (obj.examples && typeof obj.examples === 'object') {
        for (const [name, ex] of Object.entries(obj.examples as Record<string, Json>)) {
          const resolved = resolveRef(ex);
          if ('value' in resolved)
            sites.push({
              where: `${path.join('.')}.examples.${name}`,
              pointer: schemaPointer,
              value: resolved.value,
            });
        }
      }
    }
    for (const [key, child] of Object.entries(obj)) {
      if (key === 'examples' || key === 'example') continue;
      visit(child, [...path, key]);
    }
  };
  visit(openapi.paths, ['paths']);
  visit(openapi.webhooks, ['webhooks']);
  visit(openapi.components.responses, ['components', 'responses']);
  visit(openapi.components.requestBodies, ['components', 'requestBodies']);
  visit(openapi.components.parameters, ['components', 'parameters']);
  // Schema-level examples (`examples: [...]` in JSON Schema 2020-12) validate against that schema.
  for (const [name, schema] of Object.entries(openapi.components.schemas)) {
    const list = (schema as Json).examples;
    if (Array.isArray(list)) {
      for (const [i, value] of list.entries()) {
        sites.push({
          where: `components.schemas.${name}.examples[${i}]`,
          pointer: `#/components/schemas/${pointerEscape(name)}`,
          value,
        });
      }
    }
    if ('example' in (schema as Json)) {
      sites.push({
        where: `components.schemas.${name}.example`,
        pointer: `#/components/schemas/${pointerEscape(name)}`,
        value: (schema as Json).example,
      });
    }
  }
  return sites;
}

export interface ParameterSite {
  name: string;
  in: string;
  required: boolean;
  /** JSON pointer of the parameter's schema, for validatorAt(). */
  pointer: string;
}

/** An operation's parameters (the path item's, overridden by the operation's own), with schema pointers. */
export function parametersOf(template: string, method: string): ParameterSite[] {
  const item = openapi.paths[template];
  if (!item) throw new Error(`openapi.yaml has no path ${template}`);
  const itemPointer = `#/paths/${pointerEscape(template)}`;
  const sites = new Map<string, ParameterSite>();
  const collect = (list: unknown, base: string) => {
    for (const [i, node] of ((list as Json[] | undefined) ?? []).entries()) {
      const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
      const param = resolveRef(node);
      const site: ParameterSite = {
        name: String(param.name),
        in: String(param.in),
        required: param.required === true,
        pointer: `${ref ?? `${base}/parameters/${i}`}/schema`,
      };
      sites.set(`${site.in}:${site.name}`, site);
    }
  };
  collect(item.parameters, itemPointer);
  collect(item[method.toLowerCase()]?.parameters, `${itemPointer}/${method.toLowerCase()}`);
  return [...sites.values()];
}

/**
 * The request body an operation declares: whether it is required, and the schema pointer of each
 * media type. Undefined when the operation takes no body.
 */
export function requestBodyOf(
  template: string,
  method: string,
): { required: boolean; media: Record<string, string> } | undefined {
  const opPointer = `#/paths/${pointerEscape(template)}/${method.toLowerCase()}`;
  const node = openapi.paths[template]?.[method.toLowerCase()]?.requestBody as Json | undefined;
  if (!node) return undefined;
  const base = typeof node.$ref === 'string' ? node.$ref : `${opPointer}/requestBody`;
  const body = resolveRef(node);
  const media: Record<string, string> = {};
  for (const type of Object.keys((body.content as Json | undefined) ?? {}))
    media[type] = `${base}/content/${pointerEscape(type)}/schema`;
  return { required: body.required === true, media };
}

// What coverage counts that openapi.yaml defines (mock README, "Coverage"): every operation under
// /api/v1 with the answers it documents, one per status and error code, and the webhook event names.
// The answers are read from each response's examples (an example without `code` is the status alone,
// as the 400 "Missing required fields" and every success); a response with no example is its status
// alone. An example marked `x-answered-by: standalone-server` (the Host check, answered before any
// operation is known) is no answer of an operation and is left out. scripts/generate-contract-space.ts
// writes the result to src/generated/contract-space.ts; the coverage tests call it on a throwaway
// contract to show that a new operation or code appears without editing a list.

export interface ContractAnswer {
  /** The response's key: `200`, `409`, … or `default` (any status the operation does not list). */
  status: string;
  code: string | null;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  /** The path template, `/api/v1/{slug}/reservations/{id}`. */
  path: string;
  answers: ContractAnswer[];
}

export interface ContractSpace {
  operations: ContractOperation[];
  webhookEvents: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The space of a parsed openapi.yaml (a plain object). */
export function deriveContractSpace(spec: unknown): ContractSpace {
  if (!isObject(spec) || !isObject(spec.paths)) throw new Error('contract space: openapi.yaml has no paths');
  const root = spec;
  /** A `$ref` within the document, followed to what it names. */
  const deref = (value: unknown): unknown => {
    let current = value;
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops += 1) {
      if (hops > 20) throw new Error(`contract space: $ref loop at ${current.$ref}`);
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`contract space: only local $ref are read (${ref})`);
      current = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, key) => (isObject(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
          root,
        );
    }
    return current;
  };

  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/v1/') || !isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const answers: ContractAnswer[] = [];
      const seen = new Set<string>();
      const add = (status: string, code: string | null) => {
        const key = `${status} ${code ?? ''}`;
        if (seen.has(key)) return;
        seen.add(key);
        answers.push({ status, code });
      };
      for (const [status, rawResponse] of Object.entries(
        isObject(operation.responses) ? operation.responses : {},
      )) {
        const response = deref(rawResponse);
        const examples: unknown[] = [];
        if (isObject(response) && isObject(response.content))
          for (const media of Object.values(response.content)) {
            if (!isObject(media)) continue;
            if (isObject(media.examples)) examples.push(...Object.values(media.examples).map(deref));
            if (media.example !== undefined) examples.push({ value: media.example });
          }
        const kept = examples.filter(
          (example) => !(isObject(example) && example['x-answered-by'] === 'standalone-server'),
        );
        if (examples.length === 0) add(status, null);
        for (const example of kept) {
          const value = isObject(example) ? example.value : undefined;
          add(status, isObject(value) && typeof value.code === 'string' ? value.code : null);
        }
      }
      operations.push({ operationId: operation.operationId, method: method.toUpperCase(), path, answers });
    }
  }
  const webhookEvents = Object.keys(isObject(spec.webhooks) ? spec.webhooks : {});
  return { operations, webhookEvents };
}

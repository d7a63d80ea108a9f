import { createQuerySerializer } from 'openapi-fetch';

const standard = createQuerySerializer();

/**
 * openapi-fetch's query serialiser, with whole numbers written as plain digits: JavaScript writes
 * 1e21 and larger as `1e+21`, which the API refuses (400), although a `limit` or `offset` of any size
 * is valid (a large `limit` is clamped, an `offset` past the end is an empty page).
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    // openapi-fetch leaves out an object it cannot write (a Date has no own keys) and null: from
    // plain JavaScript, `list({ date: new Date() })` listed every reservation, unfiltered.
    if (typeof value === 'object')
      throw new TypeError(
        `${name} must be a string, number or boolean, got ${value === null ? 'null' : 'an object'}`,
      );
    plain[name] = Number.isInteger(value) ? BigInt(value as number).toString() : value;
  }
  return standard(plain);
}

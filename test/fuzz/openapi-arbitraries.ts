// Requests generated from openapi.yaml: its paths, parameters and request body schemas are walked
// once, and each schema becomes two fast-check arbitraries, one of values it accepts and one of
// values it rejects (wrong types, out-of-range numbers, bad dates and times, odd Unicode), so the
// fuzz tests follow the contract when it changes. Ids get hints from the demo data, so that valid
// requests reach the deeper rules (overlaps, transitions) and not only the 404s.
import fc from 'fast-check';
import { openapi } from '../support/openapi';

type Json = Record<string, unknown>;

export interface Parameter {
  name: string;
  schema: Json;
  required: boolean;
}

export interface Operation {
  method: string;
  /** e.g. /api/v1/{slug}/reservations/{id}/status */
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { schema: Json; required: boolean };
}

function resolve(node: unknown): Json {
  let current = node as Json;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    let target: unknown = openapi;
    for (const part of current.$ref.replace(/^#\//, '').split('/'))
      target = (target as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = target as Json;
  }
  return current;
}

function parameter(node: unknown): Parameter & { in: string } {
  const p = resolve(node);
  return {
    name: String(p.name),
    in: String(p.in),
    schema: resolve(p.schema ?? {}),
    required: p.required === true,
  };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of openapi.yaml's paths. */
export const OPERATIONS: readonly Operation[] = Object.entries(openapi.paths).flatMap(([template, item]) => {
  const shared = ((item.parameters as unknown[] | undefined) ?? []).map(parameter);
  return Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, raw]) => {
      const op = raw as Json;
      const params = [...shared, ...((op.parameters as unknown[] | undefined) ?? []).map(parameter)];
      const requestBody = op.requestBody ? resolve(op.requestBody) : undefined;
      const media = (requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
      const operation: Operation = {
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
      };
      if (media) operation.body = { schema: resolve(media.schema), required: requestBody?.required === true };
      return operation;
    });
});

/** Strings to break parsers with: control characters, lone surrogates, RTL marks, emoji, long runs. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202eRTL',
    'zero\u200bwidth',
    '\ud800',
    '🐴',
    '２０２６-06-16',
    '12:00\u200b',
    '1e3',
    '-0',
    'NaN',
    'null',
    'undefined',
    '[object Object]',
    '../../etc/passwd',
    '%00',
    '<script>',
    "'; DROP TABLE reservations; --",
    'x'.repeat(2000),
  ),
);

/** Demo ids a property named like this can take, so valid values reach the rules behind them. */
const ID_HINTS: Record<string, readonly string[]> = {
  slug: ['demo-bistro', 'demo-bistro', 'demo-bistro', 'demo-salon'],
  id: ['res_demo_0001', 'res_demo_0002', 'res_demo_0003', 'res_demo_0004', 'res_demo_0005', 'res_demo_0006'],
  tableId: ['tbl_01', 'tbl_02', 'tbl_06', 'tbl_07'],
  branchId: ['br_old_town'],
  serviceId: ['svc_tasting', 'svc_lunch', 'svc_party'],
  zoneId: ['zone_interior', 'zone_terrace'],
  email: ['guest@example.com', 'Jana.Novakova@Example.com', 'blocked@example.com'],
};

const DATE = fc.oneof(
  // Around the frozen now (Monday 2026-06-15), where the demo data and the opening hours are.
  fc.integer({ min: 10, max: 30 }).map((d) => `2026-06-${String(d).padStart(2, '0')}`),
  fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
);
const TIME = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 0, 15, 30, 45, 59))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const BAD_DATE = fc.constantFrom(
  '2026-02-30',
  '2026-13-01',
  '2026-6-1',
  '16.06.2026',
  '2026-06-16T12:00',
  '',
);
const BAD_TIME = fc.constantFrom('24:00', '12:60', '7:00', '12:00:00', '1200', 'noon', '');

function stringValue(name: string, schema: Json): fc.Arbitrary<string> {
  const hints = ID_HINTS[name];
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'date') return DATE;
  if (typeof schema.pattern === 'string' && schema.pattern.includes(':[0-5]')) return TIME;
  if (schema.format === 'email') return hints ? fc.constantFrom(...hints) : fc.emailAddress();
  if (hints) return fc.oneof(fc.constantFrom(...hints), fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,12}$/));
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return fc.string({ minLength: min, maxLength: 60 });
}

/** Values that satisfy `schema` (as a property or parameter called `name`). */
export function validValue(name: string, schema: Json): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return stringValue(name, schema);
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min + 20, 20);
      return fc.integer({ min, max });
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(name.replace(/s$/, 'Id'), resolve(schema.items ?? {})), { maxLength: 3 });
    case 'object':
      return validObject(schema);
    default:
      if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
      return fc.jsonValue();
  }
}

/** Values that `schema` rejects: another type, out of range, a bad format, odd strings. */
export function invalidValue(_name: string, schema: Json): fc.Arbitrary<unknown> {
  const otherTypes = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  );
  switch (schema.type) {
    case 'string': {
      const bad: fc.Arbitrary<unknown>[] = [otherTypes];
      if (schema.format === 'date') bad.push(BAD_DATE, oddString);
      else if (typeof schema.pattern === 'string') bad.push(BAD_TIME, oddString);
      else if (schema.format === 'email')
        bad.push(fc.constantFrom('no-at-sign', 'a@', '@b.cz', 'a b@c.cz'), oddString);
      else if (Array.isArray(schema.enum)) bad.push(fc.constantFrom('confirmed', 'DONE', ''), oddString);
      else if (schema.minLength === 1) bad.push(fc.constant(''));
      return fc.oneof(...bad);
    }
    case 'integer': {
      const bad: fc.Arbitrary<unknown>[] = [
        fc.constantFrom('4', 1.5, Number.MAX_SAFE_INTEGER * 4, -0.5),
        fc.oneof(fc.constant(null), fc.boolean(), fc.string({ maxLength: 3 })),
      ];
      if (typeof schema.minimum === 'number') bad.push(fc.integer({ min: -1e9, max: schema.minimum - 1 }));
      if (typeof schema.maximum === 'number') bad.push(fc.integer({ min: schema.maximum + 1, max: 1e9 }));
      return fc.oneof(...bad);
    }
    case 'array':
      return fc.oneof(
        otherTypes,
        fc.array(fc.oneof(fc.integer(), fc.constant(null), fc.constant('')), { minLength: 1, maxLength: 3 }),
      );
    case 'object':
      return fc.oneof(fc.constant(null), fc.string(), fc.array(fc.jsonValue(), { maxLength: 2 }));
    default:
      return otherTypes;
  }
}

/**
 * Objects built from `schema`'s properties: each present with a valid or an invalid value or absent
 * (required ones too: missing fields), plus extra fields, prototype-polluting keys among them.
 */
export function validObject(schema: Json): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const entries = Object.entries(properties).map(([name, raw]) => {
    const property = resolve(raw);
    const choices: fc.Arbitrary<unknown>[] = [validValue(name, property), validValue(name, property)];
    return [name, fc.oneof(...choices)] as const;
  });
  return fc.record(Object.fromEntries(entries), {
    requiredKeys: [...required].filter((name) => name in properties),
  });
}

export function objectArbitrary(schema: Json): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const entries = Object.entries(properties).map(([name, raw]) => {
    const property = resolve(raw);
    // Mostly valid, so that some requests get through; sometimes invalid; absent when fc.record
    // leaves the key out (required keys are not forced: missing fields are a case too).
    return [
      name,
      fc.oneof(
        { weight: 4, arbitrary: validValue(name, property) },
        { weight: 1, arbitrary: invalidValue(name, property) },
      ),
    ] as const;
  });
  const extras = fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted'),
    ),
    fc.oneof(fc.jsonValue(), fc.constant({ polluted: true }), fc.constant({ prototype: { polluted: true } })),
    { maxKeys: 2 },
  );
  return fc
    .tuple(fc.record(Object.fromEntries(entries), { requiredKeys: [] }), extras)
    .map(([known, extra]) => {
      // Extra keys first, so a known field is not replaced; defineProperty keeps `__proto__` an own key.
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(extra))
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      for (const [key, value] of Object.entries(known)) out[key] = value;
      return out;
    });
}

/** A body for the operation: an object from its schema, or now and then not an object at all. */
export function bodyArbitrary(schema: Json): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: objectArbitrary(schema).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant(undefined),
        fc.constantFrom('', '{', '{"a":}', 'null', '[]'),
        oddString,
      ),
    },
  );
}

/** Query parameters: each absent, valid or invalid (as text), plus unknown ones. */
export function queryArbitrary(params: readonly Parameter[]): fc.Arbitrary<[string, string][]> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const known = params.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: validValue(p.name, p.schema).map(asText) },
        { weight: 1, arbitrary: invalidValue(p.name, p.schema).map(asText) },
      ),
      { nil: undefined, freq: 2 },
    ),
  );
  const unknown = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'x'), fc.string({ maxLength: 6 })),
      oddString,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...known), unknown).map(([values, extra]) => [
    ...params.flatMap((p, i): [string, string][] => {
      const value = values[i];
      return value === undefined ? [] : [[p.name, value]];
    }),
    ...extra,
  ]);
}

/**
 * Percent-encodes a path segment. A lone surrogate, which encodeURIComponent refuses, becomes the
 * three bytes it would have in WTF-8: invalid UTF-8 on the wire, which is exactly the point.
 */
export function encodeSegment(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i] as string);
    }
  }
  return out;
}

/** A path parameter: usually valid (demo ids), sometimes odd, percent-encoded into the path. */
export function pathParamArbitrary(param: Parameter): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 5, arbitrary: validValue(param.name, param.schema).map(String) },
      { weight: 1, arbitrary: oddString },
    )
    .map(encodeSegment);
}

/** X-API-Key values: every demo key, none, empty, unknown, and printable junk. */
export const keyArbitrary: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('rk_demo_full', 'rk_demo_read', 'rk_demo_basic', 'rk_salon_full') },
  { weight: 1, arbitrary: fc.constantFrom(null, '', '   ', 'rk_unknown', 'RK_DEMO_FULL', 'rk_demo_full ') },
  { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,40}$/) },
);

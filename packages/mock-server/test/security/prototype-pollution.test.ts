// No prototype pollution: JSON bodies lose `__proto__`, `constructor` and `prototype` keys at every
// depth and in every spelling (escapes included) before any code sees them, on both parsing paths,
// and neither the API nor the control routes let one reach Object.prototype. (Over real HTTP with
// generated bodies: test/fuzz/hostile-input.test.ts and openapi-requests.test.ts.)
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/index';
import { parseJsonObject } from '../../src/pipeline/body';

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

/** Every own key at every depth of a parsed value. */
function allKeys(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.getOwnPropertyNames(value).flatMap((key) => [
    key,
    ...allKeys((value as Record<string, unknown>)[key]),
  ]);
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('JSON bodies', () => {
  it.each([
    '{"__proto__":{"polluted":true},"a":1}',
    '{"a":{"b":[{"constructor":{"prototype":{"polluted":true}}}]}}',
    '{"prototype":1,"a":1}',
    '{"\\u005f_proto__":{"polluted":true},"a":1}',
    '{"\\u005F\\u005Fproto\\u005F\\u005F":{"polluted":true},"a":1}',
    '{"constr\\u0075ctor":{"polluted":true},"a":1}',
    '{"a":"\\u00e9","__proto__":null}',
  ])('%s loses its prototype keys and keeps the rest', (text) => {
    const parsed = parseJsonObject(utf8(text));
    expect(allKeys(parsed).filter((key) => FORBIDDEN.includes(key))).toEqual([]);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect('a' in parsed).toBe(true);
  });

  it('parses text without such keys exactly like JSON.parse', () => {
    const text = '{"email":"a@b.cz","nested":{"list":[1,"two",{"three":3}]},"note":"constructive"}';
    expect(parseJsonObject(utf8(text))).toEqual(JSON.parse(text));
  });

  it('refuses invalid UTF-8 as INVALID_JSON, inside a string too', () => {
    const bytes = new Uint8Array([...utf8('{"__proto__":{"x":1},"a":"'), 0xff, 0xfe, 0x22, 0x7d]);
    expect(() => parseJsonObject(bytes)).toThrow('Request body must be a JSON object');
  });
});

describe('through the MSW handlers', () => {
  it('leaves Object.prototype untouched whatever the API and control routes receive', async () => {
    const service = createMockService({ now: '2026-06-15T08:00:00Z' });
    const handlers = [...service.controlHandlers, ...service.handlers];
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const json = { 'Content-Type': 'application/json', 'X-API-Key': 'rk_demo_full' };
    const base = 'http://127.0.0.1:4010';
    for (const [method, path, body] of [
      [
        'POST',
        '/api/v1/demo-bistro/reservations',
        '{"__proto__":{"polluted":1},"email":"p@x.cz","date":"2026-06-16","from":"12:00","to":"13:00"}',
      ],
      [
        'PATCH',
        '/api/v1/demo-bistro/reservations/res_demo_0004/status',
        '{"constructor":{"prototype":{"polluted":1}},"status":"CONFIRMED"}',
      ],
      ['DELETE', '/api/v1/demo-bistro/reservations/res_demo_0005', '{"__proto__":{"polluted":1}}'],
      [
        'GET',
        '/api/v1/demo-bistro/reservations?__proto__[polluted]=1&constructor[prototype][polluted]=1',
        undefined,
      ],
      ['POST', '/__mock/faults', '{"__proto__":{"polluted":1},"status":503}'],
      [
        'POST',
        '/__mock/projects/demo-bistro/blacklist',
        '{"__proto__":{"polluted":1},"email":"bad@example.com"}',
      ],
      [
        'PUT',
        '/__mock/projects/demo-bistro/webhook',
        '{"constructor":{"prototype":{"polluted":1}},"url":"http://127.0.0.1:9/h"}',
      ],
    ] as const) {
      const response = await getResponse(
        handlers,
        new Request(`${base}${path}`, { method, headers: json, ...(body ? { body } : {}) }),
      );
      expect(response?.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(JSON.stringify(await service.control.snapshot())).not.toContain('polluted');
    service.close();
  });
});

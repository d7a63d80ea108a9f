import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestTargetParser } from '../../src/transports/request-target';

const BASES = [
  'http://127.0.0.1:3000',
  'http://localhost:4010/prefix/',
  'http://[::1]:80',
  'http://127.0.0.1:3000/a/b',
];

/** What `new URL(target, base)` makes of a target: its href, or undefined when it throws. */
function reference(target: string | undefined, base: string): string | undefined {
  try {
    return new URL(target ?? '/', base).href;
  } catch {
    return undefined;
  }
}

// Characters that matter to a URL parser, mixed with any others.
const piece = fc.oneof(
  fc.constantFrom(
    '/',
    '\\',
    '?',
    '#',
    '%',
    '%2F',
    '..',
    '.',
    ':',
    '@',
    '[',
    ']',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u0000',
    'é',
    '😀',
    '\ud800',
  ),
  fc.string({ maxLength: 4 }),
);
const target = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join('')}`),
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.constant(undefined),
);

describe('requestTargetParser', () => {
  it('parses every target as new URL(target, base) does, or refuses it as that does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), target, (base, t) => {
        expect(requestTargetParser(base)(t)?.href).toBe(reference(t, base));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps the cases a plain join would get wrong: an authority, a backslash, a tab', () => {
    const parse = requestTargetParser('http://127.0.0.1:3000/prefix');
    expect(parse('//evil.test/x')?.host).toBe('evil.test');
    expect(parse('/\\evil.test/x')?.host).toBe('evil.test');
    expect(parse('/\t/evil.test/x')?.host).toBe('evil.test');
    expect(parse('/api/v1/x?y=1')?.href).toBe('http://127.0.0.1:3000/api/v1/x?y=1');
    expect(parse('//[')).toBeUndefined();
  });
});

// Fault path patterns are matched without backtracking (SECURITY.md, "Fault patterns"): `*` matches
// any run of characters; a pattern with many `*` against a long path completes at once (the first
// version compiled it to a regular expression, and `/api/v1/*a*a*…*b` froze the server for 11 s;
// this test would then time out).
import { describe, expect, it } from 'vitest';
import { parseControl } from '../../src/control/control';
import { createFaults, faultSpecSchema } from '../../src/control/faults';
import { globMatches } from '../../src/control/glob';

describe('globMatches', () => {
  it.each([
    ['/api/v1/demo-bistro/reservations', '/api/v1/demo-bistro/reservations', true],
    ['/api/v1/*/reservations', '/api/v1/demo-bistro/reservations', true],
    ['/api/v1/*/reservations', '/api/v1/demo-bistro/reservations/res_1', false],
    ['/api/v1/*', '/api/v1/', true],
    ['*', '', true],
    ['', '', true],
    ['', '/a', false],
    ['/a*b*c', '/aXbYc', true],
    ['/a*b*c', '/aXbYcZ', false],
    ['/a**c', '/ac', true],
    ['*res*', '/api/v1/demo-bistro/reservations', true],
    ['/api/v1/demo-bistro/reservations', '/api/v1/demo-bistro/reservation', false],
    ['/a.c', '/abc', false],
    ['/a(b)?', '/a(b)?', true],
  ])('%j against %j is %s', (pattern, path, expected) => {
    expect(globMatches(pattern, path)).toBe(expected);
  });

  it('a pattern of 50 `*a` against 20,000 characters of a without the final b completes, and does not match', () => {
    const pattern = `/api/v1/${'*a'.repeat(50)}*b`;
    const path = `/api/v1/${'a'.repeat(20_000)}`;
    expect(globMatches(pattern, path)).toBe(false);
    expect(globMatches(pattern, `${path}b`)).toBe(true);
  });
});

describe('a fault with a pathological path pattern', () => {
  it('is looked up against a long path at once and hits only what it matches', () => {
    const faults = createFaults();
    faults.add(
      parseControl(faultSpecSchema, { path: `/api/v1/${'*a'.repeat(40)}*b`, status: 503, times: 2 }),
    );
    const long = `/api/v1/${'a'.repeat(10_000)}`;
    expect(faults.take('GET', long)).toBeUndefined();
    expect(faults.take('GET', `${long}b`)?.status).toBe(503);
  });
});

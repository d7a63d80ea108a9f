// Fault path patterns are matched in time linear in the path, whatever the pattern (src/control/glob.ts,
// SECURITY.md): the matcher counts its character comparisons, and for the worst patterns we know
// (many `*` with pieces that almost match, at the 512-character limit) they stay within
// 3 × (path length) + (pieces). The two-pointer matcher before made pattern × path comparisons:
// ten faults with 7,500-character patterns stalled every request for 3.6 s.
import { describe, expect, it } from 'vitest';
import { compileGlob, type GlobSteps, globMatches } from '../../src/control/glob';

/** The comparisons one match costs, and its result. */
function measure(pattern: string, text: string): { matched: boolean; steps: number } {
  const steps: GlobSteps = { count: 0 };
  const matched = compileGlob(pattern)(text, steps);
  return { matched, steps: steps.count };
}

describe('compileGlob', () => {
  it.each([
    ['/api/v1/demo-bistro/reservations', '/api/v1/demo-bistro/reservations', true],
    ['/api/v1/*/reservations', '/api/v1/demo-bistro/reservations', true],
    ['/api/v1/*/reservations', '/api/v1/demo-bistro/reservations/res_1', false],
    ['/a*b*c', '/aXbYc', true],
    ['/a*b*c', '/aXbYcZ', false],
    ['/a*bc*bc', '/abcbc', true],
    ['/a*bc*bc', '/abc', false],
    ['a*a', 'a', false],
    ['a*a', 'aa', true],
    ['*aab*', 'aaab', true],
    ['*abab*', 'abaabab', true],
    ['**', '', true],
  ])('%j against %j is %s', (pattern, path, expected) => {
    expect(globMatches(pattern, path)).toBe(expected);
  });

  const LIMIT = 512;
  const adversarial: [name: string, pattern: string, text: (n: number) => string][] = [
    ['`*a` repeated, then b', `${'*a'.repeat(255)}*b`.slice(0, LIMIT), (n) => 'a'.repeat(n)],
    ['one long piece that almost matches', `*${'a'.repeat(LIMIT - 3)}b*`, (n) => 'a'.repeat(n)],
    ['pieces of a…ab', `${'*aaaaaaab'.repeat(56)}*`.slice(0, LIMIT), (n) => 'aaaaaaaa'.repeat(n / 8)],
    [
      'a prefix and suffix around many stars',
      `/api/v1/${'*x'.repeat(240)}*/end`,
      (n) => `/api/v1/${'x'.repeat(n)}/nd`,
    ],
  ];

  it.each(adversarial)(
    '%s: at most 3 × path length + pieces comparisons, at 1,000 and 100,000 characters alike',
    (_, pattern, text) => {
      expect(pattern.length).toBeLessThanOrEqual(LIMIT);
      const pieces = pattern.split('*').length;
      for (const n of [1_000, 100_000]) {
        const path = text(n);
        const { steps } = measure(pattern, path);
        expect(steps).toBeLessThanOrEqual(3 * path.length + pieces);
      }
    },
  );

  it('still finds a match at the end of a long path', () => {
    const pattern = `/api/v1/${'*a'.repeat(200)}*b`;
    const path = `/api/v1/${'a'.repeat(50_000)}b`;
    const { matched, steps } = measure(pattern, path);
    expect(matched).toBe(true);
    expect(steps).toBeLessThanOrEqual(3 * path.length + 202);
  });
});

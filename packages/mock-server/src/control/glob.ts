// Fault path patterns: `*` matches any run of characters, everything else itself. Matched by the
// greedy two-pointer algorithm (backtrack only to the last `*`), O(pattern × path) at worst, with no
// exponential blowup: a pattern like `/api/v1/*a*a*a*…*b` cannot stall the server the way a
// backtracking regular expression did (SECURITY.md).

/** Whether `text` matches `pattern` as a whole. */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  // Where the last `*` was in the pattern, and where in the text its match currently ends.
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p += 1;
      t += 1;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p;
      resume = t;
      p += 1;
    } else if (star !== -1) {
      // Let the last `*` swallow one more character and retry what follows it.
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1;
  return p === pattern.length;
}

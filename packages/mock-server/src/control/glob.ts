// Fault path patterns: `*` matches any run of characters, everything else itself. A pattern is
// compiled once, when its fault is added, into its literal pieces (split at `*`) with a
// Knuth-Morris-Pratt table each. Matching then costs time linear in the path, whatever the pattern:
// the first piece must start the path and the last end it, and each piece in between is found at its
// leftmost place after the one before (leftmost is always right for `*`, which can take any run),
// by a KMP scan that never goes back in the path. So the scans together read each character of the
// path at most twice: at most 3 × (path length) + (number of pieces) character comparisons in all
// (test/control/glob.test.ts counts them). With 100 faults of 512 characters, an unrelated request
// costs at most 100 such scans of its own path (SECURITY.md).

/** Counts character comparisons, for the test that proves matching linear. */
export interface GlobSteps {
  count: number;
}

/** Whether a path matches the compiled pattern as a whole. */
export type GlobMatcher = (text: string, steps?: GlobSteps) => boolean;

interface Piece {
  text: string;
  /** KMP failure table: the length of the longest proper prefix of text[0..i] that is also its suffix. */
  failure: Int32Array;
}

function failureTable(piece: string): Int32Array {
  const failure = new Int32Array(piece.length);
  let k = 0;
  for (let i = 1; i < piece.length; i++) {
    while (k > 0 && piece[i] !== piece[k]) k = failure[k - 1] ?? 0;
    if (piece[i] === piece[k]) k += 1;
    failure[i] = k;
  }
  return failure;
}

/** Where `piece` first occurs in text[from, end), or -1; reads each character of that range at most twice. */
function find(text: string, from: number, end: number, piece: Piece, steps: GlobSteps | undefined): number {
  const { text: p, failure } = piece;
  let j = 0;
  for (let i = from; i < end; i++) {
    while (j > 0 && text[i] !== p[j]) {
      if (steps) steps.count += 1;
      j = failure[j - 1] ?? 0;
    }
    if (steps) steps.count += 1;
    if (text[i] === p[j]) {
      j += 1;
      if (j === p.length) return i - p.length + 1;
    }
  }
  return -1;
}

/** Whether text[at, at + piece.length) is `piece`, counting one comparison per character. */
function startsAt(text: string, at: number, piece: string, steps: GlobSteps | undefined): boolean {
  for (let i = 0; i < piece.length; i++) {
    if (steps) steps.count += 1;
    if (text[at + i] !== piece[i]) return false;
  }
  return true;
}

/** Compiles a pattern once; the matcher it returns is linear in the path. */
export function compileGlob(pattern: string): GlobMatcher {
  if (!pattern.includes('*')) return (text) => text === pattern;
  const parts = pattern.split('*');
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  const middle: Piece[] = parts
    .slice(1, -1)
    .filter((text) => text.length > 0)
    .map((text) => ({ text, failure: failureTable(text) }));
  return (text, steps) => {
    if (text.length < first.length + last.length) return false;
    if (!startsAt(text, 0, first, steps)) return false;
    const end = text.length - last.length;
    if (!startsAt(text, end, last, steps)) return false;
    let at = first.length;
    for (const piece of middle) {
      const found = find(text, at, end, piece, steps);
      if (found === -1) return false;
      at = found + piece.text.length;
    }
    return true;
  };
}

/** Whether `text` matches `pattern` as a whole (compiles the pattern each call: tests and one-offs). */
export function globMatches(pattern: string, text: string): boolean {
  return compileGlob(pattern)(text);
}

// Options given by name from plain JavaScript (or a spread typed loosely): a misspelt one (`sesion`,
// `prot`) was ignored, and the mock ran with the default in its place. Refused instead, naming the
// nearest known name, as stripe-node refuses an unknown config key.

/** How many single-character edits turn `a` into `b` (Levenshtein), for "did you mean". */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Throws a TypeError for an own key of `options` that is not in `known`: `what` names the function
 * (`createMockService`), and a known name within two edits (or differing only in case) is offered.
 */
export function checkOptionNames(what: string, options: object, known: readonly string[]): void {
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    // The nearest: a name differing only in case first, else the fewest edits (at most two).
    let near = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    let nearest = 3;
    for (const candidate of near === undefined ? known : []) {
      const distance = editDistance(candidate, name);
      if (distance < nearest) [near, nearest] = [candidate, distance];
    }
    throw new TypeError(
      `${what}: unknown option "${name}"${near ? ` (did you mean "${near}"?)` : ''}; the options are ${known.join(', ')}`,
    );
  }
}

// The flags of the benches that compare this checkout with a commit in one run (domain, handle,
// lifecycle): `--before COMMIT`, `--rounds N`, `--no-build`, `--no-write`.
import { parseArgs } from 'node:util';

export function comparisonArgs(defaultRounds: number) {
  return parseArgs({
    // `pnpm bench:… -- --flag` passes the `--` through.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      'no-write': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      before: { type: 'string' },
      rounds: { type: 'string', default: String(defaultRounds) },
    },
  }).values;
}

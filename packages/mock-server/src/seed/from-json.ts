// Validates seed data from JSON (a file, a fixture, an HTTP body). The file reading itself lives in
// the Node entry, so this module runs in browsers too.
import { type ResolvedSeedData, seedDataSchema } from './seed-data';

export class SeedError extends Error {
  override readonly name = 'SeedError';
}

/** The validated seed with defaults filled in, or a SeedError listing every problem by path. */
export function parseSeedData(json: unknown): ResolvedSeedData {
  const result = seedDataSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new SeedError(`Invalid seed data:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** Parses a JSON text (the content of a seed file). */
export function parseSeedJson(text: string): ResolvedSeedData {
  let json: unknown;
  try {
    // A byte order mark (editors on Windows save one) is no JSON: it read "Unexpected token" of an
    // invisible character.
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    throw new SeedError(`Seed is not valid JSON: ${(error as Error).message}`);
  }
  return parseSeedData(json);
}

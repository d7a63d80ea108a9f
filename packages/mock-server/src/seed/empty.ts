// No projects at all: for tests that build exactly the data they need with the control helpers.
import type { SeedData } from './seed-data';

export function emptySeed(): SeedData {
  return { projects: [] };
}

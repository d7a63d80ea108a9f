// A domain context with the demo data (or a given seed) and a frozen clock, for domain unit tests.

import { type DomainContext, webCryptoRandomBytes } from '../../src/domain/context';
import type { ProjectRecord } from '../../src/domain/records';
import { createStore } from '../../src/domain/store';
import { createManualClock } from '../../src/runtime/clock';
import { createSequentialIds } from '../../src/runtime/ids';
import { applySeed, hashSeed } from '../../src/seed/apply-seed';
import { demoSeed } from '../../src/seed/demo';
import { parseSeedData } from '../../src/seed/from-json';
import type { SeedData } from '../../src/seed/seed-data';
import { MONDAY_MORNING } from './time';

export interface TestDomain {
  ctx: DomainContext;
  project(slug?: string): ProjectRecord;
}

/** A store with the seed applied (writes are async: @msw/data validates each record). */
export async function createTestDomain(options: { now?: string; seed?: SeedData } = {}): Promise<TestDomain> {
  const ctx: DomainContext = {
    store: createStore(),
    clock: createManualClock(options.now ?? MONDAY_MORNING),
    ids: createSequentialIds(),
    randomBytes: webCryptoRandomBytes,
  };
  await applySeed(ctx, hashSeed(parseSeedData(options.seed ?? demoSeed())));
  return {
    ctx,
    project(slug = 'demo-bistro') {
      const project = ctx.store.projectBySlug(slug);
      if (!project) throw new Error(`no project ${slug}`);
      return project;
    },
  };
}

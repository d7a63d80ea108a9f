// One version of the mock in its own process, for `bench/lifecycle.ts --before COMMIT`: the built
// package at `--package-dir` (dist/index.js) with the msw that package resolves, running the rounds
// of lifecycle-rounds.ts when the parent asks. A process per version, so neither version's heap, JIT
// feedback or garbage collections touch the other's figures; the parent runs one child at a time.
//
//   { type: 'warm-up', count } → { type: 'warm' }
//   { type: 'round', iterations } → { type: 'samples', samples }
//   { type: 'survivors', count } → { type: 'survivors', survivors } (the child runs with --expose-gc)
//   { type: 'stop' } → exits
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createLifecycleRunner,
  type LifecycleEntry,
  type LifecycleSamples,
  type LifecycleSurvivors,
} from './lifecycle-rounds';

export type LifecycleParentMessage =
  | { type: 'warm-up'; count: number }
  | { type: 'round'; iterations: number }
  | { type: 'survivors'; count: number }
  | { type: 'stop' };

export type LifecycleChildMessage =
  | { type: 'ready' }
  | { type: 'warm' }
  | { type: 'samples'; samples: LifecycleSamples }
  | { type: 'survivors'; survivors: LifecycleSurvivors };

/** The ESM entry of `name` as installed for the package at `packageDir` (its "import" export). */
function esmEntry(packageDir: string, name: string): string {
  const dir = join(packageDir, 'node_modules', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: { '.'?: { import?: { default?: string } } };
  };
  const entry = manifest.exports?.['.']?.import?.default;
  if (entry === undefined) throw new Error(`${name} in ${packageDir} has no "import" export`);
  return pathToFileURL(join(dir, entry)).href;
}

const { values: args } = parseArgs({ options: { 'package-dir': { type: 'string' } } });
const packageDir = args['package-dir'];
if (packageDir === undefined) throw new Error('lifecycle-child: --package-dir is required');

const entry: LifecycleEntry = {
  ...((await import(pathToFileURL(join(packageDir, 'dist/index.js')).href)) as Pick<
    LifecycleEntry,
    'createMockService'
  >),
  msw: (await import(esmEntry(packageDir, 'msw'))) as LifecycleEntry['msw'],
};
const runner = await createLifecycleRunner(entry);
const send = (message: LifecycleChildMessage) => process.send?.(message);

process.on('message', (message: LifecycleParentMessage) => {
  void (async () => {
    if (message.type === 'warm-up') {
      await runner.warmUp(message.count);
      send({ type: 'warm' });
    } else if (message.type === 'round') {
      send({ type: 'samples', samples: await runner.round(message.iterations) });
    } else if (message.type === 'survivors') {
      send({ type: 'survivors', survivors: await runner.survivors(message.count) });
    } else {
      runner.close();
      process.disconnect();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
send({ type: 'ready' });

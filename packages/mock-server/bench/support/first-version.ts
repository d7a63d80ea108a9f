// The first version of the mock (commit 41c7946), built once into an ignored folder of the repository
// (.bench-cache/), so a benchmark can run it beside the current code in the same run: the issue's
// goals are "at least the first version's", measured, not remembered. Made from the local history
// (`git archive`, no network), installed from pnpm's store (`--offline`) and built with its own
// scripts; a marker file says the build finished, so an interrupted one is made again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './report';

/** The first version: the last commit before the core was rebuilt (lock, journal, outcome bus, ids). */
export const FIRST_VERSION = '41c7946';

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${result.stderr}`);
}

/** The first version's mock-server package folder (its dist/ built); made on the first call. */
export function firstVersionPackage(): string {
  return versionPackage(FIRST_VERSION);
}

/**
 * The mock-server package folder of any commit of this repository whose package has the same entry
 * points (e.g. the code before a speed pass, `pnpm bench:http -- --before COMMIT`), built once.
 */
export function versionPackage(commit: string): string {
  const cache = join(REPO_ROOT, '.bench-cache', `version-${commit}`);
  const marker = join(cache, '.built');
  const dir = join(cache, 'packages', 'mock-server');
  if (existsSync(marker)) return dir;
  const started = performance.now();
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const tar = `${cache}.tar`;
  run('git', ['archive', '--format=tar', '-o', tar, commit], REPO_ROOT);
  run('tar', ['-xf', tar, '-C', cache], REPO_ROOT);
  rmSync(tar, { force: true });
  // Its own lockfile, from the store the current checkout was installed from: no network.
  run('pnpm', ['install', '--offline', '--frozen-lockfile', '--ignore-scripts'], cache);
  run('pnpm', ['--filter', '@reservation-api/mock-server...', 'build'], cache);
  writeFileSync(marker, `${new Date().toISOString()}\n`);
  console.log(`built ${commit} into ${cache} in ${Math.round(performance.now() - started)} ms`);
  return dir;
}

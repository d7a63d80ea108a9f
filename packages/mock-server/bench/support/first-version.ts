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

const CACHE = join(REPO_ROOT, '.bench-cache', `first-version-${FIRST_VERSION}`);
const MARKER = join(CACHE, '.built');

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
  const dir = join(CACHE, 'packages', 'mock-server');
  if (existsSync(MARKER)) return dir;
  const started = performance.now();
  rmSync(CACHE, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  const tar = `${CACHE}.tar`;
  run('git', ['archive', '--format=tar', '-o', tar, FIRST_VERSION], REPO_ROOT);
  run('tar', ['-xf', tar, '-C', CACHE], REPO_ROOT);
  rmSync(tar, { force: true });
  // Its own lockfile, from the store the current checkout was installed from: no network.
  run('pnpm', ['install', '--offline', '--frozen-lockfile', '--ignore-scripts'], CACHE);
  run('pnpm', ['--filter', '@reservation-api/mock-server...', 'build'], CACHE);
  writeFileSync(MARKER, `${new Date().toISOString()}\n`);
  console.log(
    `built the first version (${FIRST_VERSION}) into ${CACHE} in ${Math.round(performance.now() - started)} ms`,
  );
  return dir;
}

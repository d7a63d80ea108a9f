// The benchmarks measure the built package (dist/), as users run it: build it first, bounded in time.
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './report';

export function buildMockServer(): void {
  const started = performance.now();
  const result = spawnSync('pnpm', ['--filter', '@reservation-api/mock-server...', 'build'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`build failed (${result.status}):\n${result.stderr}`);
  console.log(
    `built @reservation-api/mock-server and its dependencies in ${Math.round(performance.now() - started)} ms`,
  );
}

// Installs the runtimes of the matrix (scripts/matrix/run.mjs) from the npm registry into
// .matrix-cache/ (git-ignored), each only when its pinned version is not there yet. Kept out of
// `pnpm install` so that the first command of the README stays lean: these are ~900 MB.
// Run alone with `node scripts/matrix/install.mjs`; `pnpm test:matrix` calls it.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CACHE = resolve(import.meta.dirname, '../../.matrix-cache');

// The pins, in pins.json: the runtimes (esbuild bundles the Worker for Miniflare, as wrangler would)
// and what the consumer projects install next to the tarballs per msw generation. README "Supported
// runtimes" names them (test/docs/supported-runtimes.test.ts keeps the two in step).
const pins = JSON.parse(readFileSync(join(import.meta.dirname, 'pins.json'), 'utf8'));
export const PINS = pins.runtimes;
export const CONSUMER_DEPS = pins.consumers;
/** What the generated-clients project installs (run.mjs): the generators, zod and TypeScript. */
export const GENERATOR_DEPS = pins.generators;

/** Where each runtime's binary ends up. */
export const BIN = {
  node20: join(CACHE, 'node20/node_modules/.bin/node'),
  node22: join(CACHE, 'node22/node_modules/.bin/node'),
  node24: join(CACHE, 'node24/node_modules/.bin/node'),
  node26: join(CACHE, 'node26/node_modules/.bin/node'),
  bun: join(CACHE, 'bun/node_modules/.bin/bun'),
  deno: join(CACHE, 'deno/node_modules/.bin/deno'),
  miniflare: join(CACHE, 'miniflare/node_modules/miniflare/dist/src/index.js'),
  esbuild: join(CACHE, 'esbuild/node_modules/esbuild/lib/main.js'),
};

async function installOne(name, spec) {
  const dir = join(CACHE, name);
  const stamp = join(dir, '.installed');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === spec) return false;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', spec], { cwd: dir });
  writeFileSync(stamp, spec);
  return true;
}

/** Installs what is missing (in parallel: it is mostly download time); returns what it installed. */
export async function installRuntimes() {
  const names = Object.keys(PINS);
  const installed = await Promise.all(names.map((name) => installOne(name, PINS[name])));
  return names.filter((_, i) => installed[i]);
}

if (process.argv[1] === import.meta.filename) {
  const installed = await installRuntimes();
  console.log(installed.length ? `installed: ${installed.join(', ')}` : 'all runtimes already installed');
}

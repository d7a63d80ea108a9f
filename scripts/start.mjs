// `pnpm start` (and `pnpm install`, whose `prepare` runs it with --build-only): the standalone mock
// from this checkout, started from one bundle of its sources and dependencies. Compiling the
// TypeScript sources through tsx cost more than a second on every start; the bundle
// (packages/mock-server/.start/, git-ignored, never published) answers in about half a second. It is
// rebuilt with esbuild (under a second) whenever a source file or the lockfile is newer than it, so
// an edited or checked-out source is always what runs, and no one builds anything by hand.
// Everything after the script's own flag goes to the CLI (`pnpm start -- --port 4011`).
import { readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'packages/mock-server');
// Inside the package, so the bundle finds the dashboard files beside it
// (src/transports/dashboard-files.ts looks for dashboard/ one and two folders up).
const OUT = join(PACKAGE, '.start');
const ENTRY = join(PACKAGE, 'src/cli.ts');
const BUNDLE = join(OUT, 'cli.js');
/** What the bundle is made of: the mock's and the SDK's sources, and the dependencies' versions. */
const INPUTS = [
  join(PACKAGE, 'src'),
  join(ROOT, 'packages/sdk/src'),
  join(PACKAGE, 'package.json'),
  join(ROOT, 'pnpm-lock.yaml'),
];

/** The newest modification time under `path` (a file or a folder), in ms. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function isFresh() {
  try {
    const built = statSync(BUNDLE).mtimeMs;
    return INPUTS.every((input) => newest(input) <= built);
  } catch {
    return false;
  }
}

function mockVersion() {
  return JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version;
}

async function build() {
  // tsup's own esbuild (a devDependency of the workspace root), so no second copy is installed.
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild');
  // Dependencies bundled in too: Node loads a few files faster than it resolves and reads the
  // hundreds of modules of zod, @msw/data and temporal-polyfill (half the CPU time to the first
  // answer). msw itself is never loaded by the CLI.
  const external = ['msw'];
  // Built aside and moved in whole: a failed build, or a second start building at the same time,
  // never leaves a half-written bundle (and old chunks do not pile up).
  const aside = `${OUT}-${process.pid}`;
  try {
    await esbuild.build({
      entryPoints: { cli: ENTRY },
      outdir: aside,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      conditions: ['@reservation-api/source'],
      external,
      // The version GET /__mock/health reports, as tsup puts it in (packages/mock-server/tsup.config.ts).
      define: { __MOCK_VERSION__: JSON.stringify(mockVersion()) },
      logLevel: 'warning',
    });
    rmSync(OUT, { recursive: true, force: true });
    renameSync(aside, OUT);
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const buildOnly = args[0] === '--build-only';
try {
  if (!isFresh()) await build();
} catch (error) {
  if (buildOnly) {
    // An install without the dev tools (or a failed bundle) must not fail the install: `pnpm start`
    // tries again and says why.
    console.warn(`mock bundle not built (pnpm start will try again): ${error.message ?? error}`);
    process.exit(0);
  }
  throw error;
}
if (!buildOnly) {
  // The CLI reads its flags from process.argv: this script's own path is replaced by the bundle's.
  process.argv = [process.argv[0] ?? 'node', BUNDLE, ...args];
  await import(pathToFileURL(BUNDLE).href);
}

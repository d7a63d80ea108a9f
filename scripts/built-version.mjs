// Run by each package's `prepack` (so by `pnpm pack`, `pnpm publish` and `changeset publish`): the
// package version is written into the code at build time (tsup's `define`: the SDK's User-Agent, the
// mock's `/__mock/health` and `--version`), so a `dist/` built before `changeset version` would ship
// the old number. Refuses to pack such a build instead of publishing it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.cwd();
const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const found = new Set();
let files;
try {
  files = readdirSync(join(dir, 'dist')).filter((file) => /\.c?js$/.test(file));
} catch {
  files = [];
}
for (const file of files) {
  // The define's output: `VERSION = "0.1.0"` (SDK), `MOCK_VERSION = true ? "0.1.0" : "0.0.0-dev"` (mock).
  for (const match of readFileSync(join(dir, 'dist', file), 'utf8').matchAll(
    /VERSION = (?:true \? )?"([^"]*)"/g,
  ))
    found.add(match[1]);
}
const problem =
  found.size === 0
    ? 'dist/ holds no built version (not built?)'
    : [...found].some((built) => built !== version)
      ? `dist/ was built at ${[...found].join(', ')}, package.json says ${version}`
      : undefined;
if (problem) {
  console.error(
    `${name}: ${problem}. Run \`pnpm build\` before packing or publishing (\`pnpm release\` does).`,
  );
  process.exit(1);
}

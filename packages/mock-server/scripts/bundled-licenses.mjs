// Writes dist/THIRD-PARTY-LICENSES.md after tsup: the licence of every package whose code tsup built
// into dist/ (tsup.config.ts bundles @msw/data, and with it what it uses of its dependencies), as
// their licences ask of copies. The list is read from the built files themselves (esbuild heads each
// bundled module with a `// …/node_modules/<package>/…` comment), so it follows the bundle, and a
// bundled package without a licence file fails the build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../', import.meta.url));
const dist = join(packageDir, 'dist');

/** Each bundled package's folder, from esbuild's module comments: `// <path>/node_modules/<name>/<file>`. */
const folders = new Set();
for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
  for (const [, path] of readFileSync(join(dist, file), 'utf8').matchAll(/^\/\/ (\S*node_modules\/\S+)$/gm)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/@][^/]*)\//.exec(path);
    if (match?.[1]) folders.add(resolve(packageDir, match[1]));
  }
}

const sections = [...folders]
  .map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(folder).find((name) => /^licen[cs]e(\.md|\.txt)?$/i.test(name));
    if (!licenceFile) throw new Error(`${manifest.name} is bundled into dist/ but ships no licence file`);
    return {
      name: manifest.name,
      text: `## ${manifest.name} ${manifest.version} (${manifest.license})\n\n${readFileSync(join(folder, licenceFile), 'utf8').trim()}\n`,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

// tsup.config.ts bundles @msw/data: finding nothing means the comments above were not understood.
if (sections.length === 0) throw new Error('no bundled package found in dist/ (esbuild comments changed?)');
writeFileSync(
  join(dist, 'THIRD-PARTY-LICENSES.md'),
  `# Third-party licences\n\nCode of these packages is built into this folder's files:\n\n${sections.map((s) => s.text).join('\n')}`,
);
console.log(`dist/THIRD-PARTY-LICENSES.md: ${sections.map((s) => s.name).join(', ')}`);

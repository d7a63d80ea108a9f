// README "Supported runtimes" documents the matrix exactly as CI runs it: every version pinned in
// scripts/matrix/pins.json appears in that section.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import pins from '../../scripts/matrix/pins.json';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Supported runtimes'),
  readme.indexOf('\n## ', readme.indexOf('## Supported runtimes') + 1),
);

it('README "Supported runtimes" names every pinned version of the matrix', () => {
  expect(section.length).toBeGreaterThan(100);
  const pinned = [...Object.values(pins.runtimes), ...Object.values(pins.consumers).flat()]
    .filter((spec) => !spec.startsWith('esbuild@'))
    .map((spec) => spec.slice(spec.lastIndexOf('@') + 1));
  expect(pinned.filter((version) => !section.includes(version))).toEqual([]);
});

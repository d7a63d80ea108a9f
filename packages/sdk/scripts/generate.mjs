// Generates src/generated/schema.ts from the root openapi.yaml.
// `--check` regenerates in memory and fails when the committed file differs (drift check in CI).
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]) : fallback;
};
const specPath = arg('--spec', resolve(here, '../../../openapi.yaml'));
const outPath = arg('--out', resolve(here, '../src/generated/schema.ts'));

const HEADER = `/**
 * DO NOT EDIT. Generated from openapi.yaml by packages/sdk/scripts/generate.mjs (openapi-typescript).
 * Change openapi.yaml and run \`pnpm generate\`; CI fails when this file drifts from the spec.
 */

`;

// defaultNonNullable: false keeps properties that merely carry a `default` (e.g. `guests: default 1` in
// CreateReservationRequest) optional, as the spec says; otherwise request inputs would demand them.
const ast = await openapiTS(pathToFileURL(specPath), {
  alphabetize: false,
  exportType: false,
  defaultNonNullable: false,
});
const generated = HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  const committed = await readFile(outPath, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(
      'packages/sdk/src/generated/schema.ts is out of date with openapi.yaml (or was edited by hand).\nRun `pnpm generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('generated types are up to date with openapi.yaml');
} else {
  await writeFile(outPath, generated);
  console.log(`wrote ${outPath}`);
}

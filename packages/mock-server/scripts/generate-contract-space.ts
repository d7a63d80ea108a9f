// Writes src/generated/contract-space.ts from the root openapi.yaml (scripts/contract-space.ts says
// what it holds). `--check` regenerates in memory and fails when the committed file differs (the drift
// check of `pnpm check:generated`, as the SDK's generated types have).
import { readFile, writeFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { deriveContractSpace } from './contract-space';

const specUrl = new URL('../../../openapi.yaml', import.meta.url);
const outUrl = new URL('../src/generated/contract-space.ts', import.meta.url);

const space = deriveContractSpace(parse(await readFile(specUrl, 'utf8')));
const text = (value: string | null) => (value === null ? 'null' : `'${value}'`);
const operations = space.operations
  .map(
    (op) =>
      `  {\n    operationId: ${text(op.operationId)},\n    method: ${text(op.method)},\n    path: ${text(op.path)},\n    answers: [\n${op.answers
        .map((a) => `      { status: ${text(a.status)}, code: ${text(a.code)} },\n`)
        .join('')}    ],\n  },\n`,
  )
  .join('');
const generated = `/**
 * DO NOT EDIT. Generated from openapi.yaml by packages/mock-server/scripts/generate-contract-space.ts.
 * Change openapi.yaml and run \`pnpm generate\`; CI fails when this file drifts from the spec.
 */

/** Every operation under /api/v1 and the answers it documents (status and error code). */
export const CONTRACT_OPERATIONS = [
${operations}] as const;

/** The webhook events of openapi.yaml. */
export const CONTRACT_WEBHOOK_EVENTS = [${space.webhookEvents.map(text).join(', ')}] as const;
`;

if (process.argv.includes('--check')) {
  const committed = await readFile(outUrl, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(
      'packages/mock-server/src/generated/contract-space.ts is out of date with openapi.yaml (or was edited by hand).\nRun `pnpm generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('the coverage space is up to date with openapi.yaml');
} else {
  await writeFile(outUrl, generated);
  console.log(`wrote ${outUrl.pathname}`);
}

// Every schema of openapi.yaml (components.schemas) is a type the SDK exports under its own name, the
// `*Response` envelopes included. The names are read from openapi.yaml, so a schema added or renamed
// there fails this test until src/types.ts exports it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { virtualProgram } from './support/virtual-program';

const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, '__schema_exports__.ts');

/**
 * The SDK's name of a schema: its own, except for a name that would shadow a global the module uses
 * (scripts/generate.mjs, SHADOWED), which gets the suffix `Body` (`Error` → `ErrorBody`).
 */
const SHADOWED = new Set(['Error', 'Event', 'Request', 'Response', 'Headers', 'URL', 'Date', 'Record']);
const sdkName = (schema: string): string => (SHADOWED.has(schema) ? `${schema}Body` : schema);

const spec = parse(readFileSync(join(here, '../../../openapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, unknown> };
};
const schemaNames = Object.keys(spec.components.schemas);

/** The names among `names` that `import type { … } from '../src/index'` cannot import. */
function missingExports(names: readonly string[]): string[] {
  const source = names.map((name) => `import type { ${name} } from '../src/index';`).join('\n');
  const { program, sourceFile } = virtualProgram(file, source, { noUnusedLocals: false });
  const missing: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program, sourceFile)) {
    const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    const name = line === undefined ? undefined : names[line];
    missing.push(name ?? ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return missing;
}

describe('schema exports', () => {
  it('reads the schema names from openapi.yaml, *Response envelopes among them', () => {
    expect(schemaNames.length).toBeGreaterThan(30);
    expect(schemaNames.filter((name) => name.endsWith('Response')).length).toBeGreaterThan(5);
  });

  it('exports every schema of openapi.yaml by name', () => {
    // NoSuchSchema proves the check can fail: it must be the only name reported.
    expect(missingExports([...schemaNames.map(sdkName), 'NoSuchSchema'])).toEqual(['NoSuchSchema']);
  });
});

// `tsx scripts/matrix/msw-snippets.ts <2|3> <dir>`: writes the README blocks marked for that msw
// generation (`<!-- snippet: msw2 -->` / `msw3`, see test/docs/snippets.ts) into <dir> as
// readme-*.ts files, for run.mjs to type-check in the consumer project of that generation. Prints
// the names of the files, one a line.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractSnippets, generatedSource, readmeFiles } from '../../test/docs/snippets';

const [generation, dir] = process.argv.slice(2);
if ((generation !== '2' && generation !== '3') || !dir) {
  console.error('usage: tsx scripts/matrix/msw-snippets.ts <2|3> <dir>');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '../..');
mkdirSync(dir, { recursive: true });
for (const file of readmeFiles(root)) {
  for (const snippet of extractSnippets(readFileSync(join(root, file), 'utf8'), file)) {
    if (snippet.msw !== Number(generation)) continue;
    const name = `readme-${file.replaceAll('/', '__')}-L${snippet.line}.ts`;
    // The blocks import the packages by name only, so no relative import needs rewriting.
    writeFileSync(join(dir, name), generatedSource(snippet, '.'));
    console.log(name);
  }
}

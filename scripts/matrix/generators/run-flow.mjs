// `node run-flow.mjs <esbuild entry> <flow-x.ts> <mock base URL>`: bundles the flow with its
// generated client (the generators write extensionless imports, which Node does not resolve) and runs it.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [esbuildEntry, flow, baseUrl] = process.argv.slice(2);
const { build } = await import(pathToFileURL(esbuildEntry).href);
const outfile = flow.replace(/\.ts$/, '.bundle.mjs');
const bundle = await build({
  entryPoints: [flow],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  logLevel: 'error',
});
writeFileSync(outfile, bundle.outputFiles[0].text);
process.argv[2] = baseUrl;
await import(pathToFileURL(outfile).href);

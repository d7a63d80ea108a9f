#!/usr/bin/env node
// Builds the API reference, one static HTML page, from openapi.yaml with Redocly's build-docs (Redoc).
//
//   pnpm build:docs                                     # -> docs/api/index.html
//   pnpm build:docs --inlineBundle                      # other arguments go to `redocly build-docs`
//   node scripts/build-docs.mjs --out /tmp/api.html   # anywhere else (the docs test does this)
//
// Runs offline. The page is pre-rendered, so it reads without JavaScript; its interactive parts load
// Redoc from Redocly's CDN unless --inlineBundle embeds them (about 2.6 MB instead of 0.4 MB).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
let out = join(root, 'docs/api/index.html');
const passThrough = [];
for (let i = 2; i < process.argv.length; i += 1) {
  const arg = process.argv[i];
  if (arg === '--out') out = process.argv[++i] ?? out;
  else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
  else passThrough.push(arg);
}

out = resolve(out);
mkdirSync(dirname(out), { recursive: true });
const redocly = join(root, 'node_modules/.bin/redocly');
const result = spawnSync(
  redocly,
  ['build-docs', join(root, 'openapi.yaml'), '--output', out, ...passThrough],
  {
    cwd: root, // picks up redocly.yaml
    stdio: ['ignore', 'inherit', 'inherit'],
    // Redocly CLI otherwise sends usage telemetry and checks npm for updates whenever it is online;
    // building docs needs neither, and the result must not depend on the network.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);

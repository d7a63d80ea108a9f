#!/usr/bin/env node
// A committed shim, so that installing the workspace links the bin before dist/ is built. It runs
// the built CLI (dist/, which the published package ships); in a checkout where nothing ran
// `pnpm build`, it runs the bundle `pnpm install` and `pnpm start` build instead (.start/,
// scripts/start.mjs), so `npx reservation-mock …` works right after the README's first command.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/cli.js', import.meta.url);
const start = new URL('../.start/cli.js', import.meta.url);
// Neither there: import dist/ all the same, so the error names the file a build makes.
await import(existsSync(dist) || !existsSync(start) ? dist.href : start.href);

// The dashboard's static files (the package's `dashboard/` folder), served at GET /__mock/ and
// /__mock/dashboard/<file>. No build step: the files ship as they are.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  json: 'application/json',
};

/** The folder, from the source (src/transports/) or from the build (dist/). */
function dashboardFolder(): string | undefined {
  for (const relative of ['../dashboard/', '../../dashboard/']) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  return undefined;
}

export interface StaticFile {
  type: string;
  body: Buffer;
}

/** A file of the dashboard by name (`index.html`, `dashboard.js`…); undefined for anything else. */
export async function dashboardFile(name: string): Promise<StaticFile | undefined> {
  // Plain file names only: nothing outside the folder can be named.
  if (!/^[a-z0-9][a-z0-9.-]*\.[a-z]+$/.test(name)) return undefined;
  const folder = dashboardFolder();
  const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
  if (folder === undefined || type === undefined) return undefined;
  try {
    return { type, body: await readFile(`${folder}${name}`) };
  } catch {
    return undefined;
  }
}

// Loads the built package by name from a plain Node process, as a consumer would (no source
// condition, no bundler): `require()` and `import` of both entry points, each making a real call so
// that a broken CJS interop with openapi-fetch (a known trap of dual tsup builds) fails here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const consumer = mkdtempSync(join(tmpdir(), 'sdk-smoke-'));
mkdirSync(join(consumer, 'node_modules', '@reservation-api'), { recursive: true });
symlinkSync(root, join(consumer, 'node_modules', '@reservation-api', 'sdk'), 'dir');

// The same checks for both module systems; `sdk` and `webhooks` are the namespaces in scope there.
const exercise = `
  const client = sdk.createReservationClient({
    baseUrl: 'http://127.0.0.1:1', apiKey: 'rk_smoke', project: 'demo',
    fetch: async (request) => Response.json({ success: true, count: 1, tables: [{ id: 't1' }], url: request.url }),
  });
  const tables = await client.tables.list();
  if (tables[0].id !== 't1') throw new Error('tables.list returned ' + JSON.stringify(tables));
  if (typeof sdk.isReservationApiError !== 'function') throw new Error('isReservationApiError missing');
  const header = await webhooks.signWebhookPayload('{}', 'whsec_x');
  if (!(await webhooks.verifyWebhookSignature('{}', header, 'whsec_x'))) throw new Error('verify failed');
`;

const cases = {
  'require()': `(async () => {
    const sdk = require('@reservation-api/sdk');
    const webhooks = require('@reservation-api/sdk/webhooks');
    ${exercise}
  })().catch((e) => { console.error(e); process.exit(1); });`,
  import: `
    import * as sdk from '@reservation-api/sdk';
    import * as webhooks from '@reservation-api/sdk/webhooks';
    ${exercise}`,
};

try {
  for (const [name, code] of Object.entries(cases)) {
    const args = name === 'import' ? ['--input-type=module', '-e', code] : ['-e', code];
    execFileSync(process.execPath, args, { cwd: consumer, stdio: 'inherit' });
    console.log(`smoke: ${name} of @reservation-api/sdk and @reservation-api/sdk/webhooks works`);
  }
} finally {
  rmSync(consumer, { recursive: true, force: true });
}

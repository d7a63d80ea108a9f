// Loads the built package by name from a plain Node process, as a consumer would (no source
// condition, no bundler): `require()` and `import` of both entry points, each making a real call so
// that a broken CJS interop with openapi-fetch (a known trap of dual tsup builds) fails here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

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
  // Both builds in one process, as when an ESM app uses a CJS dependency that uses the SDK: errors
  // of one build must pass instanceof checks with the classes of the other, and the User-Agent must
  // carry the version that tsup's define put in.
  'import and require() together': `
    import { createRequire } from 'node:module';
    import * as esm from '@reservation-api/sdk';
    const cjs = createRequire(import.meta.url)('@reservation-api/sdk');
    if (cjs.NotFoundError === esm.NotFoundError) throw new Error('expected two copies of the classes');
    const client = cjs.createReservationClient({
      baseUrl: 'http://127.0.0.1:1', apiKey: 'rk_smoke', project: 'demo',
      fetch: async (request) => {
        if (request.headers.get('user-agent') !== 'reservation-api-sdk/${version}') {
          throw new Error('User-Agent was ' + request.headers.get('user-agent'));
        }
        return Response.json(
          { error: 'Not Found', message: 'Reservation not found', code: 'RESERVATION_NOT_FOUND' },
          { status: 404 },
        );
      },
    });
    const error = await client.reservations.get('res_x').catch((e) => e);
    if (!(error instanceof esm.NotFoundError) || !(error instanceof esm.ReservationApiError)) {
      throw new Error('a CJS NotFoundError is not instanceof the ESM classes: ' + error);
    }
    if (error instanceof esm.ConflictError) throw new Error('a NotFoundError matched ConflictError');`,
};

try {
  for (const [name, code] of Object.entries(cases)) {
    const args = name === 'require()' ? ['-e', code] : ['--input-type=module', '-e', code];
    execFileSync(process.execPath, args, { cwd: consumer, stdio: 'inherit' });
    console.log(`smoke: ${name} of @reservation-api/sdk and @reservation-api/sdk/webhooks works`);
  }
} finally {
  rmSync(consumer, { recursive: true, force: true });
}

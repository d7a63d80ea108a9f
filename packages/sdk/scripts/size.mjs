// Size budget of the built entries (min+gzip), run by `check:package` after `build`.
// The core client is measured beyond openapi-fetch (bundled alone as a baseline and subtracted), so
// the budget covers the code this package adds; the webhooks entry is measured whole.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;
// The core grew from 6 to 8.5 kB with the protections of the SECURITY.md "SDK" rows (issue 17:
// redirects refused, secrets masked in every part of an error, response shapes and paging progress
// checked) and with the call details of issue 21 (request ids on errors and logs, withResponse()
// through ApiPromise, client.use() middleware per attempt and onRetry): features, not bloat.
// /webhooks grew from 2 to 2.5 kB with the delivery id and the verifier's precise messages. The
// core grew to 8.8 kB (from 8.44) with what issue 29's edge cases showed misreported: a
// timeout after the answer keeps its status and request id (one in onRequest says nothing was sent),
// a middleware that reads a body is a HookError, an async onRetry runs beside the backoff (a rejection
// is a HookError, not a crash), 304 and 300 are no redirects, the key is masked at any length, and a
// write answered 2xx without its body says it was accepted: each one a test in test/ or test/contract.
// It grew to 9.04 kB with the next outside review's findings: fetch gets `redirect: 'manual'` in its
// init (a Request a middleware rebuilt followed redirects, the key with it), an attempt already over
// is never sent by a fetch that ignores its signal, the caller's abort ends an async onRetry that
// never settles, a custom fetch's bad Response is its own TypeError (not a network error or a
// middleware's), and the key is masked as a property name and in lower case. And to 9.28 kB with a
// second such review: "Could not reach" only when the connection failed to open (a request lost
// after it went out reads "No answer", a write may have been taken), a body that cannot be read
// after the headers keeps that status in the message, a DOMException cause is masked without
// crashing, another runtime's Headers (undici's, node-fetch's) are masked too, a locked body is a
// middleware's or fetch's bug, onRetry and the logs report the answer the call judged, eject()
// removes one copy as openapi-fetch does, and the key is masked percent-encoded. And to 9.33 kB
// with a docs review: `toArray()` without `max` (or with NaN) is a TypeError naming `max`, not a
// TypeError about destructuring or an empty array. And to 9.44 kB with a third hostile review:
// `client.raw`'s own headers win over the client's and are masked in its errors (they lost, and
// leaked), a body's code is taken only with its own status (a 500 saying DOUBLE_BOOKING was a
// ConflictError), and `reservations.cancel` checks its `{ message }` (a 200 `{ success: false }`
// resolved). And to 9.56 kB with two refusals before any request: a header fetch sets or
// refuses itself (`Expect`, `Transfer-Encoding`…: every call failed as "No answer", reads retried)
// and `client.raw`'s per-request `baseUrl` (the key would have gone to that origin); 9.59 kB with
// a paging error that says the list may have changed under the walk (one booking at `limit: 1`);
// 9.63 kB with a query value the query cannot carry (a Date, an array, null) refused before any
// request (openapi-fetch left it out: `list({ date: new Date() })` listed everything, unfiltered),
// and 9.64 kB with `toArray({ max: 2.5 })` refused (it collected 3); 9.70 kB with a fourth review's
// findings: a request id echoing the key is masked in the logs and onRetry too (it was only in
// errors), a 2xx write whose body is not JSON says first that the write may have been taken (it said
// only to check baseUrl, inviting a repeat), and a per-call `signal` that is no AbortSignal is a
// TypeError naming it.
// /webhooks grew to 2.6 kB with an outside review of the receiver's side: `maxAgeSeconds` and `now`
// are checked before the signature (a forged delivery hid a bad option), a refused timestamp names
// now and the difference (a frozen mock clock showed only "possible replay"), a signature header
// sent twice says so (it read "missing"), signWebhookPayload refuses a body that is not bytes
// (a parsed object signed an empty body), and a timestamp without its zone is refused (it was read
// in the receiver's local time). And to 2.64 kB with bytes of another realm taken by their tag, not
// `instanceof` (a Buffer in Jest's test environment was refused as "not bytes"), and the project in
// the deduplication key without a delivery id.
const budgets = { core: 9.75 * KB, webhooks: 2.64 * KB };

async function minGzip(stdin) {
  const result = await build({
    stdin: { contents: stdin, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

for (const entry of ['dist/index.js', 'dist/webhooks.js']) {
  if (!existsSync(resolve(root, entry))) {
    console.error(`size: ${entry} is missing; run \`pnpm --filter @reservation-api/sdk build\` first`);
    process.exit(1);
  }
}

const full = await minGzip(`export * from './dist/index.js';`);
const baseline = await minGzip(`export { default } from 'openapi-fetch';`);
const core = { min: full.min - baseline.min, gzip: full.gzip - baseline.gzip };
const webhooks = await minGzip(`export * from './dist/webhooks.js';`);

const rows = [
  ['index (with openapi-fetch)', full, undefined],
  ['openapi-fetch alone', baseline, undefined],
  ['core client (index - openapi-fetch)', core, budgets.core],
  ['webhooks', webhooks, budgets.webhooks],
];
const fmt = (n) => `${(n / KB).toFixed(2)} kB (${n} B)`;
let failed = false;
for (const [name, size, budget] of rows) {
  const over = budget !== undefined && size.gzip > budget;
  failed ||= over;
  const limit = budget === undefined ? '' : ` / budget ${fmt(budget)} ${over ? 'OVER BUDGET' : 'ok'}`;
  console.log(
    `${name.padEnd(38)} min ${fmt(size.min).padStart(18)}  min+gzip ${fmt(size.gzip).padStart(18)}${limit}`,
  );
}
if (failed) {
  console.error('size: an entry exceeds its min+gzip budget');
  process.exit(1);
}

// `pnpm test:matrix`: the packed packages as users get them, on every runtime the READMEs claim, and
// the release that would ship them. Needs `pnpm build` first (`pnpm test` runs both in order).
//
// 1. Packs both packages (`pnpm pack`) and checks what the tarballs hold.
// 2. Installs them with npm into fresh projects outside the repository:
//      node20-msw2  Node 20 + msw 2 + Vitest 4 (+ @types/node): the suite, consumers, runtimes, types
//      node22-msw3  Node 22 + msw 3 + Vitest 5 (npm itself run by Node 22)
//      node20-msw2-lowest  Node 20 + msw 2.10.0, the lowest of the peer range (only the mock suite;
//                   installed only when its check is wanted: `--only "msw 2.10.0"`)
//      no-msw       the two tarballs only: the CLI and ./node without the optional msw
//      generated-clients  no tarball: @hey-api/openapi-ts and orval (npm run by Node 22, as they need
//                   Node 22.18+) with zod and TypeScript, and openapi.yaml (generators/ holds their configs)
// 3. Runs: the mock suite (fixtures/mock-suite.test.ts) per msw generation and on the lowest msw 2; the
//    mock README's supertest helper, unhandledExceptLocal (fixtures/supertest-recipe-msw2.test.ts and
//    fixtures/supertest-recipe-msw3.test.ts) under msw 2 and msw 3; the README blocks marked
//    for msw 2 / msw 3 (test/docs/snippets.ts) type-checked under that msw; the SDK against the
//    standalone mock in Node 20, 22, 24, 26, Bun, Deno and workerd (Miniflare); the MSW handlers in Bun
//    and Deno; a CommonJS program; tsc under node16 (CommonJS), node10, nodenext and bundler; clients
//    generated from openapi.yaml (hey-api and orval, each plain and with zod) type-checked with
//    --strict and run through a short flow against the standalone mock.
// 4. Release: `changeset version` in a copy of the repository (0.1.0 with changelogs) and
//    `pnpm publish --dry-run -r` there.
//
// Runtimes come pinned from the npm registry into .matrix-cache/ (install.mjs). Every check prints
// one line; the summary goes to test-output/matrix.json for .ci/run's closing line. Exit code 1 if
// any check failed. `--keep` keeps the temporary projects (removed otherwise, also after a failure);
// `--only <word>` (repeatable) runs the checks whose name contains one of the words (packing and
// installing still happen, but for the generated-clients project).
import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startHostileServer } from './fixtures/hostile-server.mjs';
import { BIN, CONSUMER_DEPS, GENERATOR_DEPS, installRuntimes } from './install.mjs';

const root = resolve(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'fixtures');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const only = args.flatMap((arg, i) => (arg === '--only' && args[i + 1] ? [args[i + 1]] : []));
const PACKAGES = { sdk: 'packages/sdk', mock: 'packages/mock-server' };
/** The @types/node of the Node 20 project: the version the repository itself builds with. */
const TYPES_NODE = '@types/node@20.19.43';

const started = Date.now();
const results = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function record(name, ok, ms, detail = '') {
  results.push({ name, ok, ms });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds(ms)})`);
  if (!ok && detail) console.log(`     ${detail.trim().replaceAll('\n', '\n     ')}`);
}

/** Runs a command to its end (never rejects): { code, stdout, stderr, ms }. */
function sh(command, commandArgs, { cwd = root, env = {}, timeoutMs = 120_000 } = {}) {
  const t0 = Date.now();
  return new Promise((done) => {
    execFile(
      command,
      commandArgs,
      { cwd, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const killed = error?.killed ? `\n(killed after ${seconds(timeoutMs)})` : '';
        done({ code, stdout, stderr: stderr + killed, ms: Date.now() - t0 });
      },
    );
  });
}

const wanted = (name) => only.length === 0 || only.some((word) => name.includes(word));

/** A command whose success is its exit code; its output is shown when it fails. */
async function check(name, command, commandArgs, options) {
  if (!wanted(name)) return;
  const r = await sh(command, commandArgs, options);
  record(name, r.code === 0, r.ms, `${r.stdout}\n${r.stderr}`);
}

/** A fixture that prints "ok - x" / "not ok - x" lines (runtime-checks.mjs): one result per line. */
async function tapCheck(group, command, commandArgs, options) {
  if (!wanted(group)) return;
  const r = await sh(command, commandArgs, options);
  const lines = [...r.stdout.matchAll(/^(ok|not ok) - (.+)\n((?: {2}.*\n?)*)/gm)];
  for (const [, status, name, detail] of lines) record(`${group} › ${name}`, status === 'ok', r.ms, detail);
  if (lines.length === 0 || (r.code !== 0 && lines.every(([, status]) => status === 'ok'))) {
    record(
      `${group} › exits cleanly with its results`,
      false,
      r.ms,
      `exit ${r.code}\n${r.stdout}\n${r.stderr}`,
    );
  }
}

/** Runs `tasks` (functions returning promises) with at most `limit` at once: the machine has 2 cores. */
async function pool(limit, tasks) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

// ---------------------------------------------------------------------------------------------
// 1. Tarballs

for (const dir of Object.values(PACKAGES)) {
  if (!existsSync(join(root, dir, 'dist'))) {
    console.error(`${dir}/dist is missing: run \`pnpm build\` first (\`pnpm test\` does).`);
    process.exit(1);
  }
}

const work = mkdtempSync(join(tmpdir(), 'reservation-api-matrix-'));
const tarballs = join(work, 'tarballs');
console.log(`matrix: working in ${work}`);

const [installed] = await Promise.all([
  installRuntimes(),
  ...Object.values(PACKAGES).map((dir) =>
    sh('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(root, dir) }).then((r) => {
      if (r.code !== 0) throw new Error(`pnpm pack in ${dir} failed:\n${r.stdout}\n${r.stderr}`);
    }),
  ),
]);
console.log(
  `matrix: runtimes ${installed.length ? `installed: ${installed.join(', ')}` : 'cached'} (${seconds(Date.now() - started)})`,
);

const version = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).version;
const tgz = {
  sdk: join(tarballs, `reservation-api-sdk-${version(PACKAGES.sdk)}.tgz`),
  mock: join(tarballs, `reservation-api-mock-server-${version(PACKAGES.mock)}.tgz`),
};

/** A tarball's files (path → bytes) and package.json. */
async function tarball(file) {
  const list = await sh('tar', ['-tzvf', file]);
  const manifest = await sh('tar', ['-xzOf', file, 'package/package.json']);
  // `tar -tv` lines: mode, owner, size, date, time, path.
  const sizes = new Map(
    list.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/\s+/))
      .map(([, , size, , , ...path]) => [path.join(' '), Number(size)]),
  );
  return { files: new Set(sizes.keys()), sizes, manifest: JSON.parse(manifest.stdout) };
}

const packed = { sdk: await tarball(tgz.sdk), mock: await tarball(tgz.mock) };
const license = readFileSync(join(root, 'LICENSE'), 'utf8');

function contentCheck(name, test) {
  if (!wanted(name)) return;
  const problems = test();
  record(name, problems.length === 0, 0, problems.join('\n'));
}

for (const [key, { files, manifest }] of Object.entries(packed)) {
  contentCheck(`tarball ${manifest.name} › ships the MIT LICENSE, README and dist`, () => {
    const problems = ['package/LICENSE', 'package/README.md', 'package/package.json']
      .filter((file) => !files.has(file))
      .map((file) => `missing ${file}`);
    if (![...files].some((file) => file.startsWith('package/dist/'))) problems.push('no dist/');
    return problems;
  });
  contentCheck(`tarball ${manifest.name} › names repository, homepage and bugs`, () => {
    const problems = [];
    if (manifest.repository?.directory !== PACKAGES[key])
      problems.push(`repository.directory: ${manifest.repository?.directory}`);
    if (!manifest.repository?.url?.includes('github.com/reservation-api/tooling'))
      problems.push('repository.url');
    if (!manifest.homepage?.startsWith('https://')) problems.push(`homepage: ${manifest.homepage}`);
    if (!manifest.bugs?.url?.startsWith('https://')) problems.push(`bugs: ${JSON.stringify(manifest.bugs)}`);
    return problems;
  });
  contentCheck(`tarball ${manifest.name} › holds no test files`, () =>
    [...files].filter((file) => /\.test(-d)?\.ts$/.test(file)),
  );
  // A file of a megabyte is a bundle (or its source map) that every install would carry.
  contentCheck(`tarball ${manifest.name} › holds no file of 1 MB or more`, () =>
    [...packed[key].sizes]
      .filter(([, size]) => size >= 1_000_000)
      .map(([file, size]) => `${file}: ${size} B`),
  );
}
for (const key of Object.keys(packed)) {
  const name = `tarball ${packed[key].manifest.name} › LICENSE is the repository's`;
  if (!wanted(name)) continue;
  const r = await sh('tar', ['-xzOf', tgz[key], 'package/LICENSE']);
  record(name, r.stdout === license, 0, r.stdout ? 'LICENSE differs from the root LICENSE' : r.stderr);
}
{
  const name =
    "tarball @reservation-api/sdk › ships the repository's openapi.yaml, exported as ./openapi.yaml";
  if (wanted(name)) {
    const r = await sh('tar', ['-xzOf', tgz.sdk, 'package/openapi.yaml']);
    const problems = [];
    if (r.stdout !== readFileSync(join(root, 'openapi.yaml'), 'utf8'))
      problems.push(
        r.stdout ? 'openapi.yaml differs from the root openapi.yaml' : `no openapi.yaml: ${r.stderr}`,
      );
    const target = packed.sdk.manifest.exports?.['./openapi.yaml'];
    if (target !== './openapi.yaml') problems.push(`exports["./openapi.yaml"]: ${target}`);
    record(name, problems.length === 0, 0, problems.join('\n'));
  }
}
contentCheck('tarball @reservation-api/mock-server › ships seed.example.json', () =>
  packed.mock.files.has('package/seed.example.json') ? [] : ['missing package/seed.example.json'],
);
{
  const name = "tarball @reservation-api/mock-server › ships openapi.yaml, the repository's";
  if (wanted(name)) {
    const r = await sh('tar', ['-xzOf', tgz.mock, 'package/openapi.yaml']);
    const same = r.stdout === readFileSync(join(root, 'openapi.yaml'), 'utf8');
    record(
      name,
      same && packed.mock.manifest.exports?.['./openapi.yaml'] === './openapi.yaml',
      0,
      same ? 'no ./openapi.yaml export' : r.stderr || 'openapi.yaml differs from the root one',
    );
  }
}
contentCheck('tarball @reservation-api/mock-server › depends on the SDK with a caret range', () => {
  const range = packed.mock.manifest.dependencies?.['@reservation-api/sdk'];
  return range === `^${version(PACKAGES.sdk)}` ? [] : [`@reservation-api/sdk: ${range}`];
});
contentCheck('tarball @reservation-api/mock-server › msw 2 and 3 as an optional peer', () => {
  const { peerDependencies: peers, peerDependenciesMeta: meta } = packed.mock.manifest;
  const problems = [];
  if (peers?.msw !== '^2.10.0 || ^3.0.0') problems.push(`peerDependencies.msw: ${peers?.msw}`);
  if (meta?.msw?.optional !== true) problems.push('peerDependenciesMeta.msw.optional is not true');
  return problems;
});

// ---------------------------------------------------------------------------------------------
// 2. Consumer projects, installed with npm as a user would; --strict-peer-deps makes a peer range
// that leaves out the installed msw an error (ERESOLVE) instead of a warning.

const npmCli = join((await sh('npm', ['root', '-g'])).stdout.trim(), 'npm/bin/npm-cli.js');

async function project(name, node, deps) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' })}\n`);
  cpSync(fixtures, dir, { recursive: true });
  const r = await sh(
    node,
    [
      npmCli,
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--strict-peer-deps',
      tgz.sdk,
      tgz.mock,
      ...deps,
    ],
    { cwd: dir, timeoutMs: 300_000 },
  );
  record(`npm install (${name}) › ${deps.join(' ') || 'no other packages'}`, r.code === 0, r.ms, r.stderr);
  return r.code === 0 ? dir : undefined;
}

/**
 * The generated-clients project: the generators' configs and flows (generators/), openapi.yaml, and
 * the generators installed by Node 22's npm (under Node 20, npm quietly picks an older hey-api).
 */
async function generatorsProject() {
  const label = 'generated clients';
  // Installed only when some of its checks run (`--only generated`, `--only 'generated clients › orval'`).
  if (only.length > 0 && !only.some((word) => label.includes(word) || word.startsWith(label)))
    return undefined;
  const dir = join(work, 'generated-clients');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'generated-clients', private: true, type: 'module' })}\n`,
  );
  cpSync(join(import.meta.dirname, 'generators'), dir, { recursive: true });
  cpSync(join(root, 'openapi.yaml'), join(dir, 'openapi.yaml'));
  const r = await sh(
    BIN.node22,
    [npmCli, 'install', '--no-audit', '--no-fund', '--prefer-offline', ...GENERATOR_DEPS],
    { cwd: dir, timeoutMs: 300_000 },
  );
  record(`npm install (generated-clients) › ${GENERATOR_DEPS.join(' ')}`, r.code === 0, r.ms, r.stderr);
  return r.code === 0 ? dir : undefined;
}

const LOWEST_MSW2_SUITE = 'Node 20 + msw 2.10.0 (lowest of the peer range) + Vitest 4';
const [msw2, msw3, noMsw, msw2Lowest, generated] = await Promise.all([
  project('node20-msw2', BIN.node20, [...CONSUMER_DEPS.msw2, TYPES_NODE]),
  project('node22-msw3', BIN.node22, CONSUMER_DEPS.msw3),
  project('no-msw', BIN.node20, []),
  wanted(LOWEST_MSW2_SUITE)
    ? project('node20-msw2-lowest', BIN.node20, CONSUMER_DEPS['msw2-lowest'])
    : undefined,
  generatorsProject(),
]);

// ---------------------------------------------------------------------------------------------
// 3. The standalone mock from the packed CLI, in the project without msw: the runtimes call it.

/** Starts `reservation-mock --port 0` (its bin, by PATH's node 20) and resolves its base URL. */
function startCli(dir) {
  return new Promise((done) => {
    const child = spawn(join(dir, 'node_modules/.bin/reservation-mock'), ['--port', '0'], {
      cwd: dir,
      env: { ...process.env, PATH: `${dirname(BIN.node20)}:${process.env.PATH}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => done({ child, output: `${output}\n(no URL after 15 s)` }), 15_000);
    const read = (chunk) => {
      output += chunk;
      const url = output.match(/http:\/\/127\.0\.0\.1:\d+/)?.[0];
      if (url) {
        clearTimeout(timer);
        done({ child, url, output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ child, output: `${output}\n(exited with ${code})` });
    });
  });
}

let cli;
if (noMsw) {
  const t0 = Date.now();
  cli = await startCli(noMsw);
  let ok = false;
  let detail = cli.output;
  if (cli.url) {
    const response = await fetch(`${cli.url}/api/v1/demo-bistro/info`, {
      headers: { 'X-API-Key': 'rk_demo_full' },
    });
    ok = response.status === 200;
    detail = `GET /info answered ${response.status}`;
  }
  const label = 'no-msw › reservation-mock starts without msw and answers';
  // Recorded even when not wanted: without it, the runtime checks below cannot run.
  if (wanted(label) || !ok) record(label, ok, Date.now() - t0, detail);
  await check(
    'no-msw › the ./node entry loads without msw and serves',
    BIN.node20,
    [
      '--input-type=module',
      '-e',
      `import { startMockServer } from '@reservation-api/mock-server/node';
       const server = await startMockServer({ port: 0 });
       const response = await fetch(server.url + '/api/v1/demo-bistro/info', { headers: { 'X-API-Key': 'rk_demo_full' } });
       await server.close();
       if (response.status !== 200) throw new Error('GET /info answered ' + response.status);`,
    ],
    { cwd: noMsw },
  );
}

// ---------------------------------------------------------------------------------------------
// 4. The checks, two at a time.

const tsc = join(root, 'node_modules/typescript/bin/tsc');
const TS_BASE = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: 'es2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: ['node'],
};

/** tsc --noEmit in `dir` with these options on these files: { code, output, ms }. */
async function typecheck(dir, name, compilerOptions, files) {
  const config = join(dir, `tsconfig.${name}.json`);
  writeFileSync(
    config,
    JSON.stringify({ compilerOptions: { ...TS_BASE, ...compilerOptions }, files }, null, 2),
  );
  const r = await sh(process.execPath, [tsc, '-p', config], { cwd: dir });
  return { code: r.code, output: r.stdout + r.stderr, ms: r.ms };
}

async function tsCheck(dir, name, compilerOptions, files) {
  const label = `tsc --noEmit › ${name}`;
  if (!wanted(label)) return;
  const r = await typecheck(dir, name.replaceAll(/\W+/g, '-'), compilerOptions, files);
  record(label, r.code === 0, r.ms, r.output);
}

/**
 * A vitest suite in `dir` under `node` (the fixture files whose name contains `file`); one result per
 * test from Vitest's JSON report.
 */
async function vitestSuite(group, dir, node, file = 'mock-suite') {
  if (!wanted(group)) return;
  const report = join(dir, `vitest-report-${file}.json`);
  const r = await sh(
    node,
    [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', file, '--reporter=json', `--outputFile=${report}`],
    {
      cwd: dir,
    },
  );
  const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  const tests = json?.testResults.flatMap((file) => file.assertionResults) ?? [];
  for (const test of tests) {
    record(
      `${group} › ${test.title}`,
      test.status === 'passed',
      test.duration ?? 0,
      test.failureMessages.join('\n'),
    );
  }
  if (tests.length === 0 || (r.code !== 0 && tests.every((test) => test.status === 'passed'))) {
    record(`${group} › runs`, false, r.ms, `exit ${r.code}\n${r.stdout}\n${r.stderr}`);
  }
}

const denoRun = (permissions, file) => [BIN.deno, ['run', '--no-lock', ...permissions, file]];
const tasks = [];
let hostile;

if (msw2) {
  const [deno, denoArgs] = denoRun(['--allow-read', '--allow-net=127.0.0.1'], 'runtime-cli.mjs');
  const [denoMsw, denoMswArgs] = denoRun(['--allow-read', '--allow-env'], 'msw-handlers.mjs');
  const opts = { cwd: msw2 };
  tasks.push(
    () => vitestSuite('Node 20 + msw 2 + Vitest 4', msw2, BIN.node20),
    () =>
      vitestSuite(
        'supertest helper of the mock README (unhandledExceptLocal), msw 2 (onUnhandledRequest)',
        msw2,
        BIN.node20,
        'supertest-recipe-msw2',
      ),
    () => tapCheck('MSW handlers in Bun (msw 2)', BIN.bun, ['msw-handlers.mjs'], opts),
    () => tapCheck('MSW handlers in Deno (msw 2)', denoMsw, denoMswArgs, opts),
    // One program checks the packages' own .d.ts too (skipLibCheck off, as in a strict app: that
    // costs ~15 s of checking msw's and Node's types as well); the others only resolve and use them.
    () =>
      tsCheck(
        msw2,
        'module node16: the SDK from CommonJS (.cts), both packages from ESM (.mts), with their .d.ts',
        { module: 'node16', moduleResolution: 'node16', skipLibCheck: false },
        ['types/sdk.cts', 'types/esm.mts'],
      ),
    () =>
      tsCheck(
        msw2,
        'module nodenext: both packages from ESM (.mts), the ESM-only mock from CommonJS (.cts)',
        { module: 'nodenext', moduleResolution: 'nodenext' },
        ['types/esm.mts', 'types/mock-from-cjs.cts'],
      ),
    // A Node-only app: no DOM library, only Node's types (the SDK's .d.ts named `HeadersInit`, which
    // only the DOM library declares).
    () =>
      tsCheck(
        msw2,
        'module nodenext without the DOM library: the SDK and /webhooks, with their .d.ts',
        { module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2022'], skipLibCheck: false },
        ['types/sdk.cts'],
      ),
    () =>
      tsCheck(
        msw2,
        'moduleResolution node10: the SDK and /webhooks',
        { module: 'commonjs', moduleResolution: 'node10' },
        ['types/sdk.cts'],
      ),
    () =>
      tsCheck(
        msw2,
        'moduleResolution bundler: every entry with msw 2',
        { module: 'esnext', moduleResolution: 'bundler' },
        ['types/esm.mts', 'types/browser.ts'],
      ),
    async () => {
      const label = 'tsc --noEmit › module node16, CommonJS: the ESM-only mock is TS1479 (documented limit)';
      if (!wanted(label)) return;
      const r = await typecheck(msw2, 'node16-mock', { module: 'node16', moduleResolution: 'node16' }, [
        'types/mock-from-cjs.cts',
      ]);
      const errors = r.output.match(/error TS\d+/g) ?? [];
      record(
        label,
        errors.length > 0 && errors.every((e) => e === 'error TS1479'),
        r.ms,
        r.output || 'compiled without TS1479',
      );
    },
  );
  tasks.push(() =>
    check(
      'npm consumer › @reservation-api/sdk/openapi.yaml resolves by require and import',
      BIN.node20,
      [
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module';
         import { readFileSync } from 'node:fs';
         import { fileURLToPath } from 'node:url';
         const required = createRequire(import.meta.url).resolve('@reservation-api/sdk/openapi.yaml');
         const imported = fileURLToPath(import.meta.resolve('@reservation-api/sdk/openapi.yaml'));
         if (required !== imported) throw new Error(required + ' != ' + imported);
         if (!readFileSync(required, 'utf8').startsWith('openapi: 3.1')) throw new Error('not the OpenAPI document');`,
      ],
      { cwd: msw2 },
    ),
  );
  if (cli?.url) {
    // The redirect and redaction checks' misbehaving server (runtime-checks.mjs).
    hostile = await startHostileServer();
    for (const [label, node] of [
      ['Node 20', BIN.node20],
      ['Node 22', BIN.node22],
      ['Node 24', BIN.node24],
      ['Node 26', BIN.node26],
    ]) {
      tasks.push(
        () => tapCheck(`SDK in ${label}`, node, ['runtime-cli.mjs', cli.url, hostile.url], opts),
        () => check(`CommonJS in ${label} › require() of the SDK and the mock`, node, ['consumer.cjs'], opts),
      );
    }
    tasks.push(
      () => tapCheck('SDK in Bun', BIN.bun, ['runtime-cli.mjs', cli.url, hostile.url], opts),
      () => tapCheck('SDK in Deno', deno, [...denoArgs, cli.url, hostile.url], opts),
      () =>
        tapCheck(
          'SDK in workerd (Miniflare)',
          BIN.node24,
          ['workerd.mjs', BIN.miniflare, BIN.esbuild, cli.url, hostile.url],
          opts,
        ),
    );
  }
}
if (msw3) {
  tasks.push(
    () => vitestSuite('Node 22 + msw 3 + Vitest 5', msw3, BIN.node22),
    () =>
      vitestSuite(
        'supertest helper of the mock README (unhandledExceptLocal), msw 3 (onUnhandledFrame)',
        msw3,
        BIN.node22,
        'supertest-recipe-msw3',
      ),
  );
}
if (msw2Lowest) {
  // The peer range starts at msw 2.10.0: the handlers must work there, not only on the newest 2.x.
  tasks.push(() => vitestSuite(LOWEST_MSW2_SUITE, msw2Lowest, BIN.node20));
}

/**
 * The README blocks marked for one msw generation (`<!-- snippet: msw3 -->`: `onUnhandledFrame`;
 * `msw2`: `onUnhandledRequest`), type-checked in the project that has that msw and the tarballs.
 */
async function mswSnippets(generation, dir, compilerOptions) {
  const label = `tsc --noEmit › README blocks marked for msw ${generation}, under msw ${generation}`;
  if (!wanted(label)) return;
  const out = join(dir, `readme-msw${generation}`);
  const written = await sh(join(root, 'node_modules/.bin/tsx'), [
    join(import.meta.dirname, 'msw-snippets.ts'),
    String(generation),
    out,
  ]);
  const files = written.stdout.split('\n').filter(Boolean);
  if (written.code !== 0 || files.length === 0) {
    record(
      label,
      false,
      written.ms,
      `no block marked msw${generation}\n${written.stdout}\n${written.stderr}`,
    );
    return;
  }
  const r = await typecheck(
    dir,
    `readme-msw${generation}`,
    { module: 'esnext', moduleResolution: 'bundler', ...compilerOptions },
    files.map((file) => `readme-msw${generation}/${file}`),
  );
  record(`${label} (${files.length} blocks)`, r.code === 0, r.ms, r.output);
}
if (msw2) tasks.push(() => mswSnippets(2, msw2, {}));
if (msw3) tasks.push(() => mswSnippets(3, msw3, { types: [] }));

// Clients that other teams generate from openapi.yaml: generated, type-checked with --strict, and
// run (each flow bundled by esbuild, as the generators write extensionless imports) in Node 22.
if (generated) {
  tasks.push(async () => {
    const group = 'generated clients';
    const bin = (name) => join(generated, 'node_modules/.bin', name);
    const [hey, orval] = await Promise.all([
      sh(BIN.node22, [bin('openapi-ts'), '-f', 'openapi-ts.config.mjs', '--silent'], { cwd: generated }),
      sh(BIN.node22, [bin('orval'), '-c', 'orval.config.mjs', '--quiet'], { cwd: generated }),
    ]);
    record(
      `${group} › @hey-api/openapi-ts generates (plain, zod)`,
      hey.code === 0,
      hey.ms,
      hey.stdout + hey.stderr,
    );
    record(
      `${group} › orval generates (plain, zod)`,
      orval.code === 0,
      orval.ms,
      orval.stdout + orval.stderr,
    );
    if (hey.code !== 0 || orval.code !== 0) return;
    const tsc = await sh(BIN.node22, [bin('tsc'), '-p', 'tsconfig.json'], { cwd: generated });
    record(
      `${group} › tsc --strict on the four clients and their flows`,
      tsc.code === 0,
      tsc.ms,
      tsc.stdout + tsc.stderr,
    );
    if (!cli?.url) return;
    for (const variant of ['hey-api', 'hey-api-zod', 'orval', 'orval-zod']) {
      await tapCheck(
        `${group} › ${variant} in Node 22`,
        BIN.node22,
        ['run-flow.mjs', BIN.esbuild, `flow-${variant}.ts`, cli.url],
        { cwd: generated },
      );
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 5. The release, in a copy of the repository (tracked and new files, plus the built dist/), so
// that the checkout is never modified.

tasks.push(async () => {
  const label = 'release › changeset version gives 0.1.0 with changelogs';
  const publishLabel =
    'release › a dist/ built before is refused; built, pnpm publish --dry-run -r publishes both at 0.1.0 (the mock on SDK ^0.1.0) reporting 0.1.0';
  if (!wanted(label) && !wanted(publishLabel)) return;
  const copy = join(work, 'release');
  const listed = await sh('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (existsSync(join(root, file)))
      cpSync(join(root, file), join(copy, file), { recursive: true, verbatimSymlinks: true });
  }
  for (const dir of Object.values(PACKAGES))
    cpSync(join(root, dir, 'dist'), join(copy, dir, 'dist'), { recursive: true });

  const changeset = await sh(join(root, 'node_modules/.bin/changeset'), ['version'], { cwd: copy });
  const problems =
    changeset.code === 0
      ? []
      : [`changeset version exited ${changeset.code}\n${changeset.stdout}\n${changeset.stderr}`];
  for (const dir of Object.values(PACKAGES)) {
    const { name, version: next } = JSON.parse(readFileSync(join(copy, dir, 'package.json'), 'utf8'));
    if (next !== '0.1.0') problems.push(`${name} is ${next}, not 0.1.0`);
    const changelog = join(copy, dir, 'CHANGELOG.md');
    const text = existsSync(changelog) ? readFileSync(changelog, 'utf8') : '';
    if (!text.startsWith(`# ${name}\n\n## 0.1.0\n`))
      problems.push(`${dir}/CHANGELOG.md has no 0.1.0 section:\n${text.slice(0, 300)}`);
  }
  const left = readdirSync(join(copy, '.changeset')).filter(
    (file) => file.endsWith('.md') && file !== 'README.md',
  );
  if (left.length) problems.push(`changesets left behind (unparsable?): ${left.join(', ')}`);
  record(label, problems.length === 0, changeset.ms, problems.join('\n'));

  // pnpm reads the version that `workspace:^` becomes from the installed workspace packages.
  const install = await sh(
    'pnpm',
    ['install', '--offline', '--frozen-lockfile', '--ignore-scripts', '--filter', './packages/*'],
    {
      cwd: copy,
    },
  );
  // The dist/ copied in was built at the version before: packing it is refused (prepack,
  // scripts/built-version.mjs), since the version is written into the code at build time.
  const stale = await sh('pnpm', ['pack', '--pack-destination', join(work, 'release-stale')], {
    cwd: join(copy, PACKAGES.sdk),
  });
  const staleRefused =
    stale.code !== 0 && `${stale.stdout}${stale.stderr}`.includes('package.json says 0.1.0');
  // What `pnpm release` does first.
  const build = await sh('pnpm', ['-r', '--filter', './packages/*', 'build'], {
    cwd: copy,
    timeoutMs: 180_000,
  });
  const publish = await sh('pnpm', ['publish', '--dry-run', '-r', '--no-git-checks'], {
    cwd: copy,
    timeoutMs: 180_000,
  });
  const output = `${install.stdout}${install.stderr}\n${stale.stdout}${stale.stderr}\n${build.stdout}${build.stderr}\n${publish.stdout}${publish.stderr}`;
  const both = ['@reservation-api/sdk@0.1.0', '@reservation-api/mock-server@0.1.0'].every((id) =>
    output.includes(`+ ${id}`),
  );
  const pack = await sh('pnpm', ['pack', '--pack-destination', join(work, 'release-tarballs')], {
    cwd: join(copy, PACKAGES.mock),
  });
  const mockManifest =
    pack.code === 0
      ? (await tarball(join(work, 'release-tarballs/reservation-api-mock-server-0.1.0.tgz'))).manifest
      : {};
  const range = mockManifest.dependencies?.['@reservation-api/sdk'];
  // The built code reports the new version (the mock's `GET /__mock/health`).
  const health = `const { startMockServer } = await import(${JSON.stringify(pathToFileURL(join(copy, PACKAGES.mock, 'dist/node.js')).href)});
const server = await startMockServer({ port: 0 });
console.log((await (await fetch(new URL('/__mock/health', server.url))).json()).version);
await server.close();`;
  const builtAt =
    build.code === 0 ? await sh(process.execPath, ['--input-type=module', '-e', health]) : undefined;
  const reports = builtAt?.stdout.trim();
  record(
    publishLabel,
    install.code === 0 &&
      staleRefused &&
      build.code === 0 &&
      publish.code === 0 &&
      both &&
      range === '^0.1.0' &&
      reports === '0.1.0',
    install.ms + stale.ms + build.ms + publish.ms + pack.ms,
    `${output}\nthe mock's packed dependency on the SDK: ${range}\nthe stale dist/ refused: ${staleRefused}\nthe built mock reports: ${reports}\n${pack.stderr}`,
  );
});

await pool(2, tasks);

// ---------------------------------------------------------------------------------------------
// Summary

cli?.child.kill();
await hostile?.close();
if (keep) console.log(`matrix: projects kept in ${work}`);
else rmSync(work, { recursive: true, force: true });

const failed = results.filter((result) => !result.ok);
const total = Date.now() - started;
mkdirSync(join(root, 'test-output'), { recursive: true });
writeFileSync(
  join(root, 'test-output/matrix.json'),
  `${JSON.stringify({ numPassedTests: results.length - failed.length, numFailedTests: failed.length, durationMs: total, results }, null, 2)}\n`,
);
console.log(
  `matrix: ${results.length - failed.length} of ${results.length} checks passed in ${seconds(total)}`,
);
for (const result of failed) console.log(`  failed: ${result.name}`);
process.exitCode = failed.length ? 1 : 0;

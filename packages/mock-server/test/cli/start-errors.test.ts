// `reservation-mock` refusing to start says which flag, and what to do, in one line (an outside
// review found Node's own `listen EADDRINUSE…` and `ENOENT…` texts, and `webhookUrl names unknown
// project`, the option of the code rather than the flag).
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listenUntilTestFinished } from '../../../../test/support/listen';
import { runCli, startCli } from './support';

describe('reservation-mock refusing to start', () => {
  it('names --seed with a file it cannot read, or one whose content is refused', async () => {
    const missing = join(tmpdir(), `no-such-seed-${process.pid}.json`);
    const unread = await runCli(['--port', '0', '--seed', missing]);
    expect(unread.code).toBe(1);
    expect(unread.stderr.trim()).toBe(`--seed ${missing}: cannot read the file (ENOENT)`);

    const broken = join(tmpdir(), `broken-seed-${process.pid}.json`);
    await writeFile(broken, '{"projects": 5}');
    const refused = await runCli(['--port', '0', '--seed', broken]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^--seed ${broken}: Invalid seed data`));
  }, 30_000);

  it('names --webhook-url with a project the data does not have', async () => {
    const run = await runCli(['--port', '0', '--webhook-url', 'nope=http://127.0.0.1:9/hooks']);
    // Bad usage, as an unknown flag.
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      '--webhook-url nope=…: no such project (projects: demo-bistro, demo-salon)',
    );
  }, 30_000);

  it('says a port in use is taken (another mock?) and how to pick another', async () => {
    const origin = await listenUntilTestFinished(createServer());
    const port = new URL(origin).port;
    const run = await runCli(['--port', port]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Port ${port} on 127.0.0.1 is in use (another mock still running?): stop it, or pick another with --port (0: any free port)`,
    );
  }, 30_000);

  it.each([
    ["''", ''],
    ["' '", ' '],
    ['0x10ba', '0x10ba'],
    ['1e3', '1e3'],
    ['65536', '65536'],
  ])(
    'refuses --port %s as bad usage (Number() read some as a port)',
    async (_, value) => {
      const run = await runCli(['--port', value]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(`--port must be a number 0-65535, got '${value}'`);
    },
    30_000,
  );

  it.each([
    [['--now', 'tomorrow'], /^--now must be an ISO 8601 date-time/],
    [['--max-sessions', 'many'], /^--max-sessions must be a non-negative integer, got 'many'$/],
    [['--session-idle-ms', '1.5'], /^--session-idle-ms must be a non-negative integer, got '1.5'$/],
    [['--webhook-url', 'ftp://x'], /^--webhook-url must be an http: or https: URL/],
  ])(
    'refuses a bad value of %j as bad usage (exit 2, as an unknown flag)',
    async (args, message) => {
      const run = await runCli(['--port', '0', ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toMatch(message);
    },
    30_000,
  );

  it('names --host when it is no address of this machine, or no name that resolves', async () => {
    const absent = await runCli(['--port', '0', '--host', '192.0.2.1', '--no-control']);
    expect(absent.code).toBe(2);
    expect(absent.stderr.trim()).toBe(
      '--host 192.0.2.1: no network interface of this machine has that address (EADDRNOTAVAIL)',
    );
    const unknown = await runCli(['--port', '0', '--host', 'no-such-host.invalid', '--no-control']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toMatch(
      /^--host no-such-host\.invalid: not an address, nor a name this machine can resolve \((ENOTFOUND|EAI_AGAIN)\)$/,
    );
  }, 30_000);

  it('reads a seed file saved with a byte order mark', async () => {
    const file = join(tmpdir(), `bom-seed-${process.pid}.json`);
    await writeFile(file, `\uFEFF${JSON.stringify({ projects: 5 })}`);
    const run = await runCli(['--port', '0', '--seed', file]);
    // Read as JSON (then refused for its content), not "Unexpected token" of an invisible character.
    expect(run.stderr).toMatch(new RegExp(`^--seed ${file}: Invalid seed data`));
  }, 30_000);
});

/** Starts the CLI on a free port with `args`; its URL once the banner has listed the keys. */
async function startWithBanner(args: readonly string[]) {
  const cli = startCli(['--port', '0', ...args]);
  const [, url] = await cli.waitFor(
    /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*Keys \(X-API-Key\):\n.+\n/,
  );
  if (!url) throw new Error('no URL in the banner');
  return { cli, url };
}

async function seedFile(name: string, data: unknown): Promise<string> {
  const file = join(tmpdir(), `${name}-${process.pid}.json`);
  await writeFile(file, JSON.stringify(data));
  return file;
}

describe("reservation-mock's banner", () => {
  it('prints a webhook secret the mock drew whole, and only the start of one the seed file gave', async () => {
    const example = JSON.parse(await readFile(new URL('../../seed.example.json', import.meta.url), 'utf8'));
    const drawn = structuredClone(example);
    drawn.projects[0].webhook = { url: null };
    const { url, cli } = await startWithBanner(['--seed', await seedFile('drawn-secret-seed', drawn)]);
    const snapshot = (await (await fetch(`${url}/__mock/snapshot`)).json()) as {
      snapshot: { webhooks: { secret: string }[] };
    };
    const secret = snapshot.snapshot.webhooks[0]?.secret ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(cli.stdout()).toContain(` ${secret}\n`);

    const own = await startWithBanner(['--seed', await seedFile('own-secret-seed', example)]);
    expect(own.cli.stdout()).not.toContain('whsec_corner_cafe');
    expect(own.cli.stdout()).toMatch(/corner-cafe .* whsec_co…/);
  }, 30_000);

  it('refuses --seed empty with --no-control, which would serve nothing and allow adding nothing', async () => {
    const run = await runCli(['--port', '0', '--seed', 'empty', '--no-control']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      '--seed empty with --no-control serves no project, and leaves no way to add one (POST /__mock/projects)',
    );
  }, 30_000);

  it('names --now when the instant is too late for the data, as a usage error (exit 2)', async () => {
    const run = await runCli(['--port', '0', '--now', '9999-12-31T00:00:00Z']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /^--now 9999-12-31T00:00:00Z: now must be at most 9999-12-21T22:59:59\.999Z/,
    );
  }, 30_000);
});

describe('reservation-mock starting', () => {
  it('prints its version with --version', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  }, 30_000);

  it("takes 'demo' and 'empty' for --seed as the built-in seeds (they were read as file names)", async () => {
    const empty = startCli(['--port', '0', '--seed', 'empty']);
    const [, url] = await empty.waitFor(
      /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*Keys \(X-API-Key\):\n.*\n/,
    );
    const projects = await fetch(`${url}/__mock/projects`);
    expect(((await projects.json()) as { projects: unknown[] }).projects).toEqual([]);
    expect(empty.stdout()).toContain('(none: the empty seed has no projects');
    const demo = startCli(['--port', '0', '--seed', 'demo']);
    await demo.waitFor(/rk_salon_full/);
  }, 30_000);

  it('tells apart seed keys that start alike by their id in the banner', async () => {
    const cli = startCli([
      '--port',
      '0',
      '--seed',
      fileURLToPath(new URL('../../seed.example.json', import.meta.url)),
    ]);
    await cli.waitFor(/Keys \(X-API-Key\):\n(.*\n){2}/);
    expect(cli.stdout()).toMatch(/corner-cafe +rk_caf… +read, write, delete, media {2}\(key_cafe_full\)/);
    expect(cli.stdout()).toMatch(/corner-cafe +rk_caf… +\(public data only\) {2}\(key_cafe_public\)/);
  }, 30_000);
});

// The CLI's output (stdout and stderr, start to shutdown) holds no API key except the documented,
// public demo keys of its start banner: not a created or regenerated key, not a key someone tried,
// and not the values of a seed file's keys.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/seed/demo';

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

interface Running {
  url: string;
  /** Stops the CLI (SIGTERM) and resolves with everything it printed. */
  stop(): Promise<string>;
}

/** Starts the CLI and resolves once its banner has listed `keyLines` keys. */
function startCli(args: string[], keyLines = 4): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['--conditions=@reservation-api/source', cli, '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the CLI did not start: ${output}`));
    }, 20_000);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && new RegExp(`Keys \\(X-API-Key\\):\\n(.*\\n){${keyLines}}`).test(output)) {
        clearTimeout(timer);
        resolve({
          url,
          async stop() {
            child.kill('SIGTERM');
            await exited;
            return output;
          },
        });
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the CLI exited with ${code}: ${output}`));
    });
  });
}

describe('the CLI log', () => {
  it('never contains a created, regenerated or attempted key: only the demo keys of the banner', async () => {
    const hook = 'http://127.0.0.1:9/unreachable';
    const running = await startCli(['--webhook-url', hook]);
    const api = `${running.url}/api/v1/demo-bistro`;
    const json = { 'Content-Type': 'application/json' };
    const secrets: string[] = [];

    const created = (await (
      await fetch(`${running.url}/__mock/projects/demo-bistro/keys`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ permissions: ['read', 'write'], name: 'log test' }),
      })
    ).json()) as { id: string; key: string };
    secrets.push(created.key);
    const regenerated = (await (
      await fetch(`${running.url}/__mock/projects/demo-bistro/keys/${created.id}/regenerate`, {
        method: 'POST',
      })
    ).json()) as { key: string };
    secrets.push(regenerated.key);
    const attempted = 'rk_attempted_secret_4f1c2a';
    secrets.push(attempted);

    // Every kind of answer with every kind of key: accepted, rejected, faulted, oversized.
    await fetch(`${running.url}/__mock/faults`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ status: 503, times: 1, path: '/api/v1/demo-bistro/info' }),
    });
    for (const key of [regenerated.key, created.key, attempted, 'rk_demo_full', `${regenerated.key}\u00e9`]) {
      const headers = { 'X-API-Key': encodeURIComponent(key) };
      await (await fetch(`${api}/info`, { headers })).arrayBuffer();
      await (await fetch(`${api}/reservations`, { headers })).arrayBuffer();
      for (const body of [
        JSON.stringify({ email: 'log@example.com', date: '2026-06-16', from: '12:00', to: '13:00' }),
        '{"email": ',
        'x'.repeat(70_000),
      ]) {
        const response = await fetch(`${api}/reservations`, {
          method: 'POST',
          headers: { ...headers, ...json },
          body,
        });
        await response.arrayBuffer();
      }
    }
    // A webhook event to an address that refuses it: the failed delivery must not log a key either.
    await fetch(`${running.url}/__mock/clock`, {
      method: 'POST',
      headers: json,
      body: '{"advanceMs":60000}',
    });

    const output = await running.stop();
    for (const secret of secrets) expect(output).not.toContain(secret);
    expect(output).not.toContain(secrets[0]?.slice(3));
    const keysInOutput = new Set(output.match(/rk_[A-Za-z0-9_-]+/g) ?? []);
    expect([...keysInOutput].sort()).toEqual(DEMO_KEYS.map((k) => k.key).sort());
  }, 60_000);

  it('prints only the first characters of the keys of a seed file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    try {
      const seedFile = join(dir, 'seed.json');
      const secret = 'rk_company_private_value_93c1';
      writeFileSync(
        seedFile,
        JSON.stringify({
          projects: [
            {
              id: 'prj_x',
              slug: 'x',
              name: 'X',
              openingHours: { monday: { open: '08:00', close: '18:00' } },
              apiKeys: [
                { id: 'key_x', key: secret, permissions: ['read'] },
                { id: 'key_short', key: 'shortkey', permissions: [] },
              ],
            },
          ],
        }),
      );
      const running = await startCli(['--seed', seedFile], 2);
      const output = await running.stop();
      expect(output).not.toContain(secret);
      expect(output).toContain('rk_com…');
      expect(output).not.toContain('shortkey');
      expect(output).toContain('shor…');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

// `pnpm start -- --flag` (examples/webhook-receiver/README.md): pnpm runs the root script as
// `node scripts/start.mjs -- --flag …`, and the mock's CLI drops that leading `--`, so the flags after
// it apply. Run here as pnpm runs it. The bundle it runs reports the package version at /__mock/health.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

it('pnpm start -- --webhook-url URL starts the mock with that webhook target', async () => {
  const target = 'http://127.0.0.1:4020/webhooks';
  const child = spawn(process.execPath, ['scripts/start.mjs', '--', '--port', '0', '--webhook-url', target], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1] && output.includes('Keys (X-API-Key)')) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).toMatch(new RegExp(`demo-bistro\\s+${target.replaceAll('.', '\\.')}`));
    // The bundle has the package version in, as the built package has.
    const { version } = JSON.parse(readFileSync(join(root, 'packages/mock-server/package.json'), 'utf8')) as {
      version: string;
    };
    expect(await (await fetch(`${url}/__mock/health`)).json()).toEqual({ status: 'ok', version });
  } finally {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}, 60_000);

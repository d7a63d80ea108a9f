// `reservation-mock` refusing to start says which flag, and what to do, in one line (an outside
// review found Node's own `listen EADDRINUSE…` and `ENOENT…` texts, and `webhookUrl names unknown
// project`, the option of the code rather than the flag).
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenUntilTestFinished } from '../../../../test/support/listen';
import { runCli } from './support';

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
    expect(run.code).toBe(1);
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
});

// `reservation-mock coverage` (mock README, "Coverage"): a running mock's report, of the root mock or
// of a session, as a table grouped by kind with the uncovered items first, as markdown or JSON; a
// threshold fails the command below it; strings from the server are printed without control characters.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCoverage as coverageCommand } from '../../src/cli/coverage';
import { CommandError } from '../../src/cli/mock-connection';
import { silentLogger } from '../../src/index';
import { startServer } from '../support/server';

const NOW = '2030-06-17T08:00:00.000Z';

/** Runs the command in process: its exit code and lines, a CommandError printed as cli.ts does. */
async function runCoverage(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io = {
    out: (line: string) => stdout.push(line),
    err: (line: string) => stderr.push(line),
    signal: new AbortController().signal,
    colour: false,
  };
  try {
    return { code: await coverageCommand(args, io), stdout, stderr };
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    return { code: error.code, stdout, stderr: [...stderr, error.message] };
  }
}
const headers = { 'x-api-key': 'rk_demo_full' };

describe('reservation-mock coverage', () => {
  it('prints the root mock’s or a session’s report as a table, markdown or JSON', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await fetch(`${server.url}/api/v1/demo-bistro/info`, { headers });
    await fetch(`${server.url}/__mock/sessions`, { method: 'POST', body: JSON.stringify({ id: 'w1' }) });
    await fetch(`${server.url}/sessions/w1/api/v1/demo-bistro/reservations`, { headers });

    const table = await runCoverage(['--url', server.url]);
    expect(table.code).toBe(0);
    const text = table.stdout.join('\n');
    expect(text).toMatch(/^Coverage: 1\/\d+ /);
    const answers = text.slice(text.indexOf('Answers: 1/'), text.indexOf('Transitions:')).trim().split('\n');
    expect(answers.at(1)).toContain('✗');
    expect(answers.at(-1)).toMatch(/✓ getProjectInfo 200\s+1$/);
    expect(text).toContain('Events acknowledged: 0/4');

    const session = await runCoverage(['--url', server.url, '--session', 'w1', '--format', 'json']);
    const report = JSON.parse(session.stdout.join('\n')) as { items: { id: string; count: number }[] };
    expect(report.items.find((i) => i.id === 'listReservations 200')?.count).toBe(1);
    expect(report.items.find((i) => i.id === 'getProjectInfo 200')?.count).toBe(0);

    const markdown = await runCoverage(['--url', server.url, '--format', 'markdown']);
    expect(markdown.stdout.join('\n')).toMatch(
      /^## API coverage: 1\/\d+ .*\n\n\| Kind \| Covered \| Total \|/,
    );
  });

  it('exits 1 below --threshold, 2 on a bad option, 1 when nothing runs there', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    const below = await runCoverage(['--url', server.url, '--threshold', '50']);
    expect(below.code).toBe(1);
    expect(below.stderr.join('')).toContain('below the threshold of 50 %');
    expect((await runCoverage(['--url', server.url, '--threshold', '0'])).code).toBe(0);
    expect((await runCoverage(['--format', 'xml'])).code).toBe(2);
    expect((await runCoverage(['--threshold', '120'])).code).toBe(2);
    // Number() read these as 0 and 16: every run passed an empty threshold.
    for (const bad of ['', ' ', '0x10', '1e1'])
      expect((await runCoverage(['--threshold', bad])).code).toBe(2);
    expect((await runCoverage(['--url', server.url, '--threshold', ' 12.5 '])).code).toBe(1);
    const unknown = await runCoverage(['--url', server.url, '--session', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.join('')).toContain('HTTP 404');
  });

  it('strips control characters from what a server sends', async () => {
    const evil = createServer((_, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success: true,
          summary: { covered: 0, total: 1 },
          items: [{ kind: 'answer', id: 'x\u001b[2J\u009b31m\u202eevil', count: 0 }],
          refused: [],
          evidence: {},
        }),
      );
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => evil.close(() => resolve())));
    const url = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    for (const format of ['table', 'markdown', 'json']) {
      const out = (await runCoverage(['--url', url, '--format', format])).stdout.join('\n');
      for (const control of ['\u001b', '\u009b', '\u202e']) expect(out.includes(control), format).toBe(false);
      expect(out, format).toContain('evil');
    }
  });
});

describe('the reservation-mock command', () => {
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

  it('runs `coverage` as a subcommand: the JSON report of a running mock, exit 0', async () => {
    const server = await startServer({ now: NOW, logger: silentLogger });
    await fetch(`${server.url}/api/v1/demo-bistro/info`, { headers });
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      tsxLoader,
      '--conditions=@reservation-api/source',
      cli,
      'coverage',
      '--url',
      server.url,
      '--format',
      'json',
    ]);
    const report = JSON.parse(stdout) as { summary: { covered: number } };
    expect(report.summary.covered).toBe(1);
  });
});

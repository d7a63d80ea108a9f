// `reservation-mock --now ISO` (mock README, "The standalone server"): the clock starts frozen at that
// instant with the demo data (or a --seed file's dayOffset bookings) laid out around it; a malformed
// value stops the CLI with a message naming the flag. And what the start banner says of sessions.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const seedFile = fileURLToPath(new URL('../../seed.example.json', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

function start(args: string[]) {
  const child = spawn(tsx, ['--conditions=@reservation-api/source', cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] && output.includes('Keys (X-API-Key)')) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  // A run that is expected to fail never awaits `ready`: its rejection is not an unhandled one.
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { ready, exited, output: () => output };
}

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

describe('reservation-mock --now', () => {
  it('starts with the clock frozen at that instant and the demo bookings around it', async () => {
    const url = await start(['--now', '2030-06-17T08:00:00Z']).ready;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await getJson(`${url}/__mock/clock`)).toEqual({ now: '2030-06-17T08:00:00.000Z' });
    const { reservations } = await getJson<{ reservations: { date: string }[] }>(
      `${url}/__mock/projects/demo-bistro/reservations`,
    );
    expect(reservations.length).toBeGreaterThan(0);
    for (const { date } of reservations) expect(date.startsWith('2030-06')).toBe(true);
  }, 30_000);

  it('works with --seed FILE', async () => {
    const url = await start(['--now', '2030-06-17T08:00:00Z', '--seed', seedFile]).ready;
    expect(await getJson(`${url}/__mock/clock`)).toEqual({ now: '2030-06-17T08:00:00.000Z' });
    const { projects } = await getJson<{ projects: { slug: string }[] }>(`${url}/__mock/projects`);
    expect(projects.map((p) => p.slug)).toContain('corner-cafe');
  }, 30_000);

  it('refuses an instant too late for the demo data, naming the latest allowed one (never starts with no projects)', async () => {
    const run = start(['--now', '9999-12-30T08:00:00Z']);
    expect(await run.exited).toBe(2); // usage: the flag names an instant the data refuses
    expect(run.output()).toContain('now must be at most 9999-12-21T22:59:59.999Z');
    expect(run.output()).not.toContain('listening on');
  }, 30_000);

  it('refuses a value that is not an ISO date-time, naming the flag', async () => {
    const run = start(['--now', 'tomorrow']);
    // Bad usage, as an unknown flag.
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('--now must be an ISO 8601 date-time');
  }, 30_000);
});

describe("reservation-mock's start banner", () => {
  it('says sessions are off with --max-sessions 0 (their routes answer 404), and where to create them otherwise', async () => {
    const off = start(['--max-sessions', '0']);
    const url = await off.ready;
    expect(off.output()).toContain('Sessions: off (--max-sessions 0)');
    expect((await fetch(`${url}/__mock/sessions`, { method: 'POST', body: '{}' })).status).toBe(404);
    const on = start([]);
    const other = await on.ready;
    expect(on.output()).toContain(`Sessions: POST ${other}/__mock/sessions`);
  }, 30_000);
});

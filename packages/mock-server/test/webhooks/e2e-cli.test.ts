// `reservation-mock --webhook-url demo-bistro=URL` as a real child process: the flag alone makes
// demo-bistro's events reach the URL, signed with the documented demo secret, and no demo-salon event.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constructWebhookEvent } from '@reservation-api/sdk/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, DEMO_SECRET, startReceiver } from './e2e-support';

afterEach(closeAll);

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
// tsx as a loader in this one process, not its CLI: the CLI runs the script in a second process,
// which a SIGKILL of the first (the cleanup after a failed test) would leave running.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

describe('reservation-mock --webhook-url', () => {
  it('demo-bistro=URL delivers demo-bistro events there (whsec_demo_bistro), no demo-salon event, and exits 0 on SIGTERM', async () => {
    const receiver = await startReceiver({ secret: DEMO_SECRET });
    const child = spawn(
      process.execPath,
      [
        '--import',
        tsxLoader,
        '--conditions=@reservation-api/source',
        cli,
        '--port',
        '0',
        '--webhook-url',
        `demo-bistro=${receiver.url}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = once(child, 'exit');
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const onData = () => {
          // The key table is printed last: by then the whole banner is there.
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1] && output.includes('rk_salon_full')) resolve(match[1]);
        };
        child.stdout.on('data', onData);
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      // The banner lists each project's target and secret.
      expect(output).toMatch(
        new RegExp(`demo-bistro +${receiver.url.replace(/[.]/g, '\\.')} +whsec_demo_bistro`),
      );
      expect(output).toMatch(/demo-salon +\(no URL: nothing is sent\) +whsec_demo_salon/);

      // An event of the other project goes nowhere.
      const salon = await fetch(`${base}/__mock/projects/demo-salon/trigger`, {
        method: 'POST',
        body: JSON.stringify({ event: 'reservation.created' }),
      });
      expect(salon.status).toBe(201);
      expect(await salon.json()).toMatchObject({ deliveries: [] });

      // The CLI runs on real time, so the booking is on a date that stays in the future.
      const response = await fetch(`${base}/api/v1/demo-bistro/reservations`, {
        method: 'POST',
        headers: { 'X-API-Key': 'rk_demo_full', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'cli@example.com', date: '2030-06-18', from: '12:00', to: '13:00' }),
      });
      expect(response.status).toBe(201);
      const { reservation } = (await response.json()) as { reservation: { id: string } };

      // The first attempt starts at once; POST /__mock/settled answers once no attempt is under way,
      // so the receiver has it by then (no polling, no deadline).
      const settled = await fetch(`${base}/__mock/settled`, { method: 'POST' });
      expect(settled.status).toBe(200);
      const [request] = receiver.requests;
      if (!request) throw new Error(`no delivery received; CLI output:\n${output}`);
      const header = request.headers['x-webhook-signature'];
      const event = await constructWebhookEvent(
        request.body,
        typeof header === 'string' ? header : undefined,
        DEMO_SECRET,
      );
      expect(event).toMatchObject({
        event: 'reservation.created',
        projectId: 'prj_demo_bistro',
        data: { reservation: { id: reservation.id, status: 'PENDING' } },
      });

      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  }, 120_000);
});

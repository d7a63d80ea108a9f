// server.close() ends everything that would keep the process alive (mock README, "Ending a world"):
// a request waiting on a fault delay (here the longest allowed, 2^31 - 1 ms) is refused with 503 and
// never takes effect, the event stream's clients are let go, the webhook timers end. A child process does this and must exit on its own; the
// watchdog below only ends a child that hangs (and then the test fails), it measures nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const CHILD = fileURLToPath(new URL('./fixtures/close-with-pending-work.ts', import.meta.url));
/** Far more than the child needs, far less than its fault delay. */
const WATCHDOG_MS = 60_000;

describe('server.close()', () => {
  it('lets the process exit at once with a request waiting on a long fault delay, an event-stream client and a webhook attempt to a receiver that never answers', async () => {
    const child = spawn(TSX, ['--conditions=@reservation-api/source', CHILD], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    let killedByWatchdog = false;
    const watchdog = setTimeout(() => {
      killedByWatchdog = true;
      child.kill('SIGKILL');
    }, WATCHDOG_MS);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(watchdog);

    expect(killedByWatchdog, output).toBe(false);
    expect(code, output).toBe(0);
    expect(output).toContain('stream 200');
    expect(output).toContain('delayed');
    expect(output).toContain('closed');
    expect(output).toContain('delivery arrived');
    expect(output).toContain('waiting 503');
    // The attempt in flight to the hanging receiver was aborted, not recorded after the end.
    expect(output).toContain('attempts recorded 0');
    expect(output).toContain('left []');
  }, 90_000);
});

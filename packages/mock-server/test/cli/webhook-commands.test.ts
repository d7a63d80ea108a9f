// `reservation-mock trigger --wait`, `listen`, `deliveries [--follow]` and `redeliver` from the built
// binary against a running mock and a real receiver on 127.0.0.1 (mock README, "Webhooks from the
// command line"); every command has a timeout, and nothing a receiver or a server says reaches the
// terminal with its control characters.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenUntilTestFinished } from '../../../../test/support/listen';
import { RAW_CONTROL, refusedPort, request, runCli, startCli, startMockCli, startReceiver } from './support';

const NOW = '2030-06-17T08:00:00.000Z';
/** A receiver's answer with a terminal escape (clear screen), a C1 CSI and a bell. */
const HOSTILE = 'thanks \u001b[2J\u009b31m\u0007';

interface Snapshot {
  snapshot: { webhooks: { projectId: string; url: string | null }[] };
}

async function bistroTarget(url: string): Promise<string | null> {
  const { body } = await request(`${url}/__mock/snapshot`);
  return (body as Snapshot).snapshot.webhooks.find((w) => w.projectId === 'prj_demo_bistro')?.url ?? null;
}

/** `reservation-mock listen` forwarding demo-bistro's events from the mock at `url` to `target`. */
function forwardBistro(url: string, target: string) {
  return startCli(['listen', '--url', url, '--forward-to', target, '--project', 'demo-bistro']);
}

/** A server on 127.0.0.1 that answers control routes with `answer`, or never (`null`). */
async function fakeMock(answer: { status: number; body: string } | null): Promise<string> {
  const server = createServer((_, res) => {
    if (answer) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  return listenUntilTestFinished(server);
}

describe('reservation-mock trigger', () => {
  it('--wait prints each attempt with the receiver answer, escaped, once the mock is settled', async () => {
    const receiver = await startReceiver((_, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end(HOSTILE),
    );
    const { url } = await startMockCli(['--now', NOW, '--webhook-url', `demo-bistro=${receiver.url}`]);
    const run = await runCli(['trigger', 'reservation.confirmed', '--url', url, '--wait']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'reservation.confirmed in demo-bistro',
      expect.stringMatching(/^reservation: res_\d+$/),
      expect.stringMatching(/^deliveries: whd_\S+ whd_\S+$/),
    ]);
    const attempts = lines.slice(3);
    expect(attempts).toHaveLength(2);
    for (const [index, event] of ['reservation.created', 'reservation.confirmed'].entries())
      expect(attempts[index]).toMatch(
        new RegExp(
          `^${NOW} webhook whd_\\S+ ${event} #1 → ${receiver.url} 200 \\d+ms delivered answer: thanks \\\\x1b\\[2J\\\\x9b31m\\\\x07$`,
        ),
      );
    expect(run.stdout).not.toMatch(RAW_CONTROL);
    expect(receiver.received.map((r) => r.headers['x-webhook-delivery'])).toEqual(
      lines[2]?.replace('deliveries: ', '').split(' '),
    );
  }, 60_000);

  it('--wait exits 1 with the next attempt when the receiver fails; overrides reach the event', async () => {
    const receiver = await startReceiver((_, res) => res.writeHead(503).end());
    const { url } = await startMockCli(['--now', NOW, '--webhook-url', `demo-bistro=${receiver.url}`]);
    const run = await runCli([
      'trigger',
      'reservation.cancelled',
      '--url',
      url,
      '--reason',
      'Kitchen \u001b[31mflooded',
      '--guests',
      '3',
      '--wait',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /reservation\.cancelled #1 → \S+ 503 \d+ms next attempt 2030-06-17T08:01:00\.000Z answer: \(empty\)/,
    );
    expect(run.stdout).toMatch(/whd_\S+ pending: next attempt 2030-06-17T08:01:00\.000Z/);
    const cancelled = receiver.received
      .map(
        (r) =>
          JSON.parse(r.body) as { event: string; data: { reservation: { reason?: string; id: string } } },
      )
      .find((e) => e.event === 'reservation.cancelled');
    expect(cancelled?.data.reservation.reason).toBe('Kitchen \u001b[31mflooded');
    const created = receiver.received.map(
      (r) => JSON.parse(r.body) as { event: string; data: { reservation: { guests: number } } },
    );
    expect(created.find((e) => e.event === 'reservation.created')?.data.reservation.guests).toBe(3);
  }, 60_000);

  it('refuses bad overrides with the mock message (400) or as usage (2), changing nothing', async () => {
    const { url } = await startMockCli(['--now', NOW]);
    const misplaced = await runCli(['trigger', 'reservation.created', '--url', url, '--reason', 'x']);
    expect(misplaced.code).toBe(1);
    expect(misplaced.stderr).toContain(
      'Triggering the event failed (HTTP 400): reason is the reason of a cancellation',
    );
    const guests = await runCli(['trigger', 'reservation.created', '--url', url, '--guests', 'many']);
    expect(guests.code).toBe(2);
    expect(guests.stderr).toContain('--guests must be a positive integer, got many');
    // parseArgs' own message spans two lines: printed as lines, not with an escaped line feed.
    const ambiguous = await runCli(['trigger', 'reservation.created', '--url', url, '--timeout', '-5']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/argument is ambiguous\.\nDid you forget/);
    expect(ambiguous.stderr).not.toContain('\\x0a');
    // A line feed of an argument stays escaped: it cannot forge a line of its own.
    const forged = await runCli(['trigger', 'reservation.created', '--url', url, '--x\nFAKE: mock started']);
    expect(forged.code).toBe(2);
    expect(forged.stderr).toContain('\\x0aFAKE: mock started');
    expect(forged.stderr).not.toMatch(/^FAKE/m);
    const unknown = await runCli(['trigger', 'reservation.\u001b[2Jmoved', '--url', url]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown event "reservation.\\x1b[2Jmoved"');
    expect((await request(`${url}/__mock/projects/demo-bistro/reservations`)).body).toMatchObject({
      reservations: expect.not.arrayContaining([
        expect.objectContaining({ customer: { email: 'trigger@example.com' } }),
      ]),
    });
  }, 60_000);

  it('--wait exits 1, naming it, when a reset takes the delivery out of the log meanwhile (it exited 0)', async () => {
    // A receiver that answers only after the test has reset the mock.
    let answer: () => void = () => undefined;
    const later = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const receiver = await startReceiver((_, res) => void later.then(() => res.writeHead(204).end()));
    const { url } = await startMockCli(['--now', NOW, '--webhook-url', `demo-bistro=${receiver.url}`]);
    const trigger = startCli(['trigger', 'reservation.created', '--url', url, '--wait', '--json']);
    await receiver.until(1);
    expect((await request(`${url}/__mock/reset`, 'POST', {})).status).toBe(200);
    answer();
    expect(await trigger.exited).toBe(1);
    const [, gone] =
      /(whd_[0-9a-f]+) is no longer in the delivery log \(a reset, or 1,000 newer deliveries\): its outcome is unknown/.exec(
        trigger.stderr(),
      ) ?? [];
    expect(gone).toBeDefined();
    // A program reading --json learns it too.
    expect(JSON.parse(trigger.stdout())).toMatchObject({ deliveries: [], gone: [gone] });
  }, 30_000);

  it('gives up after --timeout on a server that never answers, saying so', async () => {
    const silent = await fakeMock(null);
    const run = await runCli(['trigger', 'reservation.created', '--url', silent, '--timeout', '300']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `No answer from the mock at ${silent} within 300 ms while triggering the event (--timeout MS to wait longer).`,
    );
  }, 30_000);

  it('--wait past --timeout on a receiver still answering says the trigger took effect, with its ids', async () => {
    // A receiver that never answers: the delivery's attempt lasts the mock's 5 s.
    const receiver = await startReceiver(() => undefined);
    const { url } = await startMockCli(['--now', NOW, '--webhook-url', `demo-bistro=${receiver.url}`]);
    const run = await runCli(['trigger', 'reservation.created', '--url', url, '--wait', '--timeout', '1000']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^No answer from the mock at \S+ within 1000 ms while waiting for the deliveries whd_[0-9a-f]+ of res_\w+ to settle \(--timeout MS to wait longer\)\. The trigger took effect \(do not run it again\); an attempt waits for the receiver's answer \(5 s by default\)\.$/,
    );
  }, 30_000);

  it("prints a server's message with its control characters escaped", async () => {
    const hostile = await fakeMock({
      status: 400,
      body: JSON.stringify({ message: `no \u001b]0;pwned\u0007 way\u009b` }),
    });
    const run = await runCli(['trigger', 'reservation.created', '--url', hostile]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Triggering the event failed (HTTP 400): no \\x1b]0;pwned\\x07 way\\x9b');
    expect(run.stderr.trimEnd()).not.toMatch(RAW_CONTROL);
  }, 30_000);

  it('says no mock is running when the connection is refused', async () => {
    const gone = `http://127.0.0.1:${await refusedPort()}`;
    const run = await runCli(['deliveries', '--url', gone]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `No mock is running at ${gone} (connection refused): start one with \`reservation-mock\`.`,
    );
  }, 30_000);
});

describe('reservation-mock listen', () => {
  it('--forward-to sets the target for the run, prints each attempt live, and restores the target on exit', async () => {
    const receiver = await startReceiver((_, res) => res.writeHead(202).end('queued \u001b[5m'));
    const { url } = await startMockCli(['--now', NOW]);
    expect(await bistroTarget(url)).toBeNull();

    const listen = forwardBistro(url, receiver.url);
    await listen.waitFor(/Ready: listening to the deliveries of/);
    expect(listen.stderr()).toContain(`Forwarding demo-bistro events to ${receiver.url}`);
    expect(await bistroTarget(url)).toBe(receiver.url);

    const trigger = await request(`${url}/__mock/projects/demo-bistro/trigger`, 'POST', {
      event: 'reservation.created',
    });
    expect(trigger.status).toBe(201);
    const [line] = await listen.waitFor(/.*webhook whd_\S+ reservation\.created #1 .*/);
    expect(line).toMatch(
      new RegExp(`^${NOW} webhook whd_\\S+ reservation\\.created #1 → ${receiver.url} 202 \\d+ms delivered$`),
    );
    expect(receiver.received).toHaveLength(1);

    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(0);
    expect(listen.stderr()).toContain("Restored demo-bistro's webhook target: (none)");
    expect(await bistroTarget(url)).toBeNull();
    expect(listen.stdout() + listen.stderr()).not.toMatch(RAW_CONTROL);
  }, 60_000);

  it('--forward-to forwards again after a reset (which brings back the seed targets)', async () => {
    const receiver = await startReceiver();
    const { url } = await startMockCli(['--now', NOW]);
    const listen = forwardBistro(url, receiver.url);
    await listen.waitFor(/Ready: listening to the deliveries of/);
    expect((await request(`${url}/__mock/reset`, 'POST', {})).status).toBe(200);
    await listen.waitFor(/The mock was reset: forwarding demo-bistro events to \S+ again/);
    expect(await bistroTarget(url)).toBe(receiver.url);
    expect(
      (await request(`${url}/__mock/projects/demo-bistro/trigger`, 'POST', { event: 'reservation.created' }))
        .status,
    ).toBe(201);
    await receiver.until(1);
    listen.child.kill('SIGINT');
    expect(await listen.exited).toBe(0);
    expect(await bistroTarget(url)).toBeNull();
  }, 60_000);

  it('two listeners: the one that stops first leaves the target the other set', async () => {
    const [first, second] = [await startReceiver(), await startReceiver()];
    const { url } = await startMockCli(['--now', NOW]);
    const a = startCli(['listen', '--url', url, '--forward-to', first.url, '--project', 'demo-bistro']);
    await a.waitFor(/Ready: listening/);
    const b = startCli(['listen', '--url', url, '--forward-to', second.url, '--project', 'demo-bistro']);
    await b.waitFor(/Ready: listening/);
    a.child.kill('SIGINT');
    expect(await a.exited).toBe(0);
    expect(a.stderr()).toContain(
      `Left demo-bistro's webhook target as it is: changed since to ${second.url}`,
    );
    expect(await bistroTarget(url)).toBe(second.url);
    // The last to stop puts back what it found when it started: the first one's URL (README).
    b.child.kill('SIGINT');
    expect(await b.exited).toBe(0);
    expect(await bistroTarget(url)).toBe(first.url);
  }, 60_000);

  it('says at the start when no project has a webhook target (nothing would ever be printed)', async () => {
    const { url } = await startMockCli(['--now', NOW]);
    const bare = startCli(['listen', '--url', url]);
    await bare.waitFor(
      /No project has a webhook target, so no delivery will be made: give one with --forward-to URL/,
    );
    const receiver = await startReceiver();
    const withTarget = await startMockCli(['--now', NOW, '--webhook-url', `demo-salon=${receiver.url}`]);
    const listen = startCli(['listen', '--url', withTarget.url]);
    await listen.waitFor(/Ready: listening/);
    // The hint would follow Ready at once: a trigger's attempt line comes after it, and no hint.
    await request(`${withTarget.url}/__mock/projects/demo-salon/trigger`, 'POST', {
      event: 'reservation.created',
    });
    await listen.waitFor(/webhook \S+ reservation\.created #1/);
    expect(listen.stderr()).not.toContain('No project has a webhook target');
  }, 60_000);

  it('--session follows that session only, and exits 1 when the mock stops', async () => {
    const receiver = await startReceiver();
    const { cli: mock, url } = await startMockCli(['--now', NOW]);
    expect((await request(`${url}/__mock/sessions`, 'POST', { id: 'w1', now: NOW })).status).toBe(201);
    const listen = startCli([
      'listen',
      '--url',
      url,
      '--session',
      'w1',
      '--forward-to',
      receiver.url,
      '--json',
    ]);
    await listen.waitFor(/Ready: listening to the deliveries of http:\/\/127\.0\.0\.1:\d+\/sessions\/w1/);
    await request(`${url}/sessions/w1/__mock/projects/demo-salon/trigger`, 'POST', {
      event: 'reservation.created',
    });
    const [line] = await listen.waitFor(/\{"type":"attempt".*\}/);
    expect(JSON.parse(line)).toMatchObject({
      type: 'attempt',
      session: 'w1',
      event: 'reservation.created',
      attempt: 1,
      url: receiver.url,
      status: 204,
      error: null,
      deliveryStatus: 'delivered',
    });
    // The root mock's projects were not redirected.
    expect(await bistroTarget(url)).toBeNull();

    mock.child.kill('SIGTERM');
    expect(await listen.exited).toBe(1);
    expect(listen.stderr()).toContain('The mock stopped (or its session ended): its event stream closed.');
    // Its targets went with it: said once, not a "No mock is running … start one" per project.
    expect(listen.stderr()).toContain(
      'The mock is gone, and the webhook targets this run set went with it: nothing to put back.',
    );
    expect(listen.stderr()).not.toContain('No mock is running');
  }, 60_000);
});

describe('reservation-mock deliveries and redeliver', () => {
  it('lists the deliveries as a table, follows new attempts, and redelivers one', async () => {
    let answer = 500;
    const receiver = await startReceiver((_, res) => res.writeHead(answer).end());
    const { url } = await startMockCli(['--now', NOW, '--webhook-url', `demo-bistro=${receiver.url}`]);
    const empty = await runCli(['deliveries', '--url', url]);
    expect(empty).toMatchObject({ code: 0, stdout: 'No deliveries.\n' });

    const trigger = await runCli(['trigger', 'reservation.created', '--url', url, '--wait']);
    expect(trigger.code).toBe(1);
    const id = /deliveries: (whd_\S+)/.exec(trigger.stdout)?.[1] ?? '';

    const list = await runCli(['deliveries', '--url', url]);
    expect(list.code).toBe(0);
    const [header, row] = list.stdout.trim().split('\n');
    expect(header).toMatch(/^ID +EVENT +STATUS +ATTEMPTS +LAST +RESERVATION +CREATED +NEXT ATTEMPT +URL$/);
    expect(row).toMatch(
      new RegExp(
        `^${id} +reservation\\.created +pending +1 +500 +res_\\d+ +${NOW} +2030-06-17T08:01:00\\.000Z +${receiver.url}$`,
      ),
    );

    const json = await runCli(['deliveries', '--url', url, '--json', '--status', 'pending']);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([expect.objectContaining({ type: 'delivery', id, status: 'pending', url: receiver.url })]);
    const refused = await runCli(['deliveries', '--url', url, '--status', 'lost']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe('--status must be one of pending, delivered, failed, got lost');

    // A copy to another receiver: its answer is printed, the delivery stays pending.
    const other = await startReceiver((_, res) => res.writeHead(200).end('copy \u009b'));
    const elsewhere = await runCli(['redeliver', id, '--url', url, '--to', other.url]);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stdout).toMatch(
      new RegExp(
        `#2 \\(redelivery\\) → ${other.url} 200 \\d+ms \\(the delivery: next attempt 2030-06-17T08:01:00\\.000Z\\) answer: copy \\\\x9b\\n$`,
      ),
    );
    expect(other.received.map((r) => r.headers['x-webhook-delivery'])).toEqual([id]);
    // The table's LAST is still the delivery's own receiver's answer (500), not the copy's 200.
    const [, afterCopy] = (await runCli(['deliveries', '--url', url])).stdout.trim().split('\n');
    expect(afterCopy).toMatch(new RegExp(`^${id} +reservation\\.created +pending +2 +500 `));

    const follow = startCli(['deliveries', '--url', url, '--follow']);
    await follow.waitFor(/Following new attempts/);
    answer = 200;
    const redeliver = await runCli(['redeliver', id, '--url', url]);
    expect(redeliver.code).toBe(0);
    expect(redeliver.stdout).toMatch(
      new RegExp(
        `^${NOW} webhook ${id} reservation\\.created #3 \\(redelivery\\) → ${receiver.url} 200 \\d+ms delivered answer: \\(empty\\)\\n$`,
      ),
    );
    await follow.waitFor(
      new RegExp(`webhook ${id} reservation\\.created #3 \\(redelivery\\) → \\S+ 200 \\d+ms delivered`),
    );
    follow.child.kill('SIGINT');
    expect(await follow.exited).toBe(0);

    // A copy elsewhere that fails once the delivery was delivered: the line says whose state follows.
    const failing = await startReceiver((_, res) => res.writeHead(500).end('no'));
    const failedCopy = await runCli(['redeliver', id, '--url', url, '--to', failing.url]);
    expect(failedCopy.code).toBe(1);
    expect(failedCopy.stdout).toMatch(
      new RegExp(
        `#4 \\(redelivery\\) → ${failing.url} 500 \\d+ms \\(the delivery: delivered\\) answer: no\\n$`,
      ),
    );

    const unknown = await runCli(['redeliver', 'whd_nope', '--url', url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Redelivering failed (HTTP 404): Unknown delivery id "whd_nope"');
  }, 90_000);
});

describe('the commands when something is off', () => {
  it('listen piped to a reader that goes away (`| head -1`) stops quietly and puts the target back', async () => {
    const receiver = await startReceiver();
    const { url } = await startMockCli(['--now', NOW]);
    const listen = forwardBistro(url, receiver.url);
    await listen.waitFor(/Ready: listening/);
    const trigger = () =>
      request(`${url}/__mock/projects/demo-bistro/trigger`, 'POST', { event: 'reservation.created' });
    await trigger();
    await listen.waitFor(/webhook whd_\S+ reservation\.created #1/);
    // The reader exits: the next line the command prints finds the pipe closed (EPIPE).
    listen.child.stdout?.destroy();
    await trigger();
    expect(await listen.exited).toBe(0);
    expect(listen.stderr()).toContain("Restored demo-bistro's webhook target: (none)");
    expect(listen.stderr()).not.toMatch(/EPIPE|at \S+ \(node:/);
    expect(await bistroTarget(url)).toBeNull();
  }, 60_000);

  it('Ctrl-C while a command waits for the mock stops it at once (exit 130), not after --timeout', async () => {
    // A server that never answers, and says when the request has arrived (the command is then
    // waiting, its Ctrl-C handling in place).
    let arrived: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const silent = await listenUntilTestFinished(createServer(() => arrived()));
    const run = startCli(['deliveries', '--url', silent, '--timeout', '25000']);
    await waiting;
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    expect(run.stderr().trim()).toBe('Stopped while listing the deliveries.');
  }, 20_000);

  it('Ctrl-C while listen sets a webhook target lets that write finish, and puts every target back', async () => {
    const receiver = await startReceiver();
    const { url } = await startMockCli(['--now', NOW]);
    // Between listen and the mock: holds the first target change until released, and says when it came.
    let held: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      held = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const proxy = await listenUntilTestFinished(
      createServer((req, res) => {
        const pass = async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          if (req.method === 'PUT' && req.url?.endsWith('/webhook')) {
            held();
            await released;
          }
          const answer = await fetch(`${url}${req.url}`, {
            method: req.method ?? 'GET',
            headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
            ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
          });
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
          // Streamed: listen's event stream goes through here too.
          const reader = answer.body?.getReader();
          for (let part = await reader?.read(); part && !part.done; part = await reader?.read())
            res.write(part.value);
          res.end();
        };
        // The mock or listen going away at the test's end ends a stream mid-way: nothing to report.
        pass().catch(() => res.destroy());
      }),
    );
    const listen = startCli(['listen', '--url', proxy, '--forward-to', receiver.url]);
    await arrived;
    listen.child.kill('SIGINT');
    release();
    expect(await listen.exited).toBe(0);
    expect(listen.stderr()).toContain("Restored demo-bistro's webhook target: (none)");
    expect(listen.stderr()).toContain("Restored demo-salon's webhook target: (none)");
    // Cut off, the first write took effect unseen and its target stayed on the forward URL.
    expect(await bistroTarget(url)).toBeNull();
  }, 60_000);

  it('refuses a --timeout longer than a timer holds (it ended at once, saying the mock had not answered)', async () => {
    const run = await runCli(['deliveries', '--timeout', '99999999999']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      '--timeout must be a positive number of milliseconds (at most 2147483647), got 99999999999',
    );
  }, 30_000);

  it.each([
    [{ status: 204, body: '' }, 'answered 204 without a body'],
    [
      { status: 200, body: '<html>hello</html>' },
      'answered 200 with application/json that is not a JSON object',
    ],
  ])(
    'says a server that is no mock (%j) is none, rather than "could not reach" it',
    async (answer, what) => {
      const other = await fakeMock(answer);
      const run = await runCli(['deliveries', '--url', other]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `No reservation-mock at ${other}? ${other}/__mock/webhooks/deliveries ${what} while listing the deliveries (--url must be the server's root URL, e.g. http://127.0.0.1:4010).`,
      );
    },
    30_000,
  );

  it('listen at a URL that answers no event stream fails, rather than say Ready and exit 0', async () => {
    const other = await fakeMock({ status: 200, body: '{}' });
    const run = await runCli(['listen', '--url', other]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('Ready');
    expect(run.stderr.trim()).toBe(
      `No reservation-mock at ${other}? ${other}/__mock/events answered 200 with application/json, not an event stream while opening the event stream (--url must be the server's root URL, e.g. http://127.0.0.1:4010).`,
    );
  }, 30_000);

  it('a 401 from below the root says the control routes take no key; the API root itself is usage', async () => {
    const { url } = await startMockCli(['--now', NOW]);
    const api = await runCli(['deliveries', '--url', `${url}/api/v1/`]);
    expect(api.code).toBe(2);
    expect(api.stderr.trim()).toBe(
      `--url must be the mock's root URL, e.g. http://127.0.0.1:4010, not its API under /api/v1; got ${url}/api/v1`,
    );
    const run = await runCli(['deliveries', '--url', `${url}/api/v1/demo-bistro`]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Listing the deliveries failed \(HTTP 401\): .+ \(the control routes take no key: is --url the server's root URL, e\.g\. http:\/\/127\.0\.0\.1:4010\?\)$/,
    );
  }, 30_000);

  it('a bare 404 (--no-control) names the likely setup; a control route that names what it lacks does not', async () => {
    const bare = await startMockCli(['--now', NOW, '--no-control']);
    const run = await runCli(['deliveries', '--url', bare.url]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/\(no control routes there: was the server started with --no-control/);
    const { url } = await startMockCli(['--now', NOW]);
    const unknown = await runCli(['redeliver', 'whd_nope', '--url', url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/Unknown delivery id "whd_nope"$/);
  }, 30_000);

  it('refuses a bad --status, --event, --session or --forward-to as usage (exit 2), asking the mock nothing', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['deliveries', '--status', 'bogus'],
        /^--status must be one of pending, delivered, failed, got bogus$/,
      ],
      [
        ['deliveries', '--event', 'reservation.nope'],
        /^--event must be one of reservation\.created, .*got reservation\.nope$/,
      ],
      [
        ['trigger', 'reservation.created', '--session', '..'],
        /^--session must be a session id: 1-64 characters/,
      ],
      [['deliveries', '--session', 'a b'], /^--session must be a session id/],
      [
        ['listen', '--forward-to', 'http://u:p@127.0.0.1:9/x'],
        /^--forward-to must be an http\(s\) URL without credentials/,
      ],
    ];
    // A port nothing listens on: a command that asked the mock would say none runs there (exit 1).
    const url = `http://127.0.0.1:${await refusedPort()}`;
    for (const [args, message] of cases) {
      const run = await runCli([...args, '--url', url]);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr.trim()).toMatch(message);
    }
  }, 60_000);
});

// `reservation-mock`: the standalone mock server from the command line (root `pnpm start`).
import { parseArgs } from 'node:util';
import { instantInput } from './control/schemas';
import { isLoopbackHost, loadSeedFile, type MockServerOptions, startMockServer } from './node';
import { DEMO_KEYS } from './seed/demo';

const HELP = `reservation-mock: the Reservation API in memory, over HTTP

Usage: reservation-mock [options]

  --port PORT          port to listen on (default 4010; 0 = any free port)
  --host HOST          interface to bind (default 127.0.0.1)
  --seed FILE          start with the data in this JSON file instead of the demo data
  --now ISO            freeze the mock clock at this instant (e.g. 2030-06-17T08:00:00Z); the
                       demo data (or the seed's dayOffset bookings) are laid out around it
  --webhook-url URL    send every project's webhook events to URL (each signed with its
                       project's secret: whsec_demo_bistro, whsec_demo_salon in the demo data)
  --allowed-host NAME  also answer requests for this Host name (repeatable; 'all' turns the
                       Host check off); loopback names and the bound address always work
  --no-control         do not serve the /__mock/ control routes and the dashboard
  --max-sessions N     how many sessions (POST /__mock/sessions) may exist at once (default 64;
                       0 turns sessions off)
  --session-idle-ms MS end a session unused for this long (default 1800000, 30 minutes; 0 never)
  --help               show this help

The API is under {url}/api/v1/:slug/..., e.g.
  curl -H 'X-API-Key: rk_demo_full' http://127.0.0.1:4010/api/v1/demo-bistro/reservations`;

async function main(): Promise<void> {
  // `pnpm start -- --port 4011` passes the `--` on; strict parseArgs would reject every flag after it.
  const argv = process.argv.slice(2);
  const { values } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      'max-sessions': { type: 'string' },
      'session-idle-ms': { type: 'string' },
      'webhook-url': { type: 'string' },
      'no-control': { type: 'boolean' },
      'allowed-host': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535, got ${values.port}`);

  const options: MockServerOptions = { port, control: !values['no-control'] };
  const count = (flag: string, value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
      throw new Error(`${flag} must be a non-negative integer, got ${value}`);
    return n;
  };
  const maxSessions = count('--max-sessions', values['max-sessions']);
  if (maxSessions !== undefined) options.maxSessions = maxSessions;
  const sessionIdleMs = count('--session-idle-ms', values['session-idle-ms']);
  if (sessionIdleMs !== undefined) options.sessionIdleMs = sessionIdleMs;
  if (values.host) options.host = values.host;
  const allowed = values['allowed-host'] ?? [];
  if (allowed.length > 0) options.allowedHosts = allowed.includes('all') ? 'all' : allowed;
  if (values['webhook-url']) options.webhookUrl = new URL(values['webhook-url']).toString();
  if (values.now !== undefined) {
    const now = instantInput.safeParse(values.now);
    if (!now.success)
      throw new Error(
        `--now must be an ISO 8601 date-time with an offset (e.g. 2030-06-17T08:00:00Z), got ${values.now}`,
      );
    options.now = now.data;
  }
  const seed = values.seed ? await loadSeedFile(values.seed) : undefined;
  if (seed) options.seed = seed;
  if (options.control && options.host !== undefined && !isLoopbackHost(options.host)) {
    // The control routes take no key: whoever reaches the port can reset the data, issue keys and
    // redirect webhooks. Said before listening, so it is seen even if binding fails.
    console.error(
      `Warning: --host ${options.host} is not a loopback address and the /__mock/ control routes are on: ` +
        'anyone who can reach this port can reset the mock, issue API keys and redirect its webhooks. ' +
        'Add --no-control unless that is what you want.',
    );
  }

  const server = await startMockServer(options);
  console.log(`Reservation API mock listening on ${server.url}`);
  if (options.now !== undefined) console.log(`  Clock:   frozen at ${server.service.control.clock.now()}`);
  console.log(`  API:     ${server.url}/api/v1/:slug/...`);
  console.log(
    options.control
      ? `  Control: ${server.url}/__mock/...  Dashboard: ${server.url}/__mock/  Sessions: POST ${server.url}/__mock/sessions`
      : '  Control: off (--no-control)',
  );
  if (options.webhookUrl) console.log(`  Webhooks go to ${options.webhookUrl}`);
  console.log('Keys (X-API-Key):');
  if (seed) {
    // Keys from a seed file are the user's own values, not the documented demo keys: only their
    // first characters are printed, so a log of the start never holds a usable key.
    for (const project of seed.projects) {
      for (const key of project.apiKeys) {
        console.log(
          `  ${project.slug.padEnd(14)} ${`${key.key.slice(0, Math.min(6, Math.floor(key.key.length / 2)))}…`.padEnd(16)} ${key.permissions.join(', ') || '(none)'}`,
        );
      }
    }
  } else {
    for (const key of DEMO_KEYS) {
      console.log(
        `  ${key.project.padEnd(14)} ${key.key.padEnd(16)} ${key.permissions.join(', ') || '(public data only)'}`,
      );
    }
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

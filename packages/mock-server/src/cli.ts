// `reservation-mock`: the standalone mock server from the command line (root `pnpm start`).
import { parseArgs } from 'node:util';
import type { Command, CommandIo } from './cli/command';
import { runCoverage } from './cli/coverage';
import { runDeliveries } from './cli/deliveries';
import { runListen } from './cli/listen';
import { CommandError } from './cli/mock-connection';
import { runRedeliver } from './cli/redeliver';
import { chooseLog, createLineWriter, logMock } from './cli/server-log';
import { safeText } from './cli/terminal-text';
import { runTrigger } from './cli/trigger';
import type { MockServer, MockServerOwnMockOptions } from './node';
import { MOCK_VERSION } from './runtime/version';
import { checkAllowedHost } from './transports/host-check';

const HELP = `reservation-mock: the Reservation API in memory, over HTTP

Usage: reservation-mock [options]
       reservation-mock trigger <event> [--project SLUG] [--reservation ID] [--wait] [--json] …
       reservation-mock listen [--forward-to URL] [--session ID]
       reservation-mock deliveries [--follow]
       reservation-mock redeliver <delivery id> [--to URL]
       reservation-mock coverage [--format table|markdown|json] [--threshold PERCENT]

  --port PORT          port to listen on (default 4010; 0 = any free port)
  --host HOST          interface to bind (default 127.0.0.1)
  --seed FILE          start with the data in this JSON file instead of the demo data
                       ('demo' and 'empty' name the built-in seeds; ./empty is a file)
  --now ISO            freeze the mock clock at this instant (e.g. 2030-06-17T08:00:00Z); the
                       demo data (or the seed's dayOffset bookings) are laid out around it; an
                       instant too late for that (see "The clock's edges") stops the CLI
  --webhook-url URL    send every project's webhook events to URL, an http: or https: URL
                       without credentials (each signed with its project's secret:
                       whsec_demo_bistro, whsec_demo_salon in the demo data)
  --webhook-url SLUG=URL
                       send one project's events to URL (repeatable; beside a plain URL, it
                       overrides that project's target)
  --allowed-host NAME  also answer requests for this Host name (repeatable; 'all' turns the
                       Host check off); loopback names and the bound address always work
  --no-control         do not serve the /__mock/ control routes and the dashboard
  --max-sessions N     how many sessions (POST /__mock/sessions) may exist at once (default 64;
                       0 turns sessions off)
  --session-idle-ms MS end a session unused for this long (default 1800000, 30 minutes; 0 never)
  --log FORMAT         a line per request, webhook attempt and control change: pretty (default;
                       colours on a terminal only), json (one object per line) or off
  --help               show this help
  --version            print the version

\`reservation-mock <command> --help\` explains trigger, listen, deliveries, redeliver and
coverage; each talks to a running mock (--url, default http://127.0.0.1:4010) with a timeout
(--timeout MS).

The API is under {url}/api/v1/:slug/..., e.g.
  curl -H 'X-API-Key: rk_demo_full' http://127.0.0.1:4010/api/v1/demo-bistro/reservations`;

/** A `--webhook-url` value that names a project: `SLUG=URL` (a URL itself never starts like that). */
const PROJECT_TARGET = /^([A-Za-z0-9][A-Za-z0-9_-]*)=(.+)$/;

/** One --webhook-url target, normalised; only http: and https:, no credentials (mock README, "Webhooks"). */
function webhookTarget(value: string, isWebhookUrl: (value: string) => boolean): string {
  if (!isWebhookUrl(value))
    throw new CommandError(
      `--webhook-url must be an http: or https: URL without credentials (user:password@), got ${value}`,
      2,
    );
  return new URL(value).toString();
}

/** The --webhook-url values as the server option: one URL for all, or a slug → URL record. */
function webhookTargets(
  values: readonly string[],
  slugs: readonly string[],
  isWebhookUrl: (value: string) => boolean,
): MockServerOwnMockOptions['webhookUrl'] | undefined {
  let all: string | undefined;
  const perProject: Record<string, string> = {};
  for (const value of values) {
    const match = PROJECT_TARGET.exec(value);
    if (match?.[1] && match[2]) {
      perProject[match[1]] = webhookTarget(match[2], isWebhookUrl);
    } else {
      if (all !== undefined)
        throw new CommandError('--webhook-url URL (for every project) may be given once', 2);
      all = webhookTarget(value, isWebhookUrl);
    }
  }
  // Checked here, so the message names the flag (the server's own says `webhookUrl`).
  const unknown = Object.keys(perProject).filter((slug) => !slugs.includes(slug));
  if (unknown.length > 0)
    throw new CommandError(
      `--webhook-url ${unknown.map((slug) => `${slug}=…`).join(', ')}: no such project (${slugs.length === 0 ? 'the data has no projects' : `projects: ${slugs.join(', ')}`})`,
      2,
    );
  if (Object.keys(perProject).length === 0) return all;
  if (all === undefined) return perProject;
  const combined: Record<string, string> = {};
  for (const slug of slugs) combined[slug] = all;
  return { ...combined, ...perProject };
}

/** Each project's webhook target and secret, as the mock holds them after the start. */
async function printWebhooks(
  server: MockServer,
  /** The projects whose secret a seed file gave: the user's own. */
  ownSecrets: ReadonlySet<string>,
  say: (line: string) => void,
): Promise<void> {
  const { control } = server.service;
  const [projects, snapshot] = await Promise.all([control.projects(), control.snapshot()]);
  say('Webhooks (X-Webhook-Signature: sha256=HMAC-SHA256 of the body with the secret):');
  if (projects.length === 0) say('  (no projects)');
  for (const project of projects) {
    const record = (snapshot.webhooks ?? []).find(
      (w): w is { projectId: string; url: string | null; secret: string } =>
        typeof w === 'object' && w !== null && 'projectId' in w && w.projectId === project.id,
    );
    const secret = record?.secret ?? '';
    // A secret from a seed file is the user's own: only its start is printed (as for keys). One the
    // mock drew (a seed webhook without `secret`) is printed whole: nowhere else to read it from.
    const shown = ownSecrets.has(project.slug)
      ? `${secret.slice(0, Math.min(8, Math.floor(secret.length / 2)))}…`
      : secret;
    say(
      safeText(
        `  ${project.slug.padEnd(14)} ${(record?.url ?? '(no URL: nothing is sent)').padEnd(40)} ${shown}`,
      ),
    );
  }
}

/**
 * The server's flags as parseArgs reads them; bad usage exits 2, as every subcommand's does: an
 * unknown word names the commands there are, an unknown flag points at --help.
 */
function parseUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const { code, message } = error as { code?: unknown; message: string };
    const word = /^Unexpected argument '(.*)'/.exec(message)?.[1];
    if (
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' &&
      word !== undefined &&
      Object.hasOwn(COMMANDS, word)
    )
      throw new CommandError(`'${word}' must come first: reservation-mock ${word} [options]`, 2);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && word !== undefined)
      throw new CommandError(
        `Unknown command '${word}': the commands are ${Object.keys(COMMANDS).join(', ')}; without one, the mock starts (reservation-mock --help)`,
        2,
      );
    throw new CommandError(`${message} (reservation-mock --help lists the options)`, 2);
  }
}

async function main(): Promise<void> {
  // `pnpm start -- --port 4011` passes the `--` on; strict parseArgs would reject every flag after it.
  const argv = process.argv.slice(2);
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const command = args[0] !== undefined && Object.hasOwn(COMMANDS, args[0]) ? COMMANDS[args[0]] : undefined;
  if (command) {
    process.exitCode = await runCommand(command, args.slice(1));
    return;
  }
  // Loaded only to serve: the commands above run without the mock's modules.
  const [
    { isLoopbackHost, loadSeedFile, startMockServer },
    { DEMO_KEYS, demoSeed },
    { instantInput },
    { isWebhookUrl },
  ] = await Promise.all([
    import('./node'),
    import('./seed/demo'),
    import('./control/schemas'),
    import('./domain/records'),
  ]);
  const { values } = parseUsage(() =>
    parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        now: { type: 'string' },
        'max-sessions': { type: 'string' },
        'session-idle-ms': { type: 'string' },
        'webhook-url': { type: 'string', multiple: true },
        'no-control': { type: 'boolean' },
        'allowed-host': { type: 'string', multiple: true },
        log: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
      strict: true,
    }),
  );
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values.version) {
    console.log(MOCK_VERSION);
    return;
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  // Digits only: Number() reads '' as 0 (any free port), '0x10ba' as 4282 and '1e3' as 1000.
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535)
    throw new CommandError(`--port must be a number 0-65535, got '${safeText(values.port ?? '')}'`, 2);

  const log = chooseLog(values.log, process.stdout.isTTY === true, process.env);
  // A reader that goes away (`| head -1`, a `jq` that exits) closes stdout: the server keeps serving
  // and stops logging, rather than end on an unhandled EPIPE.
  let stdoutOpen = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stdoutOpen = false;
  });
  const writer = createLineWriter((text) => {
    if (stdoutOpen) process.stdout.write(text);
  });
  const printLine = writer.print;
  const options: MockServerOwnMockOptions = {
    port,
    control: !values['no-control'],
    // Each session's requests and deliveries are logged from its creation (its mock is closed at its end).
    onSessionStart: (id, mock) => {
      logMock(mock, id, log, printLine);
    },
  };
  const count = (flag: string, value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
      throw new CommandError(`${flag} must be a non-negative integer, got '${safeText(value)}'`, 2);
    return n;
  };
  const maxSessions = count('--max-sessions', values['max-sessions']);
  if (maxSessions !== undefined) options.maxSessions = maxSessions;
  const sessionIdleMs = count('--session-idle-ms', values['session-idle-ms']);
  if (sessionIdleMs !== undefined) options.sessionIdleMs = sessionIdleMs;
  // An IPv6 address as a URL writes it (`[::1]`) is bound as the address itself.
  if (values.host) options.host = values.host.replace(/^\[(.*)\]$/, '$1');
  const allowed = values['allowed-host'] ?? [];
  for (const name of allowed) {
    if (name === 'all') continue;
    try {
      checkAllowedHost(name);
    } catch (error) {
      throw new CommandError(`--allowed-host: ${(error as Error).message}`, 2);
    }
  }
  if (allowed.length > 0) options.allowedHosts = allowed.includes('all') ? 'all' : allowed;
  if (values.now !== undefined) {
    const now = instantInput.safeParse(values.now);
    if (!now.success)
      throw new CommandError(
        `--now must be an ISO 8601 date-time with an offset (e.g. 2030-06-17T08:00:00Z), got ${values.now}`,
        2,
      );
    options.now = now.data;
  }
  // `demo` and `empty` are the built-in seeds, as sessions and createMockService() name them; a file
  // of that name is given as a path (./empty).
  const builtIn = values.seed === 'demo' || values.seed === 'empty' ? values.seed : undefined;
  if (builtIn) options.seed = builtIn;
  if (builtIn === 'empty' && !options.control)
    throw new CommandError(
      '--seed empty with --no-control serves no project, and leaves no way to add one (POST /__mock/projects)',
      2,
    );
  const seedFile = builtIn ? undefined : values.seed;
  const seed = seedFile
    ? await loadSeedFile(seedFile).catch((error: unknown) => {
        // Named by the flag: a file that cannot be read, or one whose content is refused.
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && code.startsWith('E'))
          throw new Error(`--seed ${seedFile}: cannot read the file (${code})`);
        throw new Error(`--seed ${seedFile}: ${error instanceof Error ? error.message : String(error)}`);
      })
    : undefined;
  if (seed) options.seed = seed;
  const slugs = seed
    ? seed.projects.map((p) => p.slug)
    : builtIn === 'empty'
      ? []
      : demoSeed().projects.map((p) => p.slug);
  const webhookUrl = webhookTargets(values['webhook-url'] ?? [], slugs, isWebhookUrl);
  if (webhookUrl !== undefined) options.webhookUrl = webhookUrl;
  if (options.control && options.allowedHosts === 'all') {
    // With the Host check off, a page on any site can reach the control routes through DNS
    // rebinding (its Origin then passes as the server's own).
    console.error(
      'Warning: --allowed-host all turns the Host check off while the /__mock/ control routes are on: ' +
        'a web page on any site can reach them through DNS rebinding. ' +
        'Name the hosts instead, or add --no-control.',
    );
  }
  if (options.control && options.host !== undefined && !isLoopbackHost(options.host)) {
    // The control routes take no key: whoever reaches the port can reset the data, issue keys and
    // redirect webhooks. Said before listening, so it is seen even if binding fails.
    console.error(
      `Warning: --host ${safeText(options.host)} is not a loopback address and the /__mock/ control routes are on: ` +
        'anyone who can reach this port can reset the mock, issue API keys and redirect its webhooks. ' +
        'Add --no-control unless that is what you want.',
    );
  }

  const server = await startMockServer(options).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    const host = safeText(options.host ?? '127.0.0.1');
    if (code === 'EADDRINUSE')
      throw new Error(
        `Port ${port} on ${host} is in use (another mock still running?): stop it, or pick another with --port (0: any free port)`,
      );
    // Node's own messages (`getaddrinfo ENOTFOUND [::1]`) name neither the flag nor the way out.
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      throw new CommandError(
        `--host ${host}: not an address, nor a name this machine can resolve (${code})`,
        2,
      );
    if (code === 'EADDRNOTAVAIL')
      throw new CommandError(
        `--host ${host}: no network interface of this machine has that address (EADDRNOTAVAIL)`,
        2,
      );
    if (code === 'EACCES')
      throw new Error(`Port ${port} on ${host} needs privileges (EACCES): pick one above 1023 with --port`);
    // The mock refused the start instant (too late, or too early, for the data's dates: seed-dates.ts
    // words those `now must be …`): the flag's. A seed booking created after it is the seed's (exit 1).
    if (
      (error as Error).name === 'MockControlError' &&
      values.now !== undefined &&
      (error as Error).message.startsWith('now must be')
    )
      throw new CommandError(`--now ${safeText(values.now)}: ${(error as Error).message}`, 2);
    throw error;
  });
  // With --log json, stdout carries only the log's JSON lines (one object per line, for jq or a log
  // shipper): the banner and the shutdown line go to stderr.
  const say = (line: string): void => {
    if (log.format === 'json') console.error(line);
    else console.log(line);
  };
  say(`Reservation API mock listening on ${server.url}`);
  if (options.now !== undefined) say(`  Clock:   frozen at ${server.service.control.clock.now()}`);
  say(`  API:     ${server.url}/api/v1/:slug/...`);
  say(
    options.control
      ? `  Control: ${server.url}/__mock/...  Dashboard: ${server.url}/__mock/  Sessions: ${
          options.maxSessions === 0 ? 'off (--max-sessions 0)' : `POST ${server.url}/__mock/sessions`
        }`
      : '  Control: off (--no-control)',
  );
  const ownSecrets = new Set(
    (seed?.projects ?? []).filter((p) => p.webhook?.secret !== undefined).map((p) => p.slug),
  );
  await printWebhooks(server, ownSecrets, say);
  say('Keys (X-API-Key):');
  if (seed) {
    // Keys from a seed file are the user's own values, not the documented demo keys: only their
    // first characters are printed, so a log of the start never holds a usable key; its id or name
    // tells apart keys that start alike.
    for (const project of seed.projects) {
      for (const key of project.apiKeys) {
        const label = key.name ?? key.id;
        say(
          safeText(
            `  ${project.slug.padEnd(14)} ${`${key.key.slice(0, Math.min(6, Math.floor(key.key.length / 2)))}…`.padEnd(16)} ${key.permissions.join(', ') || '(public data only)'}${label ? `  (${label})` : ''}`,
          ),
        );
      }
    }
  } else if (builtIn === 'empty') {
    say('  (none: the empty seed has no projects; create them with POST /__mock/projects)');
  } else {
    for (const key of DEMO_KEYS) {
      say(
        `  ${key.project.padEnd(14)} ${key.key.padEnd(16)} ${key.permissions.join(', ') || '(public data only)'}`,
      );
    }
  }

  // Subscribed after the banner: the log begins with the first request.
  logMock(server.service, null, log, printLine);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    writer.flush();
    say(`\n${signal}: shutting down`);
    server.close().then(
      () => {
        writer.flush();
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** The subcommands that talk to a running mock. */
const COMMANDS: Readonly<Record<string, Command>> = {
  trigger: runTrigger,
  listen: runListen,
  deliveries: runDeliveries,
  redeliver: runRedeliver,
  coverage: runCoverage,
};

/** What stops a subcommand as Ctrl-C does (a closed terminal too: listen then puts its targets back). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs a subcommand: Ctrl-C aborts it (it cleans up; a second one ends the process at once), a
 * CommandError is printed with its code.
 */
async function runCommand(command: Command, args: readonly string[]): Promise<number> {
  const abort = new AbortController();
  const onSignal = () => abort.abort();
  for (const signal of STOP_SIGNALS) process.once(signal, onSignal);
  // A reader that goes away (`listen | head -1`) closes stdout: the command stops as on Ctrl-C
  // (listen puts its targets back) and prints no more, rather than end on an unhandled EPIPE.
  let stdoutOpen = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stdoutOpen = false;
    abort.abort();
  });
  const io: CommandIo = {
    out: (line) => {
      if (stdoutOpen) console.log(line);
    },
    err: (line) => console.error(line),
    signal: abort.signal,
    colour: chooseLog(undefined, process.stdout.isTTY === true, process.env).colour,
  };
  try {
    return await command(args, io);
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      return error.code;
    }
    throw error;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}

main().catch((error: unknown) => {
  // A message may quote input (a flag, a seed file's content): shown with its control characters escaped.
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.split('\n').map(safeText).join('\n'));
  process.exit(error instanceof CommandError ? error.code : 1);
});

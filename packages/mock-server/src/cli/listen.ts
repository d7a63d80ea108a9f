// `reservation-mock listen`: follows a running mock's webhook deliveries live over its event stream
// (GET /__mock/events), a line per attempt, like `stripe listen`. With --forward-to, the projects'
// webhook target is that URL for the run (PUT /__mock/projects/:slug/webhook, secret kept), set
// again after a reset (which brings back the seed's), and on exit the target each had before is
// put back where the target is still this run's (another listener may have taken it over since).
import { parseArgs } from 'node:util';
import { isWebhookUrl } from '../domain/records';
import type { MockEvent } from '../observers/mock-events';
import { CONNECTION_HELP, CONNECTION_OPTIONS, type Command, parseOrUsage } from './command';
import { follow, untilStreamEnds } from './deliveries';
import {
  type CliConnection,
  CommandError,
  connect,
  describeFailure,
  isRefused,
  mockTarget,
} from './mock-connection';
import { clipText, safeText } from './terminal-text';

export const LISTEN_HELP = `reservation-mock listen: follow a running mock's webhook deliveries live

Usage: reservation-mock listen [options]

  --forward-to URL     for this run, send the events to URL (each project's secret is kept;
                       set again after a reset); on exit every project's target, or --project's,
                       is put back while it is still this run's (not if another listener or a
                       test set another meanwhile)
  --project SLUG       with --forward-to: only this project (repeatable)
  --json               one JSON object per attempt
${CONNECTION_HELP}

Prints a line per attempt (delivery id, event, target, the receiver's status or the network error,
duration, next attempt) until Ctrl-C, or until the mock stops (exit 1).`;

interface Forwarded {
  slug: string;
  /** The target before the run: put back on exit (null: nothing was sent). */
  previous: string | null;
  /** The target this run set, as the mock holds it. */
  ours: string | null;
}

/** Each project's webhook target now, by slug (null: none). */
async function targets(connection: CliConnection): Promise<Map<string, string | null>> {
  const { control, target } = connection;
  const [projects, snapshot] = await Promise.all([control.projects(), control.snapshot()]).catch(
    (error: unknown) => {
      throw describeFailure(error, target, 'reading the webhook targets');
    },
  );
  const urls = new Map<string, string | null>();
  for (const project of projects) {
    const record = (snapshot.webhooks ?? []).find(
      (w): w is { projectId: string; url: string | null } =>
        typeof w === 'object' && w !== null && 'projectId' in w && w.projectId === project.id,
    );
    urls.set(project.slug, record?.url ?? null);
  }
  return urls;
}

/**
 * Sets each chosen project's target to `url`, adding each one set to `forwarded` as it goes, so that
 * a failure halfway still has the ones already set put back.
 */
async function forward(
  connection: CliConnection,
  url: string,
  only: readonly string[],
  forwarded: Forwarded[],
  options: { onlyExisting?: boolean } = {},
): Promise<void> {
  const { control, target } = connection;
  const urls = await targets(connection);
  const unknown = only.filter((slug) => !urls.has(slug));
  if (unknown.length > 0 && !options.onlyExisting)
    throw new CommandError(
      `Unknown project ${unknown.map((s) => `"${safeText(s)}"`).join(', ')} (projects: ${safeText([...urls.keys()].join(', '))})`,
      2,
    );
  for (const [slug, previous] of urls) {
    if (only.length > 0 && !only.includes(slug)) continue;
    const set = await control.setWebhook(slug, { url }).catch((error: unknown) => {
      throw describeFailure(error, target, `setting ${safeText(slug)}'s webhook target`);
    });
    forwarded.push({ slug, previous, ours: set.url });
  }
}

async function restore(
  connection: CliConnection,
  forwarded: readonly Forwarded[],
  err: (line: string) => void,
) {
  let failed = false;
  // Only a target that is still this run's: one another listener (or a test) set since stays.
  const now = await targets(connection).catch(() => undefined);
  for (const { slug, previous, ours } of forwarded) {
    const current = now?.get(slug);
    if (current !== undefined && current !== ours) {
      err(
        `Left ${safeText(slug)}'s webhook target as it is: changed since to ${current === null ? '(none)' : clipText(current, 200)}`,
      );
      continue;
    }
    try {
      await connection.control.setWebhook(slug, { url: previous });
      err(
        `Restored ${safeText(slug)}'s webhook target: ${previous === null ? '(none)' : clipText(previous, 200)}`,
      );
    } catch (error) {
      // The mock has gone, and its targets with it (they lived in its memory): nothing to put back.
      if (isRefused(error)) {
        err('The mock is gone, and the webhook targets this run set went with it: nothing to put back.');
        return true;
      }
      failed = true;
      err(describeFailure(error, connection.target, `restoring ${safeText(slug)}'s webhook target`).message);
    }
  }
  return !failed;
}

export const runListen: Command = async (args, io) => {
  const { values } = parseOrUsage(
    () =>
      parseArgs({
        args: [...args],
        strict: true,
        options: {
          ...CONNECTION_OPTIONS,
          'forward-to': { type: 'string' },
          project: { type: 'string', multiple: true },
          json: { type: 'boolean' },
        },
      }),
    LISTEN_HELP,
  );
  if (values.help) {
    io.out(LISTEN_HELP);
    return 0;
  }
  const forwardTo = values['forward-to'];
  // The rule of every webhook target (mock README, "Webhooks"), as a usage error before the mock is asked.
  if (forwardTo !== undefined && !isWebhookUrl(forwardTo))
    throw new CommandError(
      `--forward-to must be an http(s) URL without credentials (user:password@), got ${clipText(forwardTo, 200)}`,
      2,
    );
  if (forwardTo === undefined && values.project !== undefined)
    throw new CommandError('--project goes with --forward-to', 2);
  const target = mockTarget(values);
  const connection = await connect(target, io.signal);
  const forwarded: Forwarded[] = [];
  let stop: (() => void) | undefined;
  let refreshing = Promise.resolve();
  let chosen: readonly string[] = [];
  // A reset brings back the seed's targets: forward again, and put back the seed's on exit.
  const onEvent = (event: MockEvent): void => {
    if (forwardTo === undefined || event.type !== 'state' || event.data.kind !== 'reset') return;
    // The projects this run forwards, as chosen at its start (a failed re-forward does not shrink
    // them for the next reset). None yet: the reset came first, and the start sets the targets.
    const slugs = chosen;
    if (slugs.length === 0) return;
    // Chained, and awaited before the exit puts targets back: a Ctrl-C during it cannot leave the
    // target on this run's URL once it has gone.
    refreshing = refreshing.then(async () => {
      const again: Forwarded[] = [];
      try {
        // A project the reset removed (one added at run time) is left out, not a reason to stop.
        await forward(connection, forwardTo, slugs, again, { onlyExisting: true });
        io.err(
          again.length === 0
            ? 'The mock was reset: none of the projects forwarded is left, so nothing is forwarded any more'
            : `The mock was reset: forwarding ${safeText(again.map((f) => f.slug).join(', '))} events to ${clipText(forwardTo, 200)} again`,
        );
      } catch (error) {
        io.err((error as Error).message);
      } finally {
        forwarded.splice(0, forwarded.length, ...again);
      }
    });
  };
  try {
    stop = await follow(connection, io, values.json === true, onEvent);
    if (forwardTo !== undefined) {
      await forward(connection, forwardTo, values.project ?? [], forwarded);
      chosen = forwarded.map((f) => f.slug);
      io.err(
        `Forwarding ${forwarded.map((f) => safeText(f.slug)).join(', ') || 'no project'} events to ${clipText(forwardTo, 200)} (signed with each project's own secret)`,
      );
    }
    io.err(`Ready: listening to the deliveries of ${clipText(target.base, 200)} (Ctrl-C to stop)`);
    // Without a target no delivery is made, so nothing would ever be printed: said once, at the start.
    // Advice only: a failure to read the targets must not end the command.
    const now = forwardTo === undefined ? await targets(connection).catch(() => undefined) : undefined;
    if (now && [...now.values()].every((url) => url === null))
      io.err(
        'No project has a webhook target, so no delivery will be made: give one with --forward-to URL (or the server --webhook-url URL)',
      );
    return await untilStreamEnds(connection, io);
  } finally {
    connection.cleaningUp();
    stop?.();
    await refreshing;
    const restored =
      forwardTo === undefined || forwarded.length === 0 || (await restore(connection, forwarded, io.err));
    await connection.close();
    if (!restored) process.exitCode = 1;
  }
};

// `reservation-mock listen`: follows a running mock's webhook deliveries live over its event stream
// (GET /__mock/events), a line per attempt, like `stripe listen`. With --forward-to, the projects'
// webhook target is that URL for the run (PUT /__mock/projects/:slug/webhook, secret kept) and
// the target each had before is put back on exit.
import { parseArgs } from 'node:util';
import { CONNECTION_HELP, CONNECTION_OPTIONS, type Command, parseOrUsage } from './command';
import { follow, untilStreamEnds } from './deliveries';
import { type CliConnection, CommandError, connect, describeFailure, mockTarget } from './mock-connection';
import { clipText, safeText } from './terminal-text';

export const LISTEN_HELP = `reservation-mock listen: follow a running mock's webhook deliveries live

Usage: reservation-mock listen [options]

  --forward-to URL     for this run, send the events to URL (each project's secret is kept);
                       every project's target, or --project's, is put back on exit
  --project SLUG       with --forward-to: only this project (repeatable)
  --json               one JSON object per attempt
${CONNECTION_HELP}

Prints a line per attempt (delivery id, event, target, the receiver's status or the network error,
duration, next attempt) until Ctrl-C, or until the mock stops (exit 1).`;

interface Forwarded {
  slug: string;
  /** The target before the run: put back on exit (null: nothing was sent). */
  previous: string | null;
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
): Promise<void> {
  const { control, target } = connection;
  const [projects, snapshot] = await Promise.all([control.projects(), control.snapshot()]).catch(
    (error: unknown) => {
      throw describeFailure(error, target, 'Reading the webhook targets');
    },
  );
  const unknown = only.filter((slug) => !projects.some((p) => p.slug === slug));
  if (unknown.length > 0)
    throw new CommandError(
      `Unknown project ${unknown.map((s) => `"${safeText(s)}"`).join(', ')} (projects: ${safeText(projects.map((p) => p.slug).join(', '))})`,
      2,
    );
  const chosen = projects.filter((p) => only.length === 0 || only.includes(p.slug));
  for (const project of chosen) {
    const record = (snapshot.webhooks ?? []).find(
      (w): w is { projectId: string; url: string | null } =>
        typeof w === 'object' && w !== null && 'projectId' in w && w.projectId === project.id,
    );
    await control.setWebhook(project.slug, { url }).catch((error: unknown) => {
      throw describeFailure(error, target, `Setting ${safeText(project.slug)}'s webhook target`);
    });
    forwarded.push({ slug: project.slug, previous: record?.url ?? null });
  }
}

async function restore(
  connection: CliConnection,
  forwarded: readonly Forwarded[],
  err: (line: string) => void,
) {
  let failed = false;
  for (const { slug, previous } of forwarded) {
    try {
      await connection.control.setWebhook(slug, { url: previous });
      err(
        `Restored ${safeText(slug)}'s webhook target: ${previous === null ? '(none)' : clipText(previous, 200)}`,
      );
    } catch (error) {
      failed = true;
      err(describeFailure(error, connection.target, `Restoring ${safeText(slug)}'s webhook target`).message);
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
  if (forwardTo !== undefined && !/^https?:\/\/[^/]/.test(forwardTo))
    throw new CommandError(`--forward-to must be an http(s) URL, got ${clipText(forwardTo, 200)}`, 2);
  if (forwardTo === undefined && values.project !== undefined)
    throw new CommandError('--project goes with --forward-to', 2);
  const target = mockTarget(values);
  const connection = await connect(target);
  const forwarded: Forwarded[] = [];
  let stop: (() => void) | undefined;
  try {
    stop = await follow(connection, io, values.json === true);
    if (forwardTo !== undefined) {
      await forward(connection, forwardTo, values.project ?? [], forwarded);
      io.err(
        `Forwarding ${forwarded.map((f) => safeText(f.slug)).join(', ') || 'no project'} events to ${clipText(forwardTo, 200)} (signed with each project's own secret)`,
      );
    }
    io.err(`Ready: listening to the deliveries of ${clipText(target.base, 200)} (Ctrl-C to stop)`);
    return await untilStreamEnds(connection, io);
  } finally {
    stop?.();
    const restored = forwarded.length === 0 || (await restore(connection, forwarded, io.err));
    await connection.close();
    if (!restored) process.exitCode = 1;
  }
};

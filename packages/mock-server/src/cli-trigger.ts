// `reservation-mock trigger <event>`: asks a running mock to cause a webhook event
// (POST /__mock/projects/:slug/trigger) and prints the reservation and the deliveries it caused.
import { parseArgs } from 'node:util';
import { WEBHOOK_EVENT_NAMES as TRIGGER_EVENTS } from './observers/webhooks/event-names';

export const TRIGGER_HELP = `reservation-mock trigger: make a running mock send a webhook event, for real

Usage: reservation-mock trigger <event> [options]

  <event>              ${TRIGGER_EVENTS.join(', ')}
  --url URL            the running mock (default http://127.0.0.1:4010)
  --project SLUG       the project (default demo-bistro)
  --reservation ID     move this reservation instead of booking a new one
  --json               print the answer as JSON
  --help               show this help

reservation.created books the next free slot at least a day ahead for trigger@example.com; the
other events move the reservation along the state machine, sending every event on the way
(completed on a new reservation: created, confirmed, completed).`;

/** What the command prints, and its exit code. */
export interface CommandResult {
  code: number;
  stdout: string[];
  stderr: string[];
}

interface TriggerAnswer {
  reservationId: string;
  deliveries: string[];
}

function isTriggerEvent(value: string): value is (typeof TRIGGER_EVENTS)[number] {
  return (TRIGGER_EVENTS as readonly string[]).includes(value);
}

/** Node's fetch reports a refused connection as `fetch failed` with the code in its cause. */
function isConnectionRefused(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === 'ECONNREFUSED';
}

export async function runTrigger(args: readonly string[]): Promise<CommandResult> {
  const fail = (message: string, code = 1): CommandResult => ({ code, stdout: [], stderr: [message] });
  let parsed: ReturnType<typeof parseTriggerArgs>;
  try {
    parsed = parseTriggerArgs(args);
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${TRIGGER_HELP}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, stdout: [TRIGGER_HELP], stderr: [] };
  const [event, ...extra] = positionals;
  if (event === undefined || extra.length > 0)
    return fail(`Give exactly one event: ${TRIGGER_EVENTS.join(', ')}`, 2);
  if (!isTriggerEvent(event))
    return fail(`Unknown event "${event}": use one of ${TRIGGER_EVENTS.join(', ')}`, 2);

  const base = (values.url ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
  const project = values.project ?? 'demo-bistro';
  let url: URL;
  try {
    url = new URL(`${base}/__mock/projects/${encodeURIComponent(project)}/trigger`);
  } catch {
    return fail(`--url must be the mock's URL, e.g. http://127.0.0.1:4010; got ${base}`, 2);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        event,
        ...(values.reservation === undefined ? {} : { reservationId: values.reservation }),
      }),
    });
  } catch (error) {
    if (isConnectionRefused(error))
      return fail(`No mock is running at ${base} (connection refused): start one with \`reservation-mock\`.`);
    return fail(
      `Could not reach the mock at ${base}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status !== 201 || !isTriggerAnswer(body)) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : text.slice(0, 200);
    return fail(`Trigger failed (HTTP ${response.status}): ${message}`);
  }
  if (values.json) return { code: 0, stdout: [JSON.stringify(body)], stderr: [] };
  return {
    code: 0,
    stdout: [
      `${event} in ${project}`,
      `reservation: ${body.reservationId}`,
      `deliveries: ${body.deliveries.length > 0 ? body.deliveries.join(' ') : 'none (the project has no webhook URL)'}`,
    ],
    stderr: [],
  };
}

function parseTriggerArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      url: { type: 'string' },
      project: { type: 'string' },
      reservation: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function isTriggerAnswer(value: unknown): value is TriggerAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { reservationId, deliveries } = value as Record<string, unknown>;
  return (
    typeof reservationId === 'string' &&
    Array.isArray(deliveries) &&
    deliveries.every((d) => typeof d === 'string')
  );
}

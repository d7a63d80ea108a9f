// `reservation-mock deliveries`: a running mock's webhook delivery log as a table
// (GET /__mock/webhooks/deliveries); with --follow, then a line per attempt as it happens, over the
// event stream (GET /__mock/events), until Ctrl-C or the mock stops.
import { parseArgs } from 'node:util';
import type { MockEvent } from '../observers/mock-events';
import type { Delivery } from '../observers/webhooks';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_NAMES } from '../observers/webhooks/event-names';
import {
  aborted,
  CONNECTION_HELP,
  CONNECTION_OPTIONS,
  type Command,
  type CommandIo,
  parseOrUsage,
} from './command';
import { createEventPrinter } from './event-lines';
import { type CliConnection, CommandError, connect, describeFailure, mockTarget } from './mock-connection';
import { clipText, safeJson, safeText } from './terminal-text';

export const DELIVERIES_HELP = `reservation-mock deliveries: a running mock's webhook deliveries

Usage: reservation-mock deliveries [options]

  --status STATUS      only pending, delivered or failed ones
  --event EVENT        only this event
  --project SLUG       only this project's
  --reservation ID     only this reservation's
  --follow             then print each attempt as it happens, until Ctrl-C
  --json               one JSON object per line (deliveries, then attempts)
${CONNECTION_HELP}`;

/**
 * The outcome of the last attempt to the delivery's own URL in a table cell: the receiver's status,
 * or the network error. A copy redelivered elsewhere settles nothing (README, "Redeliver"), so its
 * answer is not the one beside the delivery's status and URL.
 */
function lastOutcome(delivery: Delivery): string {
  const last = delivery.attempts.findLast((attempt) => attempt.url === delivery.url);
  if (!last) return '-';
  return last.responseStatus !== undefined
    ? String(last.responseStatus)
    : clipText(last.error ?? 'no answer', 40);
}

/** Rows padded to their columns' widths (every cell already safe). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

export function deliveryTable(deliveries: readonly Delivery[]): string[] {
  return table(
    ['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'LAST', 'RESERVATION', 'CREATED', 'NEXT ATTEMPT', 'URL'],
    deliveries.map((d) => [
      safeText(d.id),
      safeText(d.event),
      d.status,
      String(d.attempts.length),
      lastOutcome(d),
      safeText(d.reservationId),
      d.createdAt,
      d.nextAttemptAt ?? '-',
      clipText(d.url, 80),
    ]),
  );
}

export const runDeliveries: Command = async (args, io) => {
  const { values } = parseOrUsage(
    () =>
      parseArgs({
        args: [...args],
        strict: true,
        options: {
          ...CONNECTION_OPTIONS,
          status: { type: 'string' },
          event: { type: 'string' },
          project: { type: 'string' },
          reservation: { type: 'string' },
          follow: { type: 'boolean' },
          json: { type: 'boolean' },
        },
      }),
    DELIVERIES_HELP,
  );
  if (values.help) {
    io.out(DELIVERIES_HELP);
    return 0;
  }
  // Usage errors (exit 2) before the mock is asked, as trigger's event is.
  if (values.status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(values.status))
    throw new CommandError(
      `--status must be one of ${DELIVERY_STATUSES.join(', ')}, got ${clipText(values.status, 50)}`,
      2,
    );
  if (values.event !== undefined && !(WEBHOOK_EVENT_NAMES as readonly string[]).includes(values.event))
    throw new CommandError(
      `--event must be one of ${WEBHOOK_EVENT_NAMES.join(', ')}, got ${clipText(values.event, 80)}`,
      2,
    );
  const target = mockTarget(values);
  const connection = await connect(target, io.signal);
  try {
    // The stream opens first, so that no attempt between the list and the stream is missed.
    const stop = values.follow ? await follow(connection, io, values.json === true) : undefined;
    try {
      const filter = {
        ...(values.status === undefined ? {} : { status: values.status as Delivery['status'] }),
        ...(values.event === undefined ? {} : { event: values.event as Delivery['event'] }),
        ...(values.project === undefined ? {} : { project: values.project }),
        ...(values.reservation === undefined ? {} : { reservationId: values.reservation }),
      };
      const deliveries = await connection.control.deliveries(filter).catch((error: unknown) => {
        throw describeFailure(error, target, 'listing the deliveries');
      });
      if (values.json) for (const delivery of deliveries) io.out(safeJson({ type: 'delivery', ...delivery }));
      else if (deliveries.length === 0) io.out('No deliveries.');
      else for (const line of deliveryTable(deliveries)) io.out(line);
      if (stop) {
        io.err('Following new attempts (Ctrl-C to stop)…');
        return await untilStreamEnds(connection, io);
      }
      return 0;
    } finally {
      stop?.();
    }
  } finally {
    await connection.close();
  }
};

/** Subscribes to the event stream, printing a line per attempt; the unsubscribe function. */
export async function follow(
  connection: CliConnection,
  io: { out(line: string): void; colour: boolean },
  json: boolean,
  /** Also told of each event, after it is printed (listen: a reset, to forward again). */
  also?: (event: MockEvent) => void,
) {
  const basePath = new URL(connection.target.base).pathname.replace(/\/$/, '');
  const print = createEventPrinter({
    format: json ? 'json' : 'pretty',
    colour: io.colour,
    session: connection.target.session,
    basePath,
    requests: false,
    print: (line) => io.out(line),
  });
  return connection.control
    .subscribe((event) => {
      print(event);
      also?.(event);
    })
    .catch((error: unknown) => {
      throw describeFailure(error, connection.target, 'opening the event stream');
    });
}

/** Waits for Ctrl-C (exit 0) or for the event stream to close: the mock stopped (exit 1, said why). */
export async function untilStreamEnds(
  connection: CliConnection,
  io: Pick<CommandIo, 'err' | 'signal'>,
): Promise<number> {
  await Promise.race([aborted(io.signal), connection.streamEnded]);
  if (io.signal.aborted) return 0;
  io.err('The mock stopped (or its session ended): its event stream closed.');
  return 1;
}

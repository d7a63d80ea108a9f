// `reservation-mock trigger <event>`: asks a running mock to cause a webhook event
// (POST /__mock/projects/:slug/trigger) and prints the reservation and the deliveries it caused;
// with --wait, waits until the mock is settled and prints each attempt with the receiver's answer.
import { parseArgs } from 'node:util';
import type { Delivery } from '../observers/webhooks';
import { WEBHOOK_EVENT_NAMES as TRIGGER_EVENTS } from '../observers/webhooks/event-names';
import { CONNECTION_HELP, CONNECTION_OPTIONS, type Command, parseOrUsage } from './command';
import { attemptLine } from './event-lines';
import { CommandError, connect, describeFailure, mockTarget } from './mock-connection';
import { safeJson, safeText } from './terminal-text';

export const TRIGGER_HELP = `reservation-mock trigger: make a running mock send a webhook event, for real

Usage: reservation-mock trigger <event> [options]

  <event>              ${TRIGGER_EVENTS.join(', ')}
  --project SLUG       the project (default demo-bistro)
  --reservation ID     move this reservation instead of booking a new one
  --reason TEXT        the cancellation's reason (reservation.cancelled; default none)
  --guests N           guests of the new booking, 1 to 10000 (default 1; a table seating them is chosen)
  --date YYYY-MM-DD    book on this date: its first free slot after the mock's now
  --table ID           book on this table
  --wait               wait until the mock is settled (no attempt under way) and print each
                       attempt with the receiver's answer; exits 1 unless every delivery was delivered
  --json               print the answer as JSON (with --wait: the deliveries too)
${CONNECTION_HELP}

reservation.created books the next free slot at least a day ahead for trigger@example.com; the
other events move the reservation along the state machine, sending every event on the way
(completed on a new reservation: created, confirmed, completed). --guests, --date and --table shape
the new booking, so they cannot go with --reservation.`;

function isTriggerEvent(value: string): value is (typeof TRIGGER_EVENTS)[number] {
  return (TRIGGER_EVENTS as readonly string[]).includes(value);
}

export const runTrigger: Command = async (args, io) => {
  const { values, positionals } = parseOrUsage(
    () =>
      parseArgs({
        args: [...args],
        allowPositionals: true,
        strict: true,
        options: {
          ...CONNECTION_OPTIONS,
          project: { type: 'string' },
          reservation: { type: 'string' },
          reason: { type: 'string' },
          guests: { type: 'string' },
          date: { type: 'string' },
          table: { type: 'string' },
          wait: { type: 'boolean' },
          json: { type: 'boolean' },
        },
      }),
    TRIGGER_HELP,
  );
  if (values.help) {
    io.out(TRIGGER_HELP);
    return 0;
  }
  const [event, ...extra] = positionals;
  if (event === undefined || extra.length > 0)
    throw new CommandError(`Give exactly one event: ${TRIGGER_EVENTS.join(', ')}`, 2);
  if (!isTriggerEvent(event))
    throw new CommandError(`Unknown event "${safeText(event)}": use one of ${TRIGGER_EVENTS.join(', ')}`, 2);
  let guests: number | undefined;
  if (values.guests !== undefined) {
    guests = Number(values.guests);
    if (!/^\d+$/.test(values.guests) || guests < 1)
      throw new CommandError(`--guests must be a positive integer, got ${safeText(values.guests)}`, 2);
  }
  const target = mockTarget(values);
  const project = values.project ?? 'demo-bistro';
  const options = {
    ...(values.reservation === undefined ? {} : { reservationId: values.reservation }),
    ...(values.reason === undefined ? {} : { reason: values.reason }),
    ...(guests === undefined ? {} : { guests }),
    ...(values.date === undefined ? {} : { date: values.date }),
    ...(values.table === undefined ? {} : { tableId: values.table }),
  };

  const connection = await connect(target, io.signal);
  try {
    const result = await connection.control.trigger(project, event, options).catch((error: unknown) => {
      throw describeFailure(error, target, 'triggering the event');
    });
    let deliveries: Delivery[] = [];
    if (values.wait && result.deliveries.length > 0) {
      await connection.control.settled().catch((error: unknown) => {
        // Said whole: the trigger did take effect (so it is not to be run again), and a receiver that
        // is slow to answer holds an attempt for the mock's webhook timeout (5 s unless configured).
        const failure = describeFailure(
          error,
          target,
          `waiting for the deliveries ${safeText(result.deliveries.join(' '))} of ${safeText(result.reservationId)} to settle`,
        );
        throw new CommandError(
          `${failure.message} The trigger took effect (do not run it again); an attempt waits for the receiver's answer (5 s by default).`,
          failure.code,
        );
      });
      const caused = new Set(result.deliveries);
      const listed = await connection.control
        .deliveries({ reservationId: result.reservationId })
        .catch((error: unknown) => {
          throw describeFailure(error, target, 'reading the deliveries');
        });
      deliveries = listed.filter((d) => caused.has(d.id));
    }
    // A delivery gone from the log meanwhile (a reset, or 1,000 newer ones) settled no one knows how:
    // not a success (it read as one when every delivery was gone).
    const listedIds = new Set(deliveries.map((d) => d.id));
    const gone = values.wait ? result.deliveries.filter((id) => !listedIds.has(id)) : [];
    if (values.json) {
      // `gone`: the ids of deliveries a reset (or 1,000 newer ones) took out of the log meanwhile.
      io.out(safeJson(values.wait ? { ...result, deliveries, gone } : result));
    } else {
      io.out(`${event} in ${safeText(project)}`);
      io.out(`reservation: ${safeText(result.reservationId)}`);
      io.out(
        `deliveries: ${result.deliveries.length > 0 ? safeText(result.deliveries.join(' ')) : 'none (the project has no webhook URL)'}`,
      );
      for (const delivery of deliveries) {
        for (const attempt of delivery.attempts)
          io.out(attemptLine(delivery, attempt, null, { format: 'pretty', colour: io.colour, answer: true }));
        if (delivery.status === 'pending')
          io.out(
            `${safeText(delivery.id)} pending${delivery.nextAttemptAt ? `: next attempt ${delivery.nextAttemptAt}` : ''} (reservation-mock deliveries --follow keeps watching)`,
          );
      }
    }
    for (const id of gone)
      io.err(
        `${safeText(id)} is no longer in the delivery log (a reset, or 1,000 newer deliveries): its outcome is unknown`,
      );
    return values.wait && (gone.length > 0 || deliveries.some((d) => d.status !== 'delivered')) ? 1 : 0;
  } finally {
    await connection.close();
  }
};

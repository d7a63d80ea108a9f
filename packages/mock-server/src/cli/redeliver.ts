// `reservation-mock redeliver <id>`: one more attempt of a delivery, now, with the same bytes and
// signature (POST /__mock/webhooks/deliveries/:id/redeliver), to its URL or to --to; prints the
// attempt with the receiver's answer.
import { parseArgs } from 'node:util';
import { CONNECTION_HELP, CONNECTION_OPTIONS, type Command, parseOrUsage } from './command';
import { attemptLine } from './event-lines';
import { CommandError, connect, describeFailure, mockTarget } from './mock-connection';
import { safeJson } from './terminal-text';

export const REDELIVER_HELP = `reservation-mock redeliver: send a delivery again, now (same bytes and signature)

Usage: reservation-mock redeliver <delivery id> [options]

  --to URL             send this copy to URL instead of the delivery's own (only an answer from
                       the delivery's URL can mark it delivered)
  --json               print the delivery as JSON
${CONNECTION_HELP}

Exits 1 unless the receiver answered 2xx.`;

export const runRedeliver: Command = async (args, io) => {
  const { values, positionals } = parseOrUsage(
    () =>
      parseArgs({
        args: [...args],
        allowPositionals: true,
        strict: true,
        options: { ...CONNECTION_OPTIONS, to: { type: 'string' }, json: { type: 'boolean' } },
      }),
    REDELIVER_HELP,
  );
  if (values.help) {
    io.out(REDELIVER_HELP);
    return 0;
  }
  const [id, ...extra] = positionals;
  if (id === undefined || extra.length > 0) throw new CommandError('Give exactly one delivery id (whd_…)', 2);
  const target = mockTarget(values);
  const connection = await connect(target, io.signal);
  try {
    const delivery = await connection.control
      .redeliver(id, values.to === undefined ? {} : { url: values.to })
      .catch((error: unknown) => {
        throw describeFailure(error, target, 'redelivering');
      });
    // The redelivery is the newest manual attempt (a scheduled one may have run meanwhile).
    const attempt = delivery.attempts.findLast((a) => a.manual === true) ?? delivery.attempts.at(-1);
    if (values.json) io.out(safeJson(delivery));
    else if (attempt)
      io.out(attemptLine(delivery, attempt, null, { format: 'pretty', colour: io.colour, answer: true }));
    const status = attempt?.responseStatus;
    return status !== undefined && status >= 200 && status < 300 ? 0 : 1;
  } finally {
    await connection.close();
  }
};

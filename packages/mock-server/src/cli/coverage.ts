// `reservation-mock coverage`: reads a running mock's coverage report (GET /__mock/coverage, of the
// root mock or of a session) and prints it as a terminal table grouped by kind with the uncovered
// items first, as markdown (a CI job summary) or as JSON; with --threshold, exits 1 below it. It
// talks to the mock as every command does (mock-connection.ts: --url, --session, --timeout), and
// every string of the answer is printed safe (terminal-text.ts: the answer may come from anywhere).
import { parseArgs } from 'node:util';
import type { CoverageReport } from '../observers/api-coverage';
import {
  belowThreshold,
  coverageMarkdown,
  coveragePercent,
  coverageTable,
} from '../observers/api-coverage/report';
import { CONNECTION_HELP, CONNECTION_OPTIONS, type Command, parseOrUsage } from './command';
import { CommandError, connect, describeFailure, mockTarget } from './mock-connection';
import { safeJson, safeText } from './terminal-text';

export const COVERAGE_HELP = `reservation-mock coverage: what a running mock's traffic exercised of the API

Usage: reservation-mock coverage [options]

  --format FORMAT      table (default), markdown (for a CI summary) or json
  --threshold PERCENT  exit with 1 when less than PERCENT of the items are covered
${CONNECTION_HELP}

Items: every documented answer of every operation (status and code), every state machine
transition and DELETE cancellation, every webhook event a receiver acknowledged with a 2xx.
--session reads that session's report (default: the root mock's).`;

const FORMATS = ['table', 'markdown', 'json'] as const;

/** The shape a report must have to be printed (the answer may come from something else). */
function isCoverageReport(value: unknown): value is CoverageReport {
  if (typeof value !== 'object' || value === null) return false;
  const { summary, items, refused } = value as Record<string, unknown>;
  return (
    typeof summary === 'object' &&
    summary !== null &&
    typeof (summary as Record<string, unknown>).covered === 'number' &&
    typeof (summary as Record<string, unknown>).total === 'number' &&
    Array.isArray(items) &&
    items.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Record<string, unknown>).id === 'string' &&
        typeof (item as Record<string, unknown>).kind === 'string' &&
        typeof (item as Record<string, unknown>).count === 'number',
    ) &&
    Array.isArray(refused)
  );
}

export const runCoverage: Command = async (args, io) => {
  const { values } = parseOrUsage(
    () =>
      parseArgs({
        args: [...args],
        allowPositionals: false,
        strict: true,
        options: { ...CONNECTION_OPTIONS, format: { type: 'string' }, threshold: { type: 'string' } },
      }),
    COVERAGE_HELP,
  );
  if (values.help) {
    io.out(COVERAGE_HELP);
    return 0;
  }
  const format = values.format ?? 'table';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new CommandError(`--format must be one of ${FORMATS.join(', ')}; got ${safeText(format)}`, 2);
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  // A decimal number: Number() reads '' and ' ' as 0 (every run passing) and '0x10' as 16.
  if (
    threshold !== undefined &&
    !(/^\s*\d+(\.\d+)?\s*$/.test(values.threshold ?? '') && threshold >= 0 && threshold <= 100)
  )
    throw new CommandError(
      `--threshold must be a percentage from 0 to 100; got ${safeText(values.threshold ?? '')}`,
      2,
    );
  const target = mockTarget(values);

  const connection = await connect(target, io.signal);
  try {
    const report: unknown = await connection.control.coverage().catch((error: unknown) => {
      throw describeFailure(error, target, 'reading the coverage');
    });
    if (!isCoverageReport(report))
      throw new CommandError(
        `Reading the coverage failed: ${safeText(target.base)} did not answer a coverage report`,
      );
    io.out(
      format === 'json'
        ? safeJson(report)
        : format === 'markdown'
          ? coverageMarkdown(report)
          : coverageTable(report),
    );
    if (threshold !== undefined && belowThreshold(report, threshold)) {
      io.err(`Coverage ${coveragePercent(report)} % is below the threshold of ${threshold} %.`);
      return 1;
    }
    return 0;
  } finally {
    await connection.close();
  }
};

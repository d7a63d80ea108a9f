// `reservation-mock coverage`: reads a running mock's coverage report (GET /__mock/coverage, of the
// root mock or of a session) and prints it as a terminal table grouped by kind with the uncovered
// items first, as markdown (a CI job summary) or as JSON; with --threshold, exits 1 below it. Every
// string of the answer is printed without its control characters (the answer may come from anywhere).
import { parseArgs } from 'node:util';
import type { CoverageReport } from './observers/api-coverage';
import { coverageMarkdown, coveragePercent, coverageTable } from './observers/api-coverage/report';

export const COVERAGE_HELP = `reservation-mock coverage: what a running mock's traffic exercised of the API

Usage: reservation-mock coverage [options]

  --url URL            the running mock (default http://127.0.0.1:4010)
  --session ID         the report of this session (default: the root mock's)
  --format FORMAT      table (default), markdown (for a CI summary) or json
  --threshold PERCENT  exit with 1 when less than PERCENT of the items are covered
  --help               show this help

Items: every documented answer of every operation (status and code), every state machine
transition and DELETE cancellation, every webhook event a receiver acknowledged with a 2xx.`;

/** What the command prints, and its exit code. */
export interface CoverageCommandResult {
  code: number;
  stdout: string[];
  stderr: string[];
}

const FORMATS = ['table', 'markdown', 'json'] as const;

function parseCoverageArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: false,
    strict: true,
    options: {
      url: { type: 'string' },
      session: { type: 'string' },
      format: { type: 'string' },
      threshold: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

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

/** JSON with the control and bidi characters JSON.stringify leaves raw (DEL, C1, overrides) escaped. */
const safeJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu,
    // Line breaks between members are the layout; inside strings JSON has escaped them already.
    (c) => (c === '\n' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );

/** Node's fetch reports a refused connection as `fetch failed` with the code in its cause. */
function isConnectionRefused(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === 'ECONNREFUSED';
}

export async function runCoverage(args: readonly string[]): Promise<CoverageCommandResult> {
  const fail = (message: string, code = 1): CoverageCommandResult => ({
    code,
    stdout: [],
    stderr: [message],
  });
  let values: ReturnType<typeof parseCoverageArgs>['values'];
  try {
    values = parseCoverageArgs(args).values;
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${COVERAGE_HELP}`, 2);
  }
  if (values.help) return { code: 0, stdout: [COVERAGE_HELP], stderr: [] };
  const format = values.format ?? 'table';
  if (!(FORMATS as readonly string[]).includes(format))
    return fail(`--format must be one of ${FORMATS.join(', ')}; got ${format}`, 2);
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  if (threshold !== undefined && !(Number.isFinite(threshold) && threshold >= 0 && threshold <= 100))
    return fail(`--threshold must be a percentage from 0 to 100; got ${values.threshold}`, 2);

  const base = (values.url ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
  const world = values.session === undefined ? '' : `/sessions/${encodeURIComponent(values.session)}`;
  let url: URL;
  try {
    url = new URL(`${base}${world}/__mock/coverage`);
  } catch {
    return fail(`--url must be the mock's URL, e.g. http://127.0.0.1:4010; got ${base}`, 2);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
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
  if (response.status !== 200 || !isCoverageReport(body)) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : text.slice(0, 200);
    return fail(`Coverage failed (HTTP ${response.status}): ${safeJson(message).slice(1, -1)}`);
  }
  const printed =
    format === 'json' ? safeJson(body) : format === 'markdown' ? coverageMarkdown(body) : coverageTable(body);
  const percent = coveragePercent(body);
  if (threshold !== undefined && percent < threshold)
    return {
      code: 1,
      stdout: [printed],
      stderr: [`Coverage ${percent} % is below the threshold of ${threshold} %.`],
    };
  return { code: 0, stdout: [printed], stderr: [] };
}

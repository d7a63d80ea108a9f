// A coverage report (./counter.ts) merged with others and written for people: a terminal table and a
// markdown table (a CI summary), grouped by kind with the uncovered items first. Pure: no I/O, so the
// CLI, the Vitest and Playwright helpers and a browser alike use it.
import { type CoverageItem, type CoverageReport, EVIDENCE_KEPT, type RefusedGroup } from './counter';
import type { CoverageKind } from './space';

const KINDS: readonly CoverageKind[] = ['answer', 'transition', 'event'];
const KIND_TITLES: Record<CoverageKind, string> = {
  answer: 'Answers',
  transition: 'Transitions',
  event: 'Events acknowledged',
};

/**
 * Throws a TypeError, naming `what`, for a value that is no coverage report: a Promise (a remote
 * `coverage()` not awaited), `undefined`, a part file cut short. Only the fields a merge reads are
 * checked (items and refused groups with their counts).
 */
export function checkCoverageReport(value: unknown, what: string): asserts value is CoverageReport {
  const why = (() => {
    if (typeof value !== 'object' || value === null) return `got ${value === null ? 'null' : typeof value}`;
    if (typeof (value as { then?: unknown }).then === 'function') return 'got a Promise (await it first)';
    const { items, refused } = value as { items?: unknown; refused?: unknown };
    if (!Array.isArray(items) || !Array.isArray(refused)) return 'it has no items and refused lists';
    const bad = [...items, ...refused].find(
      (entry: unknown) =>
        typeof entry !== 'object' ||
        entry === null ||
        !Number.isInteger((entry as { count?: unknown }).count) ||
        (entry as { count: number }).count < 0,
    );
    return bad === undefined ? undefined : `an entry has no count: ${JSON.stringify(bad)}`;
  })();
  if (why !== undefined)
    throw new TypeError(`${what} is not a coverage report (what control.coverage() returns): ${why}`);
}

/** Throws a RangeError for a threshold that is no percentage (checked when a run starts, not at its end). */
export function checkCoverageThreshold(threshold: unknown): void {
  if (
    threshold !== undefined &&
    !(typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 0 && threshold <= 100)
  )
    throw new RangeError(`threshold must be a percentage from 0 to 100; got ${String(threshold)}`);
}

/** One report of many (workers, sessions, test files): counts added, every item of any of them listed. */
export function mergeCoverage(reports: readonly CoverageReport[]): CoverageReport {
  if (!Array.isArray(reports)) throw new TypeError('mergeCoverage takes an array of coverage reports');
  reports.forEach((report, index) => {
    checkCoverageReport(report, `mergeCoverage: report ${index}`);
  });
  const items = new Map<string, CoverageItem>();
  const refused = new Map<string, RefusedGroup>();
  const evidence = new Map<string, string[]>();
  for (const report of reports) {
    for (const item of report.items) {
      const key = `${item.kind}\u0000${item.id}`;
      const known = items.get(key);
      if (known) known.count += item.count;
      else items.set(key, { ...item });
    }
    for (const group of report.refused) {
      const key = JSON.stringify([group.operationId, group.status, group.code, group.field, group.message]);
      const known = refused.get(key);
      if (known) known.count += group.count;
      else refused.set(key, { ...group });
    }
    // A request is named once: parts saved without a reset between them repeat the same ids.
    for (const [id, ids] of Object.entries<string[]>(report.evidence ?? {}))
      if (Array.isArray(ids))
        evidence.set(id, [...new Set([...(evidence.get(id) ?? []), ...ids])].slice(-EVIDENCE_KEPT));
  }
  const all = [...items.values()];
  return {
    success: true,
    summary: { covered: all.filter((item) => item.count > 0).length, total: all.length },
    items: all,
    refused: [...refused.values()],
    evidence: Object.fromEntries(evidence),
  };
}

/** Covered items in percent of all (0 for a report of no items), with one decimal. */
export function coveragePercent(report: Pick<CoverageReport, 'summary'>): number {
  const { covered, total } = report.summary;
  // A report of no items (merged from none) covers nothing: 0, not "100 % of nothing".
  return total === 0 ? 0 : Math.floor((covered / total) * 1000) / 10;
}

/**
 * Whether less than `threshold` percent of the items are covered, judged on the exact share (the
 * percentage shown is cut to one decimal: 40 of 118 reads 33.8 % but meets a threshold of 33.85).
 */
export function belowThreshold(report: Pick<CoverageReport, 'summary'>, threshold: number): boolean {
  const { covered, total } = report.summary;
  // With a tolerance far below one item: 64.4 × 250 is 16100.000000000002 in floating point, and
  // 161 of 250 meets 64.4 %.
  // A report of no items meets only a threshold of 0: a gate with nothing to judge fails.
  if (total === 0) return threshold > 0;
  return (covered * 100) / total < threshold - 1e-9;
}

/** Covered and total items of each kind. */
export function coverageByKind(
  report: Pick<CoverageReport, 'items'>,
): Record<CoverageKind, { covered: number; total: number }> {
  const byKind = {
    answer: { covered: 0, total: 0 },
    transition: { covered: 0, total: 0 },
    event: { covered: 0, total: 0 },
  };
  for (const item of report.items) {
    const kind = byKind[item.kind];
    if (!kind) continue;
    kind.total += 1;
    if (item.count > 0) kind.covered += 1;
  }
  return byKind;
}

/** The items of a kind, uncovered first (in the space's order), then covered. */
function ordered(report: CoverageReport, kind: CoverageKind): CoverageItem[] {
  const items = report.items.filter((item) => item.kind === kind);
  return [...items.filter((item) => item.count === 0), ...items.filter((item) => item.count > 0)];
}

/** A string from a report (which may come from any server) as safe to print: no control characters. */
export function printable(text: string): string {
  // C0, DEL and C1 controls (escape sequences would reach the terminal), and bidi overrides.
  return text.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '?');
}

/** A refused group's line, `field` in backticks: `code` gives the field as the output writes code. */
const refusalLine = (
  group: RefusedGroup,
  code = (field: string) => `\`${field}\``,
  text = printable,
): string =>
  `${text(group.operationId ?? '(unknown operation)')}: ${group.field === null ? '' : `${code(group.field)} `}${text(
    `${group.message}${group.status === 415 ? ' (415)' : ''}, ${group.count} ${group.count === 1 ? 'time' : 'times'}`,
  )}`;

/** The report as a terminal table: a summary line, then each kind with its uncovered items first. */
export function coverageTable(report: CoverageReport): string {
  const lines = [
    `Coverage: ${report.summary.covered}/${report.summary.total} (${coveragePercent(report)} %)`,
  ];
  const byKind = coverageByKind(report);
  for (const kind of KINDS) {
    const items = ordered(report, kind);
    if (items.length === 0) continue;
    lines.push('', `${KIND_TITLES[kind]}: ${byKind[kind].covered}/${byKind[kind].total}`);
    const width = Math.max(...items.map((item) => printable(item.id).length));
    for (const item of items)
      lines.push(`  ${item.count === 0 ? '✗' : '✓'} ${printable(item.id).padEnd(width)}  ${item.count}`);
  }
  if (report.refused.length > 0) {
    lines.push('', 'Requests the contract refused:');
    for (const group of report.refused) lines.push(`  ${printable(refusalLine(group))}`);
  }
  return lines.join('\n');
}

/** Escapes a cell of a markdown table. */
const cell = (text: string): string => printable(text).replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);

/** The report as markdown (a CI job summary): a table per kind, uncovered items first. */
export function coverageMarkdown(report: CoverageReport, title = 'API coverage'): string {
  const byKind = coverageByKind(report);
  const lines = [
    `## ${cell(title)}: ${report.summary.covered}/${report.summary.total} (${coveragePercent(report)} %)`,
    '',
    '| Kind | Covered | Total |',
    '| --- | ---: | ---: |',
    ...KINDS.map((kind) => `| ${KIND_TITLES[kind]} | ${byKind[kind].covered} | ${byKind[kind].total} |`),
  ];
  for (const kind of KINDS) {
    const items = ordered(report, kind);
    if (items.length === 0) continue;
    lines.push('', `### ${KIND_TITLES[kind]}`, '', '| Item | Count |', '| --- | ---: |');
    for (const item of items)
      lines.push(`| ${item.count === 0 ? '❌' : '✅'} ${cell(item.id)} | ${item.count} |`);
  }
  if (report.refused.length > 0) {
    lines.push('', '### Requests the contract refused', '');
    // The field as a code span (its own backticks made quotes, so it cannot end the span early); the
    // rest escaped: a markdown that escaped the span's backticks showed them as text.
    const code = (field: string) => `\`${printable(field).replace(/`/g, "'")}\``;
    for (const group of report.refused) lines.push(`- ${refusalLine(group, code, cell)}`);
  }
  return `${lines.join('\n')}\n`;
}

// Writing benchmark results where people read them: a section of BENCHMARKS.md (replaced in place,
// the other sections kept) headed by the machine it ran on, and a small hand-written SVG bar chart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BENCHMARKS_MD = `${REPO_ROOT}BENCHMARKS.md`;

const INTRO = `# Benchmarks

Every figure below was written by the committed script named in its section, run on the machine that
section names; a run replaces only its own section. Goals are checked as ratios against a baseline
measured in the same run, never as timed test assertions. Other processes on the machine share its
cores, so each section also records the load average when the run started.
`;

/** Share of the machine's CPU time that was idle over `ms` (Linux /proc/stat), or NaN elsewhere. */
export async function idleShare(ms: number): Promise<number> {
  const read = (): [number, number] => {
    try {
      const cpu =
        readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
      const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
      return [idle, cpu.reduce((a, b) => a + b, 0)];
    } catch {
      return [Number.NaN, Number.NaN];
    }
  };
  const [idle0, total0] = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const [idle1, total1] = read();
  return (idle1 - idle0) / (total1 - total0);
}

/**
 * Waits, at most `maxMs`, for a second in which the machine is at least `share` idle, so that a run
 * does not start while other work holds the cores. Returns the last idle share seen.
 */
export async function waitForIdle(share: number, maxMs: number): Promise<number> {
  const until = Date.now() + maxMs;
  let idle = await idleShare(1000);
  while (!(idle >= share) && Date.now() < until && Number.isFinite(idle)) idle = await idleShare(1000);
  return idle;
}

/** One line on what ran where: CPU model, cores, Node, date, load average. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const [load1 = 0] = loadavg();
  return `${cpu}, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load1.toFixed(2)} at start`;
}

/** Replaces (or appends) the section `id` of BENCHMARKS.md. */
export function writeSection(id: string, markdown: string): void {
  const begin = `<!-- section:${id} -->`;
  const end = `<!-- /section:${id} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const current = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, 'utf8') : INTRO;
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(BENCHMARKS_MD, next);
}

/** A Markdown table from a header row and rows of cells. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export interface BarGroup {
  label: string;
  /** Bars of the group, left to right. */
  bars: { name: string; value: number }[];
  /** A horizontal goal mark across the group, in the same unit as the bars. */
  goal?: { value: number; label: string };
}

const COLOURS = ['#2f6fb5', '#b0b7c3', '#5fa35f', '#d08c2f'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A grouped bar chart as SVG text: one group per endpoint, a dashed goal line per group. */
export function barChart(title: string, unit: string, groups: readonly BarGroup[]): string {
  const width = 760;
  const height = 360;
  const left = 70;
  const right = 20;
  const top = 50;
  const bottom = 70;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const max = Math.max(1, ...groups.flatMap((g) => [...g.bars.map((b) => b.value), g.goal?.value ?? 0]));
  // A round axis maximum: 1, 2 or 5 times a power of ten.
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const axisMax = ([1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= max) ?? max) as number;
  const y = (value: number) => top + plotH - (value / axisMax) * plotH;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const value = (axisMax / 5) * i;
    out.push(
      `<line x1="${left}" x2="${width - right}" y1="${y(value)}" y2="${y(value)}" stroke="#e3e6ea"/>`,
      `<text x="${left - 6}" y="${y(value) + 4}" text-anchor="end" fill="#555">${Math.round(value).toLocaleString('en-US')}</text>`,
    );
  }
  out.push(
    `<text x="16" y="${top + plotH / 2}" transform="rotate(-90 16 ${top + plotH / 2})" text-anchor="middle" fill="#555">${escapeXml(unit)}</text>`,
  );
  const groupW = plotW / groups.length;
  groups.forEach((group, g) => {
    const x0 = left + g * groupW;
    const barW = (groupW * 0.6) / group.bars.length;
    const start = x0 + groupW * 0.2;
    group.bars.forEach((bar, b) => {
      const x = start + b * barW;
      out.push(
        `<rect x="${x.toFixed(1)}" y="${y(bar.value).toFixed(1)}" width="${(barW - 4).toFixed(1)}" height="${(top + plotH - y(bar.value)).toFixed(1)}" fill="${COLOURS[b % COLOURS.length]}"><title>${escapeXml(`${group.label} ${bar.name}: ${Math.round(bar.value)}`)}</title></rect>`,
        `<text x="${(x + (barW - 4) / 2).toFixed(1)}" y="${(y(bar.value) - 4).toFixed(1)}" text-anchor="middle" font-size="10" fill="#333">${Math.round(bar.value).toLocaleString('en-US')}</text>`,
      );
    });
    if (group.goal) {
      const gy = y(group.goal.value).toFixed(1);
      out.push(
        `<line x1="${(start - 6).toFixed(1)}" x2="${(start + barW * group.bars.length + 2).toFixed(1)}" y1="${gy}" y2="${gy}" stroke="#c0392b" stroke-width="2" stroke-dasharray="6 3"/>`,
        `<text x="${(start + barW * group.bars.length + 4).toFixed(1)}" y="${(Number(gy) + 4).toFixed(1)}" font-size="10" fill="#c0392b">${escapeXml(group.goal.label)}</text>`,
      );
    }
    out.push(
      `<text x="${(x0 + groupW / 2).toFixed(1)}" y="${top + plotH + 18}" text-anchor="middle">${escapeXml(group.label)}</text>`,
    );
  });
  const names = groups[0]?.bars.map((b) => b.name) ?? [];
  names.forEach((name, i) => {
    const x = left + i * 170;
    out.push(
      `<rect x="${x}" y="${height - 28}" width="12" height="12" fill="${COLOURS[i % COLOURS.length]}"/>`,
      `<text x="${x + 18}" y="${height - 18}">${escapeXml(name)}</text>`,
    );
  });
  const legendX = left + names.length * 170;
  out.push(
    `<line x1="${legendX}" x2="${legendX + 24}" y1="${height - 22}" y2="${height - 22}" stroke="#c0392b" stroke-width="2" stroke-dasharray="6 3"/>`,
    `<text x="${legendX + 30}" y="${height - 18}">goal (share of raw)</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}

export function writeFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The median of samples (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

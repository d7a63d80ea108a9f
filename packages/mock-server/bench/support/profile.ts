// Summarises a V8 .cpuprofile (node --cpu-prof): self time per function, the frames where the CPU
// actually went, grouped by function and source location, busiest first.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface Frame {
  name: string;
  where: string;
  /** Share of all sampled time, 0–1 (idle excluded). */
  self: number;
  /** Self time in microseconds. */
  us: number;
}

/** Where a frame's code lives, short: a package name for dependencies, a repo path for ours. */
function location(url: string, line: number, root: string): string {
  if (url === '') return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = path.slice(modules + '/node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `${pkg} ${rest.slice(pkg?.startsWith('@') ? 2 : 1).join('/')}:${line + 1}`;
  }
  if (path.startsWith('node:')) return path;
  return `${relative(root, path)}:${line + 1}`;
}

/**
 * Nodes under the profiler's own frames (node:inspector, which stops the profiler and serialises the
 * profile inside the sampled window): not work the server did.
 */
function profilerNodes(profile: CpuProfile): Set<number> {
  const excluded = new Set<number>();
  const visit = (node: ProfileNode | undefined, inside: boolean, byId: Map<number, ProfileNode>) => {
    if (!node) return;
    const here = inside || node.callFrame.url.startsWith('node:inspector');
    if (here) excluded.add(node.id);
    for (const child of node.children ?? []) visit(byId.get(child), here, byId);
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  visit(profile.nodes[0], false, byId);
  return excluded;
}

export function topFrames(file: string, root: string, limit = 15): Frame[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const excluded = profilerNodes(profile);
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const grouped = new Map<string, { name: string; where: string; us: number }>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node || excluded.has(id)) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    // Idle and the profiler's own bookkeeping are not work the server did.
    if (functionName === '(idle)' || functionName === '(program)') continue;
    const name = functionName || '(anonymous)';
    const where = location(url, lineNumber, root);
    const key = `${name}\u0000${where}`;
    const entry = grouped.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    grouped.set(key, entry);
    total += us;
  }
  return [...grouped.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, limit)
    .map(({ name, where, us }) => ({ name, where, us, self: total === 0 ? 0 : us / total }));
}

/** Self time grouped by package (or `ours` / `node:` internals): which layer the time went to. */
export function timeByLayer(file: string): { layer: string; self: number; us: number }[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const excluded = profilerNodes(profile);
  const layers = new Map<string, number>();
  let total = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] as number);
    if (!node || excluded.has(node.id)) continue;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    const us = deltas[i] ?? 0;
    let layer: string;
    const modules = url.lastIndexOf('/node_modules/');
    if (functionName === '(garbage collector)') layer = '(garbage collector)';
    else if (url === '') layer = 'native (V8 builtins, syscalls such as writev)';
    else if (url.startsWith('node:')) layer = 'node: internals (http, streams)';
    else if (modules !== -1) {
      const rest = url.slice(modules + '/node_modules/'.length).split('/');
      layer = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? '?');
    } else layer = 'mock-server';
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    total += us;
  }
  return [...layers.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([layer, us]) => ({ layer, us, self: total === 0 ? 0 : us / total }));
}

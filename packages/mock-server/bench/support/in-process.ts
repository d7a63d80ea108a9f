// The mock's own cost per request, without HTTP: the built core's handle() in a loop, on the same
// data as the server child. What the HTTP figures are compared with to see how much of a request is
// the mock itself and how much is node:http and the kernel. The first version (first-version.ts)
// is loaded the same way from its own build: its `createMockService().answer()` is what its server
// called per request, the same step as today's `createMockCore().handle()` (request in, answer out).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MockRequest } from '../../src/pipeline/exchange';
import type { LoadCase } from './load';
import { NOW, SLUG, seededReservation } from './workload';

type NodeEntry = typeof import('../../src/node');

const WARMUP = 3000;
const MEASURED = 20_000;

/** A built mock as the in-process benchmarks drive it, whichever version. */
export interface InProcessMock {
  readonly baseUrl: string;
  /** Request in, answer out: handle() today, answer() in the first version. */
  handle(request: MockRequest): Promise<{ status: number } | undefined>;
  addReservation(slug: string, input: ReturnType<typeof seededReservation>): Promise<unknown>;
  close(): void;
}

/** The first version's entry, as far as it is used here (its own types are not in this checkout). */
interface FirstVersionEntry {
  createMockService(options: { now: string }): {
    baseUrl: string;
    answer(request: MockRequest): Promise<{ status: number } | undefined>;
    control: { addReservation(slug: string, input: unknown): Promise<unknown> };
    close(): void;
  };
}

/**
 * The built mock of this checkout, or of another version when `packageDir` names its built package:
 * one with `createMockCore()` (any commit since the core was rebuilt) is driven by its `handle()`,
 * the first version by its `createMockService().answer()`.
 */
export async function loadInProcessMock(packageDir?: string): Promise<InProcessMock> {
  const entry = (await import(
    packageDir === undefined
      ? new URL('../../dist/node.js', import.meta.url).href
      : pathToFileURL(join(packageDir, 'dist/node.js')).href
  )) as Partial<NodeEntry> & Partial<FirstVersionEntry>;
  if (entry.createMockCore) {
    const core = entry.createMockCore({ now: NOW });
    return {
      baseUrl: core.baseUrl,
      handle: (request) => core.handle(request),
      addReservation: (slug, input) => core.control.addReservation(slug, input),
      close: () => core.close(),
    };
  }
  if (!entry.createMockService) throw new Error(`${packageDir}: no createMockCore or createMockService`);
  const service = entry.createMockService({ now: NOW });
  return {
    baseUrl: service.baseUrl,
    handle: (request) => service.answer(request),
    addReservation: (slug, input) => service.control.addReservation(slug, input),
    close: () => service.close(),
  };
}

const encoder = new TextEncoder();

/** A fresh plain request for `load` (the i-th body for a POST). */
export function requestFor(load: LoadCase, baseUrl: string, i: number): MockRequest {
  const body = load.body ? encoder.encode(load.body(i)) : new Uint8Array(0);
  return {
    method: load.method,
    url: new URL(load.path, baseUrl),
    header: (name: string) => load.headers[name] ?? null,
    hasBody: body.byteLength > 0,
    body: async () => body,
  };
}

/** Mean µs per answer of each case through the mock's handle(), after a warm-up. */
export async function inProcessCosts(
  cases: readonly LoadCase[],
  seeded: number,
  packageDir?: string,
): Promise<Map<string, number>> {
  const mock = await loadInProcessMock(packageDir);
  for (let i = 0; i < seeded; i++) await mock.addReservation(SLUG, seededReservation(i));
  const costs = new Map<string, number>();
  let counter = 30_000_000;
  for (const load of cases) {
    for (let i = 0; i < WARMUP; i++) await mock.handle(requestFor(load, mock.baseUrl, counter++));
    const started = performance.now();
    for (let i = 0; i < MEASURED; i++) {
      const answer = await mock.handle(requestFor(load, mock.baseUrl, counter++));
      if (answer?.status !== load.expect) throw new Error(`${load.name} in process: ${answer?.status}`);
    }
    costs.set(load.name, ((performance.now() - started) * 1000) / MEASURED);
  }
  mock.close();
  return costs;
}

// The mock's own cost per request, without HTTP: the built core's handle() in a loop, on the same
// data as the server child. What the HTTP figures are compared with to see how much of a request is
// the mock itself and how much is node:http and the kernel.
import type { MockRequest } from '../../src/pipeline/exchange';
import type { LoadCase } from './load';
import { NOW, SLUG, seededReservation } from './workload';

type NodeEntry = typeof import('../../src/node');

const WARMUP = 3000;
const MEASURED = 20_000;

/** Mean µs per answer of each case through the core's handle(), after a warm-up. */
export async function inProcessCosts(
  cases: readonly LoadCase[],
  seeded: number,
): Promise<Map<string, number>> {
  const { createMockCore } = (await import(new URL('../../dist/node.js', import.meta.url).href)) as NodeEntry;
  const service = createMockCore({ now: NOW });
  for (let i = 0; i < seeded; i++) await service.control.addReservation(SLUG, seededReservation(i));
  const costs = new Map<string, number>();
  const encoder = new TextEncoder();
  let counter = 30_000_000;
  for (const load of cases) {
    const request = (): MockRequest => {
      const body = load.body ? encoder.encode(load.body(counter++)) : new Uint8Array(0);
      return {
        method: load.method,
        url: new URL(load.path, service.baseUrl),
        header: (name: string) => load.headers[name] ?? null,
        hasBody: body.byteLength > 0,
        body: async () => body,
      };
    };
    for (let i = 0; i < WARMUP; i++) await service.handle(request());
    const started = performance.now();
    for (let i = 0; i < MEASURED; i++) {
      const answer = await service.handle(request());
      if (answer?.status !== load.expect) throw new Error(`${load.name} in process: ${answer?.status}`);
    }
    costs.set(load.name, ((performance.now() - started) * 1000) / MEASURED);
  }
  service.close();
  return costs;
}

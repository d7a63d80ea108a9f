// The server child of the HTTP benchmarks: the BUILT mock (dist/node.js, as published), started on
// 127.0.0.1 with a free port and the demo data plus `--reservations N` seeded reservations in
// demo-bistro, on a frozen clock. It runs in its own process so the load generator does not share
// its event loop, and answers the parent over IPC (ready, heap after gc, stop). With `--via msw` it
// answers through msw's getResponse instead, as the standalone server did before (msw-server.ts);
// `--journal-limit 0` turns the request journal off (what the journal costs). `--package-dir DIR`
// loads the built mock of another checkout (the first version, first-version.ts) with the
// same workload; `--webhook-url URL` sends every project's webhooks there; `--control` serves the
// control routes and the event stream.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startMswServer } from './msw-server';
import { createProfiler } from './profiler';
import { type ChildMessage, isParentMessage } from './protocol';
import { NOW, SLUG, seededReservation } from './workload';

const { values } = parseArgs({
  options: {
    reservations: { type: 'string', default: '0' },
    control: { type: 'boolean', default: false },
    via: { type: 'string', default: 'answer' },
    'journal-limit': { type: 'string' },
    'package-dir': { type: 'string' },
    'webhook-url': { type: 'string' },
  },
});

// Typed against the sources, loaded from the build: the benchmark measures what users run. The
// first version's entry takes the options used here (port, now, control, webhookUrl) alike.
type NodeEntry = typeof import('../../src/node');
const entry = values['package-dir']
  ? pathToFileURL(join(values['package-dir'], 'dist/node.js')).href
  : new URL('../../dist/node.js', import.meta.url).href;
const { startMockServer } = (await import(entry)) as NodeEntry;
const count = Number(values.reservations);

const send = (message: ChildMessage): void => {
  process.send?.(message);
};

const server = await startMockServer({
  port: 0,
  now: NOW,
  control: values.control,
  ...(values['journal-limit'] === undefined ? {} : { journalLimit: Number(values['journal-limit']) }),
  ...(values['webhook-url'] === undefined ? {} : { webhookUrl: values['webhook-url'] }),
});
const seeding = performance.now();
for (let i = 0; i < count; i++) await server.service.control.addReservation(SLUG, seededReservation(i));
const seedMs = performance.now() - seeding;
// The same service, answered the old way on a port of its own.
const msw = values.via === 'msw' ? await startMswServer(server.service) : undefined;

const gc = (globalThis as { gc?: () => void }).gc;
const profiler = createProfiler(send);
process.on('message', async (raw: unknown) => {
  if (!isParentMessage(raw)) return;
  await profiler(raw);
  if (raw.type === 'stop') {
    msw?.server.closeAllConnections();
    msw?.server.close();
    await server.close();
    process.exit(0);
  }
  if (raw.type === 'heap') {
    // Counted first: the snapshot's garbage is then collected before the heap is read.
    const reservations = (await server.service.control.snapshot()).reservations?.length ?? 0;
    // Twice: the first pass may only queue finalizers whose memory the second one frees.
    gc?.();
    gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    send({ type: 'heap', heapUsed, rss, reservations });
  }
});
send({ type: 'ready', url: msw?.url ?? server.url, seedMs });

// The conformance run (issue "Hostile input, time edges and a contract that tells the truth"): the
// standalone server replays representative traffic for every operation of openapi.yaml, valid and
// each documented error class, and Ajv (JSON Schema 2020-12) checks every request, every answer and
// every webhook the server sends against openapi.yaml. Expected: no findings at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MockServer, startMockServer } from '@reservation-api/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, type Exchange, type ReplayRequest, replay } from './client';
import {
  coverageFindings,
  type ReceivedWebhook,
  requestFindings,
  responseFindings,
  webhookFindings,
} from './findings';
import { NOW, replayTraffic } from './traffic';

let server: MockServer;
let receiver: Server;
const webhooks: ReceivedWebhook[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      webhooks.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await startMockServer({ port: 0, now: NOW });
});

afterAll(async () => {
  await server?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** `POST /api/v1/… (key rk_demo_read, Content-Type text/plain)`: enough to find the request in traffic.ts. */
function labelOf(request: ReplayRequest): string {
  const notes = [
    request.key === undefined ? '' : `key ${request.key}`,
    request.host === undefined ? '' : `Host ${request.host}`,
    request.contentType === undefined ? '' : `Content-Type ${request.contentType}`,
  ].filter(Boolean);
  return `${request.method} ${request.path}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

interface DeliveryLog {
  deliveries: { id: string; status: string }[];
}

describe('conformance replay against openapi.yaml', () => {
  it('every request, answer and webhook of the replayed traffic matches the contract', async () => {
    const { port } = server.address;
    const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    for (const slug of ['demo-bistro', 'demo-salon'])
      await control(port, 'PUT', `/projects/${slug}/webhook`, { url: hooks });

    const exchanges: Exchange[] = [];
    await replayTraffic({
      send: async (request) => {
        const exchange = await replay(port, request);
        exchanges.push(exchange);
        return exchange;
      },
      control: (method, path, json) => control(port, method, path, json),
    });

    // First attempts start at once; POST /__mock/settled answers once none is under way (no polling,
    // no deadline), so every delivery has been made by then.
    await control(port, 'POST', '/settled');
    const log = (await control(port, 'GET', '/webhooks/deliveries')) as DeliveryLog;

    const findings = [
      ...exchanges.flatMap((exchange, i) => {
        const label = `#${i + 1} ${labelOf(exchange.request)}`;
        return [...requestFindings(exchange, label), ...responseFindings(exchange, label)];
      }),
      ...webhooks.flatMap((webhook, i) => webhookFindings(webhook, `webhook #${i + 1}`)),
      ...log.deliveries.filter((d) => d.status !== 'delivered').map((d) => `delivery ${d.id} is ${d.status}`),
      ...(webhooks.length === log.deliveries.length
        ? []
        : [`the receiver got ${webhooks.length} webhooks for ${log.deliveries.length} deliveries`]),
      ...coverageFindings(exchanges, webhooks),
    ];
    expect(exchanges.length).toBeGreaterThan(150);
    expect(findings, `${findings.length} findings:\n${findings.join('\n')}`).toEqual([]);
  });
});

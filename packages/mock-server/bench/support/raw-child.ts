// The baseline of the HTTP benchmarks: a bare node:http server that answers each known request with
// the exact bytes (status, headers, body) the mock sent for it, captured beforehand. It does the
// least a server can do (read the request, write canned bytes), so mock/raw is the share of a core's
// throughput that the mock keeps for the API itself.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createProfiler } from './profiler';
import { type CannedAnswer, type ChildMessage, isParentMessage } from './protocol';

const { values } = parseArgs({ options: { answers: { type: 'string' } } });
if (!values.answers) throw new Error('raw-child needs --answers FILE');
const canned = JSON.parse(readFileSync(values.answers, 'utf8')) as Record<string, CannedAnswer>;
const answers = new Map(
  Object.entries(canned).map(([key, answer]) => [
    key,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
  ]),
);
const notFound = Buffer.from('{"error":"Not Found","message":"Not found"}');

function answer(req: IncomingMessage, res: ServerResponse): void {
  const key = `${req.method} ${req.url}`;
  const found = answers.get(key);
  if (!found) {
    res.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
    res.end(notFound);
    return;
  }
  res.writeHead(found.status, found.headers);
  res.end(found.body);
}

const server = createServer((req, res) => {
  // A GET is answered at once; a body is read to its end first, as any server must before answering.
  if (req.method === 'GET' || req.method === 'HEAD') {
    answer(req, res);
    return;
  }
  req.resume();
  req.on('end', () => answer(req, res));
});

const send = (message: ChildMessage): void => {
  process.send?.(message);
};
const profiler = createProfiler(send);
process.on('message', async (raw: unknown) => {
  if (!isParentMessage(raw)) return;
  await profiler(raw);
  if (raw.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
  if (raw.type === 'heap') {
    const { heapUsed, rss } = process.memoryUsage();
    send({ type: 'heap', heapUsed, rss, reservations: 0 });
  }
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  send({ type: 'ready', url: `http://127.0.0.1:${port}`, seedMs: 0 });
});

// A bare node:http server that burns a fixed number of microseconds of CPU before each answer: the
// calibration of bench/http-calibration.ts. Prints nothing; tells the parent its port over IPC.
import { createServer } from 'node:http';

const extraUs = Number(process.argv[2] ?? '0');
const body = Buffer.from(JSON.stringify({ success: true, count: 0, services: [] }));
const headers = ['content-type', 'application/json', 'content-length', String(body.length)];

const server = createServer((_req, res) => {
  const until = process.hrtime.bigint() + BigInt(Math.round(extraUs * 1000));
  while (process.hrtime.bigint() < until);
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.(typeof address === 'object' && address ? address.port : 0);
});
process.on('disconnect', () => process.exit(0));

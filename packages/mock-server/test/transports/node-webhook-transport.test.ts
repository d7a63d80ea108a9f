import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StoppableWebhookPost } from '../../src/observers/webhooks';
import { createNodeWebhookTransport } from '../../src/transports/node-webhook-transport';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function receiver(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const sockets = new Set<unknown>();
  const server = createServer((req, res) => {
    sockets.add(req.socket);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, sockets };
}

function transport() {
  const made = createNodeWebhookTransport();
  closers.push(made.close);
  return made.send;
}

async function readAll(reply: { read(): Promise<Uint8Array | undefined> }): Promise<string> {
  const chunks: Uint8Array[] = [];
  for (let chunk = await reply.read(); chunk !== undefined; chunk = await reply.read()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the standalone server webhook transport', () => {
  it('POSTs the body and headers, and gives the status, headers and body of the answer', async () => {
    let seen: { method?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const { url } = await receiver((req, res, body) => {
      seen = { method: req.method, headers: req.headers, body };
      res.writeHead(202, [
        ['X-Seen', 'one'],
        ['X-Seen', 'two'],
        ['Content-Type', 'text/plain'],
      ]);
      res.end('thanks, café');
    });
    const reply = await transport()({
      url,
      headers: { 'Content-Type': 'application/json', 'X-Webhook-Delivery': 'whd_1' },
      body: '{"é":1}',
      signal: new AbortController().signal,
    });
    expect(seen).toMatchObject({ method: 'POST', body: '{"é":1}' });
    expect(seen.headers).toMatchObject({ 'x-webhook-delivery': 'whd_1', 'content-length': '8' });
    expect(reply.status).toBe(202);
    // As fetch gives them: lower-case names, a repeated one joined.
    expect(Object.fromEntries(reply.headers)).toMatchObject({
      'x-seen': 'one, two',
      'content-type': 'text/plain',
    });
    expect(await readAll(reply)).toBe('thanks, café');
  });

  it('sends one delivery after another over the same connection', async () => {
    const { url, sockets } = await receiver((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const send = transport();
    for (let i = 0; i < 3; i++) {
      const reply = await send({ url, headers: {}, body: '{}', signal: new AbortController().signal });
      expect(reply.status).toBe(204);
      await readAll(reply);
    }
    expect(sockets.size).toBe(1);
  });

  it('stops a request whose signal is aborted, and rejects', async () => {
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const { url } = await receiver(() => arrived());
    const controller = new AbortController();
    const sent = transport()({ url, headers: {}, body: '{}', signal: controller.signal });
    await arrival;
    controller.abort(new Error('deadline'));
    await expect(sent).rejects.toThrow();
  });

  it("stops the dispatcher's own post when it is stopped, without ever making its signal", async () => {
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let gone = false;
    const { url } = await receiver((req) => {
      req.socket.on('close', () => {
        gone = true;
      });
      arrived();
    });
    class CountingPost extends StoppableWebhookPost {
      reads = 0;
      override get signal(): AbortSignal {
        this.reads++;
        return super.signal;
      }
    }
    const post = new CountingPost(url, {}, '{}');
    const sent = transport()(post);
    await arrival;
    post.stop(new Error('deadline'));
    await expect(sent).rejects.toMatchObject({ name: 'AbortError', cause: new Error('deadline') });
    await expect.poll(() => gone).toBe(true);
    expect(post.reads).toBe(0);
  });

  it('fails at once when the connection ends with neither an answer nor an error (a 101)', async () => {
    const server = createServer();
    server.on('connection', (socket) => {
      socket.once('data', () =>
        socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: x\r\n\r\n'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    // No deadline here: without the fix this never settles and the test times out.
    await expect(
      transport()({ url, headers: {}, body: '{}', signal: new AbortController().signal }),
    ).rejects.toThrow('the connection closed before an answer');
  });

  it('refuses a target with credentials, as fetch does', async () => {
    const { url } = await receiver((_req, res) => res.end());
    await expect(
      transport()({
        url: url.replace('http://', 'http://user:secret@'),
        headers: {},
        body: '{}',
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('Request cannot be constructed from a URL that includes credentials');
  });

  it('rejects with the reason when nothing listens', async () => {
    const { url } = await receiver(() => undefined);
    closers.shift()?.();
    await expect(
      transport()({ url, headers: {}, body: '{}', signal: new AbortController().signal }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});

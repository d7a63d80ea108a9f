// Raw HTTP over a socket, for input fetch() will not send (CR/LF in a header, invalid bytes, lying
// lengths, a Host header of our choosing).
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status line and headers, as received. */
  head: string;
  status: number;
  body: string;
  /** The server closed the connection (or it was closed after the answer). */
  closed: boolean;
}

/**
 * Writes raw bytes to the server and reads one HTTP answer (for input fetch() will not send:
 * CR/LF in a header, invalid bytes, lying lengths). Bounded: gives up after `timeoutMs`.
 */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) {
        if (closed) {
          settled = true;
          clearTimeout(timer);
          reject(new Error(`connection closed without a complete answer: ${JSON.stringify(text)}`));
        }
        return;
      }
      const head = text.slice(0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      const body = received.subarray(end + 4);
      if (length && body.length < Number(length[1]) && !closed) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        head,
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        body: body.subarray(0, length ? Number(length[1]) : body.length).toString('utf8'),
        closed,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      if (!settled) {
        settled = true;
        reject(new Error(`no answer within ${timeoutMs} ms: ${JSON.stringify(received.toString('latin1'))}`));
      }
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    // A server that answers and closes while we still write (413) resets the connection: the answer
    // already read counts.
    socket.on('error', () => finish(true));
    socket.write(bytes);
  });
}

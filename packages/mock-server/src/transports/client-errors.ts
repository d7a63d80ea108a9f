// What node:http does with a connection it cannot parse, with two changes: a client that closes its
// side in the middle of a request (half a body, half a head) gets nothing written back (it has gone
// away; Node's default would still send it a 400), and the answers still owed to requests pipelined
// before the bad bytes are written first (a booking taken, then its 201 thrown away by the 400, would
// be made again). Every other parse error is answered as Node does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

const RESPONSES: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/** The response being written on this connection, as node:http keeps it (to not corrupt it). */
function answering(socket: Duplex): boolean {
  const message = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return message?.headersSent === true;
}

export interface ClientErrors {
  /** Counts `res` as owed on its connection until it is done (sent, or the connection gone). */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** The server's 'clientError' listener. */
  onClientError(error: NodeJS.ErrnoException, socket: Duplex): void;
}

/** One per server: the answers owed on each of its connections. */
export function createClientErrors(): ClientErrors {
  const owed = new WeakMap<Duplex, { pending: Set<IncomingMessage>; afterOwed: (() => void) | undefined }>();
  return {
    track(req, res) {
      let entry = owed.get(req.socket);
      if (!entry) {
        entry = { pending: new Set(), afterOwed: undefined };
        owed.set(req.socket, entry);
      }
      const own = entry;
      own.pending.add(req);
      res.once('close', () => {
        own.pending.delete(req);
        if (own.pending.size === 0) own.afterOwed?.();
      });
    },
    onClientError(error, socket) {
      const refuse = () => {
        if (error.code !== 'HPE_INVALID_EOF_STATE' && socket.writable && !answering(socket)) {
          socket.write(RESPONSES[error.code ?? ''] ?? BAD_REQUEST);
        }
        socket.destroy();
      };
      // Waited for only when every request still owed arrived whole: one whose own body broke off
      // (a bad chunk, a client gone mid-body) can never be answered, and would hold the others.
      const entry = owed.get(socket);
      const whole = entry && entry.pending.size > 0 && [...entry.pending].every((req) => req.complete);
      if (entry && whole && socket.writable) entry.afterOwed = refuse;
      else refuse();
    },
  };
}

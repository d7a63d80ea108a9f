// What node:http does with a connection it cannot parse, with one change: a client that closes its
// side in the middle of a request (half a body, half a head) gets nothing written back. It has gone
// away; Node's default would still send it a 400. Every other parse error is answered as Node does.
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

/** The server's 'clientError' listener. */
export function onClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code !== 'HPE_INVALID_EOF_STATE' && socket.writable && !answering(socket)) {
    socket.write(RESPONSES[error.code ?? ''] ?? BAD_REQUEST);
  }
  socket.destroy();
}

// What node:http does with a connection it cannot parse, with two changes: a client that closes its
// side in the middle of a request (half a body, half a head) gets nothing written back (it has gone
// away; Node's default would still send it a 400), and the answers still owed to requests pipelined
// before the bad bytes are written first (a booking taken, then its 201 thrown away by the 400, would
// be made again). Every other parse error is answered as Node does.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const RESPONSES: Readonly<Record<string, string>> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/**
 * The answer node:http is writing on this connection, if any: it keeps the first answer owed there
 * as `_httpMessage` and, when that one is done, puts the next owed one in its place (before the done
 * one's 'close' event). Read here, rather than counting answers per request, so that a request
 * costs nothing more.
 */
type Owed = {
  headersSent: boolean;
  req?: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
};
function owedAnswer(socket: Duplex): Owed | undefined {
  return (socket as Duplex & { _httpMessage?: Owed | null })._httpMessage ?? undefined;
}

/** How long the owed answers may take before the connection is refused anyway (an event stream never ends). */
const OWED_ANSWERS_MS = 5_000;
/** Marks a connection already being refused: more bad bytes call the listener again. */
const REFUSING = Symbol('refusing');

/** The server's 'clientError' listener. */
export function onClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const marked = socket as Duplex & { [REFUSING]?: true };
  if (marked[REFUSING]) return;
  marked[REFUSING] = true;
  let refused = false;
  const refuse = () => {
    if (refused) return;
    refused = true;
    clearTimeout(deadline);
    if (error.code !== 'HPE_INVALID_EOF_STATE' && socket.writable && !owedAnswer(socket)?.headersSent) {
      socket.write(RESPONSES[error.code ?? ''] ?? BAD_REQUEST);
    }
    socket.destroy();
  };
  const deadline = setTimeout(refuse, OWED_ANSWERS_MS);
  deadline.unref();
  // One answer after the other, while each belongs to a request that arrived whole: one whose own
  // body broke off (a bad chunk, a client gone mid-body) can never be answered, and would hold this.
  const afterOwed = () => {
    const owed = owedAnswer(socket);
    if (!refused && owed && owed.req?.complete === true && socket.writable) owed.once('close', afterOwed);
    else refuse();
  };
  afterOwed();
}

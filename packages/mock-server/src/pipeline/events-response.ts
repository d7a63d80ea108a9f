// GET /__mock/events as a Fetch Response whose body is a stream of Server-Sent Events: what
// `mock.fetch()` and the MSW control handlers answer (in Node and in a service worker alike). The
// standalone server writes the same events with its own node:http writer (transports/events-stream.ts).
// Each event is serialised once here; a reader that stops reading is dropped once more than
// EVENTS_BUFFER_LIMIT bytes wait for it, so a paused client cannot grow the mock without bound.
import type { MockControl } from '../control/control';
import type { MockEvent } from '../observers/mock-events';

const PING_MS = 15_000;
/** Bytes of unread events a reader may leave queued before its stream is ended with an error. */
export const EVENTS_BUFFER_LIMIT = 1024 * 1024;

/** One event in the text/event-stream format. */
export function formatEvent(event: MockEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Whether `url` is the event stream of the mock at `baseUrl` (no trailing slash). */
export function isEventsUrl(url: URL, baseUrl: string): boolean {
  return `${url.origin}${url.pathname}` === `${baseUrl}/__mock/events`;
}

/** A 200 text/event-stream Response that follows the mock's events until it is cancelled or aborted. */
export function eventsResponse(control: MockControl, requestId: string, signal?: AbortSignal): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let stopped = false;
        const send = (text: string) => {
          if (stopped) return;
          if ((controller.desiredSize ?? 0) < 0) {
            stop();
            controller.error(new Error('event stream reader too slow: more than 1 MiB unread'));
            return;
          }
          controller.enqueue(encoder.encode(text));
        };
        const unsubscribe = control.subscribe((event) => send(formatEvent(event)));
        const ping = setInterval(() => send(': ping\n\n'), PING_MS);
        // A ping must not keep a Node process alive (unref exists in Node, Bun and Deno only).
        (ping as { unref?: () => void }).unref?.();
        stop = () => {
          stopped = true;
          clearInterval(ping);
          unsubscribe();
          signal?.removeEventListener('abort', onAbort);
        };
        const onAbort = () => {
          stop();
          controller.close();
        };
        signal?.addEventListener('abort', onAbort);
        send(': connected\n\n');
      },
      cancel() {
        stop();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: EVENTS_BUFFER_LIMIT }),
  );
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-request-id': requestId,
    },
  });
}

// A receiver's answer with no body, as a custom `webhookTransport` returns it: for tests that only
// care about the status (and when it comes).
import type { WebhookReply } from '../../src/node';

export function emptyReply(status: number): WebhookReply {
  return { status, headers: [], read: async () => undefined, cancel: async () => {} };
}

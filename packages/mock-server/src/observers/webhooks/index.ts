// The webhook delivery module's surface for the rest of the mock server.
export { createWebhookDispatcher } from './dispatcher';
export { DEFAULT_DELAYS_MS, DEFAULT_TIMEOUT_MS } from './schedule';
export {
  StoppableWebhookPost,
  type WebhookPost,
  type WebhookReply,
  type WebhookTransport,
} from './transport';
export type {
  Delivery,
  DeliveryAttempt,
  DeliveryResponse,
  DeliveryStatus,
  MoveCheck,
  PreparedDelivery,
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookEvent,
  WebhookEventName,
  WebhookTarget,
  WebhookTimers,
} from './types';

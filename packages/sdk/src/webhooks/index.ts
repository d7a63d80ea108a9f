// Public surface of @reservation-api/sdk/webhooks: no Node-only imports (Web Crypto only), so it runs
// in any runtime that receives the deliveries.

export type {
  ReservationCancelledEvent,
  ReservationCompletedEvent,
  ReservationConfirmedEvent,
  ReservationCreatedEvent,
  WebhookEvent,
  WebhookEventName,
} from '../types';
export {
  type ConstructWebhookEventOptions,
  constructWebhookEvent,
  type VerifiedWebhookEvent,
  type WebhookHeaders,
} from './construct-event';
export {
  createWebhookDeduplicator,
  type WebhookDeduplicator,
  type WebhookDeduplicatorOptions,
  webhookEventKey,
} from './dedupe';
export { WebhookPayloadError, WebhookSignatureError } from './errors';
export { signWebhookPayload, type WebhookPayload } from './sign';
export { verifyWebhookSignature } from './verify';

// The webhook event names, in the order of a reservation's life (openapi.yaml, WebhookEventName), and
// a delivery's states, in a module of their own so the CLI can name them without loading the mock.
import type { DeliveryStatus, WebhookEventName } from './types';

export const WEBHOOK_EVENT_NAMES = [
  'reservation.created',
  'reservation.confirmed',
  'reservation.cancelled',
  'reservation.completed',
] as const satisfies readonly WebhookEventName[];

/** The states of a delivery in the log, as its filters take them. */
export const DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
] as const satisfies readonly DeliveryStatus[];

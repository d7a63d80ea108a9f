// The webhook event names, in the order of a reservation's life (openapi.yaml, WebhookEventName),
// in a module of their own so the CLI's trigger command can name them without loading the mock.
import type { WebhookEventName } from './types';

export const WEBHOOK_EVENT_NAMES = [
  'reservation.created',
  'reservation.confirmed',
  'reservation.cancelled',
  'reservation.completed',
] as const satisfies readonly WebhookEventName[];

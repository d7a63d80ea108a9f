// The contract seam: the mock's only import of @reservation-api/sdk. The types generated from
// openapi.yaml come in here, so the rest of the mock depends on the contract through one file (the
// import rule in .dependency-cruiser.cjs keeps it so). Deliveries are signed in
// observers/webhooks/sign.ts, tested against the SDK's verifier.
import type { operations } from '@reservation-api/sdk';

export type { components, operations } from '@reservation-api/sdk';

/** The API's operations (openapi.yaml's operationIds under /api/v1, its webhooks excluded). */
export const API_OPERATION_IDS = [
  'listReservations',
  'createReservation',
  'getReservation',
  'updateReservationStatus',
  'cancelReservation',
  'getAvailability',
  'getSchedule',
  'listTables',
  'listServices',
  'getProjectInfo',
  'listGalleryPhotos',
  'listReviews',
] as const satisfies readonly (keyof operations)[];

export type ApiOperationId = (typeof API_OPERATION_IDS)[number];

// The flow through the client @hey-api/openapi-ts generated in clients/hey-api/.
import { client } from './clients/hey-api/client.gen';
import {
  createReservation,
  getAvailability,
  getProjectInfo,
  getReservation,
  listReservations,
} from './clients/hey-api/sdk.gen';
import { API_KEY, PROJECT, runFlow } from './flow';

client.setConfig({ baseUrl: process.argv[2], auth: () => API_KEY, throwOnError: true });
const path = { slug: PROJECT };

await runFlow({
  projectSlug: async () => (await getProjectInfo({ path, throwOnError: true })).data.project.slug,
  reservationTotal: async () => (await listReservations({ path, throwOnError: true })).data.total,
  freeSlots: async (date) =>
    (await getAvailability({ path, query: { date }, throwOnError: true })).data.slots.filter(
      (slot) => slot.available,
    ),
  create: async (body) => (await createReservation({ path, body, throwOnError: true })).data.reservation,
  statusOf: async (id) =>
    (await getReservation({ path: { ...path, id }, throwOnError: true })).data.reservation.status,
});

// The flow through the client orval generated in clients/orval/. orval's fetch client calls paths
// relative to the page; outside a browser the base URL and the key come with each call's RequestInit
// and a fetch that resolves the path against the mock's URL (what a custom fetch mutator would do).
import {
  createReservation,
  getAvailability,
  getProjectInfo,
  getReservation,
  listReservations,
} from './clients/orval/api';
import { API_KEY, assert, PROJECT, runFlow } from './flow';

const baseUrl = process.argv[2];
const fetchOfNode = globalThis.fetch;
globalThis.fetch = (input, init) =>
  fetchOfNode(typeof input === 'string' ? new URL(input, baseUrl) : input, init);
const init = { headers: { 'X-API-Key': API_KEY } };

/** The body of a 2xx answer; any other status fails the step with the error body. */
function ok<R extends { status: number; data: unknown }>(
  response: R,
): Extract<R, { status: 200 | 201 }>['data'] {
  assert(
    response.status === 200 || response.status === 201,
    `HTTP ${response.status}: ${JSON.stringify(response.data)}`,
  );
  return (response as Extract<R, { status: 200 | 201 }>).data;
}

await runFlow({
  projectSlug: async () => ok(await getProjectInfo(PROJECT, init)).project.slug,
  reservationTotal: async () => ok(await listReservations(PROJECT, {}, init)).total,
  freeSlots: async (date) =>
    ok(await getAvailability(PROJECT, { date }, init)).slots.filter((slot) => slot.available),
  create: async (body) => ok(await createReservation(PROJECT, body, init)).reservation,
  statusOf: async (id) => ok(await getReservation(PROJECT, id, init)).reservation.status,
});

// The widget's only way to the Reservation API: a typed openapi-fetch client over the generated
// `paths`. It never sends an API key. In proxy mode the Vite dev server adds it on the server side;
// in mock mode the in-browser mock adds it (see mock.ts).
import type { components, paths } from '@reservation-api/sdk';
import createClient from 'openapi-fetch';

type Schemas = components['schemas'];
export type ProjectInfo = Schemas['ProjectInfoResponse'];
export type Schedule = Schemas['ScheduleResponse'];
export type AvailabilityDay = Schemas['AvailabilityResponse'];
export type Slot = Schemas['Slot'];
export type Table = Schemas['Table'];
export type CreateReservationRequest = Schemas['CreateReservationRequest'];
export type CreatedReservation = Schemas['CreatedReservation'];
export type ErrorBody = Schemas['Error'];
export type ErrorCode = Schemas['ErrorCode'];

/** A non-2xx answer (or a failed request), with the API's error body when there was one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.message ?? (status === 0 ? 'The reservation service cannot be reached' : `HTTP ${status}`));
  }

  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** Unwraps an openapi-fetch result: the data, or an ApiError. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  throw new ApiError(result.response.status, isErrorBody(result.error) ? result.error : undefined);
}

/** Network failures (server down, proxy target missing) become ApiError with status 0. */
async function call<T>(
  request: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: Awaited<ReturnType<typeof request>>;
  try {
    result = await request();
  } catch {
    throw new ApiError(0, undefined);
  }
  return unwrap(result);
}

export type Api = ReturnType<typeof createApi>;

/** `baseUrl` is the API's `{base_url}` (scheme, host, port), without `/api/v1`. */
export function createApi(slug: string, baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  const path = { slug };
  return {
    info: () => call(() => client.GET('/api/v1/{slug}/info', { params: { path } })),
    schedule: () => call(() => client.GET('/api/v1/{slug}/schedule', { params: { path } })),
    availability: (date: string) =>
      call(() => client.GET('/api/v1/{slug}/availability', { params: { path, query: { date } } })),
    tables: () => call(() => client.GET('/api/v1/{slug}/tables', { params: { path } })),
    createReservation: (body: CreateReservationRequest) =>
      call(() => client.POST('/api/v1/{slug}/reservations', { params: { path }, body })),
  };
}

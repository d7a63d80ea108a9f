// The widget's only way to the Reservation API: a typed openapi-fetch client over the generated
// `paths`. It never sends an API key. In proxy mode the Vite dev server adds it on the server side;
// in mock mode the in-browser mock adds it (see mock.ts).
import type {
  ApiErrorBody,
  AvailabilityDay,
  CreatedReservation,
  CreateReservationInput,
  ErrorCode,
  ProjectInfo,
  paths,
  Schedule,
  Table,
} from '@reservation-api/sdk';
import createClient from 'openapi-fetch';

// The SDK's types (derived from openapi.yaml); the widget itself calls the API through openapi-fetch,
// because the SDK's client is server-side only (it carries the API key).
export type { AvailabilityDay, CreatedReservation, CreateReservationInput, ProjectInfo, Schedule, Table };

/** A non-2xx answer (or a failed request), with the API's error body when there was one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(body?.message ?? (status === 0 ? 'The reservation service cannot be reached' : `HTTP ${status}`));
  }

  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
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

/** `baseUrl` is the API's base URL (openapi.yaml's `{baseUrl}`: scheme, host, port), without `/api/v1`. */
export function createApi(slug: string, baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  const path = { slug };
  return {
    info: () => call(() => client.GET('/api/v1/{slug}/info', { params: { path } })),
    schedule: () => call(() => client.GET('/api/v1/{slug}/schedule', { params: { path } })),
    availability: (date: string) =>
      call(() => client.GET('/api/v1/{slug}/availability', { params: { path, query: { date } } })),
    tables: () => call(() => client.GET('/api/v1/{slug}/tables', { params: { path } })),
    createReservation: (body: CreateReservationInput) =>
      call(() => client.POST('/api/v1/{slug}/reservations', { params: { path }, body })),
  };
}

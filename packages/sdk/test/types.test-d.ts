import { describe, expectTypeOf, it } from 'vitest';
import type {
  AnyReservationApiError,
  AuthenticationError,
  AvailabilityDay,
  ConflictError,
  ConnectionError,
  CreatedReservation,
  CustomerBlacklistedError,
  components,
  createReservationClient,
  ErrorCode,
  HeadersInput,
  isReservationApiError,
  NotFoundError,
  OutsideOpeningHoursError,
  PagedIterable,
  PermissionDeniedError,
  Photo,
  ProjectInfo,
  paths,
  RateLimitError,
  RequestOptions,
  Reservation,
  ReservationApiError,
  ReservationClientOptions,
  ReservationDetail,
  ReservationInPastError,
  ReservationStatus,
  ReservationStatusTarget,
  Review,
  ServerError,
  Service,
  ServiceListQuery,
  Table,
  TableListQuery,
  TimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
  ValidationErrorDetail,
  WebhookEvent,
} from '../src/index';
import {
  ConflictError as ConflictErrorClass,
  RateLimitError as RateLimitErrorClass,
  ReservationApiError as ReservationApiErrorClass,
} from '../src/index';
import type {
  constructWebhookEvent,
  createWebhookDeduplicator,
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookDeduplicator,
  WebhookDeduplicatorOptions,
  WebhookPayload,
  WebhookEvent as WebhooksEntryEvent,
} from '../src/webhooks/index';

type Client = ReturnType<typeof createReservationClient>;
type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type HasKey<T, K extends PropertyKey> = K extends keyof T ? true : false;

describe('generated contract types', () => {
  it('ReservationStatus is exactly the five states', () => {
    expectTypeOf<components['schemas']['ReservationStatus']>().toEqualTypeOf<
      'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'COMPLETED' | 'NO_SHOW'
    >();
    expectTypeOf<ReservationStatus>().toEqualTypeOf<components['schemas']['ReservationStatus']>();
  });

  it('WebhookEventName is exactly the four event names', () => {
    expectTypeOf<components['schemas']['WebhookEventName']>().toEqualTypeOf<
      'reservation.created' | 'reservation.confirmed' | 'reservation.cancelled' | 'reservation.completed'
    >();
  });
});

describe('reservations', () => {
  it('get returns a ReservationDetail with statusHistory', () => {
    type Detail = Result<Client['reservations']['get']>;
    expectTypeOf<Detail>().toEqualTypeOf<ReservationDetail>();
    expectTypeOf<Detail['statusHistory'][number]['action']>().toEqualTypeOf<
      'created' | 'confirmed' | 'cancelled' | 'completed' | 'no_show'
    >();
  });

  it('list items have no statusHistory and the page has no success', () => {
    type Page = Result<Client['reservations']['list']>;
    expectTypeOf<Page>().toEqualTypeOf<{ count: number; total: number; reservations: Reservation[] }>();
    expectTypeOf<HasKey<Page['reservations'][number], 'statusHistory'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Page, 'success'>>().toEqualTypeOf<false>();
  });

  it('iterate yields Reservation and offers toArray with a required max', () => {
    type Iter = ReturnType<Client['reservations']['iterate']>;
    expectTypeOf<Iter>().toEqualTypeOf<PagedIterable<Reservation>>();
    expectTypeOf<Iter>().toMatchTypeOf<AsyncIterable<Reservation>>();
    expectTypeOf<Parameters<Iter['toArray']>[0]>().toEqualTypeOf<{ max: number }>();
    expectTypeOf<Result<Iter['toArray']>>().toEqualTypeOf<Reservation[]>();
  });

  it('create takes the request body (email, date, from, to required) and returns CreatedReservation', () => {
    type Input = Parameters<Client['reservations']['create']>[0];
    expectTypeOf<{ email: string; date: string; from: string; to: string }>().toMatchTypeOf<Input>();
    expectTypeOf<{ date: string; from: string; to: string }>().not.toMatchTypeOf<Input>();
    expectTypeOf<Input['guests']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Result<Client['reservations']['create']>>().toEqualTypeOf<CreatedReservation>();
    expectTypeOf<CreatedReservation['status']>().toEqualTypeOf<'PENDING'>();
    expectTypeOf<HasKey<CreatedReservation, 'success'>>().toEqualTypeOf<false>();
  });

  it('updateStatus takes only the four valid targets (never PENDING) and returns { id, status }', () => {
    type Body = Parameters<Client['reservations']['updateStatus']>[1];
    expectTypeOf<Body['status']>().toEqualTypeOf<ReservationStatusTarget>();
    expectTypeOf<ReservationStatusTarget>().toEqualTypeOf<
      'CONFIRMED' | 'CANCELLED' | 'COMPLETED' | 'NO_SHOW'
    >();
    expectTypeOf<{ status: 'PENDING' }>().not.toMatchTypeOf<Body>();
    expectTypeOf<{ status: 'CONFIRMED'; note: string }>().toMatchTypeOf<Body>();
    expectTypeOf<{ note: string }>().not.toMatchTypeOf<Body>();
    expectTypeOf<{ status: 'DONE' }>().not.toMatchTypeOf<Body>();
    expectTypeOf<{ status: 'CANCELLED'; reason: string }>().toMatchTypeOf<Body>();
    // The state it moved to: never PENDING, as the README says (openapi.yaml's ReservationStatusChange).
    expectTypeOf<Result<Client['reservations']['updateStatus']>>().toEqualTypeOf<{
      id: string;
      status: Exclude<ReservationStatus, 'PENDING'>;
    }>();
  });

  it('cancel takes an optional { reason } and returns { message }', () => {
    expectTypeOf<Parameters<Client['reservations']['cancel']>[1]>().toEqualTypeOf<
      { reason?: string } | undefined
    >();
    expectTypeOf<Result<Client['reservations']['cancel']>>().toEqualTypeOf<{ message: string }>();
  });

  it('every method takes the per-call options last', () => {
    type Options = { signal?: AbortSignal; timeoutMs?: number; maxRetries?: number; headers?: HeadersInput };
    expectTypeOf<RequestOptions>().toEqualTypeOf<Options>();
    // What `new Headers()` takes, without the DOM library's HeadersInit.
    expectTypeOf<Headers>().toMatchTypeOf<HeadersInput>();
    expectTypeOf<{ traceparent: string }>().toMatchTypeOf<HeadersInput>();
    expectTypeOf<Map<string, string>>().toMatchTypeOf<HeadersInput>();
    expectTypeOf<readonly (readonly ['x-a', '1'])[]>().toMatchTypeOf<HeadersInput>();
    expectTypeOf<Array<[string, string]>>().toMatchTypeOf<HeadersInput>();
    expectTypeOf<{ 'x-count': number }>().not.toMatchTypeOf<HeadersInput>();
    expectTypeOf<Parameters<Client['reservations']['list']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['reservations']['iterate']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['reservations']['get']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['reservations']['create']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['reservations']['updateStatus']>[2]>().toEqualTypeOf<
      Options | undefined
    >();
    expectTypeOf<Parameters<Client['reservations']['cancel']>[2]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['schedule']['get']>[0]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['info']['get']>[0]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['availability']['get']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['tables']['list']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['services']['list']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['gallery']['iterate']>[1]>().toEqualTypeOf<Options | undefined>();
    expectTypeOf<Parameters<Client['reviews']['iterate']>[1]>().toEqualTypeOf<Options | undefined>();
  });

  it('id comes first on get, updateStatus and cancel, and is a string', () => {
    expectTypeOf<Parameters<Client['reservations']['get']>[0]>().toEqualTypeOf<string>();
    expectTypeOf<Parameters<Client['reservations']['updateStatus']>[0]>().toEqualTypeOf<string>();
    expectTypeOf<Parameters<Client['reservations']['cancel']>[0]>().toEqualTypeOf<string>();
  });
});

describe('read-only resources', () => {
  it('availability.get requires a date and returns an AvailabilityDay without success', () => {
    type Query = Parameters<Client['availability']['get']>[0];
    expectTypeOf<Query['date']>().toEqualTypeOf<string>();
    expectTypeOf<{ branchId: string }>().not.toMatchTypeOf<Query>();
    expectTypeOf<Result<Client['availability']['get']>>().toEqualTypeOf<AvailabilityDay>();
    expectTypeOf<HasKey<AvailabilityDay, 'success'>>().toEqualTypeOf<false>();
  });

  it('tables, services, info, schedule return their documented shapes', () => {
    expectTypeOf<Result<Client['tables']['list']>>().toEqualTypeOf<Table[]>();
    expectTypeOf<Result<Client['services']['list']>>().toEqualTypeOf<Service[]>();
    expectTypeOf<Result<Client['info']['get']>>().toEqualTypeOf<ProjectInfo>();
    expectTypeOf<keyof Result<Client['schedule']['get']>>().toEqualTypeOf<'openingHours' | 'holidays'>();
  });

  it('tables.list and services.list take their optional filters', () => {
    type TablesQuery = Parameters<Client['tables']['list']>[0];
    type ServicesQuery = Parameters<Client['services']['list']>[0];
    expectTypeOf<TablesQuery>().toEqualTypeOf<TableListQuery | undefined>();
    expectTypeOf<TableListQuery>().toEqualTypeOf<{ branchId?: string; zoneId?: string }>();
    expectTypeOf<ServicesQuery>().toEqualTypeOf<ServiceListQuery | undefined>();
    expectTypeOf<ServiceListQuery>().toEqualTypeOf<{ branchId?: string }>();
    expectTypeOf<{ zoneId: string }>().not.toMatchTypeOf<ServiceListQuery>();
  });

  it('gallery and reviews page without success and iterate their items', () => {
    type Gallery = Result<Client['gallery']['list']>;
    type Reviews = Result<Client['reviews']['list']>;
    expectTypeOf<keyof Gallery>().toEqualTypeOf<'count' | 'total' | 'photos'>();
    expectTypeOf<keyof Reviews>().toEqualTypeOf<
      'count' | 'total' | 'averageRating' | 'totalReviews' | 'reviews'
    >();
    expectTypeOf<Reviews['averageRating']>().toEqualTypeOf<number | null>();
    expectTypeOf<ReturnType<Client['gallery']['iterate']>>().toEqualTypeOf<PagedIterable<Photo>>();
    expectTypeOf<ReturnType<Client['reviews']['iterate']>>().toEqualTypeOf<PagedIterable<Review>>();
  });
});

describe('no success marker anywhere', () => {
  it('no method result has a success key', () => {
    expectTypeOf<HasKey<Result<Client['reservations']['get']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['reservations']['create']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['reservations']['updateStatus']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['reservations']['cancel']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['schedule']['get']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['info']['get']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['gallery']['list']>, 'success'>>().toEqualTypeOf<false>();
    expectTypeOf<HasKey<Result<Client['reviews']['list']>, 'success'>>().toEqualTypeOf<false>();
  });
});

describe('client.raw', () => {
  it('is the openapi-fetch client of the generated paths', () => {
    expectTypeOf<Client['raw']>().toEqualTypeOf<import('openapi-fetch').Client<paths>>();
  });

  it('types its calls from the contract: path, params and data', () => {
    type Raw = Client['raw'];
    type Schedule = Awaited<ReturnType<Raw['GET']>>;
    expectTypeOf<Raw['GET']>().toBeFunction();
    expectTypeOf<
      Awaited<
        ReturnType<
          (
            raw: Raw,
          ) => ReturnType<typeof raw.GET<'/api/v1/{slug}/schedule', { params: { path: { slug: string } } }>>
        >
      >['data']
    >().toEqualTypeOf<components['schemas']['ScheduleResponse'] | undefined>();
    expectTypeOf<Schedule>().toHaveProperty('response').toEqualTypeOf<Response>();
  });
});

describe('client options', () => {
  it('accept the global fetch and a one-argument fetch', () => {
    type FetchOption = NonNullable<ReservationClientOptions['fetch']>;
    expectTypeOf(globalThis.fetch).toMatchTypeOf<FetchOption>();
    expectTypeOf<(request: Request) => Promise<Response>>().toMatchTypeOf<FetchOption>();
  });

  it('take an optional logger with console-like methods and a log level', () => {
    expectTypeOf<ReservationClientOptions['logLevel']>().toEqualTypeOf<
      'debug' | 'info' | 'warn' | 'error' | 'off' | undefined
    >();
    expectTypeOf(console).toMatchTypeOf<NonNullable<ReservationClientOptions['logger']>>();
    expectTypeOf<{ debug: () => void }>().not.toMatchTypeOf<
      NonNullable<ReservationClientOptions['logger']>
    >();
  });

  it('require baseUrl, apiKey and project', () => {
    expectTypeOf<{ baseUrl: string; apiKey: string }>().not.toMatchTypeOf<ReservationClientOptions>();
    expectTypeOf<{
      baseUrl: string;
      apiKey: string;
      project: string;
    }>().toMatchTypeOf<ReservationClientOptions>();
  });
});

describe('errors', () => {
  it('error.code is the ErrorCode union or undefined', () => {
    expectTypeOf<ReservationApiError['code']>().toEqualTypeOf<ErrorCode | undefined>();
    expectTypeOf<ErrorCode>().toEqualTypeOf<components['schemas']['ErrorCode']>();
    expectTypeOf<'DOUBLE_BOOKING'>().toMatchTypeOf<ErrorCode>();
    expectTypeOf<'NOPE'>().not.toMatchTypeOf<ErrorCode>();
  });

  it('each class carries only its own codes', () => {
    expectTypeOf<ConflictError['code']>().toEqualTypeOf<'DOUBLE_BOOKING' | 'INVALID_STATUS_TRANSITION'>();
    expectTypeOf<AuthenticationError['code']>().toEqualTypeOf<'API_KEY_MISSING' | 'API_KEY_INVALID'>();
    expectTypeOf<PermissionDeniedError['code']>().toEqualTypeOf<
      'PERMISSION_DENIED' | 'PROJECT_MISMATCH' | 'HOST_NOT_ALLOWED'
    >();
    expectTypeOf<CustomerBlacklistedError['code']>().toEqualTypeOf<'CUSTOMER_BLACKLISTED'>();
    expectTypeOf<ValidationError['code']>().toEqualTypeOf<
      'VALIDATION_ERROR' | 'INVALID_JSON' | 'MALFORMED_URL' | undefined
    >();
    expectTypeOf<NotFoundError['code']>().toEqualTypeOf<'RESERVATION_NOT_FOUND' | 'NOT_FOUND'>();
    expectTypeOf<OutsideOpeningHoursError['code']>().toEqualTypeOf<'OUTSIDE_OPENING_HOURS'>();
    expectTypeOf<ReservationInPastError['code']>().toEqualTypeOf<'RESERVATION_IN_PAST'>();
    expectTypeOf<UnsupportedMediaTypeError['code']>().toEqualTypeOf<'UNSUPPORTED_MEDIA_TYPE'>();
    expectTypeOf<RateLimitError['code']>().toEqualTypeOf<'RATE_LIMITED' | undefined>();
    expectTypeOf<ServerError['code']>().toEqualTypeOf<'INTERNAL_ERROR' | undefined>();
    expectTypeOf<ConnectionError['code']>().toEqualTypeOf<undefined>();
    expectTypeOf<TimeoutError['code']>().toEqualTypeOf<undefined>();
  });

  it('the new codes are typed codes', () => {
    expectTypeOf<'UNSUPPORTED_MEDIA_TYPE'>().toMatchTypeOf<ErrorCode>();
    expectTypeOf<'RESERVATION_IN_PAST'>().toMatchTypeOf<ErrorCode>();
    expectTypeOf<'HOST_NOT_ALLOWED'>().toMatchTypeOf<ErrorCode>();
  });

  it('a comparison of a class’s code with a foreign code is a type error', () => {
    const check = (error: ConflictError) => {
      expectTypeOf(error.code).toEqualTypeOf<'DOUBLE_BOOKING' | 'INVALID_STATUS_TRANSITION'>();
      // @ts-expect-error NOT_FOUND is never a ConflictError's code
      return error.code === 'NOT_FOUND';
    };
    expectTypeOf(check).toBeFunction();
  });

  it('a class demands one of its codes when you construct it', () => {
    expectTypeOf<{ status: 409; message: string; code: 'DOUBLE_BOOKING' }>().toMatchTypeOf<
      ConstructorParameters<typeof ConflictError>[0]
    >();
    expectTypeOf<{ status: 409; message: string; code: 'NOT_FOUND' }>().not.toMatchTypeOf<
      ConstructorParameters<typeof ConflictError>[0]
    >();
    expectTypeOf<{ status: 409; message: string }>().not.toMatchTypeOf<
      ConstructorParameters<typeof ConflictError>[0]
    >();
  });

  it('every error carries the request method and URL', () => {
    expectTypeOf<ReservationApiError['method']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReservationApiError['url']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ConflictError['url']>().toEqualTypeOf<string | undefined>();
  });

  it('each class has a literal name and RateLimitError a retryAfter', () => {
    expectTypeOf<RateLimitError['name']>().toEqualTypeOf<'RateLimitError'>();
    expectTypeOf<NotFoundError['name']>().toEqualTypeOf<'NotFoundError'>();
    expectTypeOf<ConnectionError['name']>().toEqualTypeOf<'ConnectionError'>();
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<TimeoutError['timeoutMs']>().toEqualTypeOf<number>();
    expectTypeOf<TimeoutError['sent']>().toEqualTypeOf<boolean>();
  });

  it('every error class extends ReservationApiError and Error', () => {
    expectTypeOf<AuthenticationError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<PermissionDeniedError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<CustomerBlacklistedError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<ValidationError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<NotFoundError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<ConflictError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<OutsideOpeningHoursError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<ReservationInPastError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<UnsupportedMediaTypeError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<RateLimitError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<ServerError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<ConnectionError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<TimeoutError>().toMatchTypeOf<ReservationApiError>();
    expectTypeOf<ReservationApiError>().toMatchTypeOf<Error>();
  });

  it('isReservationApiError narrows unknown to the union of the error classes', () => {
    expectTypeOf<typeof isReservationApiError>().guards.toEqualTypeOf<AnyReservationApiError>();
    const narrow = (isError: typeof isReservationApiError, caught: unknown) => {
      if (isError(caught)) {
        expectTypeOf(caught).toEqualTypeOf<AnyReservationApiError>();
        expectTypeOf(caught.status).toEqualTypeOf<number>();
        expectTypeOf(caught.code).toEqualTypeOf<ErrorCode | undefined>();
        expectTypeOf(caught.requestId).toEqualTypeOf<string | undefined>();
        expectTypeOf(caught).toMatchTypeOf<ReservationApiError>();
      }
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it('after isReservationApiError, error.name narrows to one class: its codes and fields', () => {
    const narrow = (isError: typeof isReservationApiError, caught: unknown) => {
      if (!isError(caught)) return;
      if (caught.name === 'ConflictError') {
        expectTypeOf(caught).toEqualTypeOf<ConflictError>();
        expectTypeOf(caught.code).toEqualTypeOf<'DOUBLE_BOOKING' | 'INVALID_STATUS_TRANSITION'>();
      }
      if (caught.name === 'RateLimitError') {
        expectTypeOf(caught.retryAfter).toEqualTypeOf<number | undefined>();
        expectTypeOf(caught.code).toEqualTypeOf<'RATE_LIMITED' | undefined>();
      }
      if (caught.name === 'ValidationError') {
        expectTypeOf(caught.details).toEqualTypeOf<ValidationErrorDetail[] | undefined>();
      }
      if (caught.name === 'TimeoutError') expectTypeOf(caught.timeoutMs).toEqualTypeOf<number>();
      if (caught.name === 'ReservationApiError') {
        expectTypeOf(caught.code).toEqualTypeOf<'PAYLOAD_TOO_LARGE' | undefined>();
      }
      switch (caught.code) {
        case 'DOUBLE_BOOKING':
          expectTypeOf(caught).toEqualTypeOf<ConflictError>();
          break;
        case 'RATE_LIMITED':
          expectTypeOf(caught).toEqualTypeOf<RateLimitError>();
          break;
      }
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it('instanceof narrows to the class with its own codes, never any', () => {
    const narrow = (caught: unknown) => {
      if (caught instanceof ReservationApiErrorClass) {
        expectTypeOf(caught).toEqualTypeOf<ReservationApiError<ErrorCode | undefined>>();
        expectTypeOf(caught.code).toEqualTypeOf<ErrorCode | undefined>();
        // @ts-expect-error a code that does not exist is not comparable (with `any` it would be)
        return caught.code === 'NOPE';
      }
      if (caught instanceof ConflictErrorClass) {
        expectTypeOf(caught).toEqualTypeOf<ConflictError>();
      }
      if (caught instanceof RateLimitErrorClass) {
        expectTypeOf(caught.retryAfter).toEqualTypeOf<number | undefined>();
      }
      return false;
    };
    expectTypeOf(narrow).toBeFunction();
  });

  it('error.name narrows like a discriminant', () => {
    const error = {} as NotFoundError | ConflictError;
    if (error.name === 'ConflictError') expectTypeOf(error).toEqualTypeOf<ConflictError>();
  });

  it('ValidationError.details is typed', () => {
    expectTypeOf<ValidationError['details']>().toEqualTypeOf<ValidationErrorDetail[] | undefined>();
    expectTypeOf<ValidationErrorDetail>().toEqualTypeOf<{ field: string; message: string }>();
  });
});

describe('webhooks', () => {
  it('verifyWebhookSignature takes raw bytes, the header and one or several secrets, and resolves a boolean', () => {
    expectTypeOf<typeof verifyWebhookSignature>().parameters.toEqualTypeOf<
      [rawBody: WebhookPayload, header: string | null | undefined, secret: string | readonly string[]]
    >();
    expectTypeOf<typeof verifyWebhookSignature>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<WebhookPayload>().toEqualTypeOf<string | Uint8Array>();
    expectTypeOf<Buffer>().toMatchTypeOf<WebhookPayload>();
    expectTypeOf<Record<string, unknown>>().not.toMatchTypeOf<WebhookPayload>();
  });

  it('signWebhookPayload takes raw bytes and one secret, and resolves the header value', () => {
    expectTypeOf<typeof signWebhookPayload>().parameters.toEqualTypeOf<
      [rawBody: WebhookPayload, secret: string]
    >();
    expectTypeOf<typeof signWebhookPayload>().returns.toEqualTypeOf<Promise<string>>();
  });

  it('createWebhookDeduplicator takes optional options and remembers WebhookEvents', () => {
    expectTypeOf<typeof createWebhookDeduplicator>().parameters.toEqualTypeOf<
      [options?: WebhookDeduplicatorOptions]
    >();
    expectTypeOf<typeof createWebhookDeduplicator>().returns.toEqualTypeOf<WebhookDeduplicator>();
    expectTypeOf<WebhookDeduplicatorOptions>().toEqualTypeOf<{
      ttlSeconds?: number;
      maxEntries?: number;
      now?: () => number;
    }>();
    expectTypeOf<WebhookDeduplicator['seen']>().toEqualTypeOf<
      (event: WebhookEvent & { deliveryId?: string }) => boolean
    >();
    expectTypeOf<WebhookDeduplicator['forget']>().toEqualTypeOf<
      (event: WebhookEvent & { deliveryId?: string }) => void
    >();
    expectTypeOf<WebhookDeduplicator['size']>().toEqualTypeOf<number>();
  });

  it('constructWebhookEvent returns the generated WebhookEvent union, discriminated on event', () => {
    type Event = Result<typeof constructWebhookEvent>;
    expectTypeOf<Event>().toEqualTypeOf<components['schemas']['WebhookEvent']>();
    expectTypeOf<WebhooksEntryEvent>().toEqualTypeOf<WebhookEvent>();
    expectTypeOf<
      Extract<Event, { event: 'reservation.cancelled' }>['data']['reservation']['reason']
    >().toEqualTypeOf<string>();
  });
});

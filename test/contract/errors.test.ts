import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  type CreateReservationInput,
  CustomerBlacklistedError,
  NotFoundError,
  OutsideOpeningHoursError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from '@reservation-api/sdk';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_URL, KEYS, SLUG, useMockService } from './mock';

const mock = useMockService();
const booking = (overrides: Partial<CreateReservationInput> = {}): CreateReservationInput => ({
  email: 'guest@example.com',
  date: '2026-06-16',
  from: '11:00',
  to: '12:00',
  ...overrides,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );

describe('every error class against the mock service', () => {
  it('AuthenticationError for an unknown key', async () => {
    const error = await failure(mock.client({ apiKey: 'rk_not_a_key' }).schedule.get());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'API_KEY_INVALID', message: 'Invalid API key' });
  });

  it('PermissionDeniedError for a key without the permission', async () => {
    const write = await failure(mock.client({ apiKey: KEYS.read }).reservations.create(booking()));
    expect(write).toBeInstanceOf(PermissionDeniedError);
    expect(write).toMatchObject({ status: 403, code: 'PERMISSION_DENIED' });

    const media = await failure(mock.client({ apiKey: KEYS.basic }).gallery.list());
    expect(media).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'API key does not have media read permission',
    });
  });

  it('PermissionDeniedError (PROJECT_MISMATCH) for another project’s key', async () => {
    const error = await failure(mock.client({ apiKey: KEYS.salon }).info.get());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'PROJECT_MISMATCH' });
  });

  it('ValidationError without a code for missing required fields', async () => {
    const error = await failure(
      mock.client().reservations.create({ date: '2026-06-16' } as CreateReservationInput),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 400,
      code: undefined,
      message: 'Missing required fields: email, from, to',
    });
  });

  it('ValidationError with details for a malformed value', async () => {
    const error = await failure(mock.client().availability.get({ date: '16.6.2026' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'date' })],
    });
  });

  it('NotFoundError for an unknown reservation', async () => {
    const error = await failure(mock.client().reservations.get('res_does_not_exist'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'RESERVATION_NOT_FOUND' });
  });

  it('ConflictError (DOUBLE_BOOKING) for an overlapping table', async () => {
    const client = mock.client();
    await client.reservations.create(booking({ tableId: 'tbl_06' }));
    const error = await failure(
      client.reservations.create(booking({ tableId: 'tbl_06', from: '11:30', to: '12:30' })),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'DOUBLE_BOOKING' });
  });

  it('ConflictError (INVALID_STATUS_TRANSITION) from a final state', async () => {
    const client = mock.client();
    const { reservations } = await client.reservations.list({ status: 'COMPLETED' });
    const done = reservations[0];
    if (!done) throw new Error('the demo seed has a COMPLETED reservation');
    const patch = await failure(client.reservations.updateStatus(done.id, { status: 'CONFIRMED' }));
    expect(patch).toMatchObject({ status: 409, code: 'INVALID_STATUS_TRANSITION' });
    const cancel = await failure(client.reservations.cancel(done.id));
    expect(cancel).toBeInstanceOf(ConflictError);
  });

  it('CustomerBlacklistedError for the blacklisted customer', async () => {
    const error = await failure(mock.client().reservations.create(booking({ email: 'BLOCKED@example.com' })));
    expect(error).toBeInstanceOf(CustomerBlacklistedError);
    expect(error).toMatchObject({ status: 403, code: 'CUSTOMER_BLACKLISTED' });
  });

  it('OutsideOpeningHoursError on a closed day', async () => {
    const error = await failure(mock.client().reservations.create(booking({ date: '2026-06-21' })));
    expect(error).toBeInstanceOf(OutsideOpeningHoursError);
    expect(error).toMatchObject({ status: 422, code: 'OUTSIDE_OPENING_HOURS' });
  });

  it('RateLimitError with retryAfter once the retries are used up', async () => {
    mock.service.control.faults.add({
      method: 'GET',
      path: `/api/v1/${SLUG}/tables`,
      status: 429,
      times: 3,
      retryAfter: 2,
    });
    const client = mock.client();
    const error = await failure(client.tables.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 2 });
    expect(client.sleeps).toEqual([2000, 2000]);
  });

  it('ServerError once the retries are used up', async () => {
    mock.service.control.faults.add({ method: 'GET', path: `/api/v1/${SLUG}/tables`, status: 500, times: 3 });
    const error = await failure(mock.client().tables.list());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(mock.requests).toHaveLength(3);
  });

  it('ConnectionError when the connection fails', async () => {
    mock.server.use(http.get(`${BASE_URL}/api/v1/:slug/tables`, () => HttpResponse.error()));
    const error = await failure(mock.client({ maxRetries: 1 }).tables.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: 0 });
    expect(mock.requests).toHaveLength(2);
  });

  it('TimeoutError when the answer is slower than timeoutMs', async () => {
    mock.service.control.faults.add({ path: `/api/v1/${SLUG}/tables`, delayMs: 300 });
    const error = await failure(mock.client({ timeoutMs: 50, maxRetries: 0 }).tables.list());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ status: 0, timeoutMs: 50 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  CustomerBlacklistedError,
  errorFromResponse,
  isReservationApiError,
  NotFoundError,
  OutsideOpeningHoursError,
  PermissionDeniedError,
  RateLimitError,
  ReservationApiError,
  ReservationInPastError,
  ServerError,
  TimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../src/index';
import { clientOn } from './support/client';
import { API, API_KEY, createdReservation, errorBody, SLUG } from './support/fixtures';
import { rawReply, reply, stubFetch } from './support/stub-fetch';

const P = `/api/v1/${SLUG}`;
const response = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers });

describe('errorFromResponse takes a code only with its own status', () => {
  it('classes a 5xx or a 429 by its status when its body names the code of another status', () => {
    const conflict = errorFromResponse(response(500), errorBody('Internal', 'db down', 'DOUBLE_BOOKING'));
    expect(conflict).toBeInstanceOf(ServerError);
    expect(conflict).not.toBeInstanceOf(ConflictError);
    expect(conflict.code).toBeUndefined();
    expect(conflict.body).toMatchObject({ code: 'DOUBLE_BOOKING' });
    expect(errorFromResponse(response(429), errorBody('x', 'y', 'RESERVATION_NOT_FOUND'))).toBeInstanceOf(
      RateLimitError,
    );
    // Its own status keeps it; INTERNAL_ERROR goes with any 5xx.
    expect(errorFromResponse(response(409), errorBody('Conflict', 'x', 'DOUBLE_BOOKING'))).toMatchObject({
      name: 'ConflictError',
      code: 'DOUBLE_BOOKING',
    });
    expect(errorFromResponse(response(503), errorBody('x', 'y', 'INTERNAL_ERROR'))).toMatchObject({
      name: 'ServerError',
      code: 'INTERNAL_ERROR',
    });
  });
});

describe('errorFromResponse picks the class from status and code', () => {
  const cases = [
    [400, errorBody('Bad Request', 'Missing required fields: email, date'), ValidationError, undefined],
    [
      400,
      errorBody('Bad Request', 'date: must be YYYY-MM-DD', 'VALIDATION_ERROR'),
      ValidationError,
      'VALIDATION_ERROR',
    ],
    [
      400,
      errorBody('Bad Request', 'Request body must be a JSON object', 'INVALID_JSON'),
      ValidationError,
      'INVALID_JSON',
    ],
    [
      401,
      errorBody('Unauthorized', 'Missing X-API-Key header', 'API_KEY_MISSING'),
      AuthenticationError,
      'API_KEY_MISSING',
    ],
    [
      401,
      errorBody('Unauthorized', 'Invalid API key', 'API_KEY_INVALID'),
      AuthenticationError,
      'API_KEY_INVALID',
    ],
    [
      403,
      errorBody('Forbidden', 'API key does not have read permission', 'PERMISSION_DENIED'),
      PermissionDeniedError,
      'PERMISSION_DENIED',
    ],
    [
      403,
      errorBody('Forbidden', 'API key is not authorized for this project', 'PROJECT_MISMATCH'),
      PermissionDeniedError,
      'PROJECT_MISMATCH',
    ],
    [
      403,
      errorBody('Forbidden', 'Customer is blacklisted', 'CUSTOMER_BLACKLISTED'),
      CustomerBlacklistedError,
      'CUSTOMER_BLACKLISTED',
    ],
    [
      403,
      errorBody('Forbidden', 'Host not allowed', 'HOST_NOT_ALLOWED'),
      PermissionDeniedError,
      'HOST_NOT_ALLOWED',
    ],
    [
      404,
      errorBody('Not Found', 'Reservation not found', 'RESERVATION_NOT_FOUND'),
      NotFoundError,
      'RESERVATION_NOT_FOUND',
    ],
    [404, errorBody('Not Found', 'Not found', 'NOT_FOUND'), NotFoundError, 'NOT_FOUND'],
    [
      409,
      errorBody('Conflict', 'Table is already reserved for this time slot', 'DOUBLE_BOOKING'),
      ConflictError,
      'DOUBLE_BOOKING',
    ],
    [
      409,
      errorBody('Conflict', 'Cannot change status from COMPLETED to CONFIRMED', 'INVALID_STATUS_TRANSITION'),
      ConflictError,
      'INVALID_STATUS_TRANSITION',
    ],
    [
      422,
      errorBody(
        'Unprocessable Entity',
        'The requested time is outside opening hours',
        'OUTSIDE_OPENING_HOURS',
      ),
      OutsideOpeningHoursError,
      'OUTSIDE_OPENING_HOURS',
    ],
    [
      422,
      errorBody('Unprocessable Entity', 'The requested time is in the past', 'RESERVATION_IN_PAST'),
      ReservationInPastError,
      'RESERVATION_IN_PAST',
    ],
    [
      415,
      errorBody('Unsupported Media Type', 'Content-Type must be application/json', 'UNSUPPORTED_MEDIA_TYPE'),
      UnsupportedMediaTypeError,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [429, errorBody('Too Many Requests', 'Rate limited', 'RATE_LIMITED'), RateLimitError, 'RATE_LIMITED'],
    [500, errorBody('Internal Server Error', 'Boom', 'INTERNAL_ERROR'), ServerError, 'INTERNAL_ERROR'],
    [503, errorBody('Service Unavailable', 'Down for maintenance'), ServerError, undefined],
    [
      413,
      errorBody('Payload Too Large', 'Request body too large', 'PAYLOAD_TOO_LARGE'),
      ReservationApiError,
      'PAYLOAD_TOO_LARGE',
    ],
  ] as const;

  it.each(
    cases.map(
      ([status, body, Class, code]) => [status, code ?? '(no code)', Class.name, body, Class, code] as const,
    ),
  )('%i %s maps to %s', (status, _code, _name, body, Class, code) => {
    const error = errorFromResponse(response(status), body);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(Class.name);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    // NOT_FOUND and HOST_NOT_ALLOWED add advice after the body's message (tested below).
    expect(error.message.startsWith(body.message)).toBe(true);
    expect(error.error).toBe(body.error);
    expect(error.body).toEqual(body);
    expect(isReservationApiError(error)).toBe(true);
  });

  it('keeps validation details', () => {
    const details = [{ field: 'date', message: 'must be YYYY-MM-DD' }];
    const error = errorFromResponse(
      response(400),
      errorBody('Bad Request', 'date is invalid', 'VALIDATION_ERROR', details),
    );
    expect(error.details).toEqual(details);
  });

  it('reads Retry-After seconds into RateLimitError.retryAfter', () => {
    const error = errorFromResponse(
      response(429, { 'Retry-After': '7' }),
      errorBody('Too Many Requests', 'Slow down', 'RATE_LIMITED'),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(7);
    expect(error.headers.get('retry-after')).toBe('7');
  });

  it('reads a Retry-After HTTP date into seconds from now', () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    const error = errorFromResponse(response(429, { 'Retry-After': at }), {}) as RateLimitError;
    expect(error.retryAfter).toBeGreaterThanOrEqual(28);
    expect(error.retryAfter).toBeLessThanOrEqual(30);
  });

  it('gives a readable error for a non-JSON body (a proxy page)', () => {
    const error = errorFromResponse(
      new Response(null, { status: 502, statusText: 'Bad Gateway' }),
      '<html><body>upstream connect error</body></html>',
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('HTTP 502 Bad Gateway: <html><body>upstream connect error</body></html>');
    expect(error.code).toBeUndefined();
    expect(error.body).toBe('<html><body>upstream connect error</body></html>');
  });

  it('gives a readable error for an empty body', () => {
    const error = errorFromResponse(new Response(null, { status: 500 }), undefined);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('HTTP 500');
  });

  it('keeps the request method and URL it is given, and shows them in JSON', () => {
    const url = 'http://api.test/api/v1/demo-bistro/reservations/res_1';
    const error = errorFromResponse(
      response(404),
      errorBody('Not Found', 'Reservation not found', 'RESERVATION_NOT_FOUND'),
      { method: 'GET', url },
    );
    expect(error).toMatchObject({ method: 'GET', url, message: 'Reservation not found' });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ method: 'GET', url });
  });

  it('says to check baseUrl for a 404 NOT_FOUND, naming the request, and keeps the code', () => {
    const url = 'http://api.test/wrong/api/v1/demo-bistro/tables';
    const error = errorFromResponse(response(404), errorBody('Not Found', 'Not found', 'NOT_FOUND'), {
      method: 'GET',
      url,
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(
      `Not found (GET ${url} is not a route of the Reservation API); check baseUrl: it is the service ` +
        'root, e.g. https://reservations.example.com, without /api/v1',
    );
  });

  it('says to check baseUrl for a 404 without the API’s body (another server answered)', () => {
    const error = errorFromResponse(new Response(null, { status: 404, statusText: 'Not Found' }), '<html/>');
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(ReservationApiError);
    expect(error.code).toBeUndefined();
    expect(error.message).toMatch(/^HTTP 404 Not Found: <html\/>; check baseUrl: it is the service root/);
  });

  it('explains HOST_NOT_ALLOWED: the standalone mock refuses the Host of baseUrl', () => {
    const error = errorFromResponse(
      response(403),
      errorBody('Forbidden', 'Host not allowed', 'HOST_NOT_ALLOWED'),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.message).toBe(
      'Host not allowed; the mock server refuses the Host header of baseUrl (allow it with --allowed-host NAME)',
    );
  });

  it.each([
    [409, 'Conflict', ReservationApiError],
    [400, 'Bad Request', ValidationError],
    [429, 'Too Many Requests', RateLimitError],
    [503, 'Service Unavailable', ServerError],
  ] as const)(
    'an unknown code on a %i stays in body only; the class comes from the status',
    (status, text, Class) => {
      const body = { error: text, message: 'Something new', code: 'SOMETHING_NEW' };
      const error = errorFromResponse(response(status), body);
      expect(error.name).toBe(Class.name);
      expect(error.code).toBeUndefined();
      expect(error.body).toEqual(body);
    },
  );

  it('a code decides the class only together with its own class: a 409 without a code is no ConflictError', () => {
    const error = errorFromResponse(response(409), { error: 'Conflict', message: 'Proxy says no' });
    expect(error).not.toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ name: 'ReservationApiError', status: 409, code: undefined });
  });

  it('isReservationApiError recognises errors across copies of the class and rejects look-alikes', () => {
    expect(isReservationApiError(new ConnectionError(new Error('x')))).toBe(true);
    expect(isReservationApiError(new TimeoutError(5))).toBe(true);
    expect(isReservationApiError(new Error('x'))).toBe(false);
    expect(isReservationApiError({ status: 404, name: 'NotFoundError' })).toBe(false);
    expect(isReservationApiError(null)).toBe(false);
  });

  it('serialises to a useful JSON object', () => {
    const error = errorFromResponse(
      response(409),
      errorBody('Conflict', 'Table is already reserved for this time slot', 'DOUBLE_BOOKING'),
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ConflictError',
      status: 409,
      code: 'DOUBLE_BOOKING',
      error: 'Conflict',
      message: 'Table is already reserved for this time slot',
    });
  });
});

describe('instanceof across copies of the SDK (the ESM and the CJS build)', () => {
  // A second instance of the module, with classes of its own: what the other build's errors are.
  const otherCopy = async () => {
    const path = '../src/errors?other-copy';
    return (await import(/* @vite-ignore */ path)) as typeof import('../src/errors');
  };

  it('an error of the other copy is an instance of the same class here, and of ReservationApiError', async () => {
    const other = await otherCopy();
    expect(other.NotFoundError).not.toBe(NotFoundError);
    const notFound = other.errorFromResponse(response(404), errorBody('Not Found', 'Nope', 'NOT_FOUND'));
    expect(notFound instanceof NotFoundError).toBe(true);
    expect(notFound instanceof ReservationApiError).toBe(true);
    expect(new other.ConnectionError(new Error('x')) instanceof ConnectionError).toBe(true);
    expect(new other.TimeoutError(5) instanceof TimeoutError).toBe(true);
    expect(
      new ConflictError({ status: 409, message: 'x', code: 'DOUBLE_BOOKING' }) instanceof other.ConflictError,
    ).toBe(true);
    expect(new RateLimitError({ status: 429, message: 'x' }) instanceof other.ReservationApiError).toBe(true);
  });

  it('a subclass never matches another subclass, from either copy', async () => {
    const other = await otherCopy();
    const conflict = new other.ConflictError({ status: 409, message: 'x', code: 'DOUBLE_BOOKING' });
    expect(conflict instanceof NotFoundError).toBe(false);
    expect(
      new ConflictError({ status: 409, message: 'x', code: 'DOUBLE_BOOKING' }) instanceof NotFoundError,
    ).toBe(false);
    expect(new other.ReservationApiError({ status: 413, message: 'x' }) instanceof NotFoundError).toBe(false);
  });

  it('look-alikes without the brand are not instances', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'NotFoundError', status: 404 });
    expect(lookAlike instanceof NotFoundError).toBe(false);
    expect(lookAlike instanceof ReservationApiError).toBe(false);
    expect((null as unknown) instanceof ReservationApiError).toBe(false);
  });

  it('subclasses of the SDK classes keep working with instanceof', () => {
    class AppNotFound extends NotFoundError {}
    const error = new AppNotFound({ status: 404, message: 'x', code: 'NOT_FOUND' });
    expect(error instanceof AppNotFound).toBe(true);
    expect(error instanceof NotFoundError).toBe(true);
    expect(new NotFoundError({ status: 404, message: 'x', code: 'NOT_FOUND' }) instanceof AppNotFound).toBe(
      false,
    );
  });

  it('name is the class name on the prototype, so stack and String() show it', () => {
    const error = new ServerError({ status: 500, message: 'Boom' });
    expect(error.name).toBe('ServerError');
    expect(String(error)).toBe('ServerError: Boom');
    expect(error.stack?.startsWith('ServerError: Boom')).toBe(true);
    expect(Object.hasOwn(ServerError.prototype, 'name')).toBe(true);
  });
});

describe('resource methods throw the typed error', () => {
  it('throws ConflictError with the body of a 409 from create', async () => {
    const stub = stubFetch(
      reply(
        'POST',
        `${P}/reservations`,
        409,
        errorBody('Conflict', 'Table is already reserved for this time slot', 'DOUBLE_BOOKING'),
      ),
    );
    const { client } = clientOn(stub);
    const error = await client.reservations
      .create({ email: 'a@example.com', date: '2026-06-15', from: '18:00', to: '19:00', tableId: 'tbl_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'DOUBLE_BOOKING' });
  });

  it('throws ValidationError without a code for missing fields', async () => {
    const stub = stubFetch(
      reply(
        'POST',
        `${P}/reservations`,
        400,
        errorBody('Bad Request', 'Missing required fields: email, date, from, to'),
      ),
    );
    const { client } = clientOn(stub);
    const error = await client.reservations
      .create({ email: '', date: '', from: '', to: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: undefined,
      message: 'Missing required fields: email, date, from, to',
    });
  });

  it('gives every error the method and URL of its request, never the key', async () => {
    const stub = stubFetch(
      reply(
        'POST',
        `${P}/reservations`,
        409,
        errorBody('Conflict', 'Table is already reserved for this time slot', 'DOUBLE_BOOKING'),
      ),
    );
    const { client } = clientOn(stub);
    const error = await client.reservations
      .create({ email: 'a@example.com', date: '2030-01-07', from: '18:00', to: '19:00', tableId: 'tbl_1' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ method: 'POST', url: `${API}/reservations` });
    expect(JSON.stringify(error)).toContain(`"url":"${API}/reservations"`);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('throws UnsupportedMediaTypeError for a 415 (e.g. a Content-Type header replaced in `headers`)', async () => {
    const body = errorBody(
      'Unsupported Media Type',
      'Content-Type must be application/json',
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const stub = stubFetch(reply('PATCH', `${P}/reservations/res_1/status`, 415, body));
    const { client } = clientOn(stub);
    const error = await client.reservations
      .updateStatus('res_1', { status: 'CONFIRMED' }, { headers: { 'Content-Type': 'text/plain' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedMediaTypeError);
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', method: 'PATCH' });
  });

  it('throws ReservationInPastError for a booking before the service’s current time', async () => {
    const body = errorBody(
      'Unprocessable Entity',
      'The requested time is in the past',
      'RESERVATION_IN_PAST',
    );
    const stub = stubFetch(reply('POST', `${P}/reservations`, 422, body));
    const { client } = clientOn(stub);
    const error = await client.reservations
      .create({ email: 'a@example.com', date: '2020-01-06', from: '11:00', to: '12:00' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReservationInPastError);
    expect(error).not.toBeInstanceOf(OutsideOpeningHoursError);
    expect(error).toMatchObject({ status: 422, code: 'RESERVATION_IN_PAST', message: body.message });
  });

  it('throws PermissionDeniedError (HOST_NOT_ALLOWED) when the standalone mock refuses the Host', async () => {
    const body = errorBody('Forbidden', 'Host not allowed', 'HOST_NOT_ALLOWED');
    const stub = stubFetch(reply('GET', `${P}/schedule`, 403, body));
    const { client } = clientOn(stub);
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'HOST_NOT_ALLOWED' });
    expect((error as PermissionDeniedError).message).toContain('--allowed-host');
  });

  it('says to check baseUrl when a wrong path prefix gives 404 NOT_FOUND', async () => {
    // Not an answer of GET /tables but what any path outside the API's routes gets, hence unvalidated.
    const notFound = JSON.stringify(errorBody('Not Found', 'Not found', 'NOT_FOUND'));
    const stub = stubFetch(rawReply(404, notFound, { 'Content-Type': 'application/json' }));
    const { client } = clientOn(stub);
    const error = await client.tables.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', method: 'GET', url: `${API}/tables` });
    expect((error as NotFoundError).message).toBe(
      `Not found (GET ${API}/tables is not a route of the Reservation API); check baseUrl: it is the ` +
        'service root, e.g. https://reservations.example.com, without /api/v1',
    );
  });

  it('throws NotFoundError for an unknown reservation', async () => {
    const stub = stubFetch(
      reply(
        'GET',
        `${P}/reservations/nope`,
        404,
        errorBody('Not Found', 'Reservation not found', 'RESERVATION_NOT_FOUND'),
      ),
    );
    const { client } = clientOn(stub);
    await expect(client.reservations.get('nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('throws a ServerError for a non-JSON 5xx from a proxy (after the retries)', async () => {
    const stub = stubFetch(rawReply(502, 'Bad gateway', { 'Content-Type': 'text/plain' }));
    const { client } = clientOn(stub);
    const error = await client.schedule.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502: Bad gateway' });
    expect(stub.calls).toHaveLength(3);
  });

  it('throws a ReservationApiError for a 2xx without a body', async () => {
    const stub = stubFetch(rawReply(200, ''));
    const { client } = clientOn(stub);
    await expect(client.info.get()).rejects.toBeInstanceOf(ReservationApiError);
  });

  it('says a write answered 2xx without the body it returns was accepted (check before repeating it)', async () => {
    const stub = stubFetch(rawReply(200, ''));
    const { client } = clientOn(stub);
    const error = await client.reservations.cancel('res_1').catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ReservationApiError',
      status: 200,
      message: 'The Reservation API answered 200 without a body; the DELETE was accepted',
    });
  });

  it('does not throw for a successful create (sanity check of the fixture)', async () => {
    const stub = stubFetch(reply('POST', `${P}/reservations`, 201, createdReservation));
    const { client } = clientOn(stub);
    await expect(
      client.reservations.create({ email: 'a@example.com', date: '2026-06-15', from: '18:00', to: '19:00' }),
    ).resolves.toMatchObject({ status: 'PENDING' });
  });
});

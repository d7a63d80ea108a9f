// Representative traffic for every operation of openapi.yaml, against the demo data with the clock
// frozen at NOW: valid requests (which also make every kind of webhook event) and each error class an
// operation documents. The coverage check (findings.ts) fails the replay when an operation's declared
// status or example error code is never produced here, so this list grows with the contract.
import type { Exchange, ReplayRequest } from './client';

/** Monday 2026-06-15, 10:00 in Prague: the demo bistro opens at 11:00. */
export const NOW = '2026-06-15T08:00:00.000Z';

export interface Replayer {
  /** Sends a request of the API and records it for the contract check. */
  send(request: ReplayRequest): Promise<Exchange>;
  /** A /__mock/ control call (faults, webhook targets), not recorded. */
  control(method: string, path: string, json?: unknown): Promise<unknown>;
}

const BISTRO = '/api/v1/demo-bistro';
const SALON = '/api/v1/demo-salon';
/** A valid-looking key that no project has. */
const UNKNOWN_KEY = 'rk_nobody_0000000000000000';
const BIG_NOTE = 'x'.repeat(70 * 1024);

/** A demo-bistro booking on Tuesday 2026-06-16 (open 11:00–15:00 and 17:00–22:00). */
function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: 'guest@example.com', date: '2026-06-16', from: '12:00', to: '13:00', ...overrides };
}

/** The new reservation's id (a placeholder when the booking failed: that is a finding of its own). */
function idOf(exchange: Exchange): string {
  const body = JSON.parse(exchange.responseText) as { reservation?: { id?: string } };
  return body.reservation?.id ?? 'res_not_created';
}

interface Sample {
  method: string;
  /** Path under /api/v1/{slug}, e.g. /reservations. */
  path: string;
  json?: unknown;
}

/** What every operation answers the same way: keys, project, Host, and injected faults. */
async function sharedErrors(r: Replayer, sample: Sample): Promise<void> {
  const body = sample.json === undefined ? {} : { json: sample.json };
  const { method } = sample;
  const path = `${BISTRO}${sample.path}`;
  const error = (status: number, code: string) => ({ status, code });
  await r.send({ method, path, ...body, key: null, breaks: ['key'], expect: error(401, 'API_KEY_MISSING') });
  await r.send({ method, path, ...body, key: UNKNOWN_KEY, expect: error(401, 'API_KEY_INVALID') });
  await r.send({
    method,
    path: `${SALON}${sample.path}`,
    ...body,
    expect: error(403, 'PROJECT_MISMATCH'),
  });
  await r.send({ method, path, ...body, host: 'evil.example:4010', expect: error(403, 'HOST_NOT_ALLOWED') });
  for (const [status, code] of [
    [429, 'RATE_LIMITED'],
    [500, 'INTERNAL_ERROR'],
    [503, 'INTERNAL_ERROR'],
  ] as const) {
    await r.control('POST', '/faults', { method, path: path.split('?')[0], status, times: 1, retryAfter: 2 });
    await r.send({ method, path, ...body, expect: error(status, code) });
  }
}

export async function replayTraffic(r: Replayer): Promise<void> {
  const ok = (status = 200) => ({ status });
  const error = (status: number, code: string | null) => ({ status, code });
  const get = (path: string, expect: ReplayRequest['expect'], extra: Partial<ReplayRequest> = {}) =>
    r.send({ method: 'GET', path, expect, ...extra });

  // --- createReservation ---------------------------------------------------------------------------
  const create = (json: unknown, expect: ReplayRequest['expect'], extra: Partial<ReplayRequest> = {}) =>
    r.send({ method: 'POST', path: `${BISTRO}/reservations`, json, expect, ...extra });
  const toComplete = idOf(await create(booking({ email: 'complete@example.com' }), ok(201)));
  const toNoShow = idOf(
    await create(
      booking({
        email: 'Jana.Novakova@Example.com',
        firstName: 'Jana',
        lastName: 'Nováková',
        phone: '+420 601 234 567',
        guests: 4,
        note: 'U okna, prosím 🙂',
        tableId: 'tbl_02',
        serviceIds: ['svc_tasting'],
        from: '18:00',
        to: '20:00',
      }),
      ok(201),
    ),
  );
  const toCancelByPatch = idOf(
    await create(booking({ email: 'patch-cancel@example.com', from: '13:00', to: '14:00' }), ok(201), {
      contentType: 'application/json; charset=utf-8',
    }),
  );
  // Up to closing time, at a table.
  await create(
    booking({ email: 'late@example.com', from: '20:00', to: '22:00', tableId: 'tbl_03', guests: 2 }),
    ok(201),
  );
  const toCancel = idOf(
    await create(booking({ email: 'cancel@example.com', from: '14:00', to: '15:00' }), ok(201)),
  );
  const toCancelNoBody = idOf(await create(booking({ email: 'nobody@example.com' }), ok(201)));
  const toCancelEmpty = idOf(await create(booking({ email: 'empty@example.com' }), ok(201)));
  await r.send({
    method: 'POST',
    path: `${SALON}/reservations`,
    key: 'rk_salon_full',
    json: booking({ from: '10:00', to: '11:00', phone: '+420 777 123 456' }),
    expect: ok(201),
  });

  const broken = { breaks: ['body'] as const };
  await create({}, error(400, null), broken);
  await create({ email: 'only@example.com' }, error(400, null), broken);
  await r.send({
    method: 'POST',
    path: `${SALON}/reservations`,
    key: 'rk_salon_full',
    json: booking({ from: '10:00', to: '11:00' }),
    expect: error(400, null),
  });
  await create(undefined, error(400, 'INVALID_JSON'), { body: '{"email":', ...broken });
  await create(undefined, error(400, 'INVALID_JSON'), { body: '[]', ...broken });
  await create(undefined, error(400, 'INVALID_JSON'), {
    body: Buffer.concat([
      Buffer.from(JSON.stringify(booking()).slice(0, -1)),
      Buffer.from(',"note":"\xff"}', 'latin1'),
    ]),
    ...broken,
  });
  await create(undefined, error(400, 'INVALID_JSON'), {
    body: `${JSON.stringify(booking()).slice(0, -1)},"x":${'['.repeat(40)}${']'.repeat(40)}}`,
    ...broken,
  });
  await create(booking({ email: 'not-an-email' }), error(400, 'VALIDATION_ERROR'), broken);
  await create(booking({ from: '13:00', to: '12:00' }), error(400, 'VALIDATION_ERROR'), broken);
  await create(booking({ date: '2026-02-30' }), error(400, 'VALIDATION_ERROR'), broken);
  await create(booking({ guests: 0 }), error(400, 'VALIDATION_ERROR'), broken);
  await create(booking({ tableId: 'tbl_99' }), error(400, 'VALIDATION_ERROR'), broken);
  await create(booking({ tableId: 'tbl_01', guests: 5 }), error(400, 'VALIDATION_ERROR'), broken);
  await create(booking(), error(403, 'PERMISSION_DENIED'), { key: 'rk_demo_read' });
  await create(booking({ email: 'BLOCKED@example.com' }), error(403, 'CUSTOMER_BLACKLISTED'));
  await create(booking({ tableId: 'tbl_02', from: '19:00', to: '21:00' }), error(409, 'DOUBLE_BOOKING'));
  await create(booking({ note: BIG_NOTE }), error(413, 'PAYLOAD_TOO_LARGE'), broken);
  await create(booking(), error(415, 'UNSUPPORTED_MEDIA_TYPE'), { contentType: 'text/plain', ...broken });
  await create(booking(), error(415, 'UNSUPPORTED_MEDIA_TYPE'), { contentType: null, ...broken });
  await create(booking({ date: '2026-06-21' }), error(422, 'OUTSIDE_OPENING_HOURS'));
  await create(booking({ date: '2026-06-12' }), error(422, 'RESERVATION_IN_PAST'));
  await sharedErrors(r, {
    method: 'POST',
    path: '/reservations',
    json: booking({ email: 'never@example.com' }),
  });

  // --- updateReservationStatus -----------------------------------------------------------------------
  const patch = (
    id: string,
    json: unknown,
    expect: ReplayRequest['expect'],
    extra: Partial<ReplayRequest> = {},
  ) => r.send({ method: 'PATCH', path: `${BISTRO}/reservations/${id}/status`, json, expect, ...extra });
  await patch(toComplete, { status: 'CONFIRMED', note: 'Confirmed by phone.' }, ok());
  await patch(toComplete, { status: 'COMPLETED' }, ok());
  await patch(toComplete, { status: 'CONFIRMED' }, error(409, 'INVALID_STATUS_TRANSITION'));
  await patch(toNoShow, { status: 'CONFIRMED' }, ok());
  await patch(toNoShow, { status: 'NO_SHOW' }, ok());
  await patch(toCancelByPatch, { status: 'CANCELLED', reason: 'Changed plans.' }, ok());
  await patch(toCancel, undefined, error(400, 'INVALID_JSON'), { body: 'nope', ...broken });
  await patch(toCancel, { status: 'BOGUS' }, error(400, 'VALIDATION_ERROR'), broken);
  await patch(toCancel, {}, error(400, 'VALIDATION_ERROR'), broken);
  await patch(toCancel, { status: 'CONFIRMED', note: 5 }, error(400, 'VALIDATION_ERROR'), broken);
  await patch(toCancel, { status: 'CONFIRMED' }, error(403, 'PERMISSION_DENIED'), { key: 'rk_demo_read' });
  await patch('res_unknown', { status: 'CONFIRMED' }, error(404, 'RESERVATION_NOT_FOUND'));
  await patch(toCancel, { status: 'CONFIRMED', note: BIG_NOTE }, error(413, 'PAYLOAD_TOO_LARGE'), broken);
  await patch(toCancel, { status: 'CONFIRMED' }, error(415, 'UNSUPPORTED_MEDIA_TYPE'), {
    contentType: 'text/plain',
    ...broken,
  });
  await sharedErrors(r, {
    method: 'PATCH',
    path: `/reservations/${toCancel}/status`,
    json: { status: 'CONFIRMED' },
  });

  // --- cancelReservation ---------------------------------------------------------------------------
  const cancel = (id: string, expect: ReplayRequest['expect'], extra: Partial<ReplayRequest> = {}) =>
    r.send({ method: 'DELETE', path: `${BISTRO}/reservations/${id}`, expect, ...extra });
  await cancel(toCancel, error(400, 'INVALID_JSON'), { body: '[1]', ...broken });
  await cancel(toCancel, error(400, 'VALIDATION_ERROR'), { json: { reason: 5 }, ...broken });
  await cancel(toCancel, error(403, 'PERMISSION_DENIED'), { key: 'rk_demo_read' });
  await cancel('res_unknown', error(404, 'RESERVATION_NOT_FOUND'));
  await cancel(toCancel, error(413, 'PAYLOAD_TOO_LARGE'), { json: { reason: BIG_NOTE }, ...broken });
  await cancel(toCancel, error(415, 'UNSUPPORTED_MEDIA_TYPE'), {
    json: { reason: 'x' },
    contentType: 'text/plain',
    ...broken,
  });
  await sharedErrors(r, { method: 'DELETE', path: `/reservations/${toCancel}` });
  await cancel(toCancel, ok(), { json: { reason: 'Customer called to cancel.' } });
  await cancel(toCancelNoBody, ok());
  await cancel(toCancelEmpty, ok(), { json: {} });
  await cancel(toCancel, error(409, 'INVALID_STATUS_TRANSITION'));
  await cancel(toComplete, error(409, 'INVALID_STATUS_TRANSITION'));

  // --- getReservation ------------------------------------------------------------------------------
  for (const id of [toComplete, toNoShow, toCancel, 'res_demo_0001', 'res_demo_0003'])
    await get(`${BISTRO}/reservations/${id}`, ok());
  await get(`${BISTRO}/reservations/${toComplete}`, ok(), { key: 'rk_demo_read' });
  await get(`${BISTRO}/reservations/${toComplete}`, error(403, 'PERMISSION_DENIED'), {
    key: 'rk_demo_basic',
  });
  await get(`${BISTRO}/reservations/res_unknown`, error(404, 'RESERVATION_NOT_FOUND'));
  const salonList = await get(`${SALON}/reservations`, ok(), { key: 'rk_salon_full' });
  const salonId = (JSON.parse(salonList.responseText) as { reservations: { id: string }[] }).reservations[0]
    ?.id;
  if (salonId) await get(`${BISTRO}/reservations/${salonId}`, error(404, 'RESERVATION_NOT_FOUND'));
  await sharedErrors(r, { method: 'GET', path: '/reservations/res_demo_0001' });

  // --- listReservations ----------------------------------------------------------------------------
  for (const query of [
    '',
    '?date=2026-06-16',
    '?from=2026-06-01&to=2026-06-30',
    '?date=2026-06-16&status=CONFIRMED',
    '?branchId=br_old_town',
    '?limit=2&offset=1',
    '?limit=500',
    '?limit=9007199254740992',
    '?offset=9007199254740992',
  ])
    await get(`${BISTRO}/reservations${query}`, ok());
  await get(`${BISTRO}/reservations`, ok(), { key: 'rk_demo_read' });
  const badQuery = { breaks: ['query'] as const };
  await get(`${BISTRO}/reservations?date=2026-13-01`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/reservations?status=BOGUS`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/reservations?limit=0`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/reservations?offset=-1`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/reservations?branchId=br_unknown`, error(400, 'VALIDATION_ERROR'));
  await get(`${BISTRO}/reservations`, error(403, 'PERMISSION_DENIED'), { key: 'rk_demo_basic' });
  await get('/api/v1/Demo_Bistro/reservations', error(403, 'PROJECT_MISMATCH'));
  await sharedErrors(r, { method: 'GET', path: '/reservations' });

  // --- getAvailability -----------------------------------------------------------------------------
  for (const query of [
    '?date=2026-06-16',
    '?date=2026-06-15',
    '?date=2026-06-16&serviceId=svc_tasting',
    '?date=2026-06-16&duration=45',
    '?date=2026-06-16&branchId=br_old_town',
    '?date=2026-06-21',
    '?date=2026-12-24',
  ])
    await get(`${BISTRO}/availability${query}`, ok());
  await get(`${BISTRO}/availability?date=2026-06-16`, ok(), { key: 'rk_demo_basic' });
  await get(`${SALON}/availability?date=2026-06-16`, ok(), { key: 'rk_salon_full' });
  await get(`${BISTRO}/availability`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/availability?date=16.6.2026`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/availability?date=2026-06-16&duration=0`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/availability?date=2026-06-16&duration=1441`, error(400, 'VALIDATION_ERROR'), badQuery);
  await get(`${BISTRO}/availability?date=2026-06-16&serviceId=svc_unknown`, error(400, 'VALIDATION_ERROR'));
  await get(`${BISTRO}/availability?date=2026-06-16&branchId=br_unknown`, error(400, 'VALIDATION_ERROR'));
  await sharedErrors(r, { method: 'GET', path: '/availability?date=2026-06-16' });

  // --- getSchedule, getProjectInfo -----------------------------------------------------------------
  for (const path of ['/schedule', '/info']) {
    await get(`${BISTRO}${path}`, ok());
    await get(`${BISTRO}${path}`, ok(), { key: 'rk_demo_basic' });
    await get(`${SALON}${path}`, ok(), { key: 'rk_salon_full' });
    await sharedErrors(r, { method: 'GET', path });
  }

  // --- listTables, listServices --------------------------------------------------------------------
  for (const query of ['', '?zoneId=zone_terrace', '?branchId=br_old_town', '?zoneId=zone_unknown'])
    await get(`${BISTRO}/tables${query}`, ok());
  await get(`${SALON}/tables`, ok(), { key: 'rk_salon_full' });
  await get(`${BISTRO}/tables?branchId=br_unknown`, error(400, 'VALIDATION_ERROR'));
  await sharedErrors(r, { method: 'GET', path: '/tables' });
  for (const query of ['', '?branchId=br_old_town']) await get(`${BISTRO}/services${query}`, ok());
  await get(`${SALON}/services`, ok(), { key: 'rk_salon_full' });
  await get(`${BISTRO}/services?branchId=br_unknown`, error(400, 'VALIDATION_ERROR'));
  await sharedErrors(r, { method: 'GET', path: '/services' });

  // --- listGalleryPhotos, listReviews --------------------------------------------------------------
  for (const path of ['/gallery', '/reviews']) {
    for (const query of ['', '?limit=2&offset=1', '?limit=9007199254740992', '?offset=9007199254740992'])
      await get(`${BISTRO}${path}${query}`, ok());
    await get(`${SALON}${path}`, ok(), { key: 'rk_salon_full' });
    await get(`${BISTRO}${path}?limit=0`, error(400, 'VALIDATION_ERROR'), badQuery);
    await get(`${BISTRO}${path}?offset=-1`, error(400, 'VALIDATION_ERROR'), badQuery);
    await get(`${BISTRO}${path}?limit=ten`, error(400, 'VALIDATION_ERROR'), badQuery);
    await get(`${BISTRO}${path}`, error(403, 'PERMISSION_DENIED'), { key: 'rk_demo_read' });
    await sharedErrors(r, { method: 'GET', path });
  }

  // --- paths the contract does not have ------------------------------------------------------------
  await get(`${BISTRO}/unknown`, error(404, 'NOT_FOUND'));
  await r.send({ method: 'DELETE', path: `${BISTRO}/reservations`, expect: error(404, 'NOT_FOUND') });
  await r.send({
    method: 'PUT',
    path: `${BISTRO}/reservations/${toComplete}`,
    json: {},
    expect: error(404, 'NOT_FOUND'),
  });
  await get(`${BISTRO}/reservations/${toComplete}/status`, error(404, 'NOT_FOUND'));
}

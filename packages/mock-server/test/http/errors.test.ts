// Every row of the error table (openapi.yaml, the mock README's rules), and the order of the checks.
import { describe, expect, it } from 'vitest';
import { booking, useMockApi } from '../support/api';

const P = '/api/v1/demo-bistro';

describe('error responses', () => {
  const api = useMockApi();

  it('401 API_KEY_MISSING when the header is absent or empty', async () => {
    for (const key of [null, '', '   ']) {
      const { status, body } = await api.get(`${P}/info`, { key });
      expect(status).toBe(401);
      expect(body).toEqual({
        error: 'Unauthorized',
        code: 'API_KEY_MISSING',
        message: 'Missing X-API-Key header',
      });
    }
  });

  it('401 API_KEY_INVALID for an unknown key', async () => {
    const { status, body } = await api.get(`${P}/info`, { key: 'rk_nope' });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Unauthorized', code: 'API_KEY_INVALID', message: 'Invalid API key' });
  });

  it('401 API_KEY_INVALID for a regenerated key, at once', async () => {
    const { key } = await api.service.control.keys.regenerate('demo-bistro', 'key_demo_read');
    expect((await api.get(`${P}/reservations`, { key: 'rk_demo_read' })).status).toBe(401);
    expect((await api.get(`${P}/reservations`, { key })).status).toBe(200);
  });

  it('403 PROJECT_MISMATCH for another project, existing or not', async () => {
    for (const slug of ['demo-salon', 'no-such-project', 'UPPER_case']) {
      const { status, body } = await api.get(`/api/v1/${slug}/info`);
      expect(status).toBe(403);
      expect(body).toEqual({
        error: 'Forbidden',
        code: 'PROJECT_MISMATCH',
        message: 'API key is not authorized for this project',
      });
    }
  });

  it('404 NOT_FOUND for any other path under /api/v1 (and for a method the path does not have)', async () => {
    for (const [method, path] of [
      ['GET', `${P}/nope`],
      ['GET', `${P}`],
      ['GET', `${P}/reservations/res_demo_0001/status`],
      ['PUT', `${P}/reservations`],
      ['POST', `${P}/info`],
      ['GET', `${P}/reservations/`],
      // One slash more after the slug is no route either (it once matched /reservations).
      ['GET', `${P}//reservations`],
    ] as const) {
      const { status, body } = await api.request(method, path);
      expect(status, `${method} ${path}`).toBe(404);
      expect(body).toEqual({ error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('403 PERMISSION_DENIED names the missing permission', async () => {
    const cases = [
      ['GET', `${P}/reservations`, 'read permission'],
      ['POST', `${P}/reservations`, 'write permission'],
      ['PATCH', `${P}/reservations/res_demo_0004/status`, 'write permission'],
      ['DELETE', `${P}/reservations/res_demo_0004`, 'delete permission'],
      ['GET', `${P}/gallery`, 'media read permission'],
      ['GET', `${P}/reviews`, 'media read permission'],
    ] as const;
    for (const [method, path, what] of cases) {
      const { status, body } = await api.request(method, path, { key: 'rk_demo_basic' });
      expect(status).toBe(403);
      expect(body).toEqual({
        error: 'Forbidden',
        code: 'PERMISSION_DENIED',
        message: `API key does not have ${what}`,
      });
    }
  });

  it('400 without a code lists exactly the missing required fields, in order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'email, date, from, to'],
      [{ email: 'a@b.cz', from: '12:00' }, 'date, to'],
      [{ email: '', date: null, from: '12:00', to: '13:00' }, 'email, date'],
      [booking({ to: undefined }), 'to'],
    ];
    for (const [body, missing] of cases) {
      const answer = await api.post(`${P}/reservations`, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Bad Request', message: `Missing required fields: ${missing}` });
    }
  });

  it('400 INVALID_JSON for a body that is not a JSON object', async () => {
    for (const raw of ['{"email":', '[]', '"text"', '42', 'null', '']) {
      const { status, body } = await api.request('POST', `${P}/reservations`, {
        raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(status, raw).toBe(400);
      expect(body).toEqual({
        error: 'Bad Request',
        code: 'INVALID_JSON',
        message: 'Request body must be a JSON object',
      });
    }
    const patch = await api.request('PATCH', `${P}/reservations/res_demo_0004/status`, { raw: '[1]' });
    expect(patch.body).toMatchObject({ code: 'INVALID_JSON' });
    const del = await api.request('DELETE', `${P}/reservations/res_demo_0004`, { raw: 'nope' });
    expect(del.body).toMatchObject({ code: 'INVALID_JSON' });
  });

  it.each([
    [{ date: '15.6.2026' }, 'date', 'must be a date in YYYY-MM-DD format'],
    [{ date: '2026-6-1' }, 'date', 'must be a date in YYYY-MM-DD format'],
    [{ date: '2026-13-01' }, 'date', 'is not a calendar date'],
    [{ date: '2026-02-30' }, 'date', 'is not a calendar date'],
    [{ date: '2030-02-30' }, 'date', 'is not a calendar date'],
    // Well-formed (the documented pattern), before the year 1000: no day, not a malformed date.
    [{ date: '0999-12-31' }, 'date', 'is not a calendar date'],
    [{ from: '7:00' }, 'from', 'must be a time in HH:MM format (00:00-23:59)'],
    [{ from: '24:00', to: '24:00' }, 'from', 'must be a time in HH:MM format (00:00-23:59)'],
    [{ to: '24:01' }, 'to', 'must be a time in HH:MM format (00:00-24:00)'],
    [{ from: '14:00', to: '13:00' }, 'from', 'must be before to'],
    [{ from: '13:00', to: '13:00' }, 'from', 'must be before to'],
    [{ email: 'not-an-email' }, 'email', 'must be a valid e-mail address'],
    [{ email: 42 }, 'email', 'must be a valid e-mail address'],
    [{ guests: 0 }, 'guests', 'must be a positive integer'],
    [{ guests: 1.5 }, 'guests', 'must be a positive integer'],
    [{ guests: '2' }, 'guests', 'must be a positive integer'],
    [{ tableId: 'tbl_99' }, 'tableId', 'unknown table'],
    [{ tableId: 'tbl_07' }, 'tableId', 'unknown table'],
    [{ serviceIds: ['svc_nope'] }, 'serviceIds', 'unknown service svc_nope'],
    [{ serviceIds: 'svc_lunch' }, 'serviceIds', 'must be an array of strings'],
    [{ branchId: 'br_nope' }, 'branchId', 'unknown branch'],
    [{ tableId: 'tbl_02', guests: 5 }, 'guests', 'exceeds the capacity of table tbl_02 (4)'],
    [{ note: 'x'.repeat(1001) }, 'note', 'must be at most 1000 characters'],
    [{ firstName: 7 }, 'firstName', 'must be a string'],
  ])('400 VALIDATION_ERROR for %j', async (override, field, message) => {
    const { status, body } = await api.post(`${P}/reservations`, booking(override));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: `${field}: ${message}`,
      details: [{ field, message }],
    });
  });

  it('400 VALIDATION_ERROR lists every invalid field at once, references included', async () => {
    const { status, body } = await api.post(
      `${P}/reservations`,
      booking({
        email: 'nope',
        date: '2030-02-30',
        from: '14:00',
        to: '13:00',
        guests: 0,
        tableId: 'tbl_99',
      }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const { details, message } = body as { details: { field: string; message: string }[]; message: string };
    expect(details).toEqual([
      { field: 'email', message: 'must be a valid e-mail address' },
      { field: 'date', message: 'is not a calendar date' },
      { field: 'guests', message: 'must be a positive integer' },
      { field: 'from', message: 'must be before to' },
      { field: 'tableId', message: 'unknown table' },
    ]);
    expect(message).toBe(details.map((d) => `${d.field}: ${d.message}`).join('; '));
  });

  it('400 VALIDATION_ERROR for bad query parameters', async () => {
    const cases = [
      [`${P}/reservations?date=15.6.2026`, 'date', 'must be a date in YYYY-MM-DD format'],
      [
        `${P}/reservations?status=DONE`,
        'status',
        'must be one of PENDING, CONFIRMED, CANCELLED, COMPLETED, NO_SHOW',
      ],
      [`${P}/reservations?limit=0`, 'limit', 'must be an integer of at least 1'],
      [`${P}/reservations?limit=abc`, 'limit', 'must be an integer of at least 1'],
      [`${P}/reservations?offset=-1`, 'offset', 'must be an integer of at least 0'],
      [`${P}/reservations?branchId=br_nope`, 'branchId', 'unknown branch'],
      [`${P}/availability`, 'date', 'is required'],
      [`${P}/availability?date=2026-6-1`, 'date', 'must be a date in YYYY-MM-DD format'],
      [`${P}/availability?date=2030-02-30`, 'date', 'is not a calendar date'],
      [`${P}/availability?date=0999-12-31`, 'date', 'is not a calendar date'],
      [`${P}/reservations?date=0000-01-01`, 'date', 'is not a calendar date'],
      [`${P}/availability?date=2026-06-16&serviceId=svc_nope`, 'serviceId', 'unknown service'],
      [`${P}/availability?date=2026-06-16&branchId=br_nope`, 'branchId', 'unknown branch'],
      [`${P}/availability?date=2026-06-16&duration=0`, 'duration', 'must be an integer from 1 to 1440'],
      [`${P}/availability?date=2026-06-16&duration=1441`, 'duration', 'must be an integer from 1 to 1440'],
      [`${P}/tables?branchId=br_nope`, 'branchId', 'unknown branch'],
      [`${P}/services?branchId=br_nope`, 'branchId', 'unknown branch'],
      [`${P}/gallery?limit=0`, 'limit', 'must be an integer of at least 1'],
      [`${P}/reviews?offset=-5`, 'offset', 'must be an integer of at least 0'],
    ] as const;
    for (const [path, field, message] of cases) {
      const { status, body } = await api.get(path);
      expect(status, path).toBe(400);
      expect(body).toEqual({
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
        message: `${field}: ${message}`,
        details: [{ field, message }],
      });
    }
  });

  it('400 VALIDATION_ERROR lists every invalid query parameter at once, unknown ids included', async () => {
    const cases = [
      [
        `${P}/availability?date=2026-6-1&branchId=br_nope&serviceId=svc_nope&duration=0`,
        [
          { field: 'date', message: 'must be a date in YYYY-MM-DD format' },
          { field: 'duration', message: 'must be an integer from 1 to 1440' },
          { field: 'branchId', message: 'unknown branch' },
          { field: 'serviceId', message: 'unknown service' },
        ],
      ],
      [
        `${P}/availability?date=2026-06-16&serviceId=svc_nope&duration=abc`,
        [
          { field: 'duration', message: 'must be an integer from 1 to 1440' },
          { field: 'serviceId', message: 'unknown service' },
        ],
      ],
      [
        `${P}/reservations?branchId=br_nope&date=15.6.2026&limit=0`,
        [
          { field: 'date', message: 'must be a date in YYYY-MM-DD format' },
          { field: 'limit', message: 'must be an integer of at least 1' },
          { field: 'branchId', message: 'unknown branch' },
        ],
      ],
      [
        `${P}/tables?branchId=br_nope&zoneId=`,
        [
          { field: 'zoneId', message: 'must not be empty' },
          { field: 'branchId', message: 'unknown branch' },
        ],
      ],
    ] as const;
    for (const [path, details] of cases) {
      const { status, body } = await api.get(path);
      expect(status, path).toBe(400);
      expect(body, path).toEqual({
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
        message: details.map((d) => `${d.field}: ${d.message}`).join('; '),
        details,
      });
    }
  });

  it('400 VALIDATION_ERROR for PATCH and DELETE bodies', async () => {
    const missing = await api.patch(`${P}/reservations/res_demo_0004/status`, {});
    expect(missing.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'status', message: 'is required' }],
    });
    const unknown = await api.patch(`${P}/reservations/res_demo_0004/status`, { status: 'ARCHIVED' });
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'status: must be one of PENDING, CONFIRMED, CANCELLED, COMPLETED, NO_SHOW',
    });
    const reason = await api.del(`${P}/reservations/res_demo_0004`, { json: { reason: 5 } });
    expect(reason.body).toEqual({
      error: 'Bad Request',
      code: 'VALIDATION_ERROR',
      message: 'reason: must be a string',
      details: [{ field: 'reason', message: 'must be a string' }],
    });
  });

  it('404 RESERVATION_NOT_FOUND for an unknown id or another project’s reservation', async () => {
    for (const [method, path, key] of [
      ['GET', `${P}/reservations/res_nope`, 'rk_demo_full'],
      ['GET', `${P}/reservations/res_salon_0001`, 'rk_demo_full'],
      ['PATCH', `${P}/reservations/res_nope/status`, 'rk_demo_full'],
      ['DELETE', `${P}/reservations/res_nope`, 'rk_demo_full'],
      ['GET', '/api/v1/demo-salon/reservations/res_demo_0001', 'rk_salon_full'],
    ] as const) {
      const { status, body } = await api.request(method, path, {
        key,
        ...(method === 'PATCH' ? { json: { status: 'CONFIRMED' } } : {}),
      });
      expect(status).toBe(404);
      expect(body).toEqual({
        error: 'Not Found',
        code: 'RESERVATION_NOT_FOUND',
        message: 'Reservation not found',
      });
    }
  });

  it('409 INVALID_STATUS_TRANSITION names both states', async () => {
    const same = await api.patch(`${P}/reservations/res_demo_0003/status`, { status: 'CONFIRMED' });
    expect(same.status).toBe(409);
    expect(same.body).toEqual({
      error: 'Conflict',
      code: 'INVALID_STATUS_TRANSITION',
      message: 'Cannot change status from CONFIRMED to CONFIRMED',
    });
    const fromFinal = await api.del(`${P}/reservations/res_demo_0001`);
    expect(fromFinal.body).toMatchObject({ message: 'Cannot change status from COMPLETED to CANCELLED' });
  });

  it('409 DOUBLE_BOOKING for an overlapping active reservation of the table', async () => {
    await api.post(`${P}/reservations`, booking({ tableId: 'tbl_03', from: '12:00', to: '13:00' }));
    const { status, body } = await api.post(
      `${P}/reservations`,
      booking({ tableId: 'tbl_03', from: '12:59', to: '14:00' }),
    );
    expect(status).toBe(409);
    expect(body).toEqual({
      error: 'Conflict',
      code: 'DOUBLE_BOOKING',
      message: 'Table is already reserved for this time slot',
    });
  });

  it('403 CUSTOMER_BLACKLISTED by e-mail (any case) or by phone', async () => {
    const byEmail = await api.post(`${P}/reservations`, booking({ email: 'Blocked@Example.com' }));
    expect(byEmail.status).toBe(403);
    expect(byEmail.body).toEqual({
      error: 'Forbidden',
      code: 'CUSTOMER_BLACKLISTED',
      message: 'Customer is blacklisted',
    });
    await api.service.control.blacklist('demo-bistro', { phone: '+420 777 000 111' });
    const byPhone = await api.post(`${P}/reservations`, booking({ phone: '+420777000111' }));
    expect(byPhone.body).toMatchObject({ code: 'CUSTOMER_BLACKLISTED' });
  });

  it('422 OUTSIDE_OPENING_HOURS on a closed day, a holiday, across the break or after closing', async () => {
    for (const override of [
      { date: '2026-06-21' },
      { date: '2026-12-24' },
      { from: '14:30', to: '15:30' },
      { from: '21:00', to: '23:00' },
      { from: '10:30', to: '11:30' },
    ]) {
      const { status, body } = await api.post(`${P}/reservations`, booking(override));
      expect(status, JSON.stringify(override)).toBe(422);
      expect(body).toEqual({
        error: 'Unprocessable Entity',
        code: 'OUTSIDE_OPENING_HOURS',
        message: 'The requested time is outside opening hours',
      });
    }
    expect((await api.post(`${P}/reservations`, booking({ from: '17:00', to: '22:00' }))).status).toBe(201);
  });

  it('413 PAYLOAD_TOO_LARGE for a body over 64 KiB', async () => {
    const { status, body } = await api.post(`${P}/reservations`, booking({ note: 'x'.repeat(70_000) }));
    expect(status).toBe(413);
    expect(body).toEqual({
      error: 'Payload Too Large',
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body too large',
    });
    expect((await api.post(`${P}/reservations`, booking({ note: 'x'.repeat(60_000) }))).status).toBe(400);
  });

  it('429 RATE_LIMITED with Retry-After and 5xx INTERNAL_ERROR from injected faults', async () => {
    api.service.control.faults.add({ status: 429, retryAfter: 30 });
    const limited = await api.get(`${P}/info`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('30');
    expect(limited.body).toEqual({
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'Too many requests, retry after 30 seconds',
    });
    api.service.control.faults.add({ status: 500, path: `${P}/info`, method: 'get' });
    const failed = await api.get(`${P}/info`);
    expect(failed.body).toEqual({
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
    });
    expect((await api.get(`${P}/info`)).status).toBe(200);
  });
});

describe('order of checks', () => {
  const api = useMockApi();
  const tooBig = 'x'.repeat(70_000);

  it('401 before everything else', async () => {
    expect((await api.get('/api/v1/no-such/nope', { key: null })).status).toBe(401);
    expect((await api.post(`${P}/reservations`, { note: tooBig }, { key: 'rk_wrong' })).status).toBe(401);
  });

  it('PROJECT_MISMATCH before an unknown route', async () => {
    expect((await api.get('/api/v1/demo-salon/nope')).body).toMatchObject({ code: 'PROJECT_MISMATCH' });
  });

  it('unknown route before PERMISSION_DENIED', async () => {
    expect((await api.get(`${P}/nope`, { key: 'rk_demo_basic' })).body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('PERMISSION_DENIED before the body is looked at', async () => {
    const answer = await api.request('POST', `${P}/reservations`, { key: 'rk_demo_read', raw: tooBig });
    expect(answer.body).toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('413 before INVALID_JSON, INVALID_JSON before missing fields', async () => {
    expect((await api.request('POST', `${P}/reservations`, { raw: `{${tooBig}` })).status).toBe(413);
    expect((await api.request('POST', `${P}/reservations`, { raw: '{' })).body).toMatchObject({
      code: 'INVALID_JSON',
    });
  });

  it('missing fields before type errors; type errors, then unknown references, in one answer', async () => {
    expect(
      (await api.post(`${P}/reservations`, { email: 5, date: '2026-06-16', from: '12:00' })).body,
    ).toEqual({
      error: 'Bad Request',
      message: 'Missing required fields: to',
    });
    const both = await api.post(`${P}/reservations`, booking({ guests: -1, tableId: 'tbl_99' }));
    expect(both.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'guests' }, { field: 'tableId', message: 'unknown table' }],
    });
  });

  it('400 body before 404 reservation, 404 before 409', async () => {
    expect((await api.patch(`${P}/reservations/res_nope/status`, { status: 'NOPE' })).status).toBe(400);
    expect((await api.patch(`${P}/reservations/res_nope/status`, { status: 'COMPLETED' })).status).toBe(404);
    expect((await api.patch(`${P}/reservations/res_demo_0001/status`, { status: 'COMPLETED' })).status).toBe(
      409,
    );
  });

  it('400 references before 403 blacklist before 422 hours before 409 overlap', async () => {
    await api.post(
      `${P}/reservations`,
      booking({ tableId: 'tbl_01', date: '2026-06-16', from: '12:00', to: '13:00' }),
    );
    const blocked = 'blocked@example.com';
    expect(
      (
        await api.post(
          `${P}/reservations`,
          booking({ email: blocked, tableId: 'tbl_99', date: '2026-06-21' }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await api.post(
          `${P}/reservations`,
          booking({ email: blocked, tableId: 'tbl_01', date: '2026-06-21' }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api.post(
          `${P}/reservations`,
          booking({ tableId: 'tbl_01', date: '2026-06-16', from: '12:00', to: '15:30' }),
        )
      ).status,
    ).toBe(422);
    expect(
      (await api.post(`${P}/reservations`, booking({ tableId: 'tbl_01', from: '12:30', to: '13:30' })))
        .status,
    ).toBe(409);
  });

  it('an injected fault comes before every other check', async () => {
    api.service.control.faults.add({ status: 500 });
    expect((await api.get('/api/v1/whatever', { key: null })).status).toBe(500);
  });
});

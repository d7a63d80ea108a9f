// Request bodies over real HTTP (openapi.yaml, "Conventions"; mock README, "Rules"): JSON only, by
// Content-Type and uncompressed (415 otherwise, after 403 PERMISSION_DENIED and before 413); valid UTF-8 only; at most
// 32 levels deep, counting the body object as level 1 (400 INVALID_JSON otherwise), whatever the
// strings inside say. A refused body changes nothing.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/node';
import { booking, reservationCount, send, startServer, TUESDAY_NOON } from '../support/server';

const RESERVATIONS = '/api/v1/demo-bistro/reservations';
const UNSUPPORTED = {
  error: 'Unsupported Media Type',
  message: 'Content-Type must be application/json',
  code: 'UNSUPPORTED_MEDIA_TYPE',
};
const INVALID_JSON = {
  error: 'Bad Request',
  message: 'Request body must be a JSON object',
  code: 'INVALID_JSON',
};

async function createPending(server: MockServer): Promise<string> {
  const answer = await send(server, 'POST', RESERVATIONS, { json: booking() });
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as { reservation: { id: string } }).reservation.id;
}

async function statusOf(server: MockServer, id: string): Promise<string> {
  const answer = await send(server, 'GET', `${RESERVATIONS}/${id}`);
  return (answer.body as { reservation: { status: string } }).reservation.status;
}

describe('Content-Type', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['no Content-Type', null],
  ])('POST with JSON sent as %s is 415 and creates nothing', async (_, contentType) => {
    const server = await startServer({ now: TUESDAY_NOON });
    // A target, so that a booking that slipped through would also show as a delivery.
    await server.service.control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hooks' });
    const before = await reservationCount(server);
    const answer = await send(server, 'POST', RESERVATIONS, { json: booking(), contentType });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(UNSUPPORTED);
    expect(await reservationCount(server)).toBe(before);
    expect(await server.service.control.deliveries()).toEqual([]);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['no Content-Type', null],
  ])('PATCH and DELETE with a JSON body sent as %s are 415 and change nothing', async (_, contentType) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const id = await createPending(server);
    const patch = await send(server, 'PATCH', `${RESERVATIONS}/${id}/status`, {
      json: { status: 'CONFIRMED' },
      contentType,
    });
    expect(patch.status).toBe(415);
    expect(patch.body).toEqual(UNSUPPORTED);
    const del = await send(server, 'DELETE', `${RESERVATIONS}/${id}`, { json: { reason: 'x' }, contentType });
    expect(del.status).toBe(415);
    expect(del.body).toEqual(UNSUPPORTED);
    expect(await statusOf(server, id)).toBe('PENDING');
  });

  it('accepts application/json with parameters and application/*+json, nothing else', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const cases: [contentType: string, status: number][] = [
      ['application/json', 201],
      ['application/json; charset=utf-8', 201],
      ['application/json;charset=UTF-8', 201],
      ['Application/JSON', 201],
      ['application/vnd.api+json', 201],
      ['application/merge-patch+json; charset=utf-8', 201],
      ['text/plain', 415],
      ['text/plain; charset=utf-8', 415],
      ['text/json', 415],
      ['application/jsonp', 415],
      ['application/x-www-form-urlencoded', 415],
      ['multipart/form-data; boundary=x', 415],
    ];
    const seen: [string, number][] = [];
    for (const [contentType] of cases) {
      const answer = await send(server, 'POST', RESERVATIONS, { json: booking(), contentType });
      seen.push([contentType, answer.status]);
    }
    expect(seen).toEqual(cases);
  });

  it('a DELETE without a body needs no Content-Type (the guard: the optional body stays optional)', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const id = await createPending(server);
    const answer = await send(server, 'DELETE', `${RESERVATIONS}/${id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(await statusOf(server, id)).toBe('CANCELLED');
  });

  it('is checked after 401 and 403 PERMISSION_DENIED, and before 413 and 400', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const plain = { contentType: 'text/plain' };
    const big = JSON.stringify(booking({ note: 'x'.repeat(70 * 1024) }));
    const status = async (options: Parameters<typeof send>[3]) =>
      (await send(server, 'POST', RESERVATIONS, options)).status;
    expect(await status({ ...plain, json: booking(), key: null })).toBe(401);
    expect(await status({ ...plain, json: booking(), key: 'rk_demo_read' })).toBe(403);
    expect(await status({ ...plain, body: big })).toBe(415);
    expect(await status({ ...plain, body: '{"email":' })).toBe(415);
    // The same bodies as JSON reach the later checks.
    expect(await status({ body: big })).toBe(413);
    expect(await status({ body: '{"email":' })).toBe(400);
  });
});

describe('Content-Encoding', () => {
  it('a compressed body is 415 naming its coding, before 413 and 400, and creates nothing', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    await server.service.control.setWebhook('demo-bistro', { url: 'http://127.0.0.1:9/hooks' });
    const before = await reservationCount(server);
    const gzipped = gzipSync(JSON.stringify(booking()));
    for (const coding of ['gzip', 'GZIP', 'identity, gzip', 'br']) {
      const answer = await send(server, 'POST', RESERVATIONS, {
        body: gzipped,
        headers: { 'content-encoding': coding },
      });
      expect(answer.status, coding).toBe(415);
      expect(answer.body).toEqual({
        ...UNSUPPORTED,
        message: `Content-Encoding ${coding.replace('identity, ', '').toLowerCase()} is not supported: send the body uncompressed`,
      });
    }
    // Too large or not JSON, it is still the coding that is named.
    const big = JSON.stringify(booking({ note: 'x'.repeat(70 * 1024) }));
    expect(
      (await send(server, 'POST', RESERVATIONS, { body: big, headers: { 'content-encoding': 'gzip' } }))
        .status,
    ).toBe(415);
    // A coding that is no token is not echoed.
    const odd = await send(server, 'POST', RESERVATIONS, {
      body: gzipped,
      headers: { 'content-encoding': 'x"<b>' },
    });
    expect((odd.body as { message: string }).message).toBe(
      'Content-Encoding is not supported: send the body uncompressed',
    );
    expect(await reservationCount(server)).toBe(before);
    expect(await server.service.control.deliveries()).toEqual([]);
  });

  it('identity is no coding; a DELETE with a coding but no body needs none', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const created = await send(server, 'POST', RESERVATIONS, {
      json: booking(),
      headers: { 'content-encoding': 'identity' },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { reservation: { id: string } }).reservation.id;
    const del = await send(server, 'DELETE', `${RESERVATIONS}/${id}`, {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(del.status, del.text).toBe(200);
  });
});

/** The bytes of a booking whose `field` holds `raw` (already JSON text, spliced in as is). */
function bookingWith(field: string, raw: Buffer | string): Buffer {
  const text = JSON.stringify(booking());
  return Buffer.concat([Buffer.from(`${text.slice(0, -1)},"${field}":`), Buffer.from(raw), Buffer.from('}')]);
}

describe('UTF-8', () => {
  it.each([
    ['a lone 0xFF in note', 'note', Buffer.from([0x22, 0x61, 0xff, 0x62, 0x22])],
    ['a lone 0xFF in an ignored field', 'x', Buffer.from([0x22, 0xff, 0x22])],
    ['a truncated sequence', 'note', Buffer.from([0x22, 0xc3, 0x22])],
    ['an overlong "/" (C0 AF)', 'note', Buffer.from([0x22, 0xc0, 0xaf, 0x22])],
    ['an encoded surrogate (ED A0 80)', 'note', Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])],
  ])('a body with %s is 400 INVALID_JSON and creates nothing', async (_, field, bytes) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const before = await reservationCount(server);
    const answer = await send(server, 'POST', RESERVATIONS, { body: bookingWith(field, bytes) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_JSON);
    expect(await reservationCount(server)).toBe(before);
  });

  it('stores valid multi-byte text as sent (the guard: the same path accepts good UTF-8)', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const note = 'Stůl u okna, prosím 🙂 窓';
    const answer = await send(server, 'POST', RESERVATIONS, {
      body: bookingWith('note', JSON.stringify(note)),
    });
    expect(answer.status, answer.text).toBe(201);
    const { id } = (answer.body as { reservation: { id: string } }).reservation;
    const detail = await send(server, 'GET', `${RESERVATIONS}/${id}`);
    expect((detail.body as { reservation: { note: string } }).reservation.note).toBe(note);
  });
});

/** `levels` levels of arrays around `inner` (a JSON text): `[[…inner…]]`. */
const arrays = (levels: number, inner = '') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
/** `levels` levels of objects `{"x":{"x":…}}` around `inner` (a JSON text, default null). */
const objects = (levels: number, inner = 'null') => `${'{"x":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;

// The body object is level 1, so an unknown field `x` holding n nested containers makes 1 + n levels.
const STRINGS: [name: string, inner: string][] = [
  ['nothing', ''],
  ['"é"', '"é"'],
  ['"constructor"', '"constructor"'],
  ['"__proto__"', '"__proto__"'],
  ['"\\u005f_proto__"', '"\\u005f_proto__"'],
];

describe('nesting depth', () => {
  it.each(STRINGS)('32 levels are accepted and 33 refused, with %s inside', async (_, inner) => {
    const server = await startServer({ now: TUESDAY_NOON });
    const deepest = await send(server, 'POST', RESERVATIONS, { body: bookingWith('x', arrays(31, inner)) });
    expect(deepest.status, deepest.text).toBe(201);
    const tooDeep = await send(server, 'POST', RESERVATIONS, { body: bookingWith('x', arrays(32, inner)) });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toEqual(INVALID_JSON);
  });

  it('counts objects as levels too', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    expect((await send(server, 'POST', RESERVATIONS, { body: bookingWith('x', objects(31)) })).status).toBe(
      201,
    );
    const tooDeep = await send(server, 'POST', RESERVATIONS, { body: bookingWith('x', objects(32)) });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toEqual(INVALID_JSON);
  });

  it.each(STRINGS)(
    '5000 levels are 400 INVALID_JSON and create nothing, with %s inside',
    async (_, inner) => {
      const server = await startServer({ now: TUESDAY_NOON });
      const before = await reservationCount(server);
      const answer = await send(server, 'POST', RESERVATIONS, {
        body: bookingWith('x', arrays(5000, inner)),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(INVALID_JSON);
      expect(await reservationCount(server)).toBe(before);
    },
  );

  it('applies to PATCH and DELETE bodies as well', async () => {
    const server = await startServer({ now: TUESDAY_NOON });
    const id = await createPending(server);
    const deep = `{"status":"CONFIRMED","x":${arrays(32)}}`;
    const patch = await send(server, 'PATCH', `${RESERVATIONS}/${id}/status`, { body: deep });
    expect(patch.body).toEqual(INVALID_JSON);
    const del = await send(server, 'DELETE', `${RESERVATIONS}/${id}`, { body: `{"x":${arrays(32)}}` });
    expect(del.body).toEqual(INVALID_JSON);
    expect(await statusOf(server, id)).toBe('PENDING');
  });
});

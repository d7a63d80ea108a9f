// Hostile input to the REAL standalone server on 127.0.0.1: huge and deeply nested bodies,
// prototype-polluting keys, invalid UTF-8, CR/LF in headers and ids, path traversal and very long
// ids. The server answers each with a 4xx (never a 5xx), stays up, changes nothing, and reflects none
// of it into its headers.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeSegment, oddString } from './openapi-arbitraries';
import {
  type Answer,
  assertContract,
  prototypeState,
  rawRequest,
  runs,
  send,
  useStandaloneServer,
} from './support';

const P = '/api/v1/demo-bistro';
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const BOOKING = { email: 'hostile@example.com', date: '2026-06-16', from: '12:00', to: '13:00' };

describe('hostile input over real HTTP', () => {
  const server = useStandaloneServer();
  const noControl = useStandaloneServer({ control: false });
  let before: Record<string, unknown[]>;
  const prototypeBefore = prototypeState();

  beforeEach(async () => {
    await server.current.service.reset();
    before = await server.current.service.control.snapshot();
  });

  afterEach(async () => {
    // Whatever the test sent: the server still answers, and Object.prototype is as it was.
    const info = await send(server.current, 'GET', `${P}/info`, { key: 'rk_demo_basic' });
    expect(info.status).toBe(200);
    expect(prototypeState()).toEqual(prototypeBefore);
  });

  async function expectRejectedWithoutChange(method: string, path: string, answer: Answer): Promise<void> {
    assertContract(method, new URL(`http://x${path}`).pathname, answer);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await server.current.service.control.snapshot()).toEqual(before);
  }

  describe('size', () => {
    it('answers 413 to a 1 MB body, announced or chunked, on every route with a body', async () => {
      const big = JSON.stringify({ ...BOOKING, note: 'x'.repeat(1024 * 1024) });
      for (const [method, path] of [
        ['POST', `${P}/reservations`],
        ['PATCH', `${P}/reservations/res_demo_0004/status`],
        ['DELETE', `${P}/reservations/res_demo_0004`],
      ] as const) {
        const announced = await send(server.current, method, path, {
          key: 'rk_demo_full',
          body: big,
          headers: JSON_HEADERS,
        });
        expect(announced.status, `${method} ${path}`).toBe(413);
        await expectRejectedWithoutChange(method, path, announced);

        const stream = new Blob([big]).stream();
        const chunked = await fetch(`${server.current.url}${path}`, {
          method,
          headers: { ...JSON_HEADERS, 'X-API-Key': 'rk_demo_full' },
          body: stream,
          duplex: 'half',
        } as RequestInit);
        expect(chunked.status, `${method} ${path} chunked`).toBe(413);
        expect(await chunked.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      }
    });

    it('answers 413 to a 1 MB body on a control route too', async () => {
      const answer = await send(server.current, 'POST', '/__mock/faults', {
        body: JSON.stringify({ status: 500, padding: 'x'.repeat(1024 * 1024) }),
        headers: JSON_HEADERS,
      });
      expect(answer.status).toBe(413);
      expect(server.current.service.control.faults.list()).toEqual([]);
    });
  });

  describe('deep nesting', () => {
    it('answers 413 to 100,000 levels of nesting (200 KB) without parsing them', async () => {
      const body = `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const answer = await send(server.current, 'POST', `${P}/reservations`, {
        key: 'rk_demo_full',
        body,
        headers: JSON_HEADERS,
      });
      expect(answer.status).toBe(413);
    });

    it('does not crash or 5xx on 30,000 levels within the size limit, on either JSON parsing path', async () => {
      const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
      const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const prefix = JSON.stringify(BOOKING).slice(0, -1);
      for (const body of [
        // Plain: parsed without a reviver.
        `${prefix},"x":${deep}}`,
        `${prefix},"x":${deepObject}}`,
        // A \u escape sends the text through the reviver that drops prototype keys (recursive in V8).
        `${prefix},"\\u0078":${deep}}`,
        `${prefix},"__proto__":${deepObject}}`,
        // Not an object at all.
        deep,
      ]) {
        expect(body.length).toBeLessThan(64 * 1024);
        const answer = await send(server.current, 'POST', `${P}/reservations`, {
          key: 'rk_demo_full',
          body,
          headers: JSON_HEADERS,
        });
        assertContract('POST', `${P}/reservations`, answer);
        // A valid booking with an ignored deep extra field may be accepted; nothing may fail.
        expect([201, 400]).toContain(answer.status);
        await server.current.service.reset();
      }
    });
  });

  describe('prototype pollution', () => {
    it('drops __proto__, constructor and prototype keys at any depth and in any spelling', async () => {
      const bodies = [
        `{"__proto__":{"polluted":true},${JSON.stringify(BOOKING).slice(1)}`,
        `{"constructor":{"prototype":{"polluted":true}},${JSON.stringify(BOOKING).slice(1)}`,
        `{"\\u005f_proto__":{"polluted":true},${JSON.stringify(BOOKING).slice(1)}`,
        `{"note":"n","serviceIds":[],"x":{"__proto__":{"polluted":true}},${JSON.stringify(BOOKING).slice(1)}`,
      ];
      for (const body of bodies) {
        const answer = await send(server.current, 'POST', `${P}/reservations`, {
          key: 'rk_demo_full',
          body,
          headers: JSON_HEADERS,
        });
        assertContract('POST', `${P}/reservations`, answer);
        expect(answer.status).toBe(201);
        const id = (answer.body as { reservation: { id: string } }).reservation.id;
        const detail = await send(server.current, 'GET', `${P}/reservations/${id}`, { key: 'rk_demo_full' });
        expect(detail.text).not.toContain('polluted');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        await server.current.service.reset();
      }
      for (const body of ['{"__proto__":{"status":"CONFIRMED"}}', '{"constructor":{"status":"CONFIRMED"}}']) {
        const path = `${P}/reservations/res_demo_0004/status`;
        const answer = await send(server.current, 'PATCH', path, {
          key: 'rk_demo_full',
          body,
          headers: JSON_HEADERS,
        });
        expect(answer.status).toBe(400);
        await expectRejectedWithoutChange('PATCH', path, answer);
      }
    });

    it('treats prototype keys in the query as unknown parameters', async () => {
      for (const query of [
        '__proto__[polluted]=1',
        '__proto__.polluted=1',
        'constructor[prototype][polluted]=1',
        '__proto__=x&limit=5',
      ]) {
        const path = `${P}/reservations?${query}`;
        const answer = await send(server.current, 'GET', path, { key: 'rk_demo_full' });
        assertContract('GET', `${P}/reservations`, answer);
        expect(answer.status).toBe(200);
      }
    });

    it('keeps control inputs free of inherited values', async () => {
      const fault = await send(server.current, 'POST', '/__mock/faults', {
        body: '{"__proto__":{"status":500,"times":100}}',
        headers: JSON_HEADERS,
      });
      expect(fault.status).toBe(400);
      expect(server.current.service.control.faults.list()).toEqual([]);
      // A control body holding such a key is refused whole (dropping it would change what was
      // asked), so no key is issued, with or without the inherited permissions.
      const keys = await server.current.service.control.keys.list('demo-bistro');
      const key = await send(server.current, 'POST', '/__mock/projects/demo-bistro/keys', {
        body: '{"permissions":["read"],"__proto__":{"permissions":["read","write","delete","media"]}}',
        headers: JSON_HEADERS,
      });
      expect(key.status).toBe(400);
      expect(await server.current.service.control.keys.list('demo-bistro')).toEqual(keys);
      expect(({} as { permissions?: unknown }).permissions).toBeUndefined();
    });
  });

  describe('invalid UTF-8', () => {
    it('rejects invalid UTF-8 in a body and tolerates it in the query and the path', async () => {
      const body = Buffer.concat([
        Buffer.from('{"email":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from('@x.cz","date":"2026-06-16","from":"12:00","to":"13:00"}'),
      ]);
      const posted = await send(server.current, 'POST', `${P}/reservations`, {
        key: 'rk_demo_full',
        body,
        headers: JSON_HEADERS,
      });
      expect(posted.status).toBe(400);
      await expectRejectedWithoutChange('POST', `${P}/reservations`, posted);

      const query = await send(server.current, 'GET', `${P}/availability?date=%FF%FE&serviceId=%C3%28`, {
        key: 'rk_demo_full',
      });
      assertContract('GET', `${P}/availability`, query);
      expect(query.status).toBe(400);

      const id = await send(server.current, 'GET', `${P}/reservations/%FF%FE%ED%A0%80`, {
        key: 'rk_demo_full',
      });
      assertContract('GET', `${P}/reservations/x`, id);
      expect(id.status).toBe(404);

      // Raw bytes above 0x7F in the request line itself.
      const raw = await rawRequest(
        server.current.address.port,
        Buffer.concat([
          Buffer.from(`GET ${P}/reservations/res_`),
          Buffer.from([0xff, 0xc3, 0x28]),
          Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: rk_demo_full\r\nConnection: close\r\n\r\n'),
        ]),
      );
      expect(raw.status).toBeGreaterThanOrEqual(400);
      expect(raw.status).toBeLessThan(500);
    });

    it('never gives a 5xx for odd Unicode anywhere in a booking', async () => {
      const field = fc.constantFrom(
        'email',
        'firstName',
        'lastName',
        'phone',
        'date',
        'from',
        'to',
        'note',
        'tableId',
      );
      await fc.assert(
        fc.asyncProperty(field, oddString, async (name, value) => {
          const answer = await send(server.current, 'POST', `${P}/reservations`, {
            key: 'rk_demo_full',
            body: JSON.stringify({ ...BOOKING, [name]: value }),
            headers: JSON_HEADERS,
          });
          assertContract('POST', `${P}/reservations`, answer);
          await server.current.service.reset();
        }),
        runs(150),
      );
    });
  });

  describe('header injection', () => {
    const port = () => server.current.address.port;

    it('refuses CR or LF inside a header value with 400 and keeps serving', async () => {
      for (const header of [
        'X-API-Key: rk_demo_full\rX-Injected: yes',
        'X-API-Key: rk_demo_full\nX-Injected: yes',
        'X-API-Key: rk_demo_full\r\n X-Injected: yes',
        'X-API-Key: rk_\u0000demo_full',
      ]) {
        const answer = await rawRequest(
          port(),
          `GET ${P}/reservations HTTP/1.1\r\nHost: 127.0.0.1\r\n${header}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status, JSON.stringify(header)).toBe(400);
        expect(answer.head).not.toMatch(/x-injected/i);
      }
    });

    it('does not reflect encoded CR/LF from ids, queries or keys into response headers', async () => {
      for (const target of [
        `${P}/reservations/res%0D%0ASet-Cookie:%20evil=1`,
        `${P}/reservations?date=2026-06-16%0D%0AX-Evil:%201`,
        `${P}/availability?date=2026-06-16&serviceId=%0D%0ALocation:%20http://evil.example`,
        `/api/v1/demo%0D%0AX-Evil:%201/info`,
      ]) {
        const answer = await rawRequest(
          port(),
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: rk_demo_full\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status, target).toBeGreaterThanOrEqual(400);
        expect(answer.status, target).toBeLessThan(500);
        expect(answer.head).not.toMatch(/set-cookie|x-evil|location/i);
        expect(
          answer.head.split('\r\n').every((line, i) => i === 0 || /^[\w-]+: [\x20-\x7e]*$/.test(line)),
        ).toBe(true);
      }
    });
  });

  describe('path traversal and long ids', () => {
    it('keeps traversal attempts in an id inside the reservations (404, nothing reset or read)', async () => {
      const created = await send(server.current, 'POST', `${P}/reservations`, {
        key: 'rk_demo_full',
        body: JSON.stringify(BOOKING),
        headers: JSON_HEADERS,
      });
      expect(created.status).toBe(201);
      const state = await server.current.service.control.snapshot();
      for (const id of [
        '..%2F..%2F..%2F__mock%2Freset',
        '%2e%2e%2f%2e%2e%2f%2e%2e%2f__mock%2freset',
        '%252e%252e%252f__mock',
        '..%5C..%5C__mock%5Creset',
        'res_demo_0001%2Fstatus',
        '%2F%2F127.0.0.1%2F__mock%2Freset',
        encodeSegment('..\u2215..\u2215__mock'),
      ]) {
        for (const method of ['GET', 'DELETE', 'POST'] as const) {
          const path = `${P}/reservations/${id}`;
          const answer = await send(server.current, method, path, {
            key: 'rk_demo_full',
            ...(method === 'GET' ? {} : { body: '{}', headers: JSON_HEADERS }),
          });
          expect(answer.status, `${method} ${id}`).toBe(404);
          assertContract(method, new URL(`http://x${path}`).pathname, answer);
        }
      }
      expect(await server.current.service.control.snapshot()).toEqual(state);
    });

    it('reaches nothing under /__mock through dot segments when control is off', async () => {
      for (const target of [
        `${P}/../../../__mock/reset`,
        `${P}/reservations/../../../../__mock/webhooks/deliveries`,
        '/api/v1/%2e%2e/%2e%2e/__mock/reset',
      ]) {
        const answer = await rawRequest(
          noControl.current.address.port,
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status, target).toBe(404);
      }
    });

    it('answers a 10,000-character id with 404 and a 20,000-character one with 431, and keeps serving', async () => {
      const long = await send(server.current, 'GET', `${P}/reservations/${'a'.repeat(10_000)}`, {
        key: 'rk_demo_full',
      });
      expect(long.status).toBe(404);
      const tooLong = await rawRequest(
        server.current.address.port,
        `GET ${P}/reservations/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: rk_demo_full\r\n\r\n`,
      );
      expect(tooLong.status).toBe(431);
    });
  });
});

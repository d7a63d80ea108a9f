import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertSchema } from '../../../../test/support/openapi';
import { constructWebhookEvent, WebhookPayloadError, WebhookSignatureError } from '../../src/webhooks/index';
import { ALL_EVENTS, cancelled, completed, created, SECRET } from './events';

const sign = (body: string, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const signed = (value: unknown) => {
  const body = JSON.stringify(value);
  return { body, header: sign(body) };
};

describe('constructWebhookEvent', () => {
  it.each(Object.entries(ALL_EVENTS))('returns the typed %s event for a valid delivery', async (_, event) => {
    assertSchema('WebhookEvent', event);
    const { body, header } = signed(event);
    const result = await constructWebhookEvent(body, header, SECRET);
    expect(result).toEqual(event);
    expect(result.event).toBe(event.event);
  });

  it('narrows on `event`', async () => {
    const { body, header } = signed(created);
    const event = await constructWebhookEvent(body, header, SECRET);
    if (event.event === 'reservation.created')
      expect(event.data.reservation.customer.email).toBe('jana@example.com');
    else expect.unreachable();
  });

  it('accepts the raw body as a Buffer', async () => {
    const { body, header } = signed(completed);
    await expect(constructWebhookEvent(Buffer.from(body), header, SECRET)).resolves.toEqual(completed);
  });

  it('accepts a delivery signed with any secret of a rotation', async () => {
    const body = JSON.stringify(completed);
    await expect(
      constructWebhookEvent(body, sign(body, 'whsec_old'), [SECRET, 'whsec_old']),
    ).resolves.toEqual(completed);
  });

  it('keeps fields the SDK does not know yet (forward compatible)', async () => {
    const { body, header } = signed({ ...completed, deliveryId: 'd_1' });
    await expect(constructWebhookEvent(body, header, SECRET)).resolves.toMatchObject({ deliveryId: 'd_1' });
  });

  it.each([
    ['undefined (an unset environment variable)', undefined],
    ['an empty string', ''],
    ['an empty list', []],
    ['a list of unset variables', [undefined, undefined]],
  ])('throws WebhookSignatureError naming the missing secret when it is %s', async (_, secret) => {
    const { body, header } = signed(completed);
    await expect(constructWebhookEvent(body, header, secret as unknown as string)).rejects.toThrow(
      new WebhookSignatureError('Webhook signing secret is missing (is its environment variable set?).'),
    );
  });

  it('throws WebhookSignatureError for a missing or malformed header', async () => {
    const body = JSON.stringify(completed);
    await expect(constructWebhookEvent(body, undefined, SECRET)).rejects.toThrow(
      new WebhookSignatureError(
        'X-Webhook-Signature header is missing: expected "sha256=" + 64 lower-case hex digits.',
      ),
    );
    await expect(constructWebhookEvent(body, sign(body).toUpperCase(), SECRET)).rejects.toThrow(
      /is malformed/,
    );
  });

  it('throws WebhookSignatureError for a bad signature, suggesting the secret', async () => {
    const body = 'not json at all';
    const error = await constructWebhookEvent(body, sign(body, 'whsec_wrong'), SECRET).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as Error).message).toMatch(/does not match the body \(wrong secret\?\)/);
  });

  it('hints at a re-serialised body when the signature fails but the body is JSON', async () => {
    const original = JSON.stringify(created);
    const reserialised = JSON.stringify(JSON.parse(original), null, 2);
    const error = await constructWebhookEvent(reserialised, sign(original), SECRET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as Error).message).toMatch(/parsed and re-serialised/);
    expect((error as Error).message).toMatch(/raw body/);
  });

  describe('verifies the signature before it parses the body', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('a forged body (2 MB of JSON) is refused without being parsed', async () => {
      const parse = vi.spyOn(JSON, 'parse');
      const forged = JSON.stringify({ ...created, padding: 'x'.repeat(2_000_000) });
      const error = await constructWebhookEvent(forged, sign('something else'), SECRET).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WebhookSignatureError);
      // The hint for a re-serialised body still comes, from a look at the first character.
      expect((error as Error).message).toMatch(/parsed and re-serialised/);
      expect(parse).not.toHaveBeenCalled();
    });

    it('a genuine body is parsed once, after verifying', async () => {
      const parse = vi.spyOn(JSON, 'parse');
      const { body, header } = signed(created);
      await constructWebhookEvent(body, header, SECRET);
      expect(parse).toHaveBeenCalledTimes(1);
    });
  });

  it('explains that a parsed object must be the raw body instead', async () => {
    const { header } = signed(created);
    const error = await constructWebhookEvent(created as unknown as string, header, SECRET).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect((error as Error).message).toMatch(/rawBody must be a string or Uint8Array, got object/);
    expect((error as Error).message).toMatch(/express\.raw\(\)/);
  });

  it('throws WebhookPayloadError for a correctly signed body that is not JSON', async () => {
    const body = '{"event":';
    await expect(constructWebhookEvent(body, sign(body), SECRET)).rejects.toThrow(
      new WebhookPayloadError('Webhook body is not valid JSON.'),
    );
  });

  it('throws WebhookPayloadError listing what is wrong with a correctly signed body of the wrong shape', async () => {
    const wrong = {
      ...created,
      data: { reservation: { ...created.data.reservation, guests: '2', customer: null } },
    };
    const { body, header } = signed(wrong);
    const error = await constructWebhookEvent(body, header, SECRET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect((error as WebhookPayloadError).issues).toEqual([
      'body.data.reservation.guests: expected number, got string',
      'body.data.reservation.customer: expected object, got null',
    ]);
  });

  it('takes a timestamp only as a date-time with its zone (one without is read in local time)', async () => {
    for (const timestamp of ['2030', '2030-06-17T08:00:00', '2030-06-17 08:00:00Z', 'x']) {
      const { body, header } = signed({ ...completed, timestamp });
      const error = await constructWebhookEvent(body, header, SECRET).catch((e: unknown) => e);
      expect((error as WebhookPayloadError).issues, timestamp).toEqual([
        `body.timestamp: expected date-time with its zone, got string`,
      ]);
    }
    for (const timestamp of ['2030-06-17T08:00:00.123Z', '2030-06-17T10:00:00+02:00']) {
      const { body, header } = signed({ ...completed, timestamp });
      await expect(constructWebhookEvent(body, header, SECRET), timestamp).resolves.toMatchObject({
        timestamp,
      });
    }
  });

  it('rejects an unknown event name and a wrong status for the event', async () => {
    for (const value of [
      { ...completed, event: 'reservation.no_show' },
      { ...completed, data: { reservation: { id: 'r', status: 'CANCELLED' } } },
      [completed],
    ]) {
      const { body, header } = signed(value);
      await expect(constructWebhookEvent(body, header, SECRET)).rejects.toBeInstanceOf(WebhookPayloadError);
    }
  });

  describe('maxAgeSeconds', () => {
    const at = (iso: string) => () => Date.parse(iso);

    it('accepts an event within the window', async () => {
      const { body, header } = signed(completed);
      await expect(
        constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 300, now: at('2026-06-15T10:04:59Z') }),
      ).resolves.toEqual(completed);
    });

    it('rejects an older event as a possible replay', async () => {
      const { body, header } = signed(completed);
      await expect(
        constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 300, now: at('2026-06-15T10:05:01Z') }),
      ).rejects.toThrow(/possible replay/);
    });

    it('says how far the timestamp is from which now, so a frozen or skewed clock shows', async () => {
      const { body, header } = signed(completed);
      await expect(
        constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 300, now: at('2026-06-15T12:00:00Z') }),
      ).rejects.toThrow(
        new WebhookSignatureError(
          `Webhook timestamp ${completed.timestamp} is 7200 s older than now (2026-06-15T12:00:00.000Z), over maxAgeSeconds 300: possible replay, or a clock that is off.`,
        ),
      );
    });

    it('says a timestamp ahead of now is ahead, and never a difference within the limit', async () => {
      const { body, header } = signed(completed);
      const rejected = (now: string) =>
        constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 300, now: at(now) }).catch(
          (e: unknown) => (e as Error).message,
        );
      expect(await rejected('2026-06-15T09:00:00Z')).toMatch(
        / is 3600 s ahead of now \(2026-06-15T09:00:00\.000Z\)/,
      );
      // 300.4 s: over the limit, and said so as more than 300.
      expect(await rejected('2026-06-15T10:05:00.400Z')).toMatch(/ is 301 s older than now /);
    });

    it('refuses a bad maxAgeSeconds before the signature, so a forged delivery cannot hide it', async () => {
      const body = JSON.stringify(completed);
      await expect(
        constructWebhookEvent(body, sign(body, 'whsec_forged'), SECRET, { maxAgeSeconds: 0 }),
      ).rejects.toThrow(new TypeError('maxAgeSeconds must be at least 1, got 0'));
    });

    it('rejects an event too far in the future', async () => {
      const { body, header } = signed(completed);
      await expect(
        constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 60, now: at('2026-06-15T09:58:00Z') }),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
    });

    it.each([Number.NaN, 0, -1, 0.5])(
      'refuses %s, which would switch the check off or reject everything',
      async (maxAgeSeconds) => {
        const { body, header } = signed(completed);
        await expect(constructWebhookEvent(body, header, SECRET, { maxAgeSeconds })).rejects.toThrow(
          new TypeError(`maxAgeSeconds must be at least 1, got ${maxAgeSeconds}`),
        );
      },
    );

    it('is off by default, so late retries of a delivery are accepted', async () => {
      const { body, header } = signed(completed);
      await expect(constructWebhookEvent(body, header, SECRET)).resolves.toEqual(completed);
    });
  });
  describe('diagnostics', () => {
    it.each([
      ['a trailing newline', `${SECRET}\n`, 'trailing'],
      ['trailing spaces', `${SECRET}  `, 'trailing'],
      ['a leading space', ` ${SECRET}`, 'leading'],
    ])('says the secret has %s: trim it', async (_, secret, where) => {
      const { body, header } = signed(completed);
      await expect(constructWebhookEvent(body, header, secret)).rejects.toThrow(
        new WebhookSignatureError(
          `Webhook signature does not match: the secret has ${where} whitespace: trim it.`,
        ),
      );
    });

    it('tells a header without the sha256= scheme from a malformed one', async () => {
      const { body, header } = signed(completed);
      await expect(constructWebhookEvent(body, header.slice('sha256='.length), SECRET)).rejects.toThrow(
        new WebhookSignatureError(
          'X-Webhook-Signature header is without the "sha256=" scheme: expected "sha256=" + 64 lower-case hex digits.',
        ),
      );
      await expect(constructWebhookEvent(body, 'v1=abc', SECRET)).rejects.toThrow(/header is malformed/);
    });

    it('says a signature header sent more than once is, in Headers and in Node headers alike', async () => {
      const { body, header } = signed(completed);
      const twice = new Headers();
      twice.append('X-Webhook-Signature', header);
      twice.append('X-Webhook-Signature', header);
      // A single malformed header with a comma (another scheme's `t=…,v1=…`) is malformed, not twice.
      await expect(constructWebhookEvent(body, 't=1,v1=abc', SECRET)).rejects.toThrow(/header is malformed/);
      // A value that is no string (from JavaScript) is a missing header, not a TypeError.
      for (const value of [42, { 'x-webhook-signature': 42 }]) {
        await expect(constructWebhookEvent(body, value as unknown as string, SECRET)).rejects.toBeInstanceOf(
          WebhookSignatureError,
        );
      }
      for (const headers of [twice, { 'x-webhook-signature': [header, header] }]) {
        await expect(constructWebhookEvent(body, headers, SECRET)).rejects.toThrow(
          new WebhookSignatureError(
            'X-Webhook-Signature header is sent more than once: expected "sha256=" + 64 lower-case hex digits.',
          ),
        );
      }
    });

    it('says the body is empty rather than that the signature does not match', async () => {
      const error = await constructWebhookEvent('', sign(''), SECRET).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookPayloadError);
      expect((error as Error).message).toMatch(/^Webhook body is empty\. Pass the raw body/);
      await expect(constructWebhookEvent(new Uint8Array(0), sign(''), SECRET)).rejects.toThrow(
        /body is empty/,
      );
    });

    it('reports a nullable field of the wrong type as "string or null"', async () => {
      const wrong = {
        ...created,
        data: { reservation: { ...created.data.reservation, note: 5, table: 'T1' } },
      };
      const { body, header } = signed(wrong);
      const error = await constructWebhookEvent(body, header, SECRET).catch((e: unknown) => e);
      expect((error as WebhookPayloadError).issues).toEqual([
        'body.data.reservation.note: expected string or null, got number',
        'body.data.reservation.table: expected object or null, got string',
      ]);
    });

    it("takes a cancellation's reason as a string, empty when none was given, never null", async () => {
      const none = { ...cancelled, data: { reservation: { ...cancelled.data.reservation, reason: '' } } };
      const accepted = signed(none);
      expect(await constructWebhookEvent(accepted.body, accepted.header, SECRET)).toEqual(none);
      const nulled = signed({
        ...cancelled,
        data: { reservation: { ...cancelled.data.reservation, reason: null } },
      });
      const error = await constructWebhookEvent(nulled.body, nulled.header, SECRET).catch((e: unknown) => e);
      expect((error as WebhookPayloadError).issues).toEqual([
        'body.data.reservation.reason: expected string, got null',
      ]);
    });

    it('does not parse a body whose signature does not match', async () => {
      const parse = JSON.parse;
      let parsed = 0;
      JSON.parse = ((text: string) => {
        parsed++;
        return parse(text);
      }) as typeof JSON.parse;
      try {
        const body = JSON.stringify(created);
        await expect(constructWebhookEvent(body, sign(body, 'whsec_wrong'), SECRET)).rejects.toThrow(
          WebhookSignatureError,
        );
      } finally {
        JSON.parse = parse;
      }
      expect(parsed).toBe(0);
    });
  });

  describe('now', () => {
    it('accepts a Date, or a function returning a Date or epoch ms', async () => {
      const { body, header } = signed(completed);
      for (const now of [
        new Date('2026-06-15T10:04:59Z'),
        () => new Date('2026-06-15T10:04:59Z'),
        () => Date.parse('2026-06-15T10:04:59Z'),
      ]) {
        await expect(
          constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 300, now }),
        ).resolves.toEqual(completed);
      }
      await expect(
        constructWebhookEvent(body, header, SECRET, {
          maxAgeSeconds: 300,
          now: new Date('2026-06-15T10:05:01Z'),
        }),
      ).rejects.toThrow(/possible replay/);
    });

    it.each([
      ['a number', 1_781_510_699_000, 'number'],
      ['a string', '2026-06-15T10:04:59Z', 'string'],
      ['a function returning a string', () => '2026-06-15', 'a function returning string'],
      ['an invalid Date', new Date('x'), 'an invalid time'],
      ['a function returning NaN', () => Number.NaN, 'a function returning an invalid time'],
      ['a function returning an invalid Date', () => new Date('x'), 'a function returning an invalid time'],
    ])(
      'rejects %s with a TypeError saying which (never a check that lets every timestamp pass)',
      async (_, now, got) => {
        const { body, header } = signed(completed);
        await expect(
          constructWebhookEvent(body, header, SECRET, { maxAgeSeconds: 300, now: now as unknown as Date }),
        ).rejects.toThrow(
          new TypeError(`now must be a Date or a function returning a Date or epoch ms, got ${got}`),
        );
      },
    );
  });

  describe('with the request headers', () => {
    it('returns the X-Webhook-Delivery id as deliveryId, from a Headers or a plain record', async () => {
      const { body, header } = signed(completed);
      const fetchHeaders = new Headers({ 'X-Webhook-Signature': header, 'X-Webhook-Delivery': 'whd_0007' });
      await expect(constructWebhookEvent(body, fetchHeaders, SECRET)).resolves.toEqual({
        ...completed,
        deliveryId: 'whd_0007',
      });
      // Node's req.headers: lower-case names.
      const nodeHeaders = { 'x-webhook-signature': header, 'x-webhook-delivery': 'whd_0008', host: 'x' };
      await expect(constructWebhookEvent(body, nodeHeaders, SECRET)).resolves.toMatchObject({
        deliveryId: 'whd_0008',
      });
      // Without the header there is no deliveryId; the signature check is the same.
      const bare = await constructWebhookEvent(body, { 'X-Webhook-Signature': header }, SECRET);
      expect(bare).toEqual(completed);
      await expect(constructWebhookEvent(body, { 'x-webhook-delivery': 'whd_1' }, SECRET)).rejects.toThrow(
        /header is missing/,
      );
    });

    it("takes Node's req.headersDistinct (each value a list of one); a header sent twice is said so", async () => {
      const { body, header } = signed(completed);
      const distinct = { 'x-webhook-signature': [header], 'x-webhook-delivery': ['whd_0009'] };
      await expect(constructWebhookEvent(body, distinct, SECRET)).resolves.toEqual({
        ...completed,
        deliveryId: 'whd_0009',
      });
      await expect(
        constructWebhookEvent(body, { 'x-webhook-signature': [header, header] }, SECRET),
      ).rejects.toThrow(/header is sent more than once/);
      // A delivery id sent twice names no one delivery: the event carries none (dedupe falls back).
      const ids = await constructWebhookEvent(
        body,
        { 'x-webhook-signature': [header], 'x-webhook-delivery': ['whd_1', 'whd_2'] },
        SECRET,
      );
      expect(ids).not.toHaveProperty('deliveryId');
    });
  });
});

import { createHmac } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from '../../src/webhooks/index';

// Test vectors computed independently of the SDK, with node:crypto.
const BODY =
  '{"event":"reservation.completed","timestamp":"2026-06-15T10:00:00.000Z","projectId":"prj_1","data":{"reservation":{"id":"res_1","status":"COMPLETED"}}}';
const SECRET = 'whsec_test_0123456789';
const hmac = (body: string | Uint8Array, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');
const HEADER = `sha256=${hmac(BODY, SECRET)}`;

describe('verifyWebhookSignature', () => {
  it('accepts the signature of a fixed vector computed with node:crypto', async () => {
    // Pinned as a literal too, so the vector itself cannot silently change.
    expect(HEADER).toBe('sha256=632fbaca6cb9ca7f770ae43926a5219024a061b5517e15083cde98acec3aa19c');
    expect(await verifyWebhookSignature(BODY, HEADER, SECRET)).toBe(true);
    expect(await signWebhookPayload(BODY, SECRET)).toBe(HEADER);
  });

  it('accepts the body as bytes (Buffer or Uint8Array)', async () => {
    expect(await verifyWebhookSignature(Buffer.from(BODY), HEADER, SECRET)).toBe(true);
    expect(await verifyWebhookSignature(new TextEncoder().encode(BODY), HEADER, SECRET)).toBe(true);
  });

  it("accepts bytes made in another realm (Jest's environment, a vm context), which instanceof refused", async () => {
    const foreign: unknown = runInNewContext('new Uint8Array(bytes)', { bytes: [...Buffer.from(BODY)] });
    expect(foreign instanceof Uint8Array).toBe(false);
    expect(await verifyWebhookSignature(foreign as Uint8Array, HEADER, SECRET)).toBe(true);
    expect(await signWebhookPayload(foreign as Uint8Array, SECRET)).toBe(HEADER);
    // A look-alike that is no byte array is still refused, even one that claims the tag.
    expect(await verifyWebhookSignature({ length: 3 } as unknown as Uint8Array, HEADER, SECRET)).toBe(false);
    const claims = { length: 0, [Symbol.toStringTag]: 'Uint8Array' } as unknown as Uint8Array;
    await expect(signWebhookPayload(claims, SECRET)).rejects.toThrow(TypeError);
  });

  it('signs the UTF-8 bytes of non-ASCII text', async () => {
    const body = '{"name":"Štědrý den – Nováková"}';
    expect(
      await verifyWebhookSignature(body, `sha256=${hmac(Buffer.from(body, 'utf8'), SECRET)}`, SECRET),
    ).toBe(true);
  });

  it('rejects a tampered body', async () => {
    expect(await verifyWebhookSignature(BODY.replace('COMPLETED', 'CANCELLED'), HEADER, SECRET)).toBe(false);
    expect(await verifyWebhookSignature(`${BODY} `, HEADER, SECRET)).toBe(false);
  });

  it('rejects a re-serialised body (same JSON, different bytes)', async () => {
    expect(await verifyWebhookSignature(JSON.stringify(JSON.parse(BODY), null, 2), HEADER, SECRET)).toBe(
      false,
    );
  });

  it('rejects the wrong secret', async () => {
    expect(await verifyWebhookSignature(BODY, HEADER, 'whsec_other')).toBe(false);
  });

  it('rejects upper-case hex', async () => {
    expect(await verifyWebhookSignature(BODY, `sha256=${hmac(BODY, SECRET).toUpperCase()}`, SECRET)).toBe(
      false,
    );
  });

  it('rejects malformed headers without throwing', async () => {
    const digest = hmac(BODY, SECRET);
    for (const header of [
      digest, // missing prefix
      `sha1=${digest}`,
      `SHA256=${digest}`,
      `sha256=${digest.slice(0, 63)}`, // truncated
      `sha256=${digest}0`, // too long
      `sha256= ${digest}`,
      ` sha256=${digest}`,
      `sha256=${digest.slice(0, 62)}zz`,
      'sha256=',
      '',
      null,
      undefined,
    ]) {
      expect(await verifyWebhookSignature(BODY, header, SECRET), String(header)).toBe(false);
    }
  });

  it('rejects an empty secret or no secrets at all', async () => {
    expect(await verifyWebhookSignature(BODY, `sha256=${hmac(BODY, '')}`, '')).toBe(false);
    expect(await verifyWebhookSignature(BODY, HEADER, [])).toBe(false);
  });

  it('returns false, never throws, for a secret that is missing or not a string', async () => {
    const secrets: unknown[] = [undefined, null, 42, {}, [undefined], [null, ''], new Set([SECRET])];
    for (const secret of secrets) {
      await expect(
        verifyWebhookSignature(BODY, HEADER, secret as string),
        `secret ${String(secret)}`,
      ).resolves.toBe(false);
    }
  });

  it('never turns a non-string secret into a key ("[object Object]", "42")', async () => {
    for (const [secret, key] of [
      [{}, '[object Object]'],
      [42, '42'],
      [[['nested']], 'nested'],
    ] as const) {
      const header = `sha256=${hmac(BODY, key)}`;
      expect(await verifyWebhookSignature(BODY, header, secret as unknown as string)).toBe(false);
    }
  });

  it('skips missing secrets in a rotation list and still matches a valid one', async () => {
    const rotation = [undefined, SECRET] as unknown as string[];
    expect(await verifyWebhookSignature(BODY, HEADER, rotation)).toBe(true);
  });

  it('verifies an empty body correctly', async () => {
    expect(await verifyWebhookSignature('', `sha256=${hmac('', SECRET)}`, SECRET)).toBe(true);
    expect(await verifyWebhookSignature('', HEADER, SECRET)).toBe(false);
  });

  it('returns false for a parsed object instead of raw bytes, without throwing', async () => {
    const parsed = JSON.parse(BODY) as unknown as string;
    expect(await verifyWebhookSignature(parsed, HEADER, SECRET)).toBe(false);
  });

  it('accepts any of several secrets during a rotation', async () => {
    expect(await verifyWebhookSignature(BODY, HEADER, ['whsec_new', SECRET])).toBe(true);
    expect(await verifyWebhookSignature(BODY, HEADER, [SECRET, 'whsec_new'])).toBe(true);
    expect(await verifyWebhookSignature(BODY, HEADER, ['whsec_new', 'whsec_older'])).toBe(false);
  });
});

describe('signWebhookPayload', () => {
  it('refuses an empty secret with a TypeError naming it (not Web Crypto DataError)', async () => {
    await expect(signWebhookPayload(BODY, '')).rejects.toThrow(
      new TypeError('secret must be a non-empty string'),
    );
  });

  it.each([
    ['a parsed object', { event: 'reservation.created' }, 'object'],
    ['a number', 32, 'number'],
    ['null', null, 'null'],
  ])('refuses %s as the body (it signed an empty body or zero bytes)', async (_, body, got) => {
    await expect(signWebhookPayload(body as unknown as string, SECRET)).rejects.toThrow(
      new TypeError(`rawBody must be a string or Uint8Array, got ${got}`),
    );
  });
});

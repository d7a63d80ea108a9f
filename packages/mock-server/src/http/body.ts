// Reading a JSON request body safely: bounded in size while it is read (never buffering more than
// 64 KiB + 1 byte), parsed without letting `__proto__`/`constructor`/`prototype` keys through, and
// required to be a plain JSON object.
import { errors } from '../domain/errors';

/** DECISIONS.md: a body larger than 64 KiB is 413. */
export const MAX_BODY_BYTES = 64 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The body's bytes, or 413 as soon as more than MAX_BODY_BYTES arrive (or are announced). */
export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const announced = request.headers.get('content-length');
  if (announced !== null && Number(announced) > limit) throw errors.payloadTooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: some body sources (e.g. an interceptor's stream) never settle a cancel.
      reader.cancel().catch(() => undefined);
      throw errors.payloadTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Could the text name a forbidden key? Either literally, or through a `\u` escape (JSON may spell
 * `__proto__` as `"\u005f_proto__"`), which this does not try to decode: any escape counts.
 */
const MAY_NAME_FORBIDDEN_KEY = /__proto__|constructor|prototype|\\u/;

/** A JSON object from text, with prototype-polluting keys dropped at every depth; else INVALID_JSON. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    // The reviver drops dangerous keys before any code can copy them onto a real object. It calls a
    // function for every value, several times the cost of the parse itself, so it runs only when
    // the text may contain such a key; otherwise it would not change the result.
    value = MAY_NAME_FORBIDDEN_KEY.test(text)
      ? JSON.parse(text, (key, v: unknown) => (FORBIDDEN_KEYS.has(key) ? undefined : v))
      : JSON.parse(text);
  } catch {
    throw errors.invalidJson();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw errors.invalidJson();
  return value as Record<string, unknown>;
}

const decoder = new TextDecoder();

/**
 * The JSON object in `bytes` (UTF-8; invalid sequences become U+FFFD, which JSON.parse then rejects
 * outside strings). With `optional`, an empty body counts as `{}` (DELETE's body is optional);
 * otherwise an empty body is INVALID_JSON.
 */
export function jsonObjectFromBytes(
  bytes: Uint8Array,
  options: { optional?: boolean } = {},
): Record<string, unknown> {
  const text = decoder.decode(bytes);
  if (options.optional && text.trim() === '') return {};
  return parseJsonObject(text);
}

/** The Fetch request's JSON object, read within MAX_BODY_BYTES (see jsonObjectFromBytes). */
export async function readJsonObject(
  request: Request,
  options: { optional?: boolean } = {},
): Promise<Record<string, unknown>> {
  return jsonObjectFromBytes(await readBodyBytes(request), options);
}

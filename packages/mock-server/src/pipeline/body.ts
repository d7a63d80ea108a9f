// The one body reader of the API and the control routes (openapi.yaml, "Request bodies"): JSON only
// (415 otherwise), sent uncompressed (a `Content-Encoding` other than `identity` is 415 too), at most 64 KiB (413, never buffering more than that plus a byte), valid UTF-8,
// nested at most 32 levels, a JSON object; `__proto__`, `constructor` and `prototype` keys are
// dropped at every depth. Whether a body is accepted never depends on the text of its strings.
import { MAX_BODY_DEPTH } from '../domain/values';
import { HttpError, httpErrors } from './errors';
import type { MockRequest } from './exchange';

/** A body larger than 64 KiB is 413. */
export const MAX_BODY_BYTES = 64 * 1024;
/** A body nested deeper than this (the body object itself is level 1) is 400 INVALID_JSON. */
export { MAX_BODY_DEPTH };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `application/json` or `application/*+json`, with any parameters (`charset=utf-8`). */
export function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

/** How deeply arrays and objects nest in JSON text (outside strings); stops counting past `limit`. */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      deepest = Math.max(deepest, depth);
      if (deepest > limit) return deepest;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    }
  }
  return deepest;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A JSON object from UTF-8 bytes, with prototype keys dropped at every depth (each told to
 * `dropped`); else INVALID_JSON.
 */
export function parseJsonObject(bytes: Uint8Array, dropped?: (key: string) => void): Record<string, unknown> {
  let value: unknown;
  try {
    const text = utf8.decode(bytes);
    if (nestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw httpErrors.invalidJson();
    value = JSON.parse(text, (key, v: unknown) => {
      if (!FORBIDDEN_KEYS.has(key)) return v;
      dropped?.(key);
      return undefined;
    });
  } catch {
    throw httpErrors.invalidJson();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw httpErrors.invalidJson();
  return value as Record<string, unknown>;
}

/** The body's (first) content coding when it has one (`gzip`, `br`…); `identity` and no header are none. */
function contentCoding(header: string | null): string | null {
  if (header === null) return null;
  const codings = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  return codings.length === 0 ? null : (codings[0] as string);
}

/** Whether the body turns out empty once read; a body over the limit is not empty. */
async function isEmptyBody(request: MockRequest): Promise<boolean> {
  try {
    return (await request.body(MAX_BODY_BYTES)).byteLength === 0;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

/**
 * The request's JSON object. With `optional`, a request without a body (or with an empty one) is
 * `{}` (DELETE's body is optional); a body that is there must still be JSON. `anyMediaType` skips
 * the 415 check (the control routes, which curl users call with `-d`).
 */
export async function readJsonBody(
  request: MockRequest,
  options: { optional?: boolean; anyMediaType?: boolean; dropped?: (key: string) => void } = {},
): Promise<Record<string, unknown>> {
  if (options.optional && !request.hasBody) return {};
  const coding = contentCoding(request.header('content-encoding'));
  if (coding !== null) {
    // Read as they are, compressed bytes were refused as INVALID_JSON, which sent the client looking
    // for a fault in its JSON; RFC 9110 §15.5.16 makes an unsupported coding 415. An empty body
    // carries nothing to decode.
    if (options.optional && (await isEmptyBody(request))) return {};
    throw httpErrors.unsupportedEncoding(coding);
  }
  if (!options.anyMediaType && !isJsonMediaType(request.header('content-type'))) {
    // An empty body is no body, whatever the transport: MSW's service worker and `fetch(…, { body:
    // '' })` carry a zero-byte stream where node:http sees no body at all. Only then is it read.
    if (options.optional && (await isEmptyBody(request))) return {};
    throw httpErrors.unsupportedMediaType();
  }
  const bytes = await request.body(MAX_BODY_BYTES);
  if (options.optional && bytes.byteLength === 0) return {};
  return parseJsonObject(bytes, options.dropped);
}

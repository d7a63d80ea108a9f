// Keeping secrets out of errors. A server (or a custom fetch) can echo the request back: the API key
// in a 401 body, a proxy's HTML page, a fetch error that quotes the headers. Errors end up in logs,
// `JSON.stringify` and `util.inspect` output, so everything an error carries is redacted first.

/** Shorter header values are not masked: they are not secrets, and masking "1" would mangle an IP address. */
const MIN_SECRET_LENGTH = 8;
/** Headers the SDK sets with public values; masking `application/json` would garble messages. */
const PUBLIC_HEADERS = /^(accept|user-agent|content-type)$/i;
/** Past this depth a value is not searched but replaced: a hostile body can nest very deeply. */
const MAX_DEPTH = 32;
export const REDACTED = '[redacted]';

/**
 * The values to mask in errors: the API key, whatever its length (it is the secret), also in lower
 * case (as a URL's host, a header name or `Object.fromEntries(headers)` show it) and percent-encoded, and every header
 * value the caller added (8+ characters; as given: lower-casing those would mask a project slug too).
 */
export function secretValues(headers: ReadonlyArray<readonly [string, string]>, apiKey: string): string[] {
  const values = headers
    .filter(([name, value]) => !PUBLIC_HEADERS.test(name) && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value);
  // And as a URL writes it: percent-encoded (a key may hold `"`, `<`, `{`…), in a Location.
  return [...new Set([...values, apiKey, apiKey.toLowerCase(), encodeURIComponent(apiKey)])];
}

export function redactText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) text = text.replaceAll(secret, REDACTED);
  return text;
}

/**
 * `value` with every secret masked: strings, arrays, plain objects (property names too), errors
 * (message, stack, cause and own fields), `Headers` (names and values), and a `Request` reduced to its method and URL (its headers hold the key).
 * Returns `value` itself when nothing needed masking, so an error's `cause` stays the same object then.
 */
export function redactValue(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value !== 'object' || value === null || secrets.length === 0) return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (value instanceof Headers) {
    const copy = new Headers();
    for (let [name, text] of value) {
      // Names too: Headers gives them in lower case, and a name must stay a token (no brackets).
      for (const secret of secrets) name = name.replaceAll(secret.toLowerCase(), 'redacted');
      copy.append(name, redactText(text, secrets));
    }
    return copy;
  }
  if (value instanceof Request) return { method: value.method, url: redactText(value.url, secrets) };
  const proto = Object.getPrototypeOf(value);
  const isError = value instanceof Error;
  if (!isError && !Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  let changed = false;
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(value);
  for (const [name, descriptor] of Object.entries(descriptors)) {
    // Names too: a body can hold the key as a property name (`{ "<key>": true }`).
    let safeName = redactText(name, secrets);
    if (safeName !== name) {
      // Numbered when taken (two names masked alike, or one already `[redacted]`): nothing is lost.
      for (let n = 2; Object.hasOwn(descriptors, safeName); n++)
        safeName = `${redactText(name, secrets)} ${n}`;
      delete descriptors[name];
      descriptors[safeName] = descriptor;
      changed = true;
    }
    if (!('value' in descriptor)) continue;
    const safe = redactValue(descriptor.value, secrets, depth + 1);
    if (safe !== descriptor.value) {
      descriptor.value = safe;
      changed = true;
    }
  }
  if (!changed) return value;
  // A real Error (so util.inspect shows it as one) with the original prototype (so `instanceof
  // TypeError` still holds) and the masked own properties (message, stack, cause, code, …).
  const copy = isError ? new Error() : Array.isArray(value) ? [] : {};
  if (isError) {
    // Some errors (DOMException) read name, message and code from internal slots a copy lacks: own
    // values, set before the prototype, since V8 reads the name when the copy's stack is replaced.
    const own = (v: unknown) => ({
      value: typeof v === 'string' ? redactText(v, secrets) : v,
      writable: true,
      configurable: true,
    });
    descriptors.message ??= own(String(value.message));
    descriptors.name ??= own(value.name);
    if (value instanceof DOMException) descriptors.code ??= own(value.code);
    Object.defineProperties(copy, { name: descriptors.name, message: descriptors.message });
  }
  Object.setPrototypeOf(copy, proto);
  return Object.defineProperties(copy, descriptors);
}

/**
 * Text from a response body, fit for a message: control characters (line breaks included) and
 * bidirectional overrides become spaces, so a body cannot forge log lines, and it is cut at 1,000
 * characters, so it cannot flood them.
 */
export function bodyText(text: string): string {
  const line = text.replace(/[\s\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ').trim();
  return line.length > 1000 ? `${line.slice(0, 1000)}…` : line;
}

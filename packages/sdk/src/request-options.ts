/**
 * Headers as `new Headers()` takes them: a `Headers`, a record of strings, or `[name, value]` pairs
 * (an array, readonly ones too, or a `Map`). Spelled out so that the SDK's types need no DOM library:
 * a Node-only tsconfig (`lib: ["es2022"]`, `types: ["node"]`) has no `HeadersInit`.
 */
export type HeadersInput = Headers | Record<string, string> | Iterable<readonly [string, string]>;

/**
 * Per-call options, accepted as the last argument of every resource method. Checked like the
 * client's: invalid values reject the call with a TypeError before any request.
 */
export interface RequestOptions {
  /** Aborting rejects the call at once with the signal's reason, also while the body is read; no retry follows. */
  signal?: AbortSignal | undefined;
  /**
   * Overrides the client's per-attempt timeout for this call: ms from sending the request until the
   * body has been read, greater than 0 and at most 2 147 483 647, or `Infinity` for none.
   */
  timeoutMs?: number | undefined;
  /** Overrides the client's retry count for this call: a whole number ≥ 0 (reads only; writes are never retried). */
  maxRetries?: number | undefined;
  /** Extra headers for this call, applied after the client's headers (`X-API-Key` still wins). */
  headers?: HeadersInput | undefined;
}

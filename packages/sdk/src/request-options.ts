/** Per-call options, accepted as the last argument of every resource method. */
export interface RequestOptions {
  /** Aborting rejects the call at once with the signal's reason; no retry follows. */
  signal?: AbortSignal;
  /** Overrides the client's per-attempt timeout for this call. */
  timeoutMs?: number;
  /** Overrides the client's retry count for this call (reads only; writes are never retried). */
  maxRetries?: number;
  /** Extra headers for this call, applied after the client's headers. */
  headers?: HeadersInit;
}

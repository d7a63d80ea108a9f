// The delivery log is bounded by design (mock README, "Webhooks"): a world keeps its newest 1,000
// deliveries, dropping the oldest settled one first, so a pending delivery (whose attempts are still
// to come) is never dropped while a settled one is kept; and a recorded receiver answer keeps at most
// 8 KiB of headers (and the first 4 KiB of its body, send-attempt.ts). Without these, 12,000
// deliveries took a process from 90 to 477 MB and the list endpoint answered 157 MB.

/** Deliveries a world's log keeps at most. */
export const DELIVERY_LOG_LIMIT = 1000;

/** Bytes of a receiver answer's headers kept in the log, counted as `name: value\r\n`. */
export const RESPONSE_HEADERS_LIMIT = 8192;

/**
 * Drops the oldest entries of `log` (a Map in creation order) past `limit`: settled ones first, then,
 * only when every entry left is pending, the oldest pending ones. `drop` hears of each dropped entry
 * (to stop its attempts).
 */
export function pruneDeliveryLog<E>(
  log: Map<string, E>,
  isPending: (entry: E) => boolean,
  drop: (entry: E) => void,
  limit = DELIVERY_LOG_LIMIT,
): void {
  if (log.size <= limit) return;
  for (const [id, entry] of log) {
    if (log.size <= limit) return;
    if (isPending(entry)) continue;
    log.delete(id);
    drop(entry);
  }
  for (const [id, entry] of log) {
    if (log.size <= limit) return;
    log.delete(id);
    drop(entry);
  }
}

/**
 * The receiver answer's headers as the log keeps them: in the order received, as many as fit in
 * 8 KiB, with `headersTruncated` when some did not.
 */
export function recordedHeaders(headers: Iterable<[string, string]>): {
  headers: Record<string, string>;
  headersTruncated?: true;
} {
  const kept: Record<string, string> = {};
  let size = 0;
  for (const [name, value] of headers) {
    // Fetch gives byte strings (one character a byte); `: ` and CRLF as on the wire.
    size += name.length + value.length + 4;
    if (size > RESPONSE_HEADERS_LIMIT) return { headers: kept, headersTruncated: true };
    kept[name] = value;
  }
  return { headers: kept };
}

// Messages between a benchmark and its server child over the IPC channel of child_process.fork.

export interface ReadyMessage {
  type: 'ready';
  /** Base URL, e.g. http://127.0.0.1:43210. */
  url: string;
  /** Milliseconds the child spent seeding before it listened. */
  seedMs: number;
}

export interface HeapMessage {
  type: 'heap';
  /** process.memoryUsage().heapUsed after gc(), in bytes. */
  heapUsed: number;
  rss: number;
  /** Reservations in the store (0 for the raw server): growth there is by design, not a leak. */
  reservations: number;
}

export interface ProfiledMessage {
  type: 'profiled';
  /** Where the .cpuprofile was written (after a profile-stop). */
  file: string;
}

export interface CountedMessage {
  type: 'counted';
  /** Requests the child answered so far (the webhook receiver: deliveries received). */
  requests: number;
}

export type ChildMessage = ReadyMessage | HeapMessage | ProfiledMessage | CountedMessage;

export type ParentMessage =
  | { type: 'heap' }
  | { type: 'stop' }
  /** Start the V8 CPU profiler (only the measured window is profiled, not start-up and seeding). */
  | { type: 'profile-start' }
  /** Stop it and write the profile to `file`. */
  | { type: 'profile-stop'; file: string }
  /** How many requests it answered (the webhook receiver). */
  | { type: 'count' };

/** Canned answers for the raw node:http baseline, keyed by `METHOD url`. */
export interface CannedAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body, base64: the exact bytes the mock sent. */
  body: string;
}

export function isChildMessage(value: unknown): value is ChildMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    (value.type === 'ready' || value.type === 'heap' || value.type === 'profiled' || value.type === 'counted')
  );
}

export function isParentMessage(value: unknown): value is ParentMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    (value.type === 'heap' ||
      value.type === 'stop' ||
      value.type === 'profile-start' ||
      value.type === 'profile-stop' ||
      value.type === 'count')
  );
}

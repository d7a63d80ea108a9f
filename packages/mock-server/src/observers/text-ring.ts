// Texts kept first in, first out as UTF-8 in one byte buffer: the request journal's bodies
// (observers/journal.ts). Speed (BENCHMARKS.md, "HTTP: what the edge changed, and where the rest
// goes"): a journal entry lives for the next 1,000 requests, so a body kept as a string outlived the
// young generation, was copied into the old one and died there; the old generation filled at the
// rate requests arrived, and its collections, each of which marks the whole store, were a quarter
// of a page request's time under load. Bytes written into one buffer, reused in turn, make no
// garbage per request. The buffer grows (doubling, texts copied in order) only when a text does not
// fit beside those still kept; clear() lets it go.

/** A text that UTF-8 carries exactly: no lone surrogate (false where the runtime cannot tell). */
export function isWellFormed(text: string): boolean {
  return (text as { isWellFormed?: () => boolean }).isWellFormed?.() ?? false;
}

export interface TextRing {
  /**
   * Keeps a well-formed text (see isWellFormed(); others would come back changed) after the others;
   * returns its number, for text(). With `capacity` texts kept already, the oldest goes first.
   */
  push(text: string): number;
  /** A kept text, decoded again. */
  text(id: number): string;
  /** Lets go of the oldest text. */
  shift(): void;
  /** Lets go of every text (and of a grown buffer). */
  clear(): void;
}

const INITIAL_BYTES = 16 * 1024;

/** A ring for at most `capacity` texts at a time. */
export function createTextRing(capacity: number): TextRing {
  // Made on first use, like the buffers below: a fresh mock pays for none of them.
  let encoder: TextEncoder | undefined;
  let decoder: TextDecoder | undefined;
  // Made on the first push: a mock that never records a request (a fresh one in a test that
  // makes none, a journal turned off) allocates nothing.
  let bytes = new Uint8Array(0);
  // Where each kept text is, by its number modulo the capacity.
  let starts = new Int32Array(0);
  let lengths = new Int32Array(0);
  /** The oldest kept text's number (first === next: none kept). */
  let first = 0;
  let next = 0;
  /** Where the next text's bytes go. */
  let head = 0;
  /** The newest texts start again at 0, below the oldest ones (which end at wrapEnd). */
  let wrapped = false;

  /** Copies the kept texts, in order, to the start of a buffer of `size` bytes. */
  function relocate(size: number): void {
    const moved = new Uint8Array(size);
    let at = 0;
    for (let id = first; id < next; id++) {
      const slot = id % capacity;
      const start = starts[slot] as number;
      const length = lengths[slot] as number;
      moved.set(bytes.subarray(start, start + length), at);
      starts[slot] = at;
      at += length;
    }
    bytes = moved;
    head = at;
    wrapped = false;
  }

  /** Where `max` bytes fit after the newest text without reaching the oldest; grows when none does. */
  function place(max: number): number {
    if (first === next) {
      head = 0;
      wrapped = false;
      if (bytes.length < max) bytes = new Uint8Array(Math.max(max, bytes.length * 2, INITIAL_BYTES));
      return 0;
    }
    const tail = starts[first % capacity] as number;
    if (!wrapped && bytes.length - head >= max) return head;
    // Strictly below the oldest text, so that head never meets it.
    if (!wrapped && tail > max) {
      wrapped = true;
      return 0;
    }
    if (wrapped && tail - head > max) return head;
    relocate(Math.max(bytes.length * 2, bytes.length + max, INITIAL_BYTES));
    return head;
  }

  const ring: TextRing = {
    push(text) {
      if (starts.length === 0) {
        starts = new Int32Array(capacity);
        lengths = new Int32Array(capacity);
      }
      if (next - first >= capacity) ring.shift();
      // UTF-8 takes at most 3 bytes per UTF-16 code unit.
      const at = place(text.length * 3);
      encoder ??= new TextEncoder();
      const { written } = encoder.encodeInto(text, bytes.subarray(at, at + text.length * 3));
      const slot = next % capacity;
      starts[slot] = at;
      lengths[slot] = written;
      head = at + written;
      return next++;
    },
    text(id) {
      if (id < first || id >= next) throw new RangeError(`text ${id} is no longer kept`);
      const slot = id % capacity;
      const start = starts[slot] as number;
      decoder ??= new TextDecoder();
      return decoder.decode(bytes.subarray(start, start + (lengths[slot] as number)));
    },
    shift() {
      if (first === next) return;
      const oldTail = starts[first % capacity] as number;
      first++;
      if (first === next) {
        head = 0;
        wrapped = false;
        return;
      }
      // The oldest text is now one written after the wrap: every text before it is gone.
      if (wrapped && (starts[first % capacity] as number) < oldTail) wrapped = false;
    },
    clear() {
      first = next;
      head = 0;
      wrapped = false;
      if (bytes.length > INITIAL_BYTES) bytes = new Uint8Array(INITIAL_BYTES);
    },
  };
  return ring;
}

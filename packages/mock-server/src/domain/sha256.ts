// A small synchronous SHA-256 (FIPS 180-4). Key checks must happen in the same synchronous step as
// the rest of a request's checks, and the universal entry must run in browsers, where Web Crypto is
// async only and node:crypto does not exist, hence this pure-TS version.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const encoder = new TextEncoder();

/**
 * The message schedule, reused by every call. Every request hashes the key it presents, so the
 * per-call allocations of a naive version (schedule, state, views) showed up in the HTTP profile.
 * Reuse is safe: sha256() is synchronous and never re-entered, the array is fully rewritten before
 * it is read, and it holds no service state (nothing in it outlives a call, so services share none).
 */
const W = new Uint32Array(64);

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}

/** SHA-256 digest of `input` (strings are UTF-8 encoded). */
export function sha256(input: string | Uint8Array): Uint8Array {
  const data = typeof input === 'string' ? encoder.encode(input) : input;
  const length = data.length;
  // Message + 0x80 + zero padding + 64-bit big-endian bit length, in whole 64-byte blocks.
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const bitsHigh = Math.floor(length / 0x20000000);
  const bitsLow = (length << 3) >>> 0;
  const end = padded.length;
  padded[end - 8] = bitsHigh >>> 24;
  padded[end - 7] = bitsHigh >>> 16;
  padded[end - 6] = bitsHigh >>> 8;
  padded[end - 5] = bitsHigh;
  padded[end - 4] = bitsLow >>> 24;
  padded[end - 3] = bitsLow >>> 16;
  padded[end - 2] = bitsLow >>> 8;
  padded[end - 1] = bitsLow;

  let h0 = 0x6a09e667;
  let h1 = 0xbb67ae85;
  let h2 = 0x3c6ef372;
  let h3 = 0xa54ff53a;
  let h4 = 0x510e527f;
  let h5 = 0x9b05688c;
  let h6 = 0x1f83d9ab;
  let h7 = 0x5be0cd19;
  for (let offset = 0; offset < end; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      W[i] =
        (((padded[j] as number) << 24) |
          ((padded[j + 1] as number) << 16) |
          ((padded[j + 2] as number) << 8) |
          (padded[j + 3] as number)) >>>
        0;
    }
    for (let i = 16; i < 64; i++) {
      const w15 = W[i - 15] as number;
      const w2 = W[i - 2] as number;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) >>> 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let hh = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[i] as number) + (W[i] as number)) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
    h5 = (h5 + f) >>> 0;
    h6 = (h6 + g) >>> 0;
    h7 = (h7 + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const words = [h0, h1, h2, h3, h4, h5, h6, h7];
  for (let i = 0; i < 8; i++) {
    const word = words[i] as number;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = word >>> 16;
    out[i * 4 + 2] = word >>> 8;
    out[i * 4 + 3] = word;
  }
  return out;
}

/** "00" … "ff": hex by table lookup, instead of toString(16) and padStart per byte. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += HEX[bytes[i] as number];
  return hex;
}

/** Lower-case hex SHA-256 of `input`. */
export function sha256Hex(input: string | Uint8Array): string {
  return toHex(sha256(input));
}

/**
 * Compares two strings in time that depends only on their length, so a mismatch does not reveal
 * how many leading characters matched.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

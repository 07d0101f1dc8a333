/**
 * MD5 (RFC 1321), written out so that the corpus layer runs in a browser or worker: Web Crypto
 * has no MD5 and its digests are asynchronous, and node:crypto is not available there.
 * Paper 000 §5 step 6 fingerprints a page by the MD5 of its selected keywords; the exact-duplicate
 * index hashes normalized topic content with it too. MD5 is used as a 128-bit checksum, never for
 * security. Strings are hashed as their UTF-8 bytes.
 */

/** Per-round left-rotation amounts (RFC 1321 §3.4). */
const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** T[i] = floor(2^32 · |sin(i + 1)|) (RFC 1321 §3.4). */
const T = (() => {
  const t = new Int32Array(64);
  for (let i = 0; i < 64; i++) t[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0;
  return t;
})();

const encoder = new TextEncoder();

/** The 16-byte digest of `input` as four little-endian 32-bit words (A, B, C, D of RFC 1321). */
export function md5Words(input: string | Uint8Array): Uint32Array {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  const n = bytes.length;
  // Padding: 0x80, zeros to 56 mod 64, then the bit length as 64-bit little-endian.
  const total = (((n + 8) >>> 6) + 1) << 6;
  const buf = new Uint8Array(total);
  buf.set(bytes);
  buf[n] = 0x80;
  const bitsLo = (n * 8) >>> 0;
  const bitsHi = Math.floor(n / 0x20000000) >>> 0;
  const dv = new DataView(buf.buffer);
  dv.setUint32(total - 8, bitsLo, true);
  dv.setUint32(total - 4, bitsHi, true);

  let a0 = 0x67452301 | 0, b0 = 0xefcdab89 | 0, c0 = 0x98badcfe | 0, d0 = 0x10325476 | 0;
  const x = new Int32Array(16);
  for (let off = 0; off < total; off += 64) {
    for (let j = 0; j < 16; j++) x[j] = dv.getInt32(off + j * 4, true);
    let a = a0, b = b0, c = c0, d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number, g: number;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) & 15; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) & 15; }
      else { f = c ^ (b | ~d); g = (7 * i) & 15; }
      const s = S[((i >>> 4) << 2) | (i & 3)];
      const sum = (a + f + T[i] + x[g]) | 0;
      a = d; d = c; c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
    }
    a0 = (a0 + a) | 0; b0 = (b0 + b) | 0; c0 = (c0 + c) | 0; d0 = (d0 + d) | 0;
  }
  return Uint32Array.of(a0 >>> 0, b0 >>> 0, c0 >>> 0, d0 >>> 0);
}

/** The digest as 32 lower-case hex digits, in RFC 1321's byte order. */
export function md5Hex(input: string | Uint8Array): string {
  const w = md5Words(input);
  let out = '';
  for (let i = 0; i < 4; i++) {
    for (let k = 0; k < 4; k++) out += ((w[i] >>> (8 * k)) & 0xff).toString(16).padStart(2, '0');
  }
  return out;
}

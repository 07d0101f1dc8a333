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

/**
 * MD5 fed in pieces (update, then digest once), so a long text can be hashed without its whole
 * UTF-8 encoding in memory; the same digest as hashing the pieces joined.
 */
export class Md5 {
  private a0 = 0x67452301 | 0;
  private b0 = 0xefcdab89 | 0;
  private c0 = 0x98badcfe | 0;
  private d0 = 0x10325476 | 0;
  /** Bytes hashed so far. */
  private n = 0;
  /** The start of a 64-byte block not yet full. */
  private readonly tail = new Uint8Array(64);
  private readonly x = new Int32Array(16);

  update(input: string | Uint8Array): this {
    const bytes = typeof input === 'string' ? encoder.encode(input) : input;
    let off = 0;
    let used = this.n & 63;
    this.n += bytes.length;
    if (used) {
      const take = Math.min(64 - used, bytes.length);
      this.tail.set(bytes.subarray(0, take), used);
      off = take;
      used += take;
      if (used < 64) return this;
      this.block(this.tail, 0);
    }
    for (; off + 64 <= bytes.length; off += 64) this.block(bytes, off);
    this.tail.set(bytes.subarray(off), 0);
    return this;
  }

  /** The 16-byte digest as four little-endian 32-bit words (A, B, C, D of RFC 1321). */
  digest(): Uint32Array {
    const n = this.n;
    // Padding: 0x80, zeros to 56 mod 64, then the bit length as 64-bit little-endian.
    const pad = new Uint8Array((((n + 8) >>> 6) + 1) * 64 - n);
    pad[0] = 0x80;
    const dv = new DataView(pad.buffer);
    dv.setUint32(pad.length - 8, (n * 8) >>> 0, true);
    dv.setUint32(pad.length - 4, Math.floor(n / 0x20000000) >>> 0, true);
    this.update(pad);
    return Uint32Array.of(this.a0 >>> 0, this.b0 >>> 0, this.c0 >>> 0, this.d0 >>> 0);
  }

  private block(bytes: Uint8Array, off: number): void {
    const x = this.x;
    for (let j = 0, p = off; j < 16; j++, p += 4) x[j] = bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16) | (bytes[p + 3] << 24);
    let a = this.a0, b = this.b0, c = this.c0, d = this.d0;
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
    this.a0 = (this.a0 + a) | 0; this.b0 = (this.b0 + b) | 0; this.c0 = (this.c0 + c) | 0; this.d0 = (this.d0 + d) | 0;
  }
}

/** The 16-byte digest of `input` as four little-endian 32-bit words (A, B, C, D of RFC 1321). */
export function md5Words(input: string | Uint8Array): Uint32Array {
  return new Md5().update(input).digest();
}

/** The digest as 32 lower-case hex digits, in RFC 1321's byte order. */
export function md5Hex(input: string | Uint8Array): string {
  return hexDigest(md5Words(input));
}

/** Digest words (md5Words, Md5.digest) as 32 lower-case hex digits, in RFC 1321's byte order. */
export function hexDigest(w: Uint32Array): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    for (let k = 0; k < 4; k++) out += ((w[i] >>> (8 * k)) & 0xff).toString(16).padStart(2, '0');
  }
  return out;
}

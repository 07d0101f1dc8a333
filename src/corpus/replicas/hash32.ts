/**
 * 32-bit hashing for the near-duplicate indices, in plain 32-bit integer arithmetic (Math.imul),
 * so that no BigInt is needed and signatures are the same in every JavaScript engine.
 *
 * hashString is MurmurHash3 x86_32's block mixing (Appleby, public domain) applied to a string's
 * UTF-16 code units taken two at a time, with its finalizer; it is not byte-compatible with
 * MurmurHash3 over UTF-8 (nothing here is ever compared with another implementation). fmix32 is
 * that finalizer alone: a bijection on 32-bit integers with full avalanche, used to derive many
 * independent-looking hash functions from one value and a seed.
 */

const C1 = 0xcc9e2d51 | 0;
const C2 = 0x1b873593 | 0;

/** MurmurHash3's finalizer: a 32-bit bijection with good avalanche. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded 32-bit hash of a string's code units. */
export function hashString(s: string, seed = 0): number {
  let h = seed | 0;
  const n = s.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    let k = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (i < n) {
    let k = s.charCodeAt(i);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
  }
  return fmix32(h ^ (n * 2));
}

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

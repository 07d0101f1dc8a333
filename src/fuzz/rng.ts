/**
 * A small seeded random source for the fuzz campaign (src/fuzz/): the same seed gives the same
 * cases on every machine and Node version (Math.random cannot be seeded). mulberry32, which is
 * plenty for choosing inputs; `hashSeed` derives one case's seed from the campaign seed, the
 * generator's name and the case's index, so that a case can be regenerated alone and adding a
 * generator does not change the cases of the others.
 */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  u32(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return n <= 1 ? 0 : Math.floor(this.float() * n);
  }

  /** Uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** A length biased to small values (log-uniform in [lo, hi]). */
  size(lo: number, hi: number): number {
    const a = Math.log(lo + 1), b = Math.log(hi + 1);
    return Math.min(hi, Math.max(lo, Math.floor(Math.exp(a + this.float() * (b - a))) - 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }

  /** An element of `xs`, chosen with the weights `ws`. */
  weighted<T>(xs: readonly T[], ws: readonly number[]): T {
    let total = 0;
    for (const w of ws) total += w;
    let x = this.float() * total;
    for (let i = 0; i < xs.length; i++) {
      x -= ws[i];
      if (x < 0) return xs[i];
    }
    return xs[xs.length - 1];
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const v = this.u32();
      out[i] = v & 0xff;
      if (i + 1 < n) out[i + 1] = (v >>> 8) & 0xff;
      if (i + 2 < n) out[i + 2] = (v >>> 16) & 0xff;
      if (i + 3 < n) out[i + 3] = v >>> 24;
    }
    return out;
  }

  /** `xs` in a random order (a copy). */
  shuffle<T>(xs: readonly T[]): T[] {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
}

/** FNV-1a of a string, 32 bits. */
export function fnv32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The seed of case `index` of generator `name` in the campaign of seed `seed`. */
export function hashSeed(seed: number, name: string, index: number): number {
  let h = (seed >>> 0) ^ fnv32(name);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ index;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Seeded randomness for the synthetic-site generator. Everything in src/synth/ draws from these
 * helpers only, so a seed fixes every byte of every generated page.
 */

export type Rng = () => number;

/** mulberry32: small, fast, and good enough for test data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a seed and a few integers or strings (FNV-1a over their decimal form). */
export function subSeed(seed: number, ...parts: (number | string)[]): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (const p of parts) {
    const s = String(p) + '\u0001';
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
/** Skewed towards the head of the list, so some words are common and most are rare. */
export const pickSkewed = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * r() * xs.length)];
export const chance = (r: Rng, p: number): boolean => r() < p;

/** k distinct items, in a seeded order. */
export function sample<T>(r: Rng, xs: readonly T[], k: number): T[] {
  const a = xs.slice();
  const n = Math.min(k, a.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(r() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}

/** 1234567 → "1,234,567" (locale-independent, so output never depends on the machine). */
export function thousands(n: number, sep = ','): string {
  const s = String(Math.trunc(n));
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

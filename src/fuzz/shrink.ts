/**
 * Shrinking a failing fuzz case (src/fuzz/) to a small reproducer: pieces of its input are cut
 * away, halves first, then smaller pieces, as long as the same property still fails (delta
 * debugging without the subset steps). Time-boxed. Timing properties are not shrunk: a smaller
 * input is a faster one.
 */
import type { FuzzCase, Input } from './cases.js';
import { runCase, type RunOptions } from './properties.js';

type Sequence = string | Uint8Array;

function cut(s: Sequence, from: number, to: number): Sequence {
  if (typeof s === 'string') return s.slice(0, from) + s.slice(to);
  const out = new Uint8Array(s.length - (to - from));
  out.set(s.subarray(0, from), 0);
  out.set(s.subarray(to), from);
  return out;
}

/** The smallest sequence found for which `fails` holds, cutting pieces until `deadline`. */
function shrinkSequence(s: Sequence, fails: (x: Sequence) => boolean, deadline: number): Sequence {
  let best = s;
  for (let size = Math.max(1, best.length >> 1); size >= 1 && performance.now() < deadline;) {
    let progressed = false;
    for (let at = 0; at < best.length && performance.now() < deadline;) {
      const candidate = cut(best, at, Math.min(best.length, at + size));
      if (candidate.length > 0 && fails(candidate)) { best = candidate; progressed = true; } else at += size;
    }
    if (!progressed) size >>= 1;
  }
  return best;
}

export const UNSHRINKABLE = new Set(['time-per-kb', 'linear-time']);

/** A smaller case that still fails `property` (the case itself when none is found). */
export function shrinkCase(c: FuzzCase, property: string, o: RunOptions = {}, budgetMs = 60_000): FuzzCase {
  if (UNSHRINKABLE.has(property)) return c;
  const deadline = performance.now() + budgetMs;
  const quiet: RunOptions = { ...o, noTiming: true, timeScale: 1000 };
  const fails = (x: FuzzCase): boolean => runCase(x, quiet).some((f) => f.property === property);
  switch (c.kind) {
    case 'extract': {
      const input = shrinkSequence(c.input, (x) => fails({ ...c, input: x as Input }), deadline);
      return { ...c, input: input as Input };
    }
    case 'sitemap': return { ...c, input: shrinkSequence(c.input, (x) => fails({ ...c, input: x as Uint8Array }), deadline) as Uint8Array };
    case 'robots': return { ...c, body: shrinkSequence(c.body, (x) => fails({ ...c, body: x as string }), deadline) as string };
    case 'shape': {
      let n = c.n;
      while (n > 1 && performance.now() < deadline && fails({ ...c, n: n >> 1 })) n >>= 1;
      return { ...c, n };
    }
    case 'site': {
      let pages = c.pages;
      for (let i = pages.length - 1; i >= 0 && performance.now() < deadline; i--) {
        const fewer = pages.filter((_, k) => k !== i);
        if (fails({ ...c, pages: fewer })) pages = fewer;
      }
      for (let i = 0; i < pages.length && performance.now() < deadline; i++) {
        const html = shrinkSequence(pages[i].html, (x) => fails({ ...c, pages: pages.map((p, k) => (k === i ? { ...p, html: x as Input } : p)) }), deadline);
        pages = pages.map((p, k) => (k === i ? { ...p, html: html as Input } : p));
      }
      return { ...c, pages };
    }
  }
}

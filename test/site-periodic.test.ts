/** Periodic maximal repeats and the template budget (src/site/periodic.ts) against brute force. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { suffixArray, lcpArray } from '../src/site/suffix-array.js';
import { maximalRepeats, type MaximalRepeats } from '../src/site/repeats.js';
import { collapsePeriodic, squarePeriods, budgetOrder } from '../src/site/periodic.js';

/** The corpus of `docs` (symbols < K), each followed by a unique separator, and its maximal repeats. */
function corpus(docs: number[][], K: number): { text: Int32Array; reps: MaximalRepeats } {
  const n = docs.reduce((a, d) => a + d.length + 1, 0);
  const text = new Int32Array(n), docOf = new Int32Array(n);
  let p = 0;
  docs.forEach((d, di) => {
    for (const x of d) { text[p] = x; docOf[p++] = di; }
    text[p] = K + di; docOf[p++] = -1;
  });
  const sa = suffixArray(text, K + docs.length);
  return { text, reps: maximalRepeats(text, docOf, sa, lcpArray(text, sa), docs.length, { minLength: 1, minDocs: 1 }) };
}

/** Smallest p ≤ maxPeriod with 2p ≤ |s| that is a period of s, by direct comparison; 0 when none. */
function brutePeriod(s: ArrayLike<number>, maxPeriod: number): number {
  for (let p = 1; p <= maxPeriod && 2 * p <= s.length; p++) {
    let ok = true;
    for (let j = 0; j + p < s.length && ok; j++) ok = s[j] === s[j + p];
    if (ok) return p;
  }
  return 0;
}

// Few symbols and runs glued in, so that periodic strings are common.
const docsArb = fc.array(fc.array(fc.oneof(
  fc.integer({ min: 0, max: 2 }).map((x) => [x]),
  fc.tuple(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 2, max: 6 }))
    .map(([root, k]) => Array.from({ length: k }, () => root).flat()),
), { maxLength: 8 }).map((parts) => parts.flat()), { minLength: 1, maxLength: 5 });

test('squarePeriods: the smallest square period of every maximal repeat equals brute force (property)', () => {
  fc.assert(fc.property(docsArb, fc.integer({ min: 1, max: 5 }), (docs, maxPeriod) => {
    const { text, reps } = corpus(docs, 3);
    const got = squarePeriods(text, reps, maxPeriod);
    reps.start.forEach((s, i) => {
      assert.equal(got[i], brutePeriod(text.subarray(s, s + reps.length[i]), maxPeriod), `repeat ${Array.from(text.subarray(s, s + reps.length[i]))}`);
    });
  }), { numRuns: 300 });
});

test('collapsePeriodic: every non-periodic repeat stays; of each family (root, length mod period) only the shortest, which covers the others (property)', () => {
  fc.assert(fc.property(docsArb, (docs) => {
    const { text, reps } = corpus(docs, 3);
    const { keep, collapsed } = collapsePeriodic(text, reps, 4);
    const str = (i: number) => Array.from(text.subarray(reps.start[i], reps.start[i] + reps.length[i]));
    const kept = new Set(keep);
    assert.equal(keep.length + collapsed, reps.start.length);
    const families = new Map<string, number[]>();
    reps.start.forEach((_, i) => {
      const s = str(i), p = brutePeriod(s, 4);
      if (p === 0) { assert.ok(kept.has(i), `non-periodic ${s} kept`); return; }
      const key = `${s.length % p}|${s.slice(0, p)}`;
      families.set(key, [...(families.get(key) ?? []), i]);
    });
    for (const members of families.values()) {
      const shortest = members.reduce((a, b) => (reps.length[b] < reps.length[a] ? b : a));
      for (const i of members) assert.equal(kept.has(i), i === shortest);
      // the shortest member, placed every p tokens, spells each longer member end to end
      const rep = str(shortest), p = brutePeriod(rep, 4);
      for (const i of members) {
        const s = str(i);
        assert.equal((s.length - rep.length) % p, 0);
        for (let off = 0; off + rep.length <= s.length; off += p) assert.deepEqual(s.slice(off, off + rep.length), rep);
      }
    }
  }), { numRuns: 300 });
});

test('budgetOrder: more documents first, then shorter, then earlier', () => {
  const reps = { start: [5, 0, 9, 2], length: [3, 4, 2, 3], occurrences: [2, 2, 2, 2], docs: [2, 3, 2, 2] };
  assert.deepEqual(budgetOrder(reps, [0, 1, 2, 3]), [1, 2, 3, 0]);
});

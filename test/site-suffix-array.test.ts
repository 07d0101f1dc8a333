/** SA-IS and Kasai's LCP (src/site/suffix-array.ts) against brute force. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { suffixArray, lcpArray, naiveSuffixArray } from '../src/site/suffix-array.js';
import { isThresherError } from '../src/index.js';

function bruteLcp(s: Int32Array, sa: Int32Array): Int32Array {
  const out = new Int32Array(s.length);
  for (let i = 1; i < s.length; i++) {
    let a = sa[i - 1], b = sa[i], h = 0;
    while (a < s.length && b < s.length && s[a] === s[b]) { a++; b++; h++; }
    out[i] = h;
  }
  return out;
}

function check(s: Int32Array, K: number): void {
  const sa = suffixArray(s, K);
  assert.deepEqual(Array.from(sa), Array.from(naiveSuffixArray(s)), `SA of [${Array.from(s)}]`);
  assert.deepEqual(Array.from(lcpArray(s, sa)), Array.from(bruteLcp(s, sa)), `LCP of [${Array.from(s)}]`);
}

const seq = (alphabet: number, maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength }).map((a) => Int32Array.from(a));

test('suffix array: the thesis figure 3.1 example, KINGKONG', () => {
  const word = 'KINGKONG';
  const s = Int32Array.from(word, (c) => c.charCodeAt(0) - 65);
  const sa = suffixArray(s, 26);
  assert.deepEqual(Array.from(sa, (i) => word.slice(i)), ['G', 'GKONG', 'INGKONG', 'KINGKONG', 'KONG', 'NG', 'NGKONG', 'ONG']);
  assert.deepEqual(Array.from(lcpArray(s, sa)), [0, 1, 0, 0, 1, 0, 2, 0]);
});

test('suffix array: empty, one symbol, all equal, strictly decreasing', () => {
  check(new Int32Array(0), 1);
  check(Int32Array.of(0), 1);
  check(new Int32Array(1000).fill(3), 4);
  check(Int32Array.from({ length: 500 }, (_, i) => 499 - i), 500);
  check(Int32Array.from({ length: 500 }, (_, i) => i), 500);
});

test('suffix array = naive sort, LCP = brute force: binary alphabet (property)', () => {
  fc.assert(fc.property(seq(2, 300), (s) => check(s, 2)), { numRuns: 300 });
});

test('suffix array = naive sort, LCP = brute force: small alphabet (property)', () => {
  fc.assert(fc.property(seq(4, 400), (s) => check(s, 4)), { numRuns: 300 });
});

test('suffix array = naive sort, LCP = brute force: large alphabet, sparse use (property)', () => {
  fc.assert(fc.property(seq(100_000, 400), (s) => check(s, 100_000)), { numRuns: 100 });
});

test('suffix array = naive sort, LCP = brute force: repetitive strings, deep recursion (property)', () => {
  // A random period repeated with a few point mutations: long equal LMS substrings, several
  // levels of recursion, long LCPs.
  const rep = fc.record({
    period: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 7 }),
    times: fc.integer({ min: 1, max: 80 }),
    edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), { maxLength: 3 }),
  }).map(({ period, times, edits }) => {
    const s = Int32Array.from({ length: period.length * times }, (_, i) => period[i % period.length]);
    for (const [at, v] of edits) if (s.length) s[at % s.length] = v;
    return s;
  });
  fc.assert(fc.property(rep, (s) => check(s, 6)), { numRuns: 300 });
});

test('suffix array: Fibonacci and Thue–Morse words (worst cases for naming)', () => {
  let a = [0], b = [0, 1];
  while (b.length < 3000) [a, b] = [b, [...b, ...a]];
  check(Int32Array.from(b), 2);
  const tm = Int32Array.from({ length: 4096 }, (_, i) => { let c = 0, x = i; while (x) { c ^= x & 1; x >>= 1; } return c; });
  check(tm, 2);
});

test('suffix array: a symbol outside the alphabet is a typed error', () => {
  assert.throws(() => suffixArray(Int32Array.of(0, 5), 5), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
  assert.throws(() => suffixArray(Int32Array.of(0, -1), 5), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
  assert.throws(() => suffixArray(Int32Array.of(0), 0), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
});

test('suffix array: a large random text is a permutation in sorted order', () => {
  let x = 12345;
  const s = Int32Array.from({ length: 200_000 }, () => { x = (Math.imul(x, 1103515245) + 12345) >>> 0; return (x >>> 16) % 50; });
  const sa = suffixArray(s, 50);
  const seen = new Uint8Array(s.length);
  for (const p of sa) seen[p] = 1;
  assert.equal(seen.reduce((a, b) => a + b, 0), s.length);
  const lcp = lcpArray(s, sa);
  for (let i = 1; i < sa.length; i++) {
    const a = sa[i - 1], b = sa[i], h = lcp[i];
    assert.ok(b + h === s.length ? false : a + h === s.length || s[a + h] < s[b + h], `order at ${i}`);
  }
});

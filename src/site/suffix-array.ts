/**
 * Suffix array and LCP array over integer token ids.
 *
 * Paper 004 (Foschini), §3.2 steps 3–4 and §4.2: "the suffix array S is computed on the corpus T"
 * with a linear-work algorithm, and "the lcp vector L is computed on the pair ⟨S, T⟩" with Kasai
 * et al.'s linear algorithm [KLA⁺01].
 *
 * Departure: the thesis adapted Kärkkäinen–Sanders (DC3) [KS03]; this is SA-IS (Nong, Zhang and
 * Chan, 2009), also linear, smaller in memory and faster in practice. Written from the
 * algorithm's description:
 *   1. classify each suffix S-type or L-type; LMS positions are S-types preceded by an L-type;
 *   2. put the LMS suffixes at the ends of their character buckets and induce-sort: L-types left
 *      to right from bucket heads, then S-types right to left from bucket tails; this sorts the
 *      LMS substrings;
 *   3. name the LMS substrings (equal substrings get equal names) and, when names repeat, sort
 *      the reduced string of names recursively;
 *   4. place the LMS suffixes in their now exact order and induce-sort once more.
 * The sentinel is virtual (smaller than every id, never stored), so the input needs no padding.
 */
import { ThresherError } from '../errors.js';

/**
 * The suffix array of `s`: the starting positions of its suffixes in lexicographic order.
 * Every `s[i]` must be an integer in `[0, alphabetSize)`. Linear time and memory in
 * `s.length + alphabetSize`.
 */
export function suffixArray(s: Int32Array, alphabetSize: number): Int32Array {
  const n = s.length;
  if (!Number.isInteger(alphabetSize) || alphabetSize < 1) {
    throw new ThresherError('E_BAD_OPTION', `suffixArray: alphabetSize must be a positive integer, got ${alphabetSize}`);
  }
  for (let i = 0; i < n; i++) {
    const c = s[i];
    if (c < 0 || c >= alphabetSize) {
      throw new ThresherError('E_BAD_OPTION', `suffixArray: symbol ${c} at ${i} is outside [0, ${alphabetSize})`);
    }
  }
  const sa = new Int32Array(n);
  sais(s, n, alphabetSize, sa);
  return sa;
}

/** Bucket boundaries: heads (first free slot) or tails (last free slot) of each symbol's bucket. */
function fillBuckets(cnt: Int32Array, bkt: Int32Array, tails: boolean): void {
  let sum = 0;
  for (let c = 0; c < cnt.length; c++) {
    sum += cnt[c];
    bkt[c] = tails ? sum - 1 : sum - cnt[c];
  }
}

/** Types of the suffixes of `s`: 1 = S-type, 0 = L-type (the last one is L: the virtual sentinel is smaller). */
function classify(s: Int32Array, n: number): Uint8Array {
  const t = new Uint8Array(n);
  for (let i = n - 2; i >= 0; i--) {
    t[i] = s[i] < s[i + 1] || (s[i] === s[i + 1] && t[i + 1] === 1) ? 1 : 0;
  }
  return t;
}

function isLms(t: Uint8Array, i: number): boolean {
  return i > 0 && t[i] === 1 && t[i - 1] === 0;
}

/** Induced sorting of the L-type suffixes, then of the S-type ones, from the LMS suffixes placed in `sa`. */
function induce(s: Int32Array, sa: Int32Array, t: Uint8Array, n: number, cnt: Int32Array, bkt: Int32Array): void {
  fillBuckets(cnt, bkt, false);
  sa[bkt[s[n - 1]]++] = n - 1; // the suffix just before the virtual sentinel
  for (let i = 0; i < n; i++) {
    const j = sa[i] - 1;
    if (j >= 0 && t[j] === 0) sa[bkt[s[j]]++] = j;
  }
  fillBuckets(cnt, bkt, true);
  for (let i = n - 1; i >= 0; i--) {
    const j = sa[i] - 1;
    if (j >= 0 && t[j] === 1) sa[bkt[s[j]]--] = j;
  }
}

/** Whether the LMS substrings starting at `a` and `b` are equal (symbols and types, up to the next LMS position). */
function lmsSubstringsEqual(s: Int32Array, t: Uint8Array, n: number, a: number, b: number): boolean {
  for (let d = 0; ; d++) {
    // A substring that runs into the virtual sentinel holds a unique symbol: equal to no other.
    if (a + d >= n || b + d >= n) return false;
    if (s[a + d] !== s[b + d] || t[a + d] !== t[b + d]) return false;
    if (d > 0 && isLms(t, a + d)) return true; // types agree, so b + d is LMS too
  }
}

function sais(s: Int32Array, n: number, K: number, sa: Int32Array): void {
  if (n === 0) return;
  if (n === 1) { sa[0] = 0; return; }
  const t = classify(s, n);
  const cnt = new Int32Array(K);
  for (let i = 0; i < n; i++) cnt[s[i]]++;
  const bkt = new Int32Array(K);

  // 1–2. LMS suffixes at bucket tails, induce: sorts the LMS substrings.
  sa.fill(-1);
  fillBuckets(cnt, bkt, true);
  for (let i = n - 1; i >= 1; i--) if (isLms(t, i)) sa[bkt[s[i]]--] = i;
  induce(s, sa, t, n, cnt, bkt);

  // 3. Sorted LMS positions to the front, then name them; names go to sa[m + p/2] (LMS positions are ≥ 2 apart).
  let m = 0;
  for (let i = 0; i < n; i++) if (isLms(t, sa[i])) sa[m++] = sa[i];
  sa.fill(-1, m);
  let names = 0, prev = -1;
  for (let i = 0; i < m; i++) {
    const p = sa[i];
    if (prev < 0 || !lmsSubstringsEqual(s, t, n, prev, p)) names++;
    prev = p;
    sa[m + (p >> 1)] = names - 1;
  }
  // The reduced string (names of the LMS substrings in text order) to the end of sa.
  for (let i = n - 1, j = n - 1; i >= m; i--) if (sa[i] >= 0) sa[j--] = sa[i];
  const s1 = sa.subarray(n - m, n), sa1 = sa.subarray(0, m);
  if (names < m) sais(s1, m, names, sa1);
  else for (let i = 0; i < m; i++) sa1[s1[i]] = i;

  // 4. LMS positions in text order replace the reduced string; sa1 maps to them; place and induce.
  for (let i = 1, j = 0; i < n; i++) if (isLms(t, i)) s1[j++] = i;
  for (let i = 0; i < m; i++) sa1[i] = s1[sa1[i]];
  sa.fill(-1, m);
  fillBuckets(cnt, bkt, true);
  for (let i = m - 1; i >= 0; i--) {
    const p = sa[i];
    sa[i] = -1;
    sa[bkt[s[p]]--] = p;
  }
  induce(s, sa, t, n, cnt, bkt);
}

/**
 * Kasai et al.'s LCP array: `lcp[i]` is the length of the longest common prefix of the suffixes
 * at `sa[i - 1]` and `sa[i]`; `lcp[0] = 0`. Linear time.
 */
export function lcpArray(s: Int32Array, sa: Int32Array): Int32Array {
  const n = s.length;
  const rank = new Int32Array(n);
  for (let i = 0; i < n; i++) rank[sa[i]] = i;
  const lcp = new Int32Array(n);
  let h = 0;
  for (let i = 0; i < n; i++) {
    const r = rank[i];
    if (r === 0) { h = 0; continue; }
    const j = sa[r - 1];
    while (i + h < n && j + h < n && s[i + h] === s[j + h]) h++;
    lcp[r] = h;
    if (h > 0) h--;
  }
  return lcp;
}

/**
 * The reference: suffixes sorted by direct comparison (O(n² log n) worst case). Used by the
 * property tests and as the benchmark's baseline, never by the library.
 */
export function naiveSuffixArray(s: ArrayLike<number>): Int32Array {
  const n = s.length;
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => {
    while (a < n && b < n) {
      if (s[a] !== s[b]) return s[a] - s[b];
      a++; b++;
    }
    return a < n ? 1 : b < n ? -1 : 0; // the shorter suffix (hit the end) is smaller
  });
  return Int32Array.from(idx);
}

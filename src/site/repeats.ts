/**
 * Maximal repeated token strings of a corpus, with their occurrence count and document frequency.
 *
 * Paper 004 (Foschini), §3.2 steps 2 and 5–6: the documents' token sequences are concatenated
 * into one corpus T, each followed by a separator symbol unique in T, with a map T → D from
 * positions to documents; from the suffix array and LCP array, compute for each string (a) its
 * occurrences in T and (b) the number of distinct documents it appears in, and keep only the
 * maximal strings: "if a string s′ is a substring of s and appears only where s appears, we are
 * not interested in s′".
 *
 * How. The right-maximal repeated strings are exactly the LCP intervals (the internal nodes of
 * the suffix tree), enumerated bottom-up with a stack in one pass. A string is also left-maximal
 * when the tokens just before its occurrences are not all the same (a document start counts as a
 * unique token); with a prefix count of "the left token changes between suffix-array neighbours",
 * that is O(1) per interval. Left- and right-maximal together is the thesis's "appears only where
 * s appears" criterion: such a string cannot be extended either way without losing an occurrence.
 *
 * Document frequency for every interval at once (departure: the thesis used a Yamamoto–Church
 * variant it calls empirically near-linear but quadratic in the worst case): for consecutive
 * suffixes of the same document in suffix-array order, k′ < k, the pair is counted twice in every
 * interval that holds both, and those are exactly the intervals holding the position of the
 * minimum of lcp(k′..k]. Counting one duplicate at that position, df(l..r) = (r − l + 1) −
 * (duplicates at positions l+1..r), a prefix-sum lookup. The minimum's position comes from a
 * monotone stack searched by bisection: O(n log n) worst case, near-linear in practice.
 */

/** Statistics of the maximal repeats that passed the filters. Entry i is the string T[start[i] .. start[i] + length[i]). */
export interface MaximalRepeats {
  start: number[];
  length: number[];
  occurrences: number[];
  docs: number[];
  /** Maximal repeated strings found before the filters. */
  found: number;
  /** Dropped for being shorter than minLength tokens. */
  short: number;
  /** Dropped for being in fewer than minDocs documents. */
  fewDocs: number;
}

export interface RepeatFilters {
  minLength: number;
  minDocs: number;
}

/**
 * The maximal repeated strings of `text` (tokens, documents separated by unique symbols) that are
 * at least `minLength` tokens long and occur in at least `minDocs` documents. `docOf[i]` is the
 * document of position i, -1 on separators; `sa` and `lcp` are the suffix and LCP arrays of `text`.
 */
export function maximalRepeats(text: Int32Array, docOf: Int32Array, sa: Int32Array, lcp: Int32Array,
  nDocs: number, filters: RepeatFilters): MaximalRepeats {
  const n = text.length;
  const dupPrefix = duplicatePrefix(docOf, sa, lcp, nDocs);
  const leftChangePrefix = leftChanges(text, sa);
  const out: MaximalRepeats = { start: [], length: [], occurrences: [], docs: [], found: 0, short: 0, fewDocs: 0 };
  // Stack of open LCP intervals: their lcp values (strictly increasing) and left bounds.
  const stLcp = new Int32Array(n + 1), stLb = new Int32Array(n + 1);
  let top = 0;
  stLcp[0] = 0; stLb[0] = 0;
  for (let i = 1; i <= n; i++) {
    const h = i < n ? lcp[i] : 0;
    let lb = i - 1;
    while (h < stLcp[top]) {
      const ell = stLcp[top], l = stLb[top], r = i - 1;
      top--;
      lb = l;
      // Interval [l, r] holds the string of length ell shared by suffixes sa[l..r].
      if (leftChangePrefix[r] - leftChangePrefix[l] > 0) {
        out.found++;
        const df = r - l + 1 - (dupPrefix[r] - dupPrefix[l]);
        if (ell < filters.minLength) out.short++;
        else if (df < filters.minDocs) out.fewDocs++;
        else {
          out.start.push(sa[l]); out.length.push(ell); out.occurrences.push(r - l + 1); out.docs.push(df);
        }
      }
    }
    if (h > stLcp[top]) { top++; stLcp[top] = h; stLb[top] = lb; }
  }
  return out;
}

/**
 * Prefix sums of the same-document duplicate counts: dup[j] counts the pairs of suffix-array
 * neighbours-within-a-document whose lcp minimum lies at position j (see the header).
 */
function duplicatePrefix(docOf: Int32Array, sa: Int32Array, lcp: Int32Array, nDocs: number): Int32Array {
  const n = sa.length;
  const dup = new Int32Array(n);
  const last = new Int32Array(nDocs).fill(-1);
  // Monotone stack of positions j ≤ k with lcp strictly increasing from bottom to top: for
  // p < k, min lcp(p..k] sits at the lowest stack entry whose position is > p.
  const st = new Int32Array(n);
  let size = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      const h = lcp[k];
      while (size > 0 && lcp[st[size - 1]] >= h) size--;
      st[size++] = k;
    }
    const d = docOf[sa[k]];
    if (d < 0) continue;
    const p = last[d];
    last[d] = k;
    if (p < 0) continue;
    let lo = 0, hi = size - 1; // first entry with position > p (the top entry is k > p)
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (st[mid] > p) hi = mid; else lo = mid + 1;
    }
    dup[st[lo]]++;
  }
  for (let j = 1; j < n; j++) dup[j] += dup[j - 1];
  return dup;
}

/** Prefix counts of "the token before sa[k] differs from the token before sa[k − 1]" (position 0 has a unique left token). */
function leftChanges(text: Int32Array, sa: Int32Array): Int32Array {
  const n = sa.length;
  const pref = new Int32Array(n);
  let prevLeft = -2;
  for (let k = 0; k < n; k++) {
    const left = sa[k] > 0 ? text[sa[k] - 1] : -1;
    pref[k] = (k > 0 ? pref[k - 1] : 0) + (k > 0 && left !== prevLeft ? 1 : 0);
    prevLeft = left;
  }
  return pref;
}

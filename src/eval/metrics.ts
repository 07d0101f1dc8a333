/**
 * Per-page text metrics, each reproducing a published evaluation script:
 *  - scrapinghub: scrapinghub/article-extraction-benchmark evaluate.py (bag of 4-gram shingles of
 *    `\w+` tokens; per-page tp/fp/fn normalised to sum 1; precision/recall rules of that script)
 *  - wceb: chatnoir-eu/web-content-extraction-benchmark eval.py — ROUGE-LSum of rouge-score 0.1.2
 *    (split_summaries=True: NLTK Punkt english sentences; whitespace tokens; no stemming) with
 *    WCEB's empty-target rule (empty truth -> recall 1, and P = F1 = 1 if the output is empty too)
 *  - wcxb: Murrough-Foley/web-content-extraction-benchmark evaluate.py word_f1 (bag of lower-cased
 *    `\w+` tokens) and snippet_check (case-insensitive substring rate)
 *  - trafilatura: adbar/trafilatura tests/eval_common.py count_item + ConfusionMatrix scores
 * Python semantics of `\w`, `\s` and str.strip() come from pyunicode.ts (CPython's Unicode tables).
 * Agreement with the company reference (shared/eval/lib/metrics.mjs) is tested to 1e-6.
 */
import { W, WS } from './pyunicode.js';
import { sentTokenize } from './punkt.js';

const RE_W = new RegExp(`[${W}]+`, 'gu');              // re.compile(r'\w+', re.UNICODE)
const RE_WS_RUN = new RegExp(`[${WS}]+`, 'gu');        // \s+
const RE_STRIP = new RegExp(`^[${WS}]+|[${WS}]+$`, 'gu');

/** str.strip() */
export const pyStrip = (s: string): string => s.replace(RE_STRIP, '');
/** re.findall(r'\w+', s) */
export const wordTokens = (s: string): string[] => (s ? s.match(RE_W) ?? [] : []);
/** str.split() — whitespace tokens (rouge-score's tokenizer with split on whitespace) */
export const whitespaceTokens = (s: string): string[] => {
  const t = pyStrip(s);
  return t ? t.split(RE_WS_RUN) : [];
};

const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
export { mean };

// ------------------------------------------------------------------ scrapinghub

/** [tp, fp, fn] */
export type Triple = [number, number, number];

const SHINGLE_SEP = '\u0001';   // never inside a \w token

function shingles(text: string, n: number): Map<string, number> {
  const t = wordTokens(text);
  const out = new Map<string, number>();
  const last = Math.max(1, t.length - n + 1);
  for (let i = 0; i < last; i++) {
    const sh = t.slice(i, i + n);
    if (!sh.length) continue;
    const k = sh.join(SHINGLE_SEP);
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** string_shingle_matching(): raw counts and the same normalised to sum 1. */
export function shingleMatch(truth: string, pred: string, n = 4): { raw: Triple; norm: Triple } {
  const a = shingles(truth, n), b = shingles(pred, n);
  let tp = 0, fp = 0, fn = 0;
  for (const [k, t] of a) {
    const p = b.get(k) ?? 0;
    tp += Math.min(t, p); fn += Math.max(0, t - p); fp += Math.max(0, p - t);
  }
  for (const [k, p] of b) if (!a.has(k)) fp += p;
  const raw: Triple = [tp, fp, fn];
  const s = tp + fp + fn;
  const norm: Triple = s > 0 ? [tp / s, fp / s, fn / s] : [tp, fp, fn];
  return { raw, norm };
}

export function shPrecision(tp: number, fp: number, fn: number): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

export function shRecall(tp: number, fp: number, fn: number): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

/** evaluate.py accuracy: 1 if the \w+ token sequences are identical. */
export function shAccuracy(truth: string, pred: string): number {
  const a = wordTokens(truth), b = wordTokens(pred);
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return 0;
  return 1;
}

/** metrics_from_tp_fp_fns(): P over pages with output, R over pages with truth, F1 of the means. */
export function shMetrics(norms: Triple[]): { precision: number; recall: number; f1: number } {
  const precision = mean(norms.filter(([tp, fp]) => tp + fp > 0).map(([tp, fp, fn]) => shPrecision(tp, fp, fn)));
  const recall = mean(norms.filter(([tp, , fn]) => tp + fn > 0).map(([tp, fp, fn]) => shRecall(tp, fp, fn)));
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

// ------------------------------------------------------------------ WCEB ROUGE-LSum

/** Reusable DP tables: the LCS is run for many (truth sentence, output sentence) pairs. */
let dp16 = new Uint16Array(1 << 16);
let dp32 = new Int32Array(1024);

function dpTable(rows: number, cols: number): Uint16Array | Int32Array {
  const size = (rows + 1) * (cols + 1);
  if (rows < 65535 && cols < 65535) {
    if (dp16.length < size) dp16 = new Uint16Array(Math.max(size, dp16.length * 2));
    return dp16;
  }
  if (dp32.length < size) dp32 = new Int32Array(size);
  return dp32;
}

/** rouge-score _lcs_table + _backtrack_norec (same tie-breaking): marks the LCS's ref indices. */
function markLcs(ref: Int32Array, can: Int32Array, mark: Uint8Array): void {
  const rows = ref.length, cols = can.length;
  if (!rows || !cols) return;
  const w = cols + 1;
  const t = dpTable(rows, cols);
  t.fill(0, 0, w);
  for (let i = 1; i <= rows; i++) {
    const ri = ref[i - 1], row = i * w, up = row - w;
    t[row] = 0;
    for (let j = 1; j <= cols; j++) {
      if (ri === can[j - 1]) t[row + j] = t[up + j - 1] + 1;
      else { const a = t[up + j], b = t[row + j - 1]; t[row + j] = a > b ? a : b; }
    }
  }
  let i = rows, j = cols;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) { mark[i - 1] = 1; i--; j--; }
    else if (t[i * w + j - 1] > t[(i - 1) * w + j]) j--;
    else i--;
  }
}

export interface LcsSummary { p: number; r: number; f: number; hits: number; m: number; n: number }

function maxTokenId(a: Int32Array[], b: Int32Array[]): number {
  let max = 0;
  for (const s of [...a, ...b]) for (const t of s) if (t > max) max = t;
  return max;
}

/** For each token id, the candidate sentences containing it (ascending, no repeats). */
function invertedIndex(can: Int32Array[]): Map<number, number[]> {
  const inv = new Map<number, number[]>();
  can.forEach((s, ci) => {
    for (const t of s) {
      let a = inv.get(t);
      if (!a) inv.set(t, (a = []));
      if (a[a.length - 1] !== ci) a.push(ci);
    }
  });
  return inv;
}

/**
 * rouge_score._summary_level_lcs on token-id sentences. A candidate sentence that shares no
 * token with a reference sentence has an empty LCS with it, so only sharing pairs are run.
 */
export function summaryLevelLcs(ref: Int32Array[], can: Int32Array[]): LcsSummary {
  const zero = { p: 0, r: 0, f: 0, hits: 0, m: 0, n: 0 };
  if (!ref.length || !can.length) return zero;
  const m = ref.reduce((s, x) => s + x.length, 0);
  const n = can.reduce((s, x) => s + x.length, 0);
  if (!n || !m) return { ...zero, m, n };
  const size = maxTokenId(ref, can) + 1;
  const refCount = new Int32Array(size), canCount = new Int32Array(size);
  for (const s of ref) for (const t of s) refCount[t]++;
  for (const s of can) for (const t of s) canCount[t]++;
  const inv = invertedIndex(can);
  const seen = new Int32Array(can.length).fill(-1);
  let hits = 0;
  ref.forEach((r, ri) => {
    const mark = new Uint8Array(r.length);
    for (const t of r) {
      for (const ci of inv.get(t) ?? []) {
        if (seen[ci] !== ri) { seen[ci] = ri; markLcs(r, can[ci], mark); }
      }
    }
    for (let k = 0; k < r.length; k++) {
      const t = r[k];
      if (mark[k] && canCount[t] > 0 && refCount[t] > 0) { hits++; canCount[t]--; refCount[t]--; }
    }
  });
  const rec = hits / m, prec = hits / n;
  return { p: prec, r: rec, f: prec + rec > 0 ? (2 * prec * rec) / (prec + rec) : 0, hits, m, n };
}

/** WCEB's ROUGE-LSum of `pred` against `truth`, with its empty-target rule. */
export function rougeLsum(truth: string, pred: string): LcsSummary {
  const ids = new Map<string, number>();
  const encode = (sents: string[]): Int32Array[] => sents.filter((s) => s.length).map((s) => Int32Array.from(whitespaceTokens(s), (t) => {
    let v = ids.get(t);
    if (v === undefined) ids.set(t, (v = ids.size));
    return v;
  }));
  const res = summaryLevelLcs(encode(sentTokenize(truth)), encode(sentTokenize(pred)));
  if (pyStrip(truth) === '') {
    res.r = 1;
    if (pyStrip(pred) === '') { res.p = 1; res.f = 1; }
  }
  return res;
}

// ------------------------------------------------------------------ trafilatura

export interface Snippets { with: string[]; without: string[] }
/** [tp, fp, fn, tn] */
export type Confusion = [number, number, number, number];

const normSpace = (s: string): string => pyStrip(s.replace(RE_WS_RUN, ' '));

/** count_item(): per page, `with` snippets found (tp) or not (fn), `without` found (fp) or not (tn). */
export function trafCount(item: Snippets, result: string): Confusion {
  const res = normSpace(result);
  let tp = 0, fp = 0;
  for (const w of item.with) if (res.includes(normSpace(w))) tp++;
  for (const w of item.without) if (res.includes(normSpace(w))) fp++;
  return [tp, fp, item.with.length - tp, item.without.length - fp];
}

export function trafScores([tp, fp, fn, tn]: Confusion): { precision: number; recall: number; accuracy: number; f1: number } {
  const total = tp + tn + fp + fn, d = 2 * tp + fp + fn;
  return {
    precision: tp + fp ? tp / (tp + fp) : 0,
    recall: tp + fn ? tp / (tp + fn) : 0,
    accuracy: total ? (tp + tn) / total : 0,
    f1: d ? (2 * tp) / d : 0,
  };
}

// ------------------------------------------------------------------ WCXB

/** word_f1(): [precision, recall, f1] of lower-cased \w+ token bags. */
export function wcxbWordF1(pred: string, truth: string): [number, number, number] {
  const pt = wordTokens(pred.toLowerCase()), rt = wordTokens(truth.toLowerCase());
  if (!rt.length) return pt.length ? [0, 0, 0] : [1, 1, 1];
  if (!pt.length) return [0, 0, 0];
  const pc = new Map<string, number>(), rc = new Map<string, number>();
  for (const t of pt) pc.set(t, (pc.get(t) ?? 0) + 1);
  for (const t of rt) rc.set(t, (rc.get(t) ?? 0) + 1);
  let overlap = 0;
  for (const [t, c] of pc) overlap += Math.min(c, rc.get(t) ?? 0);
  const p = overlap / pt.length, r = overlap / rt.length;
  return [p, r, p + r > 0 ? (2 * p * r) / (p + r) : 0];
}

/** snippet_check(): the share of snippets found (case-insensitive) in the text; 1 if none. */
export function wcxbSnippetRate(text: string, snippets: string[]): number {
  if (!snippets.length) return 1;
  const tl = text.toLowerCase();
  return snippets.filter((s) => tl.includes(s.toLowerCase())).length / snippets.length;
}

/**
 * Scores one dataset the way the reference scorer (shared/eval/score.mjs) does: every page with
 * every metric that applies, then page means, corpus-level sums and the official number.
 *   text truth      -> scrapinghub 4-gram shingles, WCEB ROUGE-LSum, WCXB word F1
 *                      (+ WCXB snippet rates and trafilatura counting when the page has snippets)
 *   snippets truth  -> trafilatura with/without snippet counting
 */
import type { MetricName, Truth } from './dataset.js';
import {
  mean, rougeLsum, shAccuracy, shingleMatch, shMetrics, shPrecision, shRecall,
  trafCount, trafScores, wcxbSnippetRate, wcxbWordF1,
} from './metrics.js';
import type { Confusion, Triple } from './metrics.js';

/** One page's scores; the field names and values of score.mjs's pages.jsonl, plus what sums need. */
export interface PageScore {
  id: string;
  pred_chars: number;
  /** Error code when extraction threw (the page was scored as empty output). */
  error?: string;
  sh?: { p: number | null; r: number | null; f1: number; raw: Triple; norm: Triple; acc: number };
  wceb?: { p: number; r: number; f1: number; hits: number; m: number; n: number };
  bow?: { p: number; r: number; f1: number };
  snip?: { with: number; without: number };
  /** trafilatura counts [tp, fp, fn, tn]: of the gold snippets, or of a text page's extra snippets. */
  traf?: Confusion;
}

export function scorePage(id: string, truth: Truth, pred: string): PageScore {
  const rec: PageScore = { id, pred_chars: pred.length };
  if (truth.text === undefined) {
    if (truth.snippets) rec.traf = trafCount(truth.snippets, pred);
    return rec;
  }
  const t = truth.text;
  const { raw, norm } = shingleMatch(t, pred);
  const [tp, fp, fn] = norm;
  // per-page F1 (the normalisation does not change it); both empty -> 1
  const f1 = fp === 0 && fn === 0 ? 1 : tp > 0 ? (2 * tp) / (2 * tp + fp + fn) : 0;
  rec.sh = {
    p: tp + fp > 0 ? shPrecision(tp, fp, fn) : null,
    r: tp + fn > 0 ? shRecall(tp, fp, fn) : null,
    f1, raw, norm, acc: shAccuracy(t, pred),
  };
  const r = rougeLsum(t, pred);
  rec.wceb = { p: r.p, r: r.r, f1: r.f, hits: r.hits, m: r.m, n: r.n };
  const [bp, br, bf] = wcxbWordF1(pred, t);
  rec.bow = { p: bp, r: br, f1: bf };
  if (truth.snippets) {
    rec.snip = { with: wcxbSnippetRate(pred, truth.snippets.with), without: wcxbSnippetRate(pred, truth.snippets.without) };
    rec.traf = trafCount(truth.snippets, pred);
  }
  return rec;
}

export interface ScrapinghubScores {
  precision: number; recall: number; f1: number; accuracy: number;
  pages_in_precision: number; f1_page_mean: number;
  corpus: { precision: number; recall: number; f1: number; tp: number; fp: number; fn: number };
}
export interface WcebScores {
  precision: number; recall: number; f1: number; f1_median: number;
  corpus: { precision: number; recall: number; f1: number; hits: number; truth_tokens: number; pred_tokens: number };
}
export interface BowScores { precision: number; recall: number; f1: number; with_rate?: number; without_rate?: number }
export interface TrafScores {
  precision: number; recall: number; accuracy: number; f1: number;
  tp: number; fp: number; fn: number; tn: number; f1_page_mean: number;
}
export interface Aggregate {
  scrapinghub?: ScrapinghubScores;
  wceb?: WcebScores;
  wcxb_bow?: BowScores;
  trafilatura?: TrafScores;
}

const f1of = (p: number, r: number): number => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);

function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((x, y) => x - y), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

type ShPage = PageScore & { sh: NonNullable<PageScore['sh']> };
type RgPage = PageScore & { wceb: NonNullable<PageScore['wceb']> };
type BowPage = PageScore & { bow: NonNullable<PageScore['bow']> };

function aggregateShingles(pages: ShPage[]): ScrapinghubScores {
  const norms = pages.map((p) => p.sh.norm);
  const m = shMetrics(norms);
  const tp = sum(pages.map((p) => p.sh.raw[0])), fp = sum(pages.map((p) => p.sh.raw[1])), fn = sum(pages.map((p) => p.sh.raw[2]));
  const cp = tp + fp > 0 ? tp / (tp + fp) : 0, cr = tp + fn > 0 ? tp / (tp + fn) : 0;
  return {
    precision: m.precision, recall: m.recall, f1: m.f1,
    accuracy: mean(pages.map((p) => p.sh.acc)),
    pages_in_precision: norms.filter(([a, b]) => a + b > 0).length,
    f1_page_mean: mean(pages.map((p) => p.sh.f1)),
    corpus: { precision: cp, recall: cr, f1: f1of(cp, cr), tp, fp, fn },
  };
}

function aggregateRouge(pages: RgPage[]): WcebScores {
  const hits = sum(pages.map((p) => p.wceb.hits)), m = sum(pages.map((p) => p.wceb.m)), n = sum(pages.map((p) => p.wceb.n));
  const cp = n ? hits / n : 0, cr = m ? hits / m : 0;
  return {
    precision: mean(pages.map((p) => p.wceb.p)), recall: mean(pages.map((p) => p.wceb.r)), f1: mean(pages.map((p) => p.wceb.f1)),
    f1_median: median(pages.map((p) => p.wceb.f1)),
    corpus: { precision: cp, recall: cr, f1: f1of(cp, cr), hits, truth_tokens: m, pred_tokens: n },
  };
}

function aggregateBow(pages: BowPage[]): BowScores {
  const res: BowScores = {
    precision: mean(pages.map((p) => p.bow.p)), recall: mean(pages.map((p) => p.bow.r)), f1: mean(pages.map((p) => p.bow.f1)),
  };
  const snip = pages.flatMap((p) => (p.snip ? [p.snip] : []));
  if (snip.length) {
    res.with_rate = mean(snip.map((s) => s.with));
    res.without_rate = mean(snip.map((s) => s.without));
  }
  return res;
}

function aggregateTraf(counts: Confusion[]): TrafScores {
  const c: Confusion = [0, 0, 0, 0];
  for (const x of counts) for (let i = 0; i < 4; i++) c[i] += x[i];
  const [tp, fp, fn, tn] = c;
  return { ...trafScores(c), tp, fp, fn, tn, f1_page_mean: mean(counts.map((x) => trafScores(x).f1)) };
}

/** All metrics over the pages, as score.mjs computes them (in the same page order). */
export function aggregate(pages: PageScore[]): Aggregate {
  const res: Aggregate = {};
  const sh = pages.filter((p): p is ShPage => p.sh !== undefined);
  if (sh.length) res.scrapinghub = aggregateShingles(sh);
  const rg = pages.filter((p): p is RgPage => p.wceb !== undefined);
  if (rg.length) res.wceb = aggregateRouge(rg);
  const bow = pages.filter((p): p is BowPage => p.bow !== undefined);
  if (bow.length) res.wcxb_bow = aggregateBow(bow);
  const traf = pages.flatMap((p) => (p.traf ? [p.traf] : []));
  if (traf.length) res.trafilatura = aggregateTraf(traf);
  return res;
}

/** The official number of a metric: word F1, ROUGE-LSum F1 page mean, snippet F1, shingle F1. */
export function officialValue(metric: MetricName, pages: PageScore[]): number {
  switch (metric) {
    case 'wcxb_bow': return mean(pages.flatMap((p) => (p.bow ? [p.bow.f1] : [])));
    case 'wceb': return mean(pages.flatMap((p) => (p.wceb ? [p.wceb.f1] : [])));
    case 'scrapinghub': return shMetrics(pages.flatMap((p) => (p.sh ? [p.sh.norm] : []))).f1;
    case 'trafilatura': {
      const c: Confusion = [0, 0, 0, 0];
      for (const p of pages) if (p.traf) for (let i = 0; i < 4; i++) c[i] += p.traf[i];
      return trafScores(c).f1;
    }
  }
}

/** mulberry32, as the reference's bootstrap uses: a small seeded PRNG. */
function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bootstrap standard deviation of the official number (pages resampled with replacement). */
export function bootstrapStd(metric: MetricName, pages: PageScore[], resamples = 1000, seed = 12345): number {
  if (resamples < 2 || pages.length < 2) return 0;
  const rnd = mulberry32(seed), n = pages.length;
  const vals: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const sample = Array.from({ length: n }, () => pages[Math.floor(rnd() * n)]);
    const v = officialValue(metric, sample);
    if (!Number.isNaN(v)) vals.push(v);
  }
  const m = mean(vals);
  return Math.sqrt(vals.reduce((s, x) => s + (x - m) ** 2, 0) / (vals.length - 1));
}

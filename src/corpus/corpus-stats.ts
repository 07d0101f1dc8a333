/**
 * Paper 000 §3.2: besides the generic stop-word list, "from a large web page set randomly crawled
 * from the web, we generate a more aggressive stop-word list by picking up the terms with high
 * term frequency in a lot of documents". CorpusStats accumulates document frequencies over a
 * corpus's pages and yields that list: the terms found in at least `minShare` of the documents
 * (the paper gives no threshold; see AGGRESSIVE_DEFAULTS).
 *
 * Departures, for a corpus that streams by:
 *  - Bounded memory: past `maxTerms` distinct terms, the rarest terms are forgotten (lossy
 *    counting). Each pass forgets terms of df ≤ some cut; `forgottenDf`, the sum of the cuts,
 *    bounds how many documents any term's count may be missing, so a term whose true share is
 *    at least minShare + forgottenDf/docs is always on the list.
 *  - Order-free: stats built from the same documents in any order, or in parts and merged, are the
 *    same (as long as nothing was forgotten), so a run with several workers can merge theirs.
 *  - Too few documents give no list (`minDocs`): a share of a handful of pages says nothing.
 */
import { ThresherError } from '../errors.js';

export interface AggressiveOptions {
  /** A term is an aggressive stop word when at least this share of the documents hold it. */
  minShare?: number;
  /** No list below this many documents. */
  minDocs?: number;
  /** At most this many terms (the most frequent first). */
  max?: number;
}

/**
 * Defaults. minShare 0.3 was read off the df curve of wcxb-dev's topic content (1497 pages of
 * many topics, generic stop words removed): the 104 terms at or above it are general words of web
 * prose ("one", "time", "like", "use", "new", "make", "get", "need", "help", "best"); between 0.2
 * and 0.3 topical words begin to appear ("software", "technology", "research", "price"). minDocs
 * 50: a share of fewer pages says more about the topic of those pages than about the web.
 */
export const AGGRESSIVE_DEFAULTS: Readonly<Required<AggressiveOptions>> = Object.freeze({ minShare: 0.3, minDocs: 50, max: 500 });

export const CORPUS_STATS_KIND = 'thresher-corpus-stats';
export const CORPUS_STATS_VERSION = 1;

export interface CorpusStatsJSON {
  kind: typeof CORPUS_STATS_KIND;
  version: typeof CORPUS_STATS_VERSION;
  docs: number;
  forgottenDf: number;
  maxTerms: number;
  /** [term, df] sorted by term. */
  df: [string, number][];
}

export class CorpusStats {
  private readonly df = new Map<string, number>();
  private docCount = 0;
  private forgotten = 0;

  /** maxTerms: distinct terms kept before the rarest are forgotten (default 1,000,000). */
  constructor(readonly maxTerms = 1_000_000) {
    if (!Number.isInteger(maxTerms) || maxTerms < 1) throw new ThresherError('E_BAD_OPTION', `maxTerms must be a whole number ≥ 1, got ${maxTerms}`);
  }

  /** Documents seen. */
  get docs(): number { return this.docCount; }
  /** Distinct terms held. */
  get terms(): number { return this.df.size; }
  /** At most this many documents of any term are missing from its count (0 when nothing was forgotten). */
  get forgottenDf(): number { return this.forgotten; }

  /** Adds one document's terms (repeats count once). */
  addDocument(terms: Iterable<string>): void {
    this.docCount++;
    const seen = new Set<string>();
    for (const t of terms) {
      if (seen.has(t)) continue;
      seen.add(t);
      this.df.set(t, (this.df.get(t) ?? 0) + 1);
    }
    if (this.df.size > this.maxTerms) this.forget();
  }

  documentFrequency(term: string): number {
    return this.df.get(term) ?? 0;
  }

  /** Adds another stats object's counts to this one. */
  merge(other: CorpusStats): void {
    this.docCount += other.docCount;
    this.forgotten += other.forgotten;
    for (const [t, n] of other.df) this.df.set(t, (this.df.get(t) ?? 0) + n);
    if (this.df.size > this.maxTerms) this.forget();
  }

  /** Drops the rarest terms until at most half of maxTerms remain. */
  private forget(): void {
    const target = Math.floor(this.maxTerms / 2);
    const byDf = new Map<number, number>();
    for (const n of this.df.values()) byDf.set(n, (byDf.get(n) ?? 0) + 1);
    const levels = [...byDf.keys()].sort((a, b) => a - b);
    let left = this.df.size, cut = 0;
    for (const n of levels) {
      if (left <= target) break;
      left -= byDf.get(n)!;
      cut = n;
    }
    for (const [t, n] of this.df) if (n <= cut) this.df.delete(t);
    this.forgotten += cut;
  }

  /** The aggressive stop-word list: terms in at least minShare of the documents, most frequent first. */
  aggressiveStopWords(options: AggressiveOptions = {}): string[] {
    const o = { ...AGGRESSIVE_DEFAULTS, ...options };
    if (this.docCount < o.minDocs) return [];
    const min = o.minShare * this.docCount;
    const out: [string, number][] = [];
    for (const [t, n] of this.df) if (n >= min) out.push([t, n]);
    out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return out.slice(0, o.max).map((x) => x[0]);
  }

  toJSON(): CorpusStatsJSON {
    const df = [...this.df].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return { kind: CORPUS_STATS_KIND, version: CORPUS_STATS_VERSION, docs: this.docCount, forgottenDf: this.forgotten, maxTerms: this.maxTerms, df };
  }

  static fromJSON(j: unknown): CorpusStats {
    const x = j as Partial<CorpusStatsJSON> | null;
    const bad = (why: string): never => { throw new ThresherError('E_MODEL', `not usable corpus stats: ${why}`); };
    if (!x || typeof x !== 'object' || x.kind !== CORPUS_STATS_KIND) bad('kind is not thresher-corpus-stats');
    if (x!.version !== CORPUS_STATS_VERSION) bad(`version ${String(x!.version)}, this build reads ${CORPUS_STATS_VERSION}`);
    if (!Number.isInteger(x!.docs) || x!.docs! < 0 || !Number.isInteger(x!.forgottenDf) || !Number.isInteger(x!.maxTerms) || !Array.isArray(x!.df)) bad('damaged counts');
    const s = new CorpusStats(x!.maxTerms!);
    s.docCount = x!.docs!;
    s.forgotten = x!.forgottenDf!;
    for (const e of x!.df!) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || !Number.isInteger(e[1]) || e[1] < 1 || e[1] > s.docCount) bad('damaged df entry');
      s.df.set(e[0], e[1]);
    }
    return s;
  }
}

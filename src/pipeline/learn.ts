/**
 * The learning passes of a corpus run, before any record is written: what the corpus as a whole
 * teaches about each page.
 *
 *  1. Site models (papers 004 and 001, the site level in front of paper 000's page cleaning):
 *     every site with at least `minPages` pages in the corpus gets a model, learned on the
 *     workers from its first `samplePages` readable pages in corpus order; then paper 004 §3.3's
 *     cross-site idiom filter runs across the models, as learnSites does. A host whose sample
 *     cannot give a model (its pages all the same, a sample that timed out) is listed with why.
 *  2. The aggressive stop list (paper 000 §3.2): document frequencies of topic-content terms over
 *     the corpus's first `statsPages` readable pages, cleaned as their records will be (with
 *     their site models), then CorpusStats.aggressiveStopWords (its defaults: terms in ≥ 30% of
 *     the documents, none below 50 documents).
 *
 * Both depend on corpus order alone, never on the number of workers or on timing, so every
 * worker count learns the same models and list. Both read only a prefix of the corpus when they
 * can. Memory: the site samples waiting to be learned are held as bytes, at most
 * `maxBufferBytes` in all (past it, the largest sample is learned from what it has); models are
 * small (about 10 KB on the synthetic sites; at most 20,000 template tokens, about 0.5 MB, on any
 * input: site/periodic.ts) and the pipeline stores them, not the samples.
 */
import { AGGRESSIVE_DEFAULTS, CorpusStats } from '../corpus/corpus-stats.js';
import { ThresherError } from '../errors.js';
import { filterIdiomsAcross, hostOf, type SiteModel, type SitePage } from '../site/model.js';
import type { Census, CorpusSource } from './input.js';
import type { PagePool, SiteJob } from './pool.js';

export interface SiteLearningOptions {
  /** A site needs at least this many pages in the corpus for a model (default 5). */
  minPages?: number;
  /** A model is learned from the site's first this-many readable pages (default 20). */
  samplePages?: number;
  /** Sample bytes held at once, over all sites (default 64 MiB). */
  maxBufferBytes?: number;
}

/**
 * Defaults. minPages 5: scripts/eval-site.mjs scores real hosts from five pages up, and a
 * template is what several pages share. samplePages 20: the largest sample measured there
 * (README "Site models": word and ROUGE F1 grow a little from 2 to 20 pages on the synthetic
 * sites); learning 20 pages takes about 30–150 ms.
 */
export const SITE_LEARNING_DEFAULTS = { minPages: 5, samplePages: 20, maxBufferBytes: 64 * 1024 * 1024 };

/** Default size of the stop-list sample: enough pages for document frequencies to settle, a small share of a large corpus's time. */
export const STATS_PAGES_DEFAULT = 1000;

export interface LearnedSites {
  models: SiteModel[];
  /** Sites with enough pages that got no model, and why. */
  skipped: { host: string; pages: number; reason: string }[];
}

export interface LearnProgress { done: number; total: number }

export function checkSiteOptions(o: SiteLearningOptions): Required<SiteLearningOptions> {
  const r = { ...SITE_LEARNING_DEFAULTS, ...o };
  if (!Number.isInteger(r.minPages) || r.minPages < 2) throw new ThresherError('E_BAD_OPTION', `site minPages must be a whole number ≥ 2 (a template is what pages share), got ${r.minPages}`);
  if (!Number.isInteger(r.samplePages) || r.samplePages < 2) throw new ThresherError('E_BAD_OPTION', `site samplePages must be a whole number ≥ 2, got ${r.samplePages}`);
  if (!(r.maxBufferBytes > 0)) throw new ThresherError('E_BAD_OPTION', `site maxBufferBytes must be positive, got ${r.maxBufferBytes}`);
  return r;
}

interface Sample<P> { pages: P[]; bytes: number; seen: number; done: boolean }

/** A host's sample, finished: its pages in corpus order (none when none could be read). */
export interface FinishedSample<P> { host: string; pages: P[] }

/**
 * Which pages each site's model is learned from, decided item by item in corpus order: a site's
 * first `samplePages` readable pages, a sample finished early when the samples held pass
 * `maxBufferBytes` (the largest first). `thresher run` feeds it the corpus's items and learns each
 * sample as it finishes; cluster mode feeds it the same items' sizes, read from its shards'
 * censuses, so both choose the same pages. `P` is what a page is to the caller (its bytes, or where
 * to find them).
 */
export class SampleSelector<P> {
  private readonly samples = new Map<string, Sample<P>>();
  private openCount = 0;
  private buffered = 0;

  constructor(private readonly hosts: Map<string, number>, private readonly o: Required<SiteLearningOptions>) {
    for (const [host, n] of hosts) if (n >= o.minPages) { this.samples.set(host, { pages: [], bytes: 0, seen: 0, done: false }); this.openCount++; }
  }

  /** Samples still taking pages; at 0 the rest of the corpus need not be read. */
  get open(): number { return this.openCount; }

  /** Whether `host` (site key, as hostOf gives it) is a host whose pages are still wanted. */
  wants(host: string | undefined): boolean {
    const s = host === undefined ? undefined : this.samples.get(host);
    return s !== undefined && !s.done;
  }

  /** The corpus's next item: its site host, and the page when it is readable. Returns the samples it finished. */
  offer(host: string | undefined, page?: { value: P; bytes: number }): FinishedSample<P>[] {
    const s = host === undefined ? undefined : this.samples.get(host);
    if (!s || s.done) return [];
    const out: FinishedSample<P>[] = [];
    s.seen++;
    if (page) { s.pages.push(page.value); s.bytes += page.bytes; this.buffered += page.bytes; }
    if (s.pages.length >= this.o.samplePages || s.seen >= this.hosts.get(host!)!) out.push(this.finish(host!, s));
    // Sites read side by side (an interleaved crawl) hold their samples at once: bound them.
    while (this.buffered > this.o.maxBufferBytes) {
      const [h, big] = [...this.samples].filter(([, x]) => !x.done).sort((a, b) => b[1].bytes - a[1].bytes || (a[0] < b[0] ? -1 : 1))[0];
      out.push(this.finish(h, big));
    }
    return out;
  }

  /** Finishes the samples the corpus's end left open (a changed corpus): learned from what was read. */
  rest(): FinishedSample<P>[] {
    return [...this.samples].filter(([, s]) => !s.done).map(([h, s]) => this.finish(h, s));
  }

  private finish(host: string, s: Sample<P>): FinishedSample<P> {
    s.done = true; this.openCount--; this.buffered -= s.bytes;
    const pages = s.pages;
    s.pages = []; s.bytes = 0;
    return { host, pages };
  }
}

/** One host's learning, as a run reports it: the model, or why there is none. */
export interface SiteOutcome { host: string; pages: number; model?: SiteModel; reason?: string }

/** A host's sample learned on the pool (the outcome thresher run and cluster mode both report). */
export function learnSample(pool: PagePool, host: string, pages: SitePage[]): Promise<SiteOutcome> {
  if (pages.length === 0) return Promise.resolve({ host, pages: 0, reason: 'none of its pages could be read' });
  return pool.learn(host, pages).then((r) => (r.ok ? { host, pages: pages.length, model: r.model } : { host, pages: pages.length, reason: `${r.code}: ${r.message}` }));
}

/** Every host's outcome → the models (host order, paper 004's cross-site idiom filter applied) and the hosts left without one. */
export function finishSites(outcomes: SiteOutcome[], hostPages: (host: string) => number): LearnedSites {
  const results = [...outcomes].sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  const models = results.filter((r) => r.model).map((r) => r.model!);
  filterIdiomsAcross(models);
  const skipped = results.filter((r) => !r.model).map((r) => ({ host: r.host, pages: hostPages(r.host), reason: r.reason!.replace(/^E_SITE_SAMPLE: (learnSite: )?/, '') }));
  return { models, skipped };
}

/** Pass 1: a site model for every site of the census with enough pages. */
export async function learnCorpusSites(source: CorpusSource, census: Census, pool: PagePool, options: SiteLearningOptions = {},
  onProgress?: (p: LearnProgress) => void): Promise<LearnedSites> {
  const selector = new SampleSelector<SitePage>(census.hosts, checkSiteOptions(options));
  const learning: Promise<SiteOutcome>[] = [];
  const learn = (done: FinishedSample<SitePage>[]): void => { for (const f of done) learning.push(learnSample(pool, f.host, f.pages)); };
  if (selector.open > 0) {
    for await (const item of source.items(0)) {
      onProgress?.({ done: item.index + 1, total: census.total });
      learn(selector.offer(hostOf(item.url), item.bytes ? { value: { url: item.url, html: item.bytes }, bytes: item.bytes.byteLength } : undefined));
      if (selector.open === 0) break;
    }
    learn(selector.rest());
  }
  return finishSites(await Promise.all(learning), (h) => census.hosts.get(h) ?? 0);
}

/** Pass 2: the corpus's aggressive stop words, from the topic content of its first `pages` readable pages (none when `pages` is below the list's minimum). */
export async function learnStopWords(source: CorpusSource, pool: PagePool, siteOf: (url: string | undefined) => SiteJob | undefined,
  pages: number, window: number, onProgress?: (p: LearnProgress) => void): Promise<{ docs: number; words: string[] }> {
  const stats = new CorpusStats();
  // Fewer pages than the list needs would be cleaned for nothing.
  if (pages < AGGRESSIVE_DEFAULTS.minDocs) return { docs: 0, words: [] };
  const pending = new Set<Promise<void>>();
  let sent = 0, done = 0;
  for await (const item of source.items(0)) {
    if (!item.bytes) continue;
    const job = pool.terms({ id: item.id, url: item.url, host: item.host, bytes: item.bytes, contentType: item.contentType }, siteOf(item.url))
      .then((r) => { if (r.ok) stats.addDocument(r.terms); onProgress?.({ done: ++done, total: pages }); });
    item.bytes = undefined;
    const p: Promise<void> = job.finally(() => pending.delete(p));
    pending.add(p);
    if (++sent >= pages) break;
    if (pending.size >= window) await Promise.race(pending);
  }
  await Promise.all(pending);
  return { docs: stats.docs, words: stats.aggressiveStopWords() };
}

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

interface Sample { pages: SitePage[]; bytes: number; seen: number; done: boolean }

/** Pass 1: a site model for every site of the census with enough pages. */
export async function learnCorpusSites(source: CorpusSource, census: Census, pool: PagePool, options: SiteLearningOptions = {},
  onProgress?: (p: LearnProgress) => void): Promise<LearnedSites> {
  const o = checkSiteOptions(options);
  const samples = new Map<string, Sample>();
  for (const [host, n] of census.hosts) if (n >= o.minPages) samples.set(host, { pages: [], bytes: 0, seen: 0, done: false });
  const learning: Promise<{ host: string; pages: number; model?: SiteModel; reason?: string }>[] = [];
  let open = samples.size, buffered = 0;
  const finish = (host: string, s: Sample): void => {
    s.done = true; open--; buffered -= s.bytes;
    const pages = s.pages;
    s.pages = []; s.bytes = 0;
    if (pages.length === 0) { learning.push(Promise.resolve({ host, pages: 0, reason: 'none of its pages could be read' })); return; }
    learning.push(pool.learn(host, pages).then((r) => (r.ok ? { host, pages: pages.length, model: r.model } : { host, pages: pages.length, reason: `${r.code}: ${r.message}` })));
  };
  if (open > 0) {
    for await (const item of source.items(0)) {
      onProgress?.({ done: item.index + 1, total: census.total });
      const host = hostOf(item.url);
      const s = host === undefined ? undefined : samples.get(host);
      if (!s || s.done) continue;
      s.seen++;
      if (item.bytes) { s.pages.push({ url: item.url, html: item.bytes }); s.bytes += item.bytes.byteLength; buffered += item.bytes.byteLength; }
      if (s.pages.length >= o.samplePages || s.seen >= census.hosts.get(host!)!) finish(host!, s);
      // Sites read side by side (an interleaved crawl) hold their samples at once: bound them.
      while (buffered > o.maxBufferBytes) {
        const [h, big] = [...samples].filter(([, x]) => !x.done).sort((a, b) => b[1].bytes - a[1].bytes || (a[0] < b[0] ? -1 : 1))[0];
        finish(h, big);
      }
      if (open === 0) break;
    }
    // Sites whose census count the read did not reach (a changed corpus) are learned from what was read.
    for (const [h, s] of samples) if (!s.done) finish(h, s);
  }
  const results = (await Promise.all(learning)).sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  const models = results.filter((r) => r.model).map((r) => r.model!);
  filterIdiomsAcross(models);
  const skipped = results.filter((r) => !r.model).map((r) => ({ host: r.host, pages: census.hosts.get(r.host) ?? 0, reason: r.reason!.replace(/^E_SITE_SAMPLE: (learnSite: )?/, '') }));
  return { models, skipped };
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

/**
 * The site model: what thresher learned about one host from a sample of its pages, as one
 * versioned JSON object (DESIGN "SiteModel"). It holds both learned structures — paper 004's
 * text templates, and a slot for paper 001's Site Style Tree — and what they were learned from.
 *
 * Determinism: the pages are reduced to their unit lines (units.ts) and sorted before learning,
 * and every recorded figure is a function of that sorted set, so the same pages in any order give
 * the same model, byte for byte (no clock is read: `date` is recorded only when the caller gives it).
 *
 * Memory: a page's HTML is dropped as soon as its unit lines and its style-tree skeleton are
 * taken, and both are kept for a bounded sample of pages (the smallest content hashes: the same
 * pages whatever the order), so learning from any number of pages holds at most maxTextPages
 * pages' text and maxStylePages pages' skeletons — plus one short key and the URL per page.
 */
import { computeFeatures } from '../dom/features.js';
import { decodeHtml } from '../dom/decode.js';
import { parseHtml } from '../dom/parse.js';
import { ThresherError } from '../errors.js';
import type { Budget } from '../types.js';
import { cleanText, validateTextTemplates } from './clean.js';
import { learnTextTemplates, crossSiteIdioms, withoutIdioms, type LearnTextOptions, type TextTemplates } from './templates.js';
import { coverUnits, pageUnits, unitLines, type PageUnit } from './units.js';
import { StyleTreeBuilder, pageSkeleton, resolveStyleTreeOptions, type PageSkeleton, type StyleTree, type StyleTreeOptions } from './style-tree.js';
import { validateStyleTree } from './style-tree-validate.js';
import type { DomDocument } from '../dom/node.js';

export const SITE_MODEL_KIND = 'thresher.site-model';
export const SITE_MODEL_VERSION = 1;

/** One page given to learnSite: its URL (for the host) and its HTML (text or bytes). */
export interface SitePage { url?: string; html: string | Uint8Array }

export interface SiteModel {
  kind: typeof SITE_MODEL_KIND;
  version: typeof SITE_MODEL_VERSION;
  /** The host, lower-cased, without a leading "www.". */
  host: string;
  learnedFrom: {
    /** Pages given. */
    pages: number;
    /** Pages whose HTML was not a copy of another's. */
    distinct: number;
    /** Pages left out: over the size budget. */
    skipped: number;
    /** Up to 20 of the pages' URLs, sorted. */
    urls: string[];
    /** FNV-1a 64-bit hash (hex) of all the URLs, sorted and joined by line breaks. */
    urlsHash: string;
    /** When it was learned, if the caller said (ISO 8601). */
    date?: string;
    /** Pages the text templates were learned from, when fewer than `distinct` (LearnSiteOptions.maxTextPages). */
    textPages?: number;
    /** Pages the style tree was learned from, when fewer than `distinct` (LearnSiteOptions.maxStylePages). */
    stylePages?: number;
  };
  /** Paper 004's templates, learned on the pages' unit lines. */
  textTemplates: TextTemplates;
  /**
   * How the sample's own pages fit the templates: the share of each page's unit text the
   * templates remove (min, median, max over the pages). A page far below the sample's range is
   * not a page of this template (the refiner's fit guard).
   */
  fit: { coverage: { min: number; median: number; max: number } };
  /** Paper 001's Site Style Tree (plain JSON, kind 'thresher.style-tree'), when learned. */
  styleTree?: StyleTree;
}

export interface LearnSiteOptions {
  /** The host; needed when the pages carry no URL, checked against their URLs otherwise. */
  host?: string;
  /** Options of the text-template learner (paper 004). */
  text?: LearnTextOptions;
  /** Paper 001's Site Style Tree: false leaves it out; an object sets its options. Default: learned. */
  styleTree?: boolean | Partial<StyleTreeOptions>;
  /** Recorded as learnedFrom.date (the learner reads no clock, so models stay reproducible). */
  date?: string;
  /** Most pages the text templates are learned from (a hash-chosen sample beyond; default 400). */
  maxTextPages?: number;
  /**
   * Most pages the Site Style Tree is learned from (a hash-chosen sample beyond; default 500,
   * paper 001's figure: "500 sampled pages were enough to build the SST, and more did not help").
   */
  maxStylePages?: number;
  /** Size and node limits per page (defaults: extract's). Larger pages are skipped and counted. */
  budget?: Partial<Pick<Budget, 'maxBytes' | 'maxNodes' | 'maxMillis'>>;
}

const DEFAULT_MAX_TEXT_PAGES = 400;
const DEFAULT_MAX_STYLE_PAGES = 500;
const DEFAULT_LEARN_BUDGET = { maxBytes: 8 * 1024 * 1024, maxNodes: 200_000, maxMillis: 10_000 };
const MAX_URLS = 20;

/**
 * A URL's host as site models key it (normalizeHost). Undefined when unparsable, or when nothing
 * is left of the host (`file:///x`, `http://www../`).
 */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return normalizeHost(new URL(url).hostname) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A host as site models key it: lower case, without leading "www." labels, trailing dots and
 * spaces. Idempotent (every prefix and suffix is stripped at once), so a host that a caller has
 * normalized stays non-empty when normalized again: ".." once became "." and then "", and the
 * learner refused it after the CLI had accepted it (issue 25).
 */
export function normalizeHost(host: string): string {
  const h = host.trim().toLowerCase().replace(/^(?:www\d*\.|\s)+/, '');
  // By hand, not /[.\s]+$/: that regex retries every run of dots inside a hostile host (quadratic).
  let end = h.length;
  while (end > 0 && (h.charCodeAt(end - 1) === 46 || h[end - 1].trim() === '')) end--;
  return h.slice(0, end);
}

/** FNV-1a, 64 bits as two 32-bit lanes with different offsets; hex. Over UTF-16 units or bytes. */
export function fnv64(s: string | Uint8Array): string {
  let a = 0x811c9dc5, b = 0xcbf29ce4;
  for (let i = 0; i < s.length; i++) {
    const c = typeof s === 'string' ? s.charCodeAt(i) : s[i];
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 ^ 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** A page parsed and annotated (computeFeatures), or null when it is over the size budget. */
export function pageDoc(p: SitePage, budget: Partial<typeof DEFAULT_LEARN_BUDGET> = {}): DomDocument | null {
  const b = { ...DEFAULT_LEARN_BUDGET, ...budget };
  const size = typeof p.html === 'string' ? p.html.length : p.html.byteLength;
  if (size > b.maxBytes) return null;
  const html = typeof p.html === 'string' ? p.html : decodeHtml(p.html).text;
  const doc = parseHtml(html, { maxNodes: b.maxNodes, maxMillis: b.maxMillis });
  computeFeatures(doc);
  return doc;
}

/** A page's unit lines (what the text templates are learned on), or null when it is over the budget. */
export function pageUnitLines(p: SitePage, budget: Partial<typeof DEFAULT_LEARN_BUDGET> = {}): string | null {
  const doc = pageDoc(p, budget);
  return doc && unitLines(pageUnits(doc));
}

/**
 * Share of the non-space characters of unit lines that are template text, counted as the refiner
 * counts it (anchored at unit edges: units.ts coverUnits), so the sample's fit and a new page's
 * are comparable.
 */
export function templateShare(lines: string, removed: ReadonlyArray<readonly [number, number]>): number {
  const units = lines.split('\n').map((text) => ({ text, inline: [] }));
  let all = 0, gone = 0;
  for (const c of coverUnits(units as unknown as PageUnit[], removed, true)) { all += c.total; gone += c.gone; }
  return all ? gone / all : 0;
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/**
 * The k items of smallest key among those offered, whatever the order they come in (a bottom-k
 * sample). `wants` says beforehand whether an item would be kept, so the caller can skip the
 * work of making it.
 */
class BottomK<V> {
  readonly items = new Map<string, V>();
  /** An item was left out or dropped: the sample is smaller than what was offered. */
  sampled = false;
  private top: string | null = null;
  constructor(readonly k: number) {}
  wants(key: string): boolean {
    if (this.items.size < this.k) return true;
    if (key < this.maxKey()) return true;
    this.sampled = true;
    return false;
  }
  put(key: string, v: V): void {
    this.items.set(key, v);
    if (this.top !== null && key > this.top) this.top = key;
    if (this.items.size <= this.k) return;
    this.sampled = true;
    this.items.delete(this.maxKey());
    this.top = null;
  }
  /** The values in key order. */
  values(): V[] {
    return [...this.items.keys()].sort().map((k) => this.items.get(k)!);
  }
  private maxKey(): string {
    if (this.top === null) {
      let top = '';
      for (const k of this.items.keys()) if (k > top) top = k;
      this.top = top;
    }
    return this.top;
  }
}

/**
 * A site's sample, page by page: each page is reduced to its unit lines and its style-tree
 * skeleton as it is added, and its HTML let go. Both are kept for the pages of smallest content
 * hash only (maxTextPages, maxStylePages), so memory stays bounded however many pages come, and
 * the model does not depend on their order. learnSite is add() for every page, then model().
 */
export class SiteSample {
  pages = 0;
  skipped = 0;
  private readonly seen = new Set<string>();
  private readonly texts: BottomK<string>;
  private readonly skeletons: BottomK<PageSkeleton> | null;
  private readonly urls = new Set<string>();
  private readonly hosts = new Map<string, number>();
  private readonly budget: typeof DEFAULT_LEARN_BUDGET;
  private readonly styleOptions: StyleTreeOptions | null;
  constructor(private readonly options: LearnSiteOptions = {}) {
    this.budget = { ...DEFAULT_LEARN_BUDGET, ...options.budget };
    for (const k of ['maxTextPages', 'maxStylePages'] as const) {
      const v = options[k];
      if (v !== undefined && !(Number.isInteger(v) && v >= 2)) throw new ThresherError('E_BAD_OPTION', `learnSite: ${k} must be an integer ≥ 2, got ${String(v)}`);
    }
    this.texts = new BottomK(options.maxTextPages ?? DEFAULT_MAX_TEXT_PAGES);
    const st = options.styleTree ?? true;
    this.styleOptions = st === false ? null : resolveStyleTreeOptions(st === true ? {} : st);
    this.skeletons = this.styleOptions ? new BottomK(options.maxStylePages ?? DEFAULT_MAX_STYLE_PAGES) : null;
    if (options.host !== undefined) {
      if (typeof options.host !== 'string' || !normalizeHost(options.host)) throw new ThresherError('E_BAD_OPTION', 'learnSite: host must be a non-empty string');
      this.hosts.set(normalizeHost(options.host), 0);
    }
  }

  get distinct(): number { return this.seen.size; }

  add(p: SitePage): void {
    if (typeof p !== 'object' || p === null || (typeof p.html !== 'string' && !(p.html instanceof Uint8Array))) {
      throw new ThresherError('E_BAD_OPTION', 'learnSite: pages must be an array of {url?, html}');
    }
    if (p.url !== undefined) {
      const h = hostOf(p.url);
      if (h === undefined) throw new ThresherError('E_BAD_OPTION', `learnSite: page URL ${JSON.stringify(p.url)} is not an absolute URL`);
      this.hosts.set(h, (this.hosts.get(h) ?? 0) + 1);
      this.urls.add(p.url);
    }
    this.pages++;
    const key = `${typeof p.html}:${fnv64(p.html)}:${p.html.length}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const size = typeof p.html === 'string' ? p.html.length : p.html.byteLength;
    if (size > this.budget.maxBytes) { this.skipped++; return; }
    // Both `wants` are asked, so each sample knows it left a page out.
    const wantText = this.texts.wants(key), wantStyle = this.skeletons?.wants(key) ?? false;
    if (!wantText && !wantStyle) return; // in neither sample: no need to parse it
    const doc = pageDoc(p, this.budget)!;
    if (wantText) this.texts.put(key, unitLines(pageUnits(doc)));
    if (wantStyle) this.skeletons!.put(key, pageSkeleton(doc, this.styleOptions!));
  }

  /** The model; E_SITE_SAMPLE for one page, pages that are all the same, or pages of several hosts. */
  model(): SiteModel {
    const host = this.host();
    if (this.pages < 2) {
      throw new ThresherError('E_SITE_SAMPLE', `learnSite: a site's template is what its pages share; one page of ${host} shows none — give at least 2 pages (5 or more work better)`, { pages: this.pages });
    }
    if (this.seen.size < 2) {
      throw new ThresherError('E_SITE_SAMPLE', `learnSite: all ${this.pages} pages of ${host} are the same page; a template is what different pages share — give different pages`, { pages: this.pages, distinct: this.seen.size });
    }
    let styleTree: StyleTree | undefined;
    if (this.skeletons) {
      const builder = new StyleTreeBuilder(this.styleOptions!);
      for (const sk of this.skeletons.values()) builder.addSkeleton(sk);
      try {
        styleTree = builder.finish();
      } catch (e) {
        // Pages whose bodies are copies of each other give no style tree; the text may still differ.
        if (!(e instanceof ThresherError) || e.code !== 'E_SITE_SAMPLE') throw e;
      }
    }
    const model = modelFromUnitLines(host, this.texts.values(), { pages: this.pages, distinct: this.seen.size, skipped: this.skipped, urls: [...this.urls] }, this.options, styleTree);
    if (this.texts.sampled) model.learnedFrom.textPages = this.texts.items.size;
    if (this.skeletons?.sampled && styleTree) model.learnedFrom.stylePages = this.skeletons.items.size;
    return model;
  }

  private host(): string {
    const counts = this.hosts;
    if (counts.size > 1) {
      const list = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([h, n]) => `${h} (${n})`);
      throw new ThresherError('E_SITE_SAMPLE',
        `learnSite: the pages belong to ${counts.size} hosts: ${list.join(', ')}; a site model is learned per host — use learnSites to group them, or give one host's pages`,
        { hosts: Object.fromEntries(counts) });
    }
    if (counts.size === 0) throw new ThresherError('E_BAD_OPTION', 'learnSite: the pages have no URL; give options.host');
    return [...counts.keys()][0];
  }
}

/**
 * Learns the site model of one host from a sample of its pages (at least two distinct ones).
 * Throws E_SITE_SAMPLE for one page, for pages that are all the same, and for pages of several
 * hosts (naming them; learnSites groups by host instead).
 */
export function learnSite(pages: readonly SitePage[], options: LearnSiteOptions = {}): SiteModel {
  if (!Array.isArray(pages)) throw new ThresherError('E_BAD_OPTION', 'learnSite: pages must be an array of {url?, html}');
  const sample = new SiteSample(options);
  for (const p of pages) sample.add(p);
  return sample.model();
}

/**
 * The model of one host from its pages' unit lines (pageUnitLines), duplicates already dropped:
 * learnSite's second half, for callers that parse the pages themselves (evaluation loops).
 */
export function modelFromUnitLines(host: string, lines: readonly string[],
  from: { pages: number; distinct: number; skipped: number; urls: readonly string[] }, options: LearnSiteOptions = {}, styleTree?: StyleTree): SiteModel {
  const texts = [...lines].sort();
  let textTemplates: TextTemplates;
  try {
    // One block per line: templates are blocks' worth of chrome (templates.ts splitLines).
    textTemplates = learnTextTemplates(texts, { splitLines: true, ...options.text });
  } catch (e) {
    if (e instanceof ThresherError && e.code === 'E_SITE_SAMPLE') {
      throw new ThresherError('E_SITE_SAMPLE', `learnSite: ${host}: fewer than 2 of the ${from.pages} pages have distinct text within the budget (${from.skipped} over budget.maxBytes, the rest the same or empty)`, { pages: from.pages, skipped: from.skipped });
    }
    throw e;
  }
  const urls = [...from.urls].sort();
  const model: SiteModel = {
    kind: SITE_MODEL_KIND,
    version: SITE_MODEL_VERSION,
    host: normalizeHost(host),
    learnedFrom: { pages: from.pages, distinct: from.distinct, skipped: from.skipped, urls: urls.slice(0, MAX_URLS), urlsHash: fnv64(urls.join('\n')) },
    textTemplates,
    fit: { coverage: fitOf(texts, textTemplates) },
  };
  if (options.date !== undefined) model.learnedFrom.date = String(options.date);
  if (styleTree) model.styleTree = styleTree;
  return model;
}

function fitOf(texts: readonly string[], t: TextTemplates): SiteModel['fit']['coverage'] {
  const shares = texts.map((x) => templateShare(x, cleanText(x, t).removed)).sort((a, b) => a - b);
  return { min: round6(shares[0]), median: round6(shares[(shares.length - 1) >> 1]), max: round6(shares[shares.length - 1]) };
}

export interface LearnSitesOptions extends Omit<LearnSiteOptions, 'host'> {
  /**
   * Paper 004 §3.3's cross-site filter: a pattern that is a template on at least `idiomMinSites`
   * hosts (default max(2, ⌈hosts/10⌉)) is language, not a site's template, and is dropped from
   * every model. Default: on from 10 hosts, the scale at which the thesis used it; with a handful
   * of hosts, chrome shared by sites of one publisher or CMS ("Leave a reply") would count as an
   * idiom and stay in the pages.
   */
  crossSiteIdioms?: boolean;
  idiomMinSites?: number;
}

/**
 * One model per host found among the pages (pages without a URL are refused), with paper 004's
 * cross-site idiom filter across the hosts (see LearnSitesOptions). Hosts with fewer than two
 * distinct pages are left out and named in `skipped`.
 */
export function learnSites(pages: readonly SitePage[], options: LearnSitesOptions = {}): { models: SiteModel[]; skipped: { host: string; pages: number; reason: string }[] } {
  const byHost = new Map<string, SitePage[]>();
  for (const p of pages) {
    const h = hostOf(p.url);
    if (h === undefined) throw new ThresherError('E_BAD_OPTION', `learnSites: every page needs an absolute URL to find its host; got ${JSON.stringify(p.url)}`);
    const list = byHost.get(h);
    if (list) list.push(p); else byHost.set(h, [p]);
  }
  const models: SiteModel[] = [];
  const skipped: { host: string; pages: number; reason: string }[] = [];
  for (const host of [...byHost.keys()].sort()) {
    try {
      models.push(learnSite(byHost.get(host)!, options));
    } catch (e) {
      if (!(e instanceof ThresherError) || e.code !== 'E_SITE_SAMPLE') throw e;
      skipped.push({ host, pages: byHost.get(host)!.length, reason: e.message });
    }
  }
  filterIdiomsAcross(models, options);
  return { models, skipped };
}

/** Paper 004 §3.3 across the given models, in place, when LearnSitesOptions say so; returns the idioms dropped. */
export function filterIdiomsAcross(models: SiteModel[], options: Pick<LearnSitesOptions, 'crossSiteIdioms' | 'idiomMinSites'> = {}): string[] {
  if (models.length < 2 || !(options.crossSiteIdioms ?? models.length >= 10)) return [];
  const idioms = crossSiteIdioms(models.map((m) => m.textTemplates), { minSites: options.idiomMinSites });
  for (const m of models) m.textTemplates = withoutIdioms(m.textTemplates, idioms);
  return idioms;
}

function bad(message: string, details?: Record<string, unknown>): ThresherError {
  return new ThresherError('E_SITE_MODEL', `site model: ${message}`, details);
}

/** Checks that `x` is a site model of this version; throws E_SITE_MODEL saying what is wrong. */
export function validateSiteModel(x: unknown): asserts x is SiteModel {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad('expected a JSON object written by learnSite');
  const o = x as Record<string, unknown>;
  if (o.kind !== SITE_MODEL_KIND) throw bad(`kind is ${JSON.stringify(o.kind)}, expected "${SITE_MODEL_KIND}" — this is not a site model`);
  if (o.version !== SITE_MODEL_VERSION) {
    throw bad(`version ${JSON.stringify(o.version)} is not the supported version ${SITE_MODEL_VERSION}; learn the model again with this thresher (thresher learn)`, { found: o.version, expected: SITE_MODEL_VERSION });
  }
  if (typeof o.host !== 'string' || !o.host) throw bad('host must be a non-empty string');
  const lf = o.learnedFrom as Record<string, unknown> | undefined;
  if (typeof lf !== 'object' || lf === null || !Number.isInteger(lf.pages) || !Array.isArray(lf.urls) || typeof lf.urlsHash !== 'string') {
    throw bad('learnedFrom must be {pages, distinct, skipped, urls, urlsHash}');
  }
  const cov = (o.fit as { coverage?: Record<string, unknown> } | undefined)?.coverage;
  if (!cov || !['min', 'median', 'max'].every((k) => typeof cov[k] === 'number' && (cov[k] as number) >= 0 && (cov[k] as number) <= 1)) {
    throw bad('fit.coverage must be {min, median, max} shares in [0, 1]');
  }
  try {
    validateTextTemplates(o.textTemplates);
  } catch (e) {
    throw bad(`textTemplates: ${(e as Error).message}`);
  }
  if (o.styleTree !== undefined) {
    try {
      validateStyleTree(o.styleTree);
    } catch (e) {
      throw bad(`styleTree: ${(e as Error).message}`);
    }
  }
}

/** A site model from its JSON text (or an already parsed object); E_SITE_MODEL when damaged. */
export function loadSiteModel(json: string | unknown): SiteModel {
  let x: unknown = json;
  if (typeof json === 'string') {
    try {
      x = JSON.parse(json);
    } catch (e) {
      throw bad(`the file is not valid JSON (damaged or truncated?): ${(e as Error).message}`);
    }
  }
  validateSiteModel(x);
  return x;
}

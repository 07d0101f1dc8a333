/**
 * What a crawl may fetch: which URLs are in scope (same host, same domain, a URL prefix, or
 * any, then include/exclude patterns), how deep, and how many pages in all.
 */
import { ThresherError } from '../errors.js';

export type ScopeMode = 'host' | 'domain' | 'prefix' | 'any';

export interface ScopeOptions {
  /**
   * host: the seeds' hosts (with port); domain: the seeds' hosts without a leading "www." and
   * all their subdomains; prefix: URLs that start with one of the seeds (or `prefixes`);
   * any: no restriction but the patterns. Default "host".
   */
  mode?: ScopeMode;
  /** For mode "prefix": the prefixes; default the seeds themselves. */
  prefixes?: string[];
  /** A URL must match one of these when given. */
  include?: RegExp[];
  /** A URL matching one of these is out of scope. */
  exclude?: RegExp[];
  /** Links followed from a seed: 0 fetches the seeds only. Default Infinity. */
  maxDepth?: number;
  /** Page URLs admitted to the crawl (each is fetched at most once). Default Infinity. */
  maxPages?: number;
  /**
   * Sitemap URLs admitted (the /sitemap.xml probes, robots.txt Sitemap lines and the entries of
   * sitemap indexes): bounds a sitemap index that keeps naming new sitemaps. Default 1000.
   */
  maxSitemaps?: number;
}

export type ScopeVerdict = { ok: true } | { ok: false; reason: 'host' | 'domain' | 'prefix' | 'include' | 'exclude' | 'depth' };

export class Scope {
  readonly mode: ScopeMode;
  readonly maxDepth: number;
  readonly maxPages: number;
  readonly maxSitemaps: number;
  private readonly hosts: Set<string>;
  private readonly domains: string[];
  private readonly prefixes: string[];
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];

  constructor(seeds: string[], opts: ScopeOptions = {}) {
    this.mode = opts.mode ?? 'host';
    this.maxDepth = opts.maxDepth ?? Infinity;
    this.maxPages = opts.maxPages ?? Infinity;
    this.maxSitemaps = opts.maxSitemaps ?? 1000;
    for (const [k, v] of [['maxDepth', this.maxDepth], ['maxPages', this.maxPages], ['maxSitemaps', this.maxSitemaps]] as const) {
      if (!(v >= 0) || (Number.isFinite(v) && !Number.isInteger(v))) throw new ThresherError('E_BAD_OPTION', `${k} must be a whole number ≥ 0 (got ${v})`);
    }
    this.prefixes = opts.prefixes ?? seeds;
    const urls = (this.mode === 'prefix' ? this.prefixes : seeds).map((s) => new URL(s));
    this.hosts = new Set(urls.map((u) => u.host));
    this.domains = [...new Set(urls.map((u) => u.hostname.replace(/^www\./, '')))];
    this.include = opts.include ?? [];
    this.exclude = opts.exclude ?? [];
  }

  /** Whether `url` (normalised) at `depth` may be admitted. */
  check(url: string, depth: number): ScopeVerdict {
    if (depth > this.maxDepth) return { ok: false, reason: 'depth' };
    const hostOk = this.hostAllowed(url);
    if (!hostOk.ok) return hostOk;
    if (this.mode === 'prefix' && !this.prefixes.some((p) => url.startsWith(p))) return { ok: false, reason: 'prefix' };
    if (this.include.length && !this.include.some((re) => re.test(url))) return { ok: false, reason: 'include' };
    if (this.exclude.some((re) => re.test(url))) return { ok: false, reason: 'exclude' };
    return { ok: true };
  }

  /** Whether `url` matches an exclude pattern (what assets, in scope on any host, are held to). */
  excluded(url: string): boolean {
    return this.exclude.some((re) => re.test(url));
  }

  /** The host part of the scope alone (what sitemaps and robots.txt are held to). */
  hostAllowed(url: string): ScopeVerdict {
    const u = new URL(url);
    switch (this.mode) {
      case 'host':
      case 'prefix':
        return this.hosts.has(u.host) ? { ok: true } : { ok: false, reason: 'host' };
      case 'domain': {
        const h = u.hostname;
        return this.domains.some((d) => h === d || h.endsWith('.' + d)) ? { ok: true } : { ok: false, reason: 'domain' };
      }
      case 'any':
        return { ok: true };
    }
  }
}

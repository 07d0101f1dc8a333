/**
 * The crawler's options: what each one means, its default, and the checks made before anything
 * is opened. Kept apart from crawler.ts so that the crawler's file holds the crawl itself.
 */
import { ThresherError } from '../errors.js';
import type { Clock } from './clock.js';
import type { CrawlEvent, CrawlProgress } from './crawler.js';
import type { Fetcher } from './fetcher.js';
import type { RobotsOptions } from './robots.js';
import type { ScopeOptions } from './scope.js';
import type { NormalizeOptions } from './url.js';

/** Names the crawler and where to read about it (the package's page; change here if the project gets a home page). */
export const DEFAULT_USER_AGENT = 'thresher/0.1 (+https://www.npmjs.com/package/thresher)';

export interface CrawlOptions {
  seeds: string[];
  /** The WARC file to write (.warc.gz: one gzip member per record). */
  out: string;
  /** The crawl state (SQLite). Default: `${out}.state.sqlite`. */
  statePath?: string;
  /** Start over: delete the state and overwrite the WARC. Default: resume when state exists. */
  fresh?: boolean;
  scope?: ScopeOptions;
  normalize?: NormalizeOptions;
  /** Politeness: ms between the end of one request to a host and the start of the next. Default 1000. */
  latencyMs?: number;
  /** Requests in flight at once, over all hosts (one per host at most). Default 8. */
  concurrency?: number;
  userAgent?: string;
  /** Deadline for one request, headers and body. Default 30 000 ms. */
  timeoutMs?: number;
  /** Body bytes kept per response (the rest is cut, WARC-Truncated: length). Default 10 MiB. */
  maxBytes?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error. Default 3. */
  maxRetries?: number;
  /** First retry back-off, doubled at each retry; a longer Retry-After wins. Default 2000 ms. */
  retryBaseMs?: number;
  /** A Retry-After longer than this gives up the URL (the host still waits this long). Default 10 min. */
  maxRetryAfterMs?: number;
  /**
   * The longest robots.txt Crawl-delay obeyed. A host asking for more is deferred: none of its
   * URLs is fetched in this run (they stay queued in the state, for a run with a larger cap) and
   * the summary lists it, so that one host cannot hold the crawl for days. Default 60 000 ms.
   */
  maxCrawlDelayMs?: number;
  /** Redirect hops followed from one URL. Default 10. */
  maxRedirects?: number;
  /** Media types whose bodies are read and stored (pages). Default text/html, application/xhtml+xml. */
  acceptTypes?: string[];
  /** Read robots.txt Sitemap lines and probe /sitemap.xml on the seed hosts. Default true. */
  sitemaps?: boolean;
  /** Obey robots.txt. Default true. */
  robots?: boolean;
  robotsOptions?: RobotsOptions;
  /**
   * Links read from one page: the first this many (in document order) are followed and the rest
   * only counted, so that one page of 400,000 links cannot fill the crawl. Default 2000.
   */
  maxLinksPerPage?: number;
  /**
   * URLs queued at once (pages, sitemaps and assets; robots.txt always goes in): past this, newly
   * found URLs are refused (and admitted if found again when there is room). Default 200 000.
   */
  maxFrontier?: number;
  /** Follow rel=nofollow links and links of nofollow pages. Default false. */
  followNofollow?: boolean;
  /** Links whose path matches are not admitted (binary files by extension). null: none. */
  skipPaths?: RegExp | null;
  /**
   * Also archive each stored page's subresources (stylesheets, scripts, images, media; assets.ts)
   * into the same WARC, so that a render from it (`--render --warc`) shows the page as it was.
   * Assets are in scope whatever their host (a CDN), but robots.txt, politeness, retries and
   * `scope.exclude` still apply to them. Default false.
   */
  assets?: boolean;
  /** Body bytes kept per asset (the rest is cut, WARC-Truncated: length). Default 10 MiB. */
  maxAssetBytes?: number;
  /**
   * Assets taken from one page (or one stylesheet): the first this many in document order, the
   * rest only counted (the summary's cut). Default 100.
   */
  maxAssetsPerPage?: number;
  clock?: Clock;
  fetcher?: Fetcher;
  /** Graceful stop: no new requests; those in flight finish. */
  signal?: AbortSignal;
  /** Hard stop: requests in flight are aborted too (their URLs stay queued). */
  abortSignal?: AbortSignal;
  /** Called after every settled URL. */
  onEvent?: (e: CrawlEvent) => void;
  /**
   * Called every `progressEveryMs` (default 5000) while the crawl runs, also while it only
   * waits (a slow request, a host's delay), so that a log shows it is alive.
   */
  onProgress?: (p: CrawlProgress) => void;
  progressEveryMs?: number;
}

/** The options with every default filled in. */
export type ResolvedOptions = Required<Pick<CrawlOptions, 'latencyMs' | 'concurrency' | 'userAgent' | 'timeoutMs' | 'maxBytes' | 'maxRetries' | 'retryBaseMs' | 'maxRetryAfterMs' | 'maxCrawlDelayMs' | 'maxRedirects' | 'maxLinksPerPage' | 'maxFrontier' | 'acceptTypes' | 'sitemaps' | 'robots' | 'followNofollow' | 'assets' | 'maxAssetBytes' | 'maxAssetsPerPage'>> & CrawlOptions;

/** Fill in the defaults and check the numbers (E_BAD_OPTION). `seeds`: the seeds as normalised. */
export function resolveOptions(options: CrawlOptions, seeds: string[]): ResolvedOptions {
  const opts: ResolvedOptions = {
    latencyMs: 1000, concurrency: 8, userAgent: DEFAULT_USER_AGENT, timeoutMs: 30_000, maxBytes: 10 * 1024 * 1024,
    maxRetries: 3, retryBaseMs: 2000, maxRetryAfterMs: 600_000, maxCrawlDelayMs: 60_000, maxRedirects: 10,
    maxLinksPerPage: 2000, maxFrontier: 200_000,
    acceptTypes: ['text/html', 'application/xhtml+xml'], sitemaps: true, robots: true, followNofollow: false,
    assets: false, maxAssetBytes: 10 * 1024 * 1024, maxAssetsPerPage: 100,
    ...stripUndefined(options), seeds, out: options.out,
  };
  for (const k of ['latencyMs', 'timeoutMs', 'maxBytes', 'maxAssetBytes', 'maxRetries', 'retryBaseMs', 'maxRetryAfterMs', 'maxCrawlDelayMs', 'maxRedirects'] as const) {
    const v = opts[k];
    if (!(typeof v === 'number' && v >= 0 && Number.isFinite(v))) throw new ThresherError('E_BAD_OPTION', `${k} must be a number ≥ 0 (got ${String(v)})`);
  }
  for (const k of ['maxLinksPerPage', 'maxFrontier', 'maxAssetsPerPage'] as const) {
    const v = opts[k];
    if (!(v >= 0 && (Number.isInteger(v) || v === Infinity))) throw new ThresherError('E_BAD_OPTION', `${k} must be a whole number ≥ 0 (got ${String(v)})`);
  }
  if (options.progressEveryMs !== undefined && !(options.progressEveryMs > 0)) throw new ThresherError('E_BAD_OPTION', `progressEveryMs must be a number > 0 (got ${options.progressEveryMs})`);
  if (!(Number.isInteger(opts.concurrency) && opts.concurrency >= 1)) throw new ThresherError('E_BAD_OPTION', `concurrency must be a whole number ≥ 1 (got ${opts.concurrency})`);
  return opts;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

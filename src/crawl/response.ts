/**
 * What one answer (or failure) means for the crawl: retry with back-off (429, 5xx, timeouts,
 * network errors; Retry-After honoured for the whole host), follow a redirect as a new, politely
 * scheduled URL (loops and over-long chains detected), settle robots.txt, read a sitemap, or
 * take a page's links (and, with --assets, its subresources: assets.ts). Pure decisions plus the crawler's frontier and robots updates; the
 * crawler writes the result.
 */
import { decodeHtml } from '../dom/decode.js';
import type { HeaderList } from '../io/warc.js';
import { AssetCollector, assetEntries, assetOutcome, assetUrl } from './assets.js';
import type { Crawler } from './crawler.js';
import { FetchFailure, header, retryAfterMs, storedHeaders, type FetchResponse } from './fetcher.js';
import type { FrontierEntry } from './frontier.js';
import { extractLinks } from './links.js';
import { parseSitemap } from './sitemap.js';
import { normalizeUrl, originOf } from './url.js';

export interface Outcome {
  state: 'done' | 'failed' | 'skipped' | 'queued';
  reason?: string;
  /** Faults met by this attempt (one entry per fault). */
  faults: string[];
  /** For state 'queued': when to try again. */
  retryAt?: number;
  discovered?: FrontierEntry[];
  /** Response headers as they go in the WARC. */
  storedHeaders?: HeaderList;
  /** An HTML page stored with a 2xx status. */
  page?: boolean;
  /** robots.txt given up: drop the host's queued URLs; why, for the summary. */
  dropHost?: string;
  /** Links of the page past maxLinksPerPage, not followed. */
  cutLinks?: number;
  /** Asset references of the page (or stylesheet) past maxAssetsPerPage, not fetched. */
  cutAssets?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Back off, or give up after maxRetries. `retryAfter` (ms) also holds back the whole host. */
function retry(c: Crawler, e: FrontierEntry, fault: string, now: number, retryAfter?: number): Outcome {
  const attempts = e.attempts + 1;
  if (retryAfter !== undefined) {
    c.frontier.defer(e.host, now + Math.min(retryAfter, c.opts.maxRetryAfterMs));
    if (retryAfter > c.opts.maxRetryAfterMs) return { state: 'failed', reason: 'retry-after-too-long', faults: [fault] };
  }
  if (attempts > c.opts.maxRetries) return { state: 'failed', reason: fault, faults: [fault] };
  const backoff = c.opts.retryBaseMs * 2 ** (attempts - 1);
  return { state: 'queued', reason: fault, faults: [fault], retryAt: now + Math.max(backoff, retryAfter ?? 0) };
}

export function handleResponse(c: Crawler, e: FrontierEntry, res: FetchResponse | FetchFailure, now: number): Outcome {
  if (e.kind === 'robots') return robotsOutcome(c, e, res, now);
  if (res instanceof FetchFailure) return retry(c, e, res.kind, now);
  const stored = storedHeaders(res.headers, res.body.length);
  const withHeaders = (o: Outcome): Outcome => ({ ...o, storedHeaders: stored });
  const { status } = res;
  if (status === 429 || status >= 500) {
    return withHeaders(retry(c, e, status === 429 ? 'http-429' : 'http-5xx', now, retryAfterMs(header(res.headers, 'retry-after'), now)));
  }
  if (REDIRECTS.has(status)) return withHeaders(redirectOutcome(c, e, res));
  if (status < 200 || status >= 300) return withHeaders({ state: 'done', reason: `http-${status}`, faults: [] });
  if (res.bodySkipped) return { state: 'skipped', reason: 'content-type', faults: [] };
  if (res.truncated) return withHeaders({ state: 'done', reason: 'truncated', faults: ['too-large'] });
  if (e.kind === 'asset') return withHeaders(assetOutcome(c, e, res));
  if (e.kind === 'sitemap') {
    const sm = parseSitemap(res.body, e.url);
    if (sm.error) return withHeaders({ state: 'done', reason: `sitemap: ${sm.error}`, faults: [] });
    return withHeaders({
      state: 'done', faults: [],
      discovered: [...c.candidates(sm.sitemaps, e.depth, [], 'sitemap'), ...c.candidates(sm.urls, e.depth + 1, [], 'page')],
    });
  }
  const contentType = header(res.headers, 'content-type');
  const { text } = decodeHtml(res.body, contentType ? { contentType } : {});
  // The assets are read in the same pass; nofollow does not cover them (they are the page itself).
  const collector = c.opts.assets ? new AssetCollector(c.opts.maxAssetsPerPage) : undefined;
  const links = extractLinks(text, e.url, c.token, c.opts.maxLinksPerPage, collector);
  const xRobots = (header(res.headers, 'x-robots-tag') ?? '').toLowerCase();
  const nofollow = !c.opts.followNofollow && (links.nofollow || /\b(?:nofollow|none)\b/.test(xRobots));
  const urls = nofollow ? [] : links.links.filter((l) => c.opts.followNofollow || !l.nofollow).map((l) => l.url);
  const assets = collector?.urls(links.base);
  return withHeaders({
    state: 'done', faults: [], page: true,
    discovered: [...c.candidates(urls, e.depth + 1, [], 'page'), ...(assets ? assetEntries(c, assets.urls, 0, []) : [])],
    ...(links.more && !nofollow ? { cutLinks: links.more } : {}),
    ...(assets?.more ? { cutAssets: assets.more } : {}),
  });
}

function redirectOutcome(c: Crawler, e: FrontierEntry, res: FetchResponse): Outcome {
  const location = header(res.headers, 'location');
  // An asset's redirect is followed as the browser will: to the URL as written, not its normal form.
  const target = !location ? null : e.kind === 'asset' ? assetUrl(location, e.url) : normalizeUrl(location, e.url, c.opts.normalize);
  if (!target) return { state: 'done', reason: 'redirect-without-target', faults: [] };
  if (target === e.url || e.via.includes(target)) return { state: 'done', reason: 'redirect-loop', faults: ['redirect-loop'] };
  if (e.via.length >= c.opts.maxRedirects) return { state: 'done', reason: 'too-many-redirects', faults: ['too-many-redirects'] };
  const via = [...e.via, e.url];
  const next = e.kind === 'asset' ? assetEntries(c, [target], e.depth, via) : c.candidates([target], e.depth, via, e.kind);
  return { state: 'done', reason: next.length ? 'redirect' : 'redirect-out-of-scope', faults: [], discovered: next };
}

function robotsOutcome(c: Crawler, e: FrontierEntry, res: FetchResponse | FetchFailure, now: number): Outcome {
  const origin = originOf(e.url);
  const ok = !(res instanceof FetchFailure) && res.status !== 429 && res.status < 500;
  if (!ok) {
    const st = c.robots.unreachable(origin, now);
    const failures = st.kind === 'unreachable' ? st.failures : 1;
    c.store.saveRobots(origin, null, 'unreachable', now, failures);
    const fault = 'robots-unreachable';
    const headers = res instanceof FetchFailure ? undefined : storedHeaders(res.headers, res.body.length);
    // A Retry-After holds the whole host, as for any other URL; robots.txt is asked again no sooner.
    const ra = res instanceof FetchFailure ? undefined : retryAfterMs(header(res.headers, 'retry-after'), now);
    // Asked again after the crawl's own back-off (--retry-base, doubled per try) unless
    // robotsOptions.retryMs says otherwise, or after a longer Retry-After.
    const backoff = c.opts.robotsOptions?.retryMs ?? c.opts.retryBaseMs * 2 ** (failures - 1);
    const wait = Math.max(backoff, Math.min(ra ?? 0, c.opts.maxRetryAfterMs));
    if (ra !== undefined) c.frontier.defer(e.host, now + Math.min(ra, c.opts.maxRetryAfterMs));
    if (failures >= c.robots.maxFailures) {
      // RFC 9309 §2.3.1.4: an unreachable robots.txt means complete disallow; once the tries are
      // spent the host is given up for this crawl rather than waited on.
      const what = res instanceof FetchFailure ? `${res.kind}: ${res.message}` : `HTTP ${res.status}`;
      const why = `robots.txt unreachable after ${failures} ${failures === 1 ? 'try' : 'tries'} (${what})`;
      return { state: 'failed', reason: fault, faults: [fault], dropHost: why, storedHeaders: headers };
    }
    return { state: 'queued', reason: fault, faults: [fault], retryAt: now + wait, storedHeaders: headers };
  }
  const body = new TextDecoder('utf-8').decode(res.body);
  // Still a redirect after the hops fetchEntry follows: RFC 9309 lets us take it as unavailable.
  const st = c.robots.fromResponse(origin, origin, REDIRECTS.has(res.status) ? 404 : res.status, body, now);
  c.store.saveRobots(origin, st.kind === 'parsed' ? body : null, st.kind === 'allow-all' ? `allow-all:${res.status}` : st.kind, now, 0);
  const delay = c.robots.crawlDelayMs(origin);
  if (delay !== undefined) {
    // Obeyed up to the cap; a host asking for more is deferred rather than waited on for days.
    c.frontier.setLatency(e.host, Math.min(delay, c.opts.maxCrawlDelayMs));
    if (delay > c.opts.maxCrawlDelayMs) c.deferHost(e.host, delay);
  }
  const sitemaps = c.opts.sitemaps ? c.candidates(c.robots.sitemaps(origin), 0, [], 'sitemap') : [];
  return { state: 'done', reason: st.kind === 'allow-all' ? `robots-${res.status}` : undefined, faults: [], discovered: sitemaps, storedHeaders: storedHeaders(res.headers, res.body.length) };
}

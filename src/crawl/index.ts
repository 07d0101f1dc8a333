// The crawler's public surface (package subpath "thresher/crawl"): re-exports only. Kept out of
// the main entry, which stays free of node:fs, the network and native modules.
export { Crawler, crawl, DEFAULT_USER_AGENT, type CrawlOptions, type CrawlSummary, type CrawlProgress, type CrawlEvent, type HostProgress, type AssetCounts } from './crawler.js';
export { Frontier, ASSET_RUN, type FrontierEntry, type EntryKind, type NextResult } from './frontier.js';
export { Scope, type ScopeOptions, type ScopeMode } from './scope.js';
export { normalizeUrl, hostKey, type NormalizeOptions } from './url.js';
export { RobotsCache, robotsToken, type RobotsOptions } from './robots.js';
export { extractLinks, type PageLinks, type TagVisitor } from './links.js';
export { AssetCollector, assetUrl, cssRefs, firstSrcsetUrl } from './assets.js';
export { parseSitemap, type SitemapContent } from './sitemap.js';
export { httpFetcher, FetchFailure, type Fetcher, type FetchRequest, type FetchResponse } from './fetcher.js';
export { systemClock, VirtualClock, type Clock } from './clock.js';
export { readWarc, WarcWriter, type HttpExchange, type WarcRecordData, type WarcReadItem, type WarcReadOptions, type WarcWriterOptions } from '../io/warc.js';

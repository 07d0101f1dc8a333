/**
 * The polite crawler: seeds → frontier (frontier.ts, paper 004 §4.1) → fetch → WARC, with its
 * state in SQLite so that a stopped crawl resumes where it was (store.ts).
 *
 * One loop hands out fetchable URLs while fewer than `concurrency` requests are in flight, then
 * sleeps until a request ends or the frontier's next key comes due. A host has at most one
 * request in flight and its latency (1 s, or a longer robots.txt Crawl-delay, or a Retry-After)
 * runs from the end of one request to the start of the next. Each fetch is settled by writing
 * its WARC records and one state transaction in the same synchronous step. With `assets`, each
 * stored page's stylesheets, scripts and images (assets.ts) are fetched too, as entries of their
 * own kind: same politeness, robots.txt, retries and WARC, counted apart from the pages.
 * Outer ring: file system (WARC, SQLite) and network (through a Fetcher).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { ThresherError } from '../errors.js';
import { WarcWriter, type HeaderList, type HttpExchange } from '../io/warc.js';
import { systemClock, type Clock } from './clock.js';
import { FetchFailure, httpFetcher, storedHeaders, type Fetcher, type FetchResponse } from './fetcher.js';
import { Frontier, type FrontierEntry } from './frontier.js';
import { resolveOptions, type CrawlOptions, type ResolvedOptions } from './options.js';
import { RobotsCache, robotsToken } from './robots.js';
import { Scope } from './scope.js';
import { CrawlStore, type Admission, type Budget, type Settlement } from './store.js';
import { hostKey, normalizeUrl, originOf } from './url.js';
import { handleResponse, type Outcome } from './response.js';

export { DEFAULT_USER_AGENT, type CrawlOptions } from './options.js';

export interface CrawlEvent {
  url: string;
  kind: FrontierEntry['kind'];
  status?: number;
  outcome: Outcome['state'];
  reason?: string;
  faults: string[];
  start: number;
  end: number;
}

export interface HostProgress { host: string; fetched: number; queued: number; latencyMs: number; ratePerSec: number }

export interface CrawlProgress {
  fetched: number; queued: number; inFlight: number; errors: number; skipped: number;
  hosts: HostProgress[];
  elapsedMs: number;
}

export interface DeferredHost { host: string; crawlDelayMs: number; maxCrawlDelayMs: number; queued: number }

/** Assets settled in this run (and their body bytes). */
export interface AssetCounts {
  /** Stored whole with a 2xx status: what a render from the WARC can use. */
  fetched: number;
  /** Ended without one: an HTTP error status, the retries spent, cut at maxAssetBytes, a redirect loop. */
  failed: number;
  /** Settled without a request: robots.txt disallows it, or its host's robots.txt could not be had. */
  skipped: number;
  bytes: number;
}

export interface CrawlSummary {
  /** Requests answered in this run (pages, assets, robots.txt, sitemaps), and of those, HTML pages stored with status 2xx. */
  fetched: number;
  pages: number;
  bytes: number;
  /** With `assets`: the assets of this run; a redirect hop counts as none of these, its target does. */
  assets: AssetCounts;
  /** Faults in this run by kind (timeout, network, http-429, http-5xx, redirect-loop, ...). */
  faults: Record<string, number>;
  errors: number;
  /** URLs settled without a request in this run, by reason (robots, content-type, ...). */
  skipped: Record<string, number>;
  byStatus: Record<string, number>;
  /** URLs left queued (a stopped crawl). */
  queued: number;
  stopped: boolean;
  resumed: boolean;
  /** Frontier pops re-scheduled by the politeness check. */
  rescheduled: number;
  /**
   * What the caps left out in this run: links past maxLinksPerPage (not followed) and the pages
   * that had them; asset references past maxAssetsPerPage (not fetched) and the pages or
   * stylesheets that had them; new URLs refused because the frontier held maxFrontier.
   */
  cut: {
    links: number; pages: number; assets: number; assetPages: number; frontier: number;
    maxLinksPerPage: number; maxAssetsPerPage: number; maxFrontier: number;
  };
  /** Hosts given up in this run, with why (robots.txt unreachable after the retries): their URLs are skipped. */
  givenUp: Array<{ host: string; reason: string }>;
  /** Hosts whose robots.txt asked for a Crawl-delay over maxCrawlDelayMs, with their URLs left queued. */
  deferred: DeferredHost[];
  durationMs: number;
  warc: string;
  state: string;
  /** Totals over the whole crawl, this run and earlier ones. */
  total: {
    urls: number; done: number; failed: number; skipped: number; queued: number; faults: Record<string, number>;
    /** The asset URLs among them, by state. */
    assets: { done: number; failed: number; skipped: number; queued: number };
  };
}

const DEFAULT_SKIP = /\.(?:jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4[av]|avi|mov|wmv|webm|og[gv]|wav|flac|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|msi|dmg|iso|apk|pdf|docx?|xlsx?|pptx?|odt|css|js|mjs|woff2?|ttf|otf|eot)$/i;

export class Crawler {
  readonly opts: ResolvedOptions;
  readonly clock: Clock;
  readonly fetcher: Fetcher;
  readonly scope: Scope;
  readonly frontier: Frontier;
  readonly robots: RobotsCache;
  readonly token: string;
  readonly statePath: string;
  store!: CrawlStore;
  writer!: WarcWriter;
  private readonly admitted = { page: 0, sitemap: 0 };
  private robotsQueued = new Set<string>();
  /** Hosts given up in this run (robots.txt unreachable), with why. */
  private readonly givenUp = new Map<string, string>();
  /** Hosts deferred for a Crawl-delay over the cap (host → the delay asked): kept out of the frontier. */
  private readonly deferredHosts = new Map<string, number>();
  private inFlight = 0;
  private started = 0;
  private resumed = false;
  private stopped = false;
  private readonly session = {
    fetched: 0, pages: 0, bytes: 0, faults: {} as Record<string, number>, skipped: {} as Record<string, number>, byStatus: {} as Record<string, number>,
    assets: { fetched: 0, failed: 0, skipped: 0, bytes: 0 } as AssetCounts,
    cut: { links: 0, pages: 0, assets: 0, assetPages: 0, frontier: 0 },
  };
  private readonly perHost = new Map<string, { fetched: number; recent: number[] }>();

  constructor(options: CrawlOptions) {
    if (!options.seeds.length) throw new ThresherError('E_BAD_OPTION', 'a crawl needs at least one seed URL');
    const seeds = options.seeds.map((s) => {
      const n = normalizeUrl(s, undefined, options.normalize);
      if (!n) throw new ThresherError('E_BAD_OPTION', `seed "${s}" is not an http(s) URL`);
      return n;
    });
    this.opts = resolveOptions(options, seeds);
    this.clock = options.clock ?? systemClock;
    this.fetcher = options.fetcher ?? httpFetcher;
    this.scope = new Scope(seeds, options.scope);
    this.frontier = new Frontier(this.opts.latencyMs);
    this.token = robotsToken(this.opts.userAgent);
    // robots.txt is tried as often as any URL (--retries) unless robotsOptions says otherwise.
    this.robots = new RobotsCache(this.token, { ...options.robotsOptions, maxFailures: options.robotsOptions?.maxFailures ?? this.opts.maxRetries + 1 });
    this.statePath = options.statePath ?? `${options.out}.state.sqlite`;
  }

  /** Open (or resume) the state and the WARC, and queue the seeds. */
  async open(): Promise<void> {
    const { out, fresh } = this.opts;
    if (fresh) for (const p of [this.statePath, `${this.statePath}-wal`, `${this.statePath}-shm`]) rmSync(p, { force: true });
    this.store = new CrawlStore(this.statePath);
    try {
      const committed = this.store.getMeta('warcOffset');
      if (committed !== null) {
        const size = existsSync(out) ? statSync(out).size : -1;
        if (size < Number(committed)) {
          throw new ThresherError('E_CRAWL_STATE', `crawl state ${this.statePath} accounts for ${committed} bytes of ${out}, but ${size < 0 ? 'the file is missing' : `it has ${size}`}; start over with --fresh`);
        }
        this.resumed = true;
        this.writer = await WarcWriter.open(out, { append: true, truncateAt: Number(committed) });
      } else {
        this.writer = await WarcWriter.open(out, { info: { operator: this.opts.userAgent, 'robots': this.opts.robots ? 'obey' : 'ignore', 'isPartOf': this.opts.seeds.join(' ') } });
        this.store.setMeta('warcOffset', String(this.writer.offset));
        this.store.setMeta('seeds', JSON.stringify(this.opts.seeds));
      }
    } catch (e) {
      this.store.close();
      throw e;
    }
    const maxLatency = Math.max(this.opts.latencyMs, this.opts.maxCrawlDelayMs);
    for (const h of this.store.hosts()) this.frontier.restoreHost(h.host, h.lastEnd, Math.min(h.latencyMs, maxLatency), h.deferredUntil);
    for (const r of this.store.robotsRows()) {
      this.robots.restore(r.origin, r.origin, r.body, r.status, r.fetchedAt, r.failures);
      this.robotsQueued.add(r.origin);
      // The Crawl-delay again, under this run's cap (which may differ from the last run's).
      const delay = this.robots.crawlDelayMs(r.origin);
      if (delay === undefined) continue;
      const host = hostKey(`${r.origin}/`);
      this.frontier.setLatency(host, Math.min(delay, this.opts.maxCrawlDelayMs));
      if (delay > this.opts.maxCrawlDelayMs) this.deferredHosts.set(host, delay);
    }
    for (const k of ['page', 'sitemap'] as const) this.admitted[k] = this.store.admitted(k);
    for (const e of this.store.queued()) {
      this.enqueue(e);
      if (e.kind === 'robots') this.robotsQueued.add(originOf(e.url));
    }
    const seeds = this.opts.seeds.map((url) => this.entry(url, 'page', 0, []));
    const probes = this.opts.sitemaps ? [...new Set(this.opts.seeds.map(originOf))].map((o) => this.entry(`${o}/sitemap.xml`, 'sitemap', 0, [])) : [];
    this.pushAll(this.takeAdmission(this.store.admit(this.withRobots([...seeds, ...probes]), this.budget())));
  }

  private budget(): Budget {
    return { page: this.scope.maxPages - this.admitted.page, sitemap: this.scope.maxSitemaps - this.admitted.sitemap, queue: this.opts.maxFrontier - this.frontier.size };
  }

  /** The URLs an admission added; those a full frontier refused are counted. */
  private takeAdmission(a: Admission): FrontierEntry[] {
    this.session.cut.frontier += a.cut;
    return a.added;
  }

  private pushAll(entries: FrontierEntry[]): void {
    for (const e of entries) {
      if (e.kind === 'page' || e.kind === 'sitemap') this.admitted[e.kind]++;
      if (e.kind === 'robots') this.robotsQueued.add(originOf(e.url));
      this.enqueue(e);
    }
  }

  /** Into the frontier, unless its host is deferred (then it waits, queued in the state, for a later run). */
  private enqueue(e: FrontierEntry): void {
    if (!this.deferredHosts.has(e.host)) this.frontier.push(e);
  }

  /**
   * robots.txt asked for a Crawl-delay over maxCrawlDelayMs: the host's URLs leave the frontier
   * (they stay queued in the state) and none goes back in this run.
   */
  deferHost(host: string, crawlDelayMs: number): void {
    this.deferredHosts.set(host, crawlDelayMs);
    this.frontier.removeHost(host);
  }

  entry(url: string, kind: FrontierEntry['kind'], depth: number, via: string[]): FrontierEntry {
    return { url, host: hostKey(url), depth, kind, notBefore: 0, attempts: 0, via, seq: this.store ? this.store.nextSeq() : 0 };
  }

  /** Put a robots.txt entry before the first URL of each origin not yet covered. */
  private withRobots(entries: FrontierEntry[]): FrontierEntry[] {
    if (!this.opts.robots) return entries;
    const out: FrontierEntry[] = [];
    const added = new Set<string>();
    for (const e of entries) {
      const origin = originOf(e.url);
      if (e.kind !== 'robots' && !this.robotsQueued.has(origin) && !added.has(origin)) {
        added.add(origin);
        out.push(this.entry(`${origin}/robots.txt`, 'robots', 0, []));
      }
      out.push(e);
    }
    return out;
  }

  /** Run until the frontier is empty or a stop signal comes. */
  async run(): Promise<CrawlSummary> {
    if (!this.store) await this.open();
    this.started = this.clock.now();
    const tasks = new Set<Promise<void>>();
    let wake: (() => void) | null = null;
    const stopSignal = this.opts.signal;
    const onStop = (): void => { this.stopped = true; wake?.(); };
    stopSignal?.addEventListener('abort', onStop, { once: true });
    this.opts.abortSignal?.addEventListener('abort', onStop, { once: true });
    if (stopSignal?.aborted || this.opts.abortSignal?.aborted) this.stopped = true;
    const every = this.opts.onProgress ? this.opts.progressEveryMs ?? 5000 : Infinity;
    let nextProgress = this.started + every;
    try {
      while (!this.stopped) {
        if (this.clock.now() >= nextProgress) {
          this.opts.onProgress?.(this.progress());
          nextProgress = this.clock.now() + every;
        }
        let until = Infinity;
        while (tasks.size < this.opts.concurrency) {
          const r = this.frontier.next(this.clock.now());
          if (r.kind === 'entry') {
            const t: Promise<void> = this.process(r.entry).finally(() => { tasks.delete(t); wake?.(); });
            tasks.add(t);
            continue;
          }
          if (r.kind === 'wait') until = r.until;
          break;
        }
        if (!tasks.size && until === Infinity) break;
        const timer = new AbortController();
        const woke = new Promise<void>((resolve) => { wake = resolve; });
        const waits: Array<Promise<void>> = [woke];
        const wakeAt = Math.min(until, nextProgress);
        if (wakeAt < Infinity) waits.push(this.clock.sleep(wakeAt - this.clock.now(), timer.signal));
        await Promise.race(waits);
        timer.abort();
        wake = null;
      }
      await Promise.all(tasks);
    } finally {
      stopSignal?.removeEventListener('abort', onStop);
      this.opts.abortSignal?.removeEventListener('abort', onStop);
      await this.close();
    }
    return this.summary();
  }

  private async close(): Promise<void> {
    await this.writer?.close();
    this.store?.close();
  }

  /** Settle one popped entry; never throws (a failure of our own is recorded as a fault). */
  private async process(e: FrontierEntry): Promise<void> {
    this.inFlight++;
    const start = this.clock.now();
    let requested = false;
    try {
      if (e.kind !== 'robots' && this.opts.robots) {
        const v = this.robots.verdict(originOf(e.url), e.url, start);
        if (v === 'unknown' || v === 'unreachable') {
          // robots.txt is not settled yet (or has expired): the URL goes back behind a robots.txt entry.
          this.ensureRobots(e);
          this.enqueue(e);
          return;
        }
        if (v === 'given-up' && !this.givenUp.has(e.host)) this.givenUp.set(e.host, 'robots.txt unreachable (given up by an earlier run)');
        if (v === 'disallow' || v === 'given-up') {
          this.settle(e, { state: 'skipped', reason: v === 'disallow' ? 'robots' : 'robots-unreachable', faults: [] }, start, null);
          return;
        }
      }
      requested = true;
      const hops: FetchResponse[] = [];
      const res = await this.fetchEntry(e, hops);
      if (res === 'aborted') { this.enqueue(e); return; }
      const outcome = handleResponse(this, e, res, this.clock.now());
      await this.commit(e, outcome, start, res instanceof FetchFailure ? null : res, hops);
      if (outcome.dropHost) {
        this.givenUp.set(e.host, outcome.dropHost);
        const origin = originOf(e.url);
        for (const d of this.frontier.removeHost(e.host)) {
          if (originOf(d.url) !== origin) this.enqueue(d);
          else this.settle(d, { state: 'skipped', reason: 'robots-unreachable', faults: [] }, this.clock.now(), null);
        }
      }
    } catch (err) {
      this.settle(e, { state: 'failed', reason: `internal: ${(err as Error).message}`, faults: ['internal'] }, start, null);
    } finally {
      this.inFlight--;
      this.frontier.release(e.host, this.clock.now(), requested);
    }
  }

  /** Queue a robots.txt entry for the URL's origin if none is pending (or re-queue a settled one). */
  private ensureRobots(e: FrontierEntry): void {
    const r = this.entry(`${originOf(e.url)}/robots.txt`, 'robots', 0, []);
    const { added } = this.store.admit([r], { page: 0, sitemap: 0 });
    if (added.length) this.pushAll(added);
    else if (this.store.requeue(r.url)) this.pushAll([r]);
  }

  /**
   * Fetch an entry; robots.txt redirects are followed here (up to 5 hops, RFC 9309 §2.3.1.2),
   * the redirect answers left in `hops` so that each is stored under its own URL.
   */
  private async fetchEntry(e: FrontierEntry, hops: FetchResponse[]): Promise<FetchResponse | FetchFailure | 'aborted'> {
    let res = await this.fetchUrl(e, e.url);
    for (let hop = 0; e.kind === 'robots' && hop < 5 && !(res instanceof FetchFailure) && res !== 'aborted' && [301, 302, 303, 307, 308].includes(res.status); hop++) {
      const loc = res.headers.find(([k]) => k === 'location')?.[1];
      const next = loc ? normalizeUrl(loc, res.url) : null;
      if (!next) break;
      hops.push(res);
      if (hostKey(next) === e.host) await this.clock.sleep(this.frontier.latencyOf(e.host), this.opts.abortSignal);
      res = await this.fetchUrl(e, next);
    }
    return res;
  }

  /** The request headers we set (fetch adds a few of its own, such as Host). */
  private requestHeaders(kind: FrontierEntry['kind']): HeaderList {
    const accept = kind === 'page' ? `${this.opts.acceptTypes.join(', ')};q=1.0, */*;q=0.1` : '*/*';
    return [['user-agent', this.opts.userAgent], ['accept', accept], ['accept-encoding', 'gzip, deflate, br']];
  }

  private async fetchUrl(e: FrontierEntry, url: string): Promise<FetchResponse | FetchFailure | 'aborted'> {
    try {
      return await this.fetcher({
        url,
        headers: this.requestHeaders(e.kind),
        timeoutMs: this.opts.timeoutMs,
        maxBytes: e.kind === 'robots' ? Math.min(this.opts.maxBytes, 512 * 1024) : e.kind === 'asset' ? this.opts.maxAssetBytes : this.opts.maxBytes,
        wantBody: (status, headers) => e.kind !== 'page' || !(status >= 200 && status < 300) || this.acceptable(headers.get('content-type')),
        signal: this.opts.abortSignal,
      });
    } catch (err) {
      if (err instanceof FetchFailure) return err.kind === 'aborted' ? 'aborted' : err;
      return new FetchFailure('network', (err as Error).message);
    }
  }

  /** Whether a page's Content-Type is one we store (none given: sniffed later as HTML). */
  acceptable(contentType: string | null | undefined): boolean {
    if (!contentType) return true;
    const essence = contentType.split(';')[0].trim().toLowerCase();
    return this.opts.acceptTypes.includes(essence);
  }

  /** The request and response records of one answer, serialized (not yet written). */
  private exchange(kind: FrontierEntry['kind'], res: FetchResponse, headers: HeaderList, start: number): Promise<Uint8Array[]> {
    const ex: HttpExchange = {
      url: res.url, date: new Date(start),
      request: { method: 'GET', headers: [['host', new URL(res.url).host], ...this.requestHeaders(kind)] },
      response: { status: res.status, statusText: res.statusText, headers, body: res.body, ...(res.truncated ? { truncated: res.truncated } : {}) },
    };
    return this.writer.serializeExchange(ex);
  }

  /** Write the exchanges (if any) and settle the entry in one synchronous step. */
  private async commit(e: FrontierEntry, o: Outcome, start: number, res: FetchResponse | null, hops: FetchResponse[] = []): Promise<void> {
    const bufs: Uint8Array[] = [];
    for (const h of hops) bufs.push(...await this.exchange(e.kind, h, storedHeaders(h.headers, h.body.length), start));
    if (res && !res.bodySkipped) bufs.push(...await this.exchange(e.kind, res, o.storedHeaders ?? res.headers, start));
    // From here to the end: synchronous, so the WARC and the state move together.
    if (bufs.length) this.writer.writeSerialized(bufs);
    this.settle(e, o, start, res, bufs.length ? this.writer.offset : undefined);
  }

  private settle(e: FrontierEntry, o: Outcome, start: number, res: FetchResponse | null, warcOffset?: number): void {
    const now = this.clock.now();
    const discovered = this.withRobots(o.discovered ?? []);
    const s: Settlement = {
      url: e.url, state: o.state, attempts: e.attempts + (res || o.faults.length ? 1 : 0), notBefore: o.retryAt ?? 0,
      status: res?.status ?? null, reason: o.reason ?? null, fetchedAt: res ? now : undefined,
      faults: o.faults, discovered, warcOffset,
      host: res || o.faults.length ? { host: e.host, lastEnd: now, latencyMs: this.frontier.latencyOf(e.host), deferredUntil: this.frontier.deferredUntilOf(e.host) } : undefined,
    };
    this.pushAll(this.takeAdmission(this.store.settle(s, now, this.budget())));
    if (o.state === 'queued') this.enqueue({ ...e, attempts: s.attempts, notBefore: s.notBefore ?? 0 });
    // Session figures.
    const f = this.session;
    for (const k of o.faults) f.faults[k] = (f.faults[k] ?? 0) + 1;
    if (res) {
      f.fetched++;
      f.bytes += res.body.length;
      f.byStatus[res.status] = (f.byStatus[res.status] ?? 0) + 1;
      if (o.page) f.pages++;
      const h = this.perHost.get(e.host) ?? { fetched: 0, recent: [] };
      h.fetched++;
      h.recent.push(now);
      if (h.recent.length > 64) h.recent.shift();
      this.perHost.set(e.host, h);
    }
    if (o.state === 'skipped' && o.reason) f.skipped[o.reason] = (f.skipped[o.reason] ?? 0) + 1;
    if (o.cutLinks) { f.cut.links += o.cutLinks; f.cut.pages++; }
    if (o.cutAssets) { f.cut.assets += o.cutAssets; f.cut.assetPages++; }
    if (e.kind === 'asset') countAsset(f.assets, o, res);
    this.opts.onEvent?.({ url: e.url, kind: e.kind, status: res?.status, outcome: o.state, reason: o.reason, faults: o.faults, start, end: now });
  }

  /** Candidates discovered from a page: normalised, in scope, not filtered by path. */
  candidates(urls: string[], depth: number, via: string[], kind: FrontierEntry['kind']): FrontierEntry[] {
    const out: FrontierEntry[] = [];
    const seen = new Set<string>();
    for (const raw of urls) {
      const url = normalizeUrl(raw, undefined, this.opts.normalize);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      if (kind === 'page') {
        const skip = this.opts.skipPaths === undefined ? DEFAULT_SKIP : this.opts.skipPaths;
        if (skip && skip.test(new URL(url).pathname)) continue;
        if (!this.scope.check(url, depth).ok) continue;
      } else if (!this.scope.hostAllowed(url).ok) continue;
      out.push(this.entry(url, kind, depth, via));
    }
    return out;
  }

  progress(): CrawlProgress {
    const now = this.clock.now();
    const hosts: HostProgress[] = [];
    for (const [host, h] of this.perHost) {
      const window = h.recent.filter((t) => now - t <= 10_000);
      const span = window.length > 1 ? (now - window[0]) / 1000 : 0;
      hosts.push({ host, fetched: h.fetched, queued: this.frontier.queuedFor(host), latencyMs: this.frontier.latencyOf(host), ratePerSec: span > 0 ? (window.length - 1) / span : 0 });
    }
    const errors = Object.values(this.session.faults).reduce((a, b) => a + b, 0);
    const skipped = Object.values(this.session.skipped).reduce((a, b) => a + b, 0);
    return { fetched: this.session.fetched, queued: this.frontier.size, inFlight: this.inFlight, errors, skipped, hosts, elapsedMs: now - this.started };
  }

  private summary(): CrawlSummary {
    const s = this.session;
    const reopened = new CrawlStore(this.statePath);
    try {
      const counts = reopened.counts();
      const sum = (st: string, kind?: string): number => counts.filter((c) => c.state === st && (!kind || c.kind === kind)).reduce((a, c) => a + c.n, 0);
      return {
        fetched: s.fetched, pages: s.pages, bytes: s.bytes, assets: s.assets, faults: s.faults,
        errors: Object.values(s.faults).reduce((a, b) => a + b, 0), skipped: s.skipped, byStatus: s.byStatus,
        queued: this.frontier.size, stopped: this.stopped, resumed: this.resumed, rescheduled: this.frontier.rescheduled,
        cut: { ...s.cut, maxLinksPerPage: this.opts.maxLinksPerPage, maxAssetsPerPage: this.opts.maxAssetsPerPage, maxFrontier: this.opts.maxFrontier },
        givenUp: [...this.givenUp].map(([host, reason]) => ({ host, reason })),
        deferred: [...this.deferredHosts].map(([host, crawlDelayMs]) => ({ host, crawlDelayMs, maxCrawlDelayMs: this.opts.maxCrawlDelayMs, queued: reopened.queuedOn(host) })),
        durationMs: this.clock.now() - this.started, warc: this.opts.out, state: this.statePath,
        total: {
          urls: counts.reduce((a, c) => a + c.n, 0), done: sum('done'), failed: sum('failed'), skipped: sum('skipped'), queued: sum('queued'), faults: reopened.faultCounts(),
          assets: { done: sum('done', 'asset'), failed: sum('failed', 'asset'), skipped: sum('skipped', 'asset'), queued: sum('queued', 'asset') },
        },
      };
    } finally {
      reopened.close();
    }
  }
}

/** An asset's settlement in the run's figures (a redirect hop counts for nothing: its target will). */
function countAsset(a: AssetCounts, o: Outcome, res: FetchResponse | null): void {
  if (res) a.bytes += res.body.length;
  if (o.state === 'skipped') a.skipped++;
  else if (o.state === 'failed') a.failed++;
  else if (o.state === 'done' && o.reason !== 'redirect') {
    if (res && res.status >= 200 && res.status < 300 && !res.truncated) a.fetched++;
    else a.failed++;
  }
}

/** Crawl to the end (or to a stop signal) and return the summary. */
export async function crawl(options: CrawlOptions): Promise<CrawlSummary> {
  const c = new Crawler(options);
  await c.open();
  return c.run();
}

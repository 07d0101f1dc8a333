/**
 * The crawl frontier: paper 004 §4.1 (Foschini's polite crawler).
 *
 * The paper keeps one priority queue keyed on the earliest time each URL may be crawled under
 * the per-domain latency (1 s by default); a URL deferred by the politeness constraint lets
 * another, fetchable one go first; and because keys can go stale while the crawler is busy,
 * the constraint is checked again when a URL is popped and the URL is re-scheduled later when
 * it no longer holds.
 *
 * Departures:
 *  - The politeness key is the host with its port (`hostKey`), not the domain: two servers
 *    behind one domain each get their own latency, as robots.txt is also per host.
 *  - The priority queue holds hosts, keyed on the earliest time their next URL may be fetched:
 *    max(host's next allowed start, the earliest not-before time of its URLs). Each host keeps
 *    its URLs in queues of its own, so that a busy host's other URLs are not popped and
 *    re-pushed one by one at every pop (quadratic on a one-host crawl): robots.txt (always
 *    first: nothing else of its origin may go before it); URLs waiting for a retry, by their
 *    own not-before time; and fresh URLs (sitemaps before pages, then depth and discovery
 *    order), whose earliest time is the host's next slot. At each pop the host's next URL is a
 *    retry whose back-off has run out if there is one (its time came first; it has waited
 *    longest), else a fresh URL: a retry goes at its due time, not behind every fresh URL of a
 *    busy host (it used to: a 500's retry came 57 s after its back-off), and a retry not yet
 *    due never holds the fresh URLs back.
 *  - The pop-time check is kept as the paper has it: a host whose delay grew after it was
 *    queued (a robots.txt Crawl-delay, a Retry-After) is re-scheduled at pop, not re-keyed
 *    when the delay changes. `rescheduled` counts these.
 *  - The latency runs from the end of one request to the start of the next, and a host has at
 *    most one request in flight, so no two requests to a host are closer than its latency.
 *  - Assets (a stored page's stylesheets, scripts and images: assets.ts) have a queue of their own
 *    per host, in discovery order, and go ahead of the host's fresh pages and sitemaps, so that
 *    a crawl stopped early holds whole pages rather than many pages without their styles. So
 *    that they cannot starve page discovery on a host that serves both, a host with fresh URLs
 *    waiting takes at most ASSET_RUN assets in a row before one of them. Assets on hosts of
 *    their own (a CDN) never wait for pages at all: each host is scheduled on its own.
 */
import { Heap } from './heap.js';

export type EntryKind = 'robots' | 'sitemap' | 'page' | 'asset';
const KIND_RANK: Record<EntryKind, number> = { robots: 0, sitemap: 1, asset: 2, page: 3 };

/**
 * Assets a host takes in a row while a page or sitemap of it waits: a page's assets come right
 * after it, yet page discovery on that host keeps at least one slot in ASSET_RUN + 1.
 */
export const ASSET_RUN = 8;

export interface FrontierEntry {
  url: string;
  /** Politeness key (hostKey(url)). */
  host: string;
  depth: number;
  kind: EntryKind;
  /** Earliest time this URL alone may be fetched (retry back-off), ms since the epoch. */
  notBefore: number;
  /** Fetch attempts made so far. */
  attempts: number;
  /** The redirect chain that led here, oldest first. */
  via: string[];
  /** Admission order (ties). */
  seq: number;
}

interface HostState {
  host: string;
  latencyMs: number;
  /** End of the last request (-Infinity: none yet). */
  lastEnd: number;
  /** No request before this (Retry-After, robots.txt unreachable). */
  deferredUntil: number;
  busy: boolean;
  /** robots.txt entries: before anything else of the host. */
  robots: Heap<FrontierEntry>;
  /** Entries with a not-before time (retries), by that time. */
  retries: Heap<FrontierEntry>;
  /** Entries fetchable at the host's next slot. */
  fresh: Heap<FrontierEntry>;
  /** Assets fetchable at the host's next slot, in discovery order: before `fresh`, up to ASSET_RUN in a row. */
  assets: Heap<FrontierEntry>;
  /** Assets taken in a row since the last fresh URL. */
  assetRun: number;
  /** Bumped at every re-key: older heap nodes for this host are stale. */
  version: number;
}

interface HostNode { at: number; seq: number; host: HostState; version: number }

export type NextResult =
  | { kind: 'entry'; entry: FrontierEntry }
  /** Nothing may be fetched before `until`. */
  | { kind: 'wait'; until: number }
  /** Nothing queued except behind busy hosts (or nothing at all, when `size` is 0). */
  | { kind: 'idle' };

const rankLess = (a: FrontierEntry, b: FrontierEntry): boolean =>
  KIND_RANK[a.kind] !== KIND_RANK[b.kind] ? KIND_RANK[a.kind] < KIND_RANK[b.kind]
    : a.depth !== b.depth ? a.depth < b.depth : a.seq < b.seq;
const dueLess = (a: FrontierEntry, b: FrontierEntry): boolean => (a.notBefore !== b.notBefore ? a.notBefore < b.notBefore : rankLess(a, b));

const seqLess = (a: FrontierEntry, b: FrontierEntry): boolean => a.seq < b.seq;

const queued = (h: HostState): number => h.robots.size + h.retries.size + h.fresh.size + h.assets.size;

export class Frontier {
  private readonly hostMap = new Map<string, HostState>();
  private readonly heap = new Heap<HostNode>((a, b) => (a.at !== b.at ? a.at < b.at : a.seq < b.seq));
  private nodeSeq = 0;
  private count = 0;
  /** Pops that failed the politeness check and were re-scheduled (paper §4.1). */
  rescheduled = 0;

  constructor(private readonly defaultLatencyMs: number) {}

  /** URLs queued (not in flight). */
  get size(): number { return this.count; }

  private hostState(host: string): HostState {
    let h = this.hostMap.get(host);
    if (!h) {
      h = {
        host, latencyMs: this.defaultLatencyMs, lastEnd: -Infinity, deferredUntil: 0, busy: false,
        robots: new Heap(dueLess), retries: new Heap(dueLess), fresh: new Heap(rankLess), assets: new Heap(seqLess), assetRun: 0, version: 0,
      };
      this.hostMap.set(host, h);
    }
    return h;
  }

  /** The earliest time any URL of the host may go, politeness aside (Infinity: none queued). */
  private dueAt(h: HostState): number {
    const r = h.robots.peek();
    if (r) return r.notBefore;
    return Math.min(h.fresh.size || h.assets.size ? 0 : Infinity, h.retries.peek()?.notBefore ?? Infinity);
  }

  private readyAt(h: HostState): number {
    return Math.max(h.lastEnd + h.latencyMs, h.deferredUntil, this.dueAt(h));
  }

  /**
   * The host's next URL at `now` (readyAt(h) <= now): robots.txt, a due retry, an asset (unless
   * ASSET_RUN of them just went while fresh URLs wait), a fresh URL.
   */
  private take(h: HostState, now: number): FrontierEntry {
    if (h.robots.size) return h.robots.pop()!;
    const retry = h.retries.peek();
    if (retry && (retry.notBefore <= now || (!h.fresh.size && !h.assets.size))) return h.retries.pop()!;
    if (h.assets.size && (!h.fresh.size || h.assetRun < ASSET_RUN)) {
      h.assetRun++;
      return h.assets.pop()!;
    }
    h.assetRun = 0;
    return h.fresh.pop()!;
  }

  /** Give the host a fresh heap node at its current key (older nodes become stale). */
  private rekey(h: HostState): void {
    h.version++;
    if (h.busy || !queued(h)) return;
    this.heap.push({ at: this.readyAt(h), seq: this.nodeSeq++, host: h, version: h.version });
  }

  push(entry: FrontierEntry): void {
    const h = this.hostState(entry.host);
    const before = queued(h) ? this.dueAt(h) : Infinity;
    (entry.kind === 'robots' ? h.robots : entry.notBefore > 0 ? h.retries : entry.kind === 'asset' ? h.assets : h.fresh).push(entry);
    this.count++;
    // A key that can only have grown (a robots.txt entry due later) is left for the pop-time check.
    if (this.dueAt(h) < before || before === Infinity) this.rekey(h);
  }

  /**
   * The next URL that may be fetched at `now`; its host is then busy until `release`.
   * Hosts are popped in key order; each popped host is checked against its current delay
   * and re-scheduled when the check fails.
   */
  next(now: number): NextResult {
    for (;;) {
      const top = this.heap.peek();
      if (!top) return { kind: 'idle' };
      const h = top.host;
      if (top.version !== h.version || h.busy || !queued(h)) { this.heap.pop(); continue; }
      if (top.at > now) return { kind: 'wait', until: top.at };
      this.heap.pop();
      const ready = this.readyAt(h);
      if (ready > now) {
        this.rescheduled++;
        this.rekey(h);
        continue;
      }
      const entry = this.take(h, now);
      this.count--;
      h.busy = true;
      h.version++;
      return { kind: 'entry', entry };
    }
  }

  /**
   * The host's request is over at `now`. `requested`: a request reached the network (the
   * latency starts now); false when the entry was settled without one (robots-disallowed).
   */
  release(host: string, now: number, requested: boolean): void {
    const h = this.hostState(host);
    h.busy = false;
    if (requested) h.lastEnd = Math.max(h.lastEnd, now);
    this.rekey(h);
  }

  /**
   * Set a host's latency (a robots.txt Crawl-delay); never below the crawl's own. A longer one
   * leaves the host's queued key stale, for the pop-time check to catch.
   */
  setLatency(host: string, ms: number): void {
    const h = this.hostState(host);
    const next = Math.max(this.defaultLatencyMs, ms);
    const shorter = next < h.latencyMs;
    h.latencyMs = next;
    if (shorter) this.rekey(h);
  }

  latencyOf(host: string): number { return this.hostState(host).latencyMs; }

  /** The time before which the host may not be asked anything (0: none). */
  deferredUntilOf(host: string): number { return this.hostState(host).deferredUntil; }

  /** No request to `host` before `until` (Retry-After, robots.txt unreachable). Checked at pop. */
  defer(host: string, until: number): void {
    const h = this.hostState(host);
    h.deferredUntil = Math.max(h.deferredUntil, until);
  }

  /**
   * Restore a host's timing from a saved crawl: its last request ended at `lastEnd`, and a
   * Retry-After may still hold it until `deferredUntil`.
   */
  restoreHost(host: string, lastEnd: number, latencyMs: number, deferredUntil = 0): void {
    const h = this.hostState(host);
    h.latencyMs = Math.max(this.defaultLatencyMs, latencyMs);
    h.lastEnd = Math.max(h.lastEnd, lastEnd);
    h.deferredUntil = Math.max(h.deferredUntil, deferredUntil);
    this.rekey(h);
  }

  /** Take every queued URL of a host out of the frontier (the host is given up). */
  removeHost(host: string): FrontierEntry[] {
    const h = this.hostMap.get(host);
    if (!h) return [];
    const out = [...h.robots.drain(), ...h.retries.drain(), ...h.assets.drain(), ...h.fresh.drain()];
    this.count -= out.length;
    h.version++;
    return out;
  }

  /** Hosts with URLs queued or in flight. */
  activeHosts(): number {
    let n = 0;
    for (const h of this.hostMap.values()) if (h.busy || queued(h)) n++;
    return n;
  }

  queuedFor(host: string): number {
    const h = this.hostMap.get(host);
    return h ? queued(h) : 0;
  }
}

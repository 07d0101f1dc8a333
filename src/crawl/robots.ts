/**
 * robots.txt per origin (http and https of one host each have their own), through
 * robots-parser, with the availability rules of RFC 9309 §2.3.1:
 * a 2xx body is parsed (the first 500 KiB); a 4xx (other than 429) means no robots.txt, so
 * everything is allowed; a 5xx, a 429 or no answer means the file is unreachable, so the host
 * is treated as disallowed for a while (`retryMs`) and robots.txt is asked for again; after
 * `maxFailures` such failures in a row the host is given up for this crawl. (The crawler asks
 * again after its own retry back-off and gives up after its --retries, unless told otherwise:
 * a dead host ends with a reason instead of holding the crawl for half an hour.)
 * A longer Crawl-delay for our user agent raises the host's latency (frontier.setLatency).
 */
import robotsParserModule from 'robots-parser';

// robots-parser is CommonJS (module.exports = the function) while its typings declare an ES
// default export; under NodeNext the import is the function itself at run time.
type Robot = ReturnType<typeof robotsParserModule.default>;
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

export type RobotsState =
  | { kind: 'unknown' }
  | { kind: 'parsed'; robot: Robot; fetchedAt: number }
  | { kind: 'allow-all'; fetchedAt: number; status: number }
  | { kind: 'unreachable'; until: number; failures: number };

export type RobotsVerdict = 'allow' | 'disallow' | 'unknown' | 'unreachable' | 'given-up';

export interface RobotsOptions {
  /** How long a fetched robots.txt is trusted. Default 24 h. */
  ttlMs?: number;
  /** How long an unreachable robots.txt keeps its host disallowed before a new try. Default 10 min (the crawler: its retry back-off). */
  retryMs?: number;
  /** Unreachable this many times in a row: the host is given up. Default 3 (the crawler: its maxRetries + 1). */
  maxFailures?: number;
}

export const MAX_ROBOTS_BYTES = 500 * 1024;

/** What crawlDelayMs gives for a Crawl-delay past any finite number of ms: a finite "forever". */
export const UNBOUNDED_DELAY_MS = Number.MAX_SAFE_INTEGER;

/** The product token robots.txt groups are matched against: "thresher" from "thresher/0.1 (+url)". */
export function robotsToken(userAgent: string): string {
  return (userAgent.trim().split(/[\s/]/)[0] || '*').toLowerCase();
}

export class RobotsCache {
  private readonly states = new Map<string, RobotsState>();
  readonly ttlMs: number;
  readonly retryMs: number;
  readonly maxFailures: number;
  constructor(private readonly token: string, opts: RobotsOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 24 * 3600_000;
    this.retryMs = opts.retryMs ?? 10 * 60_000;
    this.maxFailures = opts.maxFailures ?? 3;
  }

  state(host: string): RobotsState { return this.states.get(host) ?? { kind: 'unknown' }; }

  /** Whether a fresh robots.txt (or a settled failure) is known for the host at `now`. */
  needsFetch(host: string, now: number): boolean {
    const s = this.state(host);
    switch (s.kind) {
      case 'unknown': return true;
      case 'parsed': case 'allow-all': return now - s.fetchedAt > this.ttlMs;
      case 'unreachable': return s.failures < this.maxFailures && now >= s.until;
    }
  }

  /**
   * Record a robots.txt answer. `origin` is the host's own scheme://host:port (the rules
   * apply to it even when robots.txt was redirected elsewhere). Returns the new state.
   */
  fromResponse(host: string, origin: string, status: number, body: string, now: number): RobotsState {
    let s: RobotsState;
    if (status >= 200 && status < 300) {
      s = { kind: 'parsed', robot: robotsParser(`${origin}/robots.txt`, body.slice(0, MAX_ROBOTS_BYTES)), fetchedAt: now };
    } else if (status >= 400 && status < 500 && status !== 429) {
      s = { kind: 'allow-all', fetchedAt: now, status };
    } else {
      return this.unreachable(host, now);
    }
    this.states.set(host, s);
    return s;
  }

  /** robots.txt could not be had (5xx, 429, network error, redirect loop). */
  unreachable(host: string, now: number): RobotsState {
    const prev = this.state(host);
    const failures = (prev.kind === 'unreachable' ? prev.failures : 0) + 1;
    const s: RobotsState = { kind: 'unreachable', until: now + this.retryMs, failures };
    this.states.set(host, s);
    return s;
  }

  /** Restore a saved state (resume). */
  restore(host: string, origin: string, robots: string | null, status: string | null, at: number, failures: number): void {
    if (status === 'parsed' && robots !== null) this.states.set(host, { kind: 'parsed', robot: robotsParser(`${origin}/robots.txt`, robots), fetchedAt: at });
    else if (status?.startsWith('allow-all')) this.states.set(host, { kind: 'allow-all', fetchedAt: at, status: Number(status.split(':')[1] ?? 404) });
    else if (status === 'unreachable') this.states.set(host, { kind: 'unreachable', until: at + this.retryMs, failures });
  }

  /**
   * Whether `url` may be fetched. With `now`, rules older than `ttlMs` count as unknown, so
   * that a long (or resumed) crawl asks for robots.txt again before it goes on.
   */
  verdict(host: string, url: string, now?: number): RobotsVerdict {
    const s = this.state(host);
    if (now !== undefined && (s.kind === 'parsed' || s.kind === 'allow-all') && now - s.fetchedAt > this.ttlMs) return 'unknown';
    switch (s.kind) {
      case 'unknown': return 'unknown';
      case 'allow-all': return 'allow';
      case 'unreachable': return s.failures >= this.maxFailures ? 'given-up' : 'unreachable';
      case 'parsed': return s.robot.isAllowed(url, this.token) === false ? 'disallow' : 'allow';
    }
  }

  /**
   * Crawl-delay for our token (or *), in ms, if the host's robots.txt sets one. A delay too
   * large for a number ("Infinity", "1e400") is UNBOUNDED_DELAY_MS, past any cap, so that the
   * crawler defers the host rather than taking it for no delay at all.
   */
  crawlDelayMs(host: string): number | undefined {
    const s = this.state(host);
    if (s.kind !== 'parsed') return undefined;
    const d = s.robot.getCrawlDelay(this.token);
    if (typeof d !== 'number' || !(d > 0)) return undefined;
    return Math.min(d * 1000, UNBOUNDED_DELAY_MS);
  }

  sitemaps(host: string): string[] {
    const s = this.state(host);
    return s.kind === 'parsed' ? s.robot.getSitemaps() : [];
  }
}

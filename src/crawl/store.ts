/**
 * The crawl's state in SQLite (better-sqlite3): the seen-URL set with each URL's state, the
 * queued part of it (the frontier, rebuilt from here on resume: robots.txt, sitemaps, pages and
 * assets alike), per-host timing and cached robots.txt, every fault, and the WARC length that
 * the committed state accounts for.
 *
 * Each fetch is settled by one transaction written right after its WARC records, so after a
 * crash the state names exactly the records that were committed: on resume the WARC is cut
 * back to `warcOffset`, URLs still queued (in flight at the crash) are fetched again, and
 * nothing committed is fetched twice. WAL journal, synchronous=NORMAL: durable across a killed
 * process (not across power loss). The database is held with an exclusive lock, so two crawls
 * cannot share one state.
 */
import Database from 'better-sqlite3';
import { ThresherError } from '../errors.js';
import type { EntryKind, FrontierEntry } from './frontier.js';

export type UrlState = 'queued' | 'done' | 'failed' | 'skipped';

export interface UrlRow {
  url: string; host: string; depth: number; kind: EntryKind; state: UrlState;
  notBefore: number; attempts: number; via: string[]; seq: number;
  status: number | null; reason: string | null;
}

export interface HostRow {
  host: string; lastEnd: number; latencyMs: number;
  /** No request before this (a Retry-After), so that it holds across a stop and resume. */
  deferredUntil: number;
}

/** robots.txt as last settled for one origin (scheme://host:port). */
export interface RobotsRow { origin: string; body: string | null; status: string; fetchedAt: number; failures: number }

/**
 * How many more pages, sitemaps and assets may be admitted: each kind's own budget (maxPages,
 * maxSitemaps; assets: none unless given), and `queue`, the room left in the frontier for all
 * three (maxFrontier; default none).
 */
export interface Budget { page: number; sitemap: number; asset?: number; queue?: number }

/** URLs newly admitted, and how many new ones were refused because the frontier was full. */
export interface Admission { added: FrontierEntry[]; cut: number }

/** What one settled fetch changes, written in one transaction. */
export interface Settlement {
  url: string;
  /** New state; 'queued' re-queues the URL for a retry with `notBefore` and `attempts`. */
  state: UrlState;
  notBefore?: number;
  attempts: number;
  status?: number | null;
  reason?: string | null;
  fetchedAt?: number;
  /** Faults met by this attempt (counted in the fault table). */
  faults?: string[];
  /** URLs discovered (admitted by the caller): inserted if unseen. */
  discovered?: FrontierEntry[];
  host?: HostRow;
  warcOffset?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS urls (
  url TEXT PRIMARY KEY, host TEXT NOT NULL, depth INTEGER NOT NULL, kind TEXT NOT NULL,
  state TEXT NOT NULL, not_before REAL NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
  via TEXT, seq INTEGER NOT NULL, status INTEGER, reason TEXT, fetched_at REAL);
CREATE INDEX IF NOT EXISTS urls_state ON urls(state);
CREATE TABLE IF NOT EXISTS hosts (
  host TEXT PRIMARY KEY, last_end REAL NOT NULL DEFAULT 0, latency_ms REAL NOT NULL DEFAULT 0,
  deferred_until REAL NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS robots (
  origin TEXT PRIMARY KEY, body TEXT, status TEXT NOT NULL, fetched_at REAL NOT NULL, failures INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS faults (id INTEGER PRIMARY KEY, url TEXT NOT NULL, kind TEXT NOT NULL, at REAL NOT NULL);
`;

const STATE_VERSION = '1';

export class CrawlStore {
  private db: Database.Database;
  private stmts: Record<string, Database.Statement>;
  private seqNext: number;
  /**
   * Settle one fetch in one transaction. Discovered URLs not seen before are inserted as
   * queued, pages and sitemaps only while their `budget` lasts; returns those inserted.
   */
  readonly settle: (s: Settlement, now: number, budget: Budget) => Admission;

  constructor(path: string) {
    try {
      // No waiting on a lock: a state held by another crawl is refused at once.
      this.db = new Database(path, { timeout: 0 });
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('locking_mode = EXCLUSIVE');
      this.db.exec('BEGIN EXCLUSIVE; COMMIT;');
      this.db.exec(SCHEMA);
      // States written before hosts had deferred_until: the column is added, empty.
      const cols = this.db.prepare('PRAGMA table_info(hosts)').all() as Array<{ name: string }>;
      if (!cols.some((c) => c.name === 'deferred_until')) this.db.exec('ALTER TABLE hosts ADD COLUMN deferred_until REAL NOT NULL DEFAULT 0');
    } catch (e) {
      const msg = (e as Error).message;
      throw new ThresherError('E_CRAWL_STATE', /locked|busy/i.test(msg)
        ? `crawl state ${path} is in use by another crawl`
        : `crawl state ${path} cannot be opened: ${msg}`);
    }
    const version = this.getMeta('version');
    if (version === null) this.setMeta('version', STATE_VERSION);
    else if (version !== STATE_VERSION) throw new ThresherError('E_CRAWL_STATE', `crawl state ${path} has version ${version}; this thresher reads version ${STATE_VERSION}`);
    const db = this.db;
    this.stmts = {
      insert: db.prepare(`INSERT OR IGNORE INTO urls (url, host, depth, kind, state, not_before, attempts, via, seq)
        VALUES (@url, @host, @depth, @kind, 'queued', @notBefore, @attempts, @via, @seq)`),
      update: db.prepare(`UPDATE urls SET state=@state, not_before=@notBefore, attempts=@attempts, status=@status, reason=@reason,
        fetched_at=@fetchedAt WHERE url=@url`),
      fault: db.prepare('INSERT INTO faults (url, kind, at) VALUES (?, ?, ?)'),
      host: db.prepare(`INSERT INTO hosts (host, last_end, latency_ms, deferred_until) VALUES (@host, @lastEnd, @latencyMs, @deferredUntil)
        ON CONFLICT(host) DO UPDATE SET last_end=MAX(last_end, @lastEnd), latency_ms=@latencyMs, deferred_until=MAX(deferred_until, @deferredUntil)`),
      robots: db.prepare(`INSERT INTO robots (origin, body, status, fetched_at, failures) VALUES (@origin, @body, @status, @at, @failures)
        ON CONFLICT(origin) DO UPDATE SET body=@body, status=@status, fetched_at=@at, failures=@failures`),
      meta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value'),
      has: db.prepare('SELECT 1 FROM urls WHERE url = ?'),
    };
    this.seqNext = (db.prepare('SELECT COALESCE(MAX(seq), -1) + 1 AS n FROM urls').get() as { n: number }).n;
    this.settle = db.transaction((s: Settlement, now: number, budget: Budget): Admission => {
      const added = this.insertNew(s.discovered ?? [], budget);
      this.stmts.update.run({
        url: s.url, state: s.state, notBefore: s.notBefore ?? 0, attempts: s.attempts,
        status: s.status ?? null, reason: s.reason ?? null, fetchedAt: s.fetchedAt ?? null,
      });
      for (const f of s.faults ?? []) this.stmts.fault.run(s.url, f, now);
      if (s.host) this.stmts.host.run(s.host);
      if (s.warcOffset !== undefined) this.stmts.meta.run('warcOffset', String(s.warcOffset));
      return added;
    });
  }

  nextSeq(): number { return this.seqNext++; }

  private insertRow(e: FrontierEntry): number {
    return this.stmts.insert.run({ url: e.url, host: e.host, depth: e.depth, kind: e.kind, notBefore: e.notBefore, attempts: e.attempts, via: e.via.length ? JSON.stringify(e.via) : null, seq: e.seq }).changes;
  }

  private insertNew(entries: FrontierEntry[], budget: Budget): Admission {
    const added: FrontierEntry[] = [];
    let cut = 0;
    const left = { queue: Infinity, ...budget, asset: budget.asset ?? Infinity };
    for (const e of entries) {
      const kind = e.kind === 'robots' ? null : e.kind;
      if (kind && left[kind] <= 0) continue;
      // A full frontier refuses new URLs without recording them: found again later, when there
      // is room, they are admitted then.
      if (kind && left.queue <= 0) { if (!this.seen(e.url)) cut++; continue; }
      if (!this.insertRow(e)) continue;
      added.push(e);
      if (kind) { left[kind]--; left.queue--; }
    }
    return { added, cut };
  }

  /** Insert URLs not seen before (pages, sitemaps and assets while their budget lasts); returns those inserted. */
  admit(entries: FrontierEntry[], budget: Budget): Admission {
    return this.db.transaction(() => this.insertNew(entries, budget))();
  }

  /** Put a settled URL back in the queue (a robots.txt to fetch again); false if it is unknown or queued. */
  requeue(url: string): boolean {
    return this.db.prepare("UPDATE urls SET state = 'queued', not_before = 0 WHERE url = ? AND state != 'queued'").run(url).changes > 0;
  }

  /** Whether the URL is in the seen set (any state). */
  seen(url: string): boolean { return this.stmts.has.get(url) !== undefined; }

  getMeta(key: string): string | null {
    const r = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return r ? r.value : null;
  }
  setMeta(key: string, value: string): void { this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value').run(key, value); }

  queued(): FrontierEntry[] {
    const rows = this.db.prepare("SELECT url, host, depth, kind, not_before, attempts, via, seq FROM urls WHERE state = 'queued' ORDER BY seq").all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      url: r.url as string, host: r.host as string, depth: r.depth as number, kind: r.kind as EntryKind,
      notBefore: r.not_before as number, attempts: r.attempts as number, via: r.via ? JSON.parse(r.via as string) as string[] : [], seq: r.seq as number,
    }));
  }

  hosts(): HostRow[] {
    const rows = this.db.prepare('SELECT * FROM hosts').all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({ host: r.host as string, lastEnd: r.last_end as number, latencyMs: r.latency_ms as number, deferredUntil: r.deferred_until as number }));
  }

  robotsRows(): RobotsRow[] {
    const rows = this.db.prepare('SELECT * FROM robots').all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({ origin: r.origin as string, body: r.body as string | null, status: r.status as string, fetchedAt: r.fetched_at as number, failures: r.failures as number }));
  }

  saveRobots(origin: string, body: string | null, status: string, at: number, failures: number): void {
    this.stmts.robots.run({ origin, body, status, at, failures });
  }

  /** Count of URLs per state and kind. */
  counts(): Array<{ kind: EntryKind; state: UrlState; n: number }> {
    return this.db.prepare('SELECT kind, state, COUNT(*) AS n FROM urls GROUP BY kind, state').all() as Array<{ kind: EntryKind; state: UrlState; n: number }>;
  }

  /** URLs of a host still queued. */
  queuedOn(host: string): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM urls WHERE host = ? AND state = 'queued'").get(host) as { n: number }).n;
  }

  /** URLs of a kind admitted so far (any state): what maxPages and maxSitemaps bound. */
  admitted(kind: EntryKind): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM urls WHERE kind = ?').get(kind) as { n: number }).n;
  }

  faultCounts(): Record<string, number> {
    const rows = this.db.prepare('SELECT kind, COUNT(*) AS n FROM faults GROUP BY kind').all() as Array<{ kind: string; n: number }>;
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  /** Every URL row (for reports and tests). */
  rows(): UrlRow[] {
    const rows = this.db.prepare('SELECT * FROM urls ORDER BY seq').all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      url: r.url as string, host: r.host as string, depth: r.depth as number, kind: r.kind as EntryKind, state: r.state as UrlState,
      notBefore: r.not_before as number, attempts: r.attempts as number, via: r.via ? JSON.parse(r.via as string) as string[] : [],
      seq: r.seq as number, status: r.status as number | null, reason: r.reason as string | null,
    }));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/**
 * Where a corpus run puts its records: an embedded SQLite database (better-sqlite3) with an FTS5
 * index over titles, abstracts and topic content (paper 000 §7.3: the cleaned pages as a search
 * engine's store), and a JSON Lines copy of the same records.
 *
 * On request, a WARC file of the same records too (warc-out.ts).
 *
 * Resuming: records are committed in corpus order, in batches. A batch is appended to the JSONL
 * file (and the WARC file) and fsynced first; then one SQLite transaction stores its rows
 * together with the next corpus index and the files' committed lengths. That transaction opens
 * with the batch's first replica decision (replica-store.ts writes the replica index inside it),
 * so the index never holds a page whose batch was not committed. A run killed anywhere
 * restarts from the committed index and cuts the files back to their committed lengths, so no
 * record is lost and none is written twice. What the learning passes learned (site models, the
 * aggressive stop list) is stored in one transaction before the first record, so a resumed run
 * cleans the rest of the corpus with the same models.
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ThresherError } from '../errors.js';
import type { IndexFields } from '../corpus/search-text.js';
import type { SiteModel } from '../site/model.js';
import { StoredReplicaIndex, type ReplicaChoice } from './replica-store.js';
import { warcInfoRecord, warcRecordOf } from './warc-out.js';

export const STORE_FILE = 'thresher.db';
export const RECORDS_FILE = 'records.jsonl';
export const WARC_FILE = 'records.warc.gz';
export const LOCK_FILE = 'thresher.lock';
/** 4: the FTS index holds its own text, cut into words for CJK and Thai (corpus/search-text.ts), with + and # as word characters. */
export const SCHEMA_VERSION = '4';
/** The FTS5 tokenizer of the index; search-text.ts makes the text and the queries it reads. */
export const FTS_TOKENIZER = "unicode61 tokenchars '+#'";

/** What the learning passes found, as the store keeps it. */
export interface Learned {
  models: SiteModel[];
  skipped: { host: string; pages: number; reason: string }[];
  aggressiveStopWords: string[];
  /** Pages the stop list's document frequencies were counted over. */
  statsDocs: number;
}

/**
 * A stored page: what the JSONL line and the docs row hold. Deterministic: the same corpus gives
 * the same records whatever the workers; timings are kept beside it, in the docs row only.
 */
export interface StoredRecord {
  index: number;
  id: string;
  url?: string;
  host: string;
  type: string;
  title: string;
  lang?: string;
  abstract?: string;
  content: string;
  [field: string]: unknown;
}

export type BatchEntry =
  | { kind: 'record'; record: StoredRecord; timings?: Record<string, number>; index?: IndexFields }
  | { kind: 'replica'; index: number; id: string; canonical: string; method: string }
  | { kind: 'failure'; index: number; id: string; code: string; message: string };

export interface StoreState {
  /** Corpus index to go on from. */
  nextIndex: number;
  records: number;
  replicas: number;
  failures: number;
  complete: boolean;
}

/** An append-only file whose committed length lives in the store's meta table. */
interface CommittedFile { fd: number; bytes: number; key: string }

export class CorpusStore {
  private readonly db: Database.Database;
  private readonly jsonl: CommittedFile;
  private readonly warc: CommittedFile | null;
  /** When the store was created (ISO 8601): the WARC-Date of its WARC records, so a resumed run writes the same. */
  readonly created: string;

  /**
   * Opens (or creates) the store in `dir`; a store of another input, or of the same input with
   * other settings, is refused. `warc`: write DIR/records.warc.gz too.
   */
  constructor(readonly dir: string, input: string, options: { warc?: boolean } = {}) {
    makeOutDir(dir);
    try {
      this.db = new Database(join(dir, STORE_FILE));
    } catch (e) {
      throw new ThresherError('E_STORE', `cannot open ${join(dir, STORE_FILE)}: ${(e as Error).message}`);
    }
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS docs (idx INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, url TEXT, host TEXT, type TEXT,
        title TEXT, lang TEXT, abstract TEXT, content TEXT, record TEXT NOT NULL, timings TEXT);
      CREATE TABLE IF NOT EXISTS replicas (idx INTEGER PRIMARY KEY, id TEXT NOT NULL, canonical TEXT NOT NULL, method TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS replicas_id ON replicas (id);
      CREATE TABLE IF NOT EXISTS failures (idx INTEGER PRIMARY KEY, id TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS sites (host TEXT PRIMARY KEY, pages INTEGER NOT NULL, model TEXT);
      CREATE TABLE IF NOT EXISTS site_skips (host TEXT PRIMARY KEY, pages INTEGER NOT NULL, reason TEXT NOT NULL);
      CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5(title, abstract, content, tokenize="${FTS_TOKENIZER}");
    `);
    const stored = this.meta('input');
    if (stored === undefined) {
      this.setMeta('input', input);
      this.setMeta('schema', SCHEMA_VERSION);
      this.setMeta('created', new Date().toISOString());
    } else if (stored !== input) {
      this.db.close();
      throw new ThresherError('E_STORE', `${dir} holds a run over another corpus or with other settings (${stored}; this run: ${input}); choose another --out or pass --fresh`);
    } else if (this.meta('schema') !== SCHEMA_VERSION) {
      const schema = this.meta('schema');
      this.db.close();
      throw new ThresherError('E_STORE', `${dir} was written by another version of thresher (store schema ${schema}, this build ${SCHEMA_VERSION}); use --fresh`);
    }
    this.created = this.meta('created') ?? new Date(0).toISOString();
    this.jsonl = this.openCommitted(RECORDS_FILE, 'jsonl_bytes');
    this.warc = options.warc ? this.openCommitted(WARC_FILE, 'warc_bytes') : null;
  }

  private openCommitted(name: string, key: string): CommittedFile {
    const path = join(this.dir, name);
    let fd: number;
    try { fd = openSync(path, existsSync(path) ? 'r+' : 'w+'); } catch (e) {
      this.db.close();
      throw new ThresherError('E_OUTPUT', `cannot write ${path}: ${(e as Error).message}`);
    }
    const bytes = Number(this.meta(key) ?? 0);
    // Bytes past the committed length belong to a batch whose transaction never committed.
    if (fstatSync(fd).size > bytes) ftruncateSync(fd, bytes);
    return { fd, bytes, key };
  }

  /** What the learning passes stored, or undefined when they have not finished. */
  learned(): Learned | undefined {
    if (this.meta('learned') !== '1') return undefined;
    const models = (this.db.prepare('SELECT model FROM sites ORDER BY host').all() as { model: string }[]).map((r) => JSON.parse(r.model) as SiteModel);
    const skipped = this.db.prepare('SELECT host, pages, reason FROM site_skips ORDER BY host').all() as Learned['skipped'];
    return { models, skipped, aggressiveStopWords: JSON.parse(this.meta('aggressive_stop_words') ?? '[]'), statsDocs: Number(this.meta('stats_docs') ?? 0) };
  }

  /** Stores what the learning passes found, at once. */
  saveLearned(l: Learned): void {
    this.db.transaction(() => {
      const site = this.db.prepare('INSERT OR REPLACE INTO sites (host, pages, model) VALUES (?,?,?)');
      for (const m of l.models) site.run(m.host, m.learnedFrom.pages, JSON.stringify(m));
      const skip = this.db.prepare('INSERT OR REPLACE INTO site_skips (host, pages, reason) VALUES (?,?,?)');
      for (const k of l.skipped) skip.run(k.host, k.pages, k.reason);
      this.setMeta('aggressive_stop_words', JSON.stringify(l.aggressiveStopWords));
      this.setMeta('stats_docs', String(l.statsDocs));
      this.setMeta('learned', '1');
    })();
  }

  /** A host's site model (JSON text), if the run learned one. */
  siteModel(host: string): string | undefined {
    return (this.db.prepare('SELECT model FROM sites WHERE host = ?').get(host) as { model: string } | undefined)?.model;
  }

  /** Hosts with a site model. */
  siteHosts(): Set<string> {
    return new Set((this.db.prepare('SELECT host FROM sites').all() as { host: string }[]).map((r) => r.host));
  }

  state(): StoreState {
    const count = (t: string) => (this.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    return {
      nextIndex: Number(this.meta('next_index') ?? 0), records: count('docs'), replicas: count('replicas'),
      failures: count('failures'), complete: this.meta('complete') === '1',
    };
  }

  /** Whether a committed record or replica has this id. */
  hasId(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM docs WHERE id = ? UNION ALL SELECT 1 FROM replicas WHERE id = ?').get(id, id) !== undefined;
  }

  /** The run's replica index, in this store, written as part of the batch being built. */
  replicaIndex(method: ReplicaChoice): StoredReplicaIndex {
    return new StoredReplicaIndex(this.db, method, () => this.openBatch());
  }

  /** Opens the transaction of the batch being built, if none is open; commit() ends it. */
  private openBatch(): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN IMMEDIATE');
  }

  /** Stores a batch of consecutive corpus entries; `nextIndex` is where the run goes on. */
  commit(entries: BatchEntry[], nextIndex: number): void {
    const records: [StoredRecord, string][] = [];
    // Each record is serialized once: its JSONL line is also its docs row (a page's content can be tens of MB).
    const lines = new Map<StoredRecord, string>();
    for (const e of entries) if (e.kind === 'record') { const line = JSON.stringify(e.record); records.push([e.record, line]); lines.set(e.record, line); }
    const jsonlBytes = append(this.jsonl, records.length ? [Buffer.from(records.map((r) => r[1]).join('\n') + '\n', 'utf8')] : []);
    let warcBytes = 0;
    if (this.warc) {
      const bufs = this.warc.bytes === 0 ? [warcInfoRecord(this.created)] : [];
      for (const [r, line] of records) bufs.push(warcRecordOf(r, line, this.created));
      warcBytes = append(this.warc, bufs);
    }
    const insertDoc = this.db.prepare('INSERT INTO docs (idx, id, url, host, type, title, lang, abstract, content, record, timings) VALUES (?,?,?,?,?,?,?,?,?,?,?)');
    const insertFts = this.db.prepare('INSERT INTO docs_fts (rowid, title, abstract, content) VALUES (?,?,?,?)');
    const insertReplica = this.db.prepare('INSERT INTO replicas (idx, id, canonical, method) VALUES (?,?,?,?)');
    const insertFailure = this.db.prepare('INSERT INTO failures (idx, id, code, message) VALUES (?,?,?,?)');
    this.openBatch();
    try {
      for (const e of entries) {
        if (e.kind === 'record') {
          const r = e.record;
          insertDoc.run(r.index, r.id, r.url ?? null, r.host, r.type, r.title, r.lang ?? null, r.abstract ?? null, r.content, lines.get(r)!, e.timings ? JSON.stringify(e.timings) : null);
          insertFts.run(r.index, e.index?.title ?? r.title, e.index?.abstract ?? r.abstract ?? '', e.index?.content ?? r.content);
        } else if (e.kind === 'replica') insertReplica.run(e.index, e.id, e.canonical, e.method);
        else insertFailure.run(e.index, e.id, e.code, e.message);
      }
      this.setMeta('next_index', String(nextIndex));
      this.setMeta(this.jsonl.key, String(this.jsonl.bytes + jsonlBytes));
      if (this.warc) this.setMeta(this.warc.key, String(this.warc.bytes + warcBytes));
      this.db.exec('COMMIT');
    } catch (e) {
      this.db.exec('ROLLBACK');
      throw e;
    }
    this.jsonl.bytes += jsonlBytes;
    if (this.warc) this.warc.bytes += warcBytes;
  }

  markComplete(): void {
    this.setMeta('complete', '1');
  }

  /** Closes the store; a batch that was not committed is rolled back. */
  close(): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    closeSync(this.jsonl.fd);
    if (this.warc) closeSync(this.warc.fd);
    this.db.close();
  }

  /** Counts by page type and category, records cleaned with a site model, and failures by code, for the summary. */
  tallies(): { types: Record<string, number>; categories: Record<string, number>; siteModel: number; failures: Record<string, number> } {
    const group = (sql: string): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const r of this.db.prepare(sql).all() as { k: string | null; n: number }[]) if (r.k !== null) out[r.k] = r.n;
      return out;
    };
    const siteModel = (this.db.prepare("SELECT count(*) AS n FROM docs WHERE json_extract(record, '$.siteModel') = 1").get() as { n: number }).n;
    return {
      types: group('SELECT type AS k, count(*) AS n FROM docs GROUP BY type'),
      categories: group("SELECT json_extract(record, '$.category') AS k, count(*) AS n FROM docs GROUP BY k"),
      siteModel,
      failures: group('SELECT code AS k, count(*) AS n FROM failures GROUP BY code'),
    };
  }

  failureList(limit: number): { id: string; code: string; message: string }[] {
    return this.db.prepare('SELECT id, code, message FROM failures ORDER BY idx LIMIT ?').all(limit) as { id: string; code: string; message: string }[];
  }

  private meta(key: string): string | undefined {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  private setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }
}

/**
 * Claims an output directory for one run: DIR/thresher.lock holds the run's process id. Two runs
 * writing one store would interleave their JSONL batches (and `--fresh` would delete the other's
 * files), so a second run is refused (E_STORE) while the first is alive. A lock whose process is
 * gone (a killed run) is taken over, so resuming needs nothing by hand. Returns the release.
 */
export function lockRunDir(dir: string): () => void {
  makeOutDir(dir);
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new ThresherError('E_STORE', `cannot create ${path}: ${(e as Error).message}`);
    }
    let owner = NaN;
    try { owner = Number(readFileSync(path, 'utf8')); } catch { /* removed meanwhile: try again */ }
    if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
      throw new ThresherError('E_STORE', `${dir} is in use by another thresher run (process ${owner}); wait for it to finish or choose another --out (if no such run exists, remove ${path})`);
    }
    rmSync(path, { force: true });
  }
  throw new ThresherError('E_STORE', `cannot claim ${path}: other runs keep taking it`);
}

/** Creates the output folder (and its parents); a path that is a file, or cannot be created, is E_OUTPUT. */
function makeOutDir(dir: string): void {
  try { mkdirSync(dir, { recursive: true }); } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'it (or a folder above it) is a file' : (e as Error).message;
    throw new ThresherError('E_OUTPUT', `cannot create the output folder ${dir}: ${why}`);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes `bufs` after the file's committed length and fsyncs; returns the bytes written (committed by the caller). */
function append(f: CommittedFile, bufs: Uint8Array[]): number {
  let at = f.bytes;
  for (const b of bufs) {
    let off = 0;
    while (off < b.length) off += writeSync(f.fd, b, off, b.length - off, at + off);
    at += b.length;
  }
  if (at > f.bytes) fsyncSync(f.fd);
  return at - f.bytes;
}

// Search moved to search.ts; kept here for callers that import it from the store.
export { searchStore, searchCorpus, type SearchHit, type SearchResult } from './search.js';

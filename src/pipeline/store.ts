/**
 * Where a corpus run puts its records: an embedded SQLite database (better-sqlite3) with an FTS5
 * index over titles, abstracts and topic content (paper 000 §7.3: the cleaned pages as a search
 * engine's store), and a JSON Lines copy of the same records.
 *
 * Resuming: records are committed in corpus order, in batches. A batch is appended to the JSONL
 * file and fsynced first; then one SQLite transaction stores its rows together with the next
 * corpus index and the JSONL file's committed length. A run killed anywhere restarts from the
 * committed index and cuts the JSONL file back to its committed length, so no record is lost and
 * none is written twice.
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ThresherError } from '../errors.js';

export const STORE_FILE = 'thresher.db';
export const RECORDS_FILE = 'records.jsonl';
const SCHEMA_VERSION = '1';

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
  | { kind: 'record'; record: StoredRecord; timings?: Record<string, number> }
  | { kind: 'replica'; index: number; id: string; canonical: string; method: string; content: string }
  | { kind: 'failure'; index: number; id: string; code: string; message: string };

export interface StoreState {
  /** Corpus index to go on from. */
  nextIndex: number;
  records: number;
  replicas: number;
  failures: number;
  complete: boolean;
}

export class CorpusStore {
  private readonly db: Database.Database;
  private readonly jsonl: number;
  private jsonlBytes: number;

  /** Opens (or creates) the store in `dir`; a store of another input is refused. */
  constructor(readonly dir: string, input: string) {
    mkdirSync(dir, { recursive: true });
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
      CREATE TABLE IF NOT EXISTS replicas (idx INTEGER PRIMARY KEY, id TEXT NOT NULL, canonical TEXT NOT NULL, method TEXT NOT NULL, content TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS failures (idx INTEGER PRIMARY KEY, id TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL);
      CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5(title, abstract, content, content='docs', content_rowid='idx');
    `);
    const stored = this.meta('input');
    if (stored === undefined) {
      this.setMeta('input', input);
      this.setMeta('schema', SCHEMA_VERSION);
    } else if (stored !== input) {
      this.db.close();
      throw new ThresherError('E_STORE', `${dir} holds a run over another corpus (${stored}); choose another --out or pass --fresh`);
    } else if (this.meta('schema') !== SCHEMA_VERSION) {
      this.db.close();
      throw new ThresherError('E_STORE', `${dir} was written by another version of thresher (store schema ${this.meta('schema')}, this build ${SCHEMA_VERSION}); use --fresh`);
    }
    this.jsonlBytes = Number(this.meta('jsonl_bytes') ?? 0);
    const path = join(dir, RECORDS_FILE);
    this.jsonl = openSync(path, existsSync(path) ? 'r+' : 'w+');
    // Lines past the committed length belong to a batch whose transaction never committed.
    if (fstatSync(this.jsonl).size > this.jsonlBytes) ftruncateSync(this.jsonl, this.jsonlBytes);
  }

  state(): StoreState {
    const count = (t: string) => (this.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    return {
      nextIndex: Number(this.meta('next_index') ?? 0), records: count('docs'), replicas: count('replicas'),
      failures: count('failures'), complete: this.meta('complete') === '1',
    };
  }

  hasId(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM docs WHERE id = ?').get(id) !== undefined;
  }

  /** Every page that reached the replica index (records and replicas), in corpus order: how a resumed run rebuilds it. */
  *indexedContent(): Generator<{ id: string; content: string }> {
    for (const row of this.db.prepare('SELECT idx, id, content FROM docs UNION ALL SELECT idx, id, content FROM replicas ORDER BY idx').iterate()) {
      yield row as { id: string; content: string };
    }
  }

  /** Stores a batch of consecutive corpus entries; `nextIndex` is where the run goes on. */
  commit(entries: BatchEntry[], nextIndex: number): void {
    let lines = '';
    for (const e of entries) if (e.kind === 'record') lines += JSON.stringify(e.record) + '\n';
    if (lines) {
      const buf = Buffer.from(lines, 'utf8');
      let off = 0;
      while (off < buf.length) off += writeSync(this.jsonl, buf, off, buf.length - off, this.jsonlBytes + off);
      fsyncSync(this.jsonl);
    }
    const newBytes = this.jsonlBytes + Buffer.byteLength(lines, 'utf8');
    const insertDoc = this.db.prepare('INSERT INTO docs (idx, id, url, host, type, title, lang, abstract, content, record, timings) VALUES (?,?,?,?,?,?,?,?,?,?,?)');
    const insertFts = this.db.prepare('INSERT INTO docs_fts (rowid, title, abstract, content) VALUES (?,?,?,?)');
    const insertReplica = this.db.prepare('INSERT INTO replicas (idx, id, canonical, method, content) VALUES (?,?,?,?,?)');
    const insertFailure = this.db.prepare('INSERT INTO failures (idx, id, code, message) VALUES (?,?,?,?)');
    this.db.transaction(() => {
      for (const e of entries) {
        if (e.kind === 'record') {
          const r = e.record;
          insertDoc.run(r.index, r.id, r.url ?? null, r.host, r.type, r.title, r.lang ?? null, r.abstract ?? null, r.content, JSON.stringify(r), e.timings ? JSON.stringify(e.timings) : null);
          insertFts.run(r.index, r.title, r.abstract ?? '', r.content);
        } else if (e.kind === 'replica') insertReplica.run(e.index, e.id, e.canonical, e.method, e.content);
        else insertFailure.run(e.index, e.id, e.code, e.message);
      }
      this.setMeta('next_index', String(nextIndex));
      this.setMeta('jsonl_bytes', String(newBytes));
    })();
    this.jsonlBytes = newBytes;
  }

  markComplete(): void {
    this.setMeta('complete', '1');
  }

  close(): void {
    closeSync(this.jsonl);
    this.db.close();
  }

  /** Counts by page type, and failures by code, for the summary. */
  tallies(): { types: Record<string, number>; failures: Record<string, number> } {
    const types: Record<string, number> = {}, failures: Record<string, number> = {};
    for (const r of this.db.prepare('SELECT type, count(*) AS n FROM docs GROUP BY type').all() as { type: string; n: number }[]) types[r.type] = r.n;
    for (const r of this.db.prepare('SELECT code, count(*) AS n FROM failures GROUP BY code').all() as { code: string; n: number }[]) failures[r.code] = r.n;
    return { types, failures };
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

export interface SearchHit {
  id: string;
  title: string;
  url?: string;
  /** FTS5 bm25: lower is better. */
  score: number;
  snippet: string;
}

/** Full-text search over a run's store (title weighted above abstract above content). */
export function searchStore(dir: string, query: string, limit = 10): SearchHit[] {
  const path = join(dir, STORE_FILE);
  if (!existsSync(path)) throw new ThresherError('E_INPUT_NOT_FOUND', `no thresher store in ${dir} (expected ${STORE_FILE}; run \`thresher run … --out ${dir}\` first)`);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare(`
      SELECT d.id AS id, d.title AS title, d.url AS url, bm25(docs_fts, 5.0, 2.0, 1.0) AS score,
             snippet(docs_fts, 2, '[', ']', '…', 12) AS snippet
      FROM docs_fts JOIN docs d ON d.idx = docs_fts.rowid
      WHERE docs_fts MATCH ? ORDER BY score LIMIT ?`).all(ftsQuery(query), limit) as SearchHit[];
    return rows.map((r) => (r.url === null ? { ...r, url: undefined } : r));
  } finally {
    db.close();
  }
}

/** Free text → an FTS5 query of its words (all required), so user punctuation is never FTS syntax. */
export function ftsQuery(text: string): string {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) throw new ThresherError('E_BAD_OPTION', `the query "${text}" has no words to search for`);
  return words.map((w) => `"${w}"`).join(' ');
}

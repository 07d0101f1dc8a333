/**
 * Full-text search over a run's store (`thresher search`): FTS5 with BM25 ranking, the title
 * weighted above the abstract above the content. Queries are built by corpus/search-text.ts, the
 * same way the index text was made.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ThresherError } from '../errors.js';
import { buildFtsQuery, INDEX_SEPARATOR } from '../corpus/search-text.js';
import { SCHEMA_VERSION, STORE_FILE } from './store.js';

export interface SearchHit {
  id: string;
  title: string;
  url?: string;
  /**
   * How well the record matches: BM25 (FTS5's, with the column weights above) turned positive,
   * so higher is better. Scores compare hits of one query, not across queries.
   */
  score: number;
  /** Up to 12 words of the content around the matches, each match in [brackets]. */
  snippet: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** What the search left out (words past the cap, over-long words), to show the user. */
  warnings: string[];
}

const SEPARATORS = new RegExp(INDEX_SEPARATOR, 'g');

/** Searches the store in `dir`; throws E_BAD_OPTION for a query with no word, E_STORE for a store of another version. */
export function searchCorpus(dir: string, query: string, limit = 10): SearchResult {
  const path = join(dir, STORE_FILE);
  if (!existsSync(path)) throw new ThresherError('E_INPUT_NOT_FOUND', `no thresher store in ${dir} (expected ${STORE_FILE}; run \`thresher run … --out ${dir}\` first)`);
  const q = buildFtsQuery(query);
  if (!q.match) throw new ThresherError('E_BAD_OPTION', `the query "${query}" has no words to search for`);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    let schema: string | undefined;
    try { schema = (db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined)?.value; } catch { schema = undefined; }
    if (schema !== SCHEMA_VERSION) {
      throw new ThresherError('E_STORE', `${dir} was written by another version of thresher (store schema ${schema ?? 'unknown'}, this build ${SCHEMA_VERSION}) and its search index reads differently; rebuild it with \`thresher run <input> --out ${dir} --fresh\``);
    }
    const rows = db.prepare(`
      SELECT d.id AS id, d.title AS title, d.url AS url, -bm25(docs_fts, 5.0, 2.0, 1.0) AS score,
             snippet(docs_fts, 2, '[', ']', '…', 12) AS snippet
      FROM docs_fts JOIN docs d ON d.idx = docs_fts.rowid
      WHERE docs_fts MATCH ? ORDER BY score DESC LIMIT ?`).all(q.match, limit) as (SearchHit & { url: string | null })[];
    const hits = rows.map((r): SearchHit => ({
      id: r.id, title: r.title, ...(r.url === null ? {} : { url: r.url }), score: r.score, snippet: r.snippet.replace(SEPARATORS, ''),
    }));
    return { hits, warnings: q.warnings };
  } finally {
    db.close();
  }
}

/** searchCorpus's hits alone. */
export function searchStore(dir: string, query: string, limit = 10): SearchHit[] {
  return searchCorpus(dir, query, limit).hits;
}

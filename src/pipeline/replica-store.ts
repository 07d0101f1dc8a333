/**
 * Replica removal in the corpus pipeline (paper 000 §5), on topic content, with the index kept in
 * the run's SQLite store instead of in memory, so that memory stays flat as the corpus grows.
 *
 * Each page, in corpus order, is checked against every page before it: first for an exact copy,
 * then with a near-duplicate method (MinHash by default; replicas/defaults.ts says why). A page
 * that matches is a replica of the record that its best match (highest similarity, then lowest
 * id, as the in-memory indices rank them) is or replicates. A replica is still indexed, so a chain
 * of small edits stays one cluster.
 *
 * The signatures are the in-memory indices' own (SignatureIndex.sign, bucketKeys, similarity), so
 * the matches are the same; test/replica-store.test.ts checks that against them. Per track
 * ('exact', and the near method), two tables keyed by the page's corpus index:
 *   replica_sig_<track>(idx, sig)        the signature's bytes
 *   replica_bucket_<track>(key, idx)     every bucket the signature is filed under
 * and one for all tracks, replica_page(idx, id, record): the record a page is or replicates.
 * Rows are written inside the store's open batch transaction (`beforeWrite`), so a killed run
 * loses them together with the records of the batch they belong to, and a resumed run finds the
 * index exactly as it was after the last committed batch.
 */
import type Database from 'better-sqlite3';
import { createReplicaIndex } from '../corpus/replicas/create.js';
import type { BucketKey, ReplicaMethod, SignatureIndex } from '../corpus/replicas/replica-index.js';
import { INTEGRATE_TEXT_LIMIT, textBudget } from '../corpus/text-limit.js';

/**
 * Characters of a record's content its near-duplicate signature (MinHash, SimHash, keyword
 * fingerprint) is made from: the first INTEGRATE_TEXT_LIMIT, as for the DocView's words. Two
 * huge pages that agree that far are near-replicas. Exact copies are still decided on the whole
 * content (its key, the record's `fingerprint`, is computed where the page is cleaned).
 */
export const SIGNATURE_TEXT_LIMIT = INTEGRATE_TEXT_LIMIT;

export type ReplicaChoice = ReplicaMethod | 'none';

export interface ReplicaDecision {
  /** The id of the record this page replicates. */
  canonical: string;
  /** The method that found it: 'exact', or the near-duplicate method. */
  method: string;
}

/** The tracks a replica choice checks, in order: exact copies first, then the near-duplicate method. */
export function replicaTracks(method: ReplicaChoice): ReplicaMethod[] {
  return method === 'none' ? [] : method === 'exact' ? ['exact'] : ['exact', method];
}

/**
 * A record's signature on one track: its exact-copy key (the record's `fingerprint`, made where
 * the page was cleaned) on the exact track, else the method's signature of the content's first
 * SIGNATURE_TEXT_LIMIT characters; null when the method cannot judge the text. Cluster mode signs
 * its pages with this too, so its matches are the run's.
 */
export function trackSignature(index: SignatureIndex<unknown>, content: string, exactKey?: string | null): unknown | null {
  if (index.method === 'exact') return exactKey !== undefined ? exactKey : index.sign(content);
  return index.sign(textBudget(SIGNATURE_TEXT_LIMIT)(content));
}

interface Match { idx: number; id: string; record: string; similarity: number }

/** One method's signatures and buckets in the store. */
class StoredTrack {
  private readonly insertSig: Database.Statement;
  private readonly insertBucket: Database.Statement;
  /** Candidate queries by number of bucket keys (constant per method, so usually one). */
  private readonly lookups = new Map<number, Database.Statement>();

  constructor(private readonly db: Database.Database, readonly index: SignatureIndex<unknown>) {
    const t = index.method;
    db.exec(`
      CREATE TABLE IF NOT EXISTS replica_sig_${t} (idx INTEGER PRIMARY KEY, sig BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS replica_bucket_${t} (key NOT NULL, idx INTEGER NOT NULL, PRIMARY KEY (key, idx)) WITHOUT ROWID;
    `);
    this.insertSig = db.prepare(`INSERT INTO replica_sig_${t} (idx, sig) VALUES (?, ?)`);
    this.insertBucket = db.prepare(`INSERT OR IGNORE INTO replica_bucket_${t} (key, idx) VALUES (?, ?)`);
  }

  /** The indexed pages that `sig` matches, best first (similarity, then id). */
  matches(sig: unknown, keys: BucketKey[]): Match[] {
    const out: Match[] = [];
    for (const row of this.lookup(keys.length).all(...keys) as { idx: number; id: string; record: string; sig: Uint8Array }[]) {
      const similarity = this.index.similarity(sig, this.index.decode(row.sig));
      if (similarity >= 0) out.push({ idx: row.idx, id: row.id, record: row.record, similarity });
    }
    return out.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  insert(idx: number, sig: unknown, keys: BucketKey[]): void {
    this.insertSig.run(idx, this.index.encode(sig));
    for (const key of keys) this.insertBucket.run(key, idx);
  }

  private lookup(n: number): Database.Statement {
    let st = this.lookups.get(n);
    if (!st) {
      const t = this.index.method;
      st = this.db.prepare(`
        SELECT p.idx AS idx, p.id AS id, p.record AS record, s.sig AS sig
        FROM replica_page p JOIN replica_sig_${t} s ON s.idx = p.idx
        WHERE p.idx IN (SELECT idx FROM replica_bucket_${t} WHERE key IN (${new Array(n).fill('?').join(',')}))`);
      this.lookups.set(n, st);
    }
    return st;
  }
}

export class StoredReplicaIndex {
  private readonly tracks: StoredTrack[];
  private readonly insertPage: Database.Statement | null = null;

  /**
   * `method`: the near-duplicate method after exact copies ('exact': exact copies only; 'none':
   * every page is kept and nothing is stored). `beforeWrite` opens the batch transaction.
   */
  constructor(db: Database.Database, readonly method: ReplicaChoice, private readonly beforeWrite: () => void) {
    const methods = replicaTracks(method);
    if (methods.length) {
      db.exec('CREATE TABLE IF NOT EXISTS replica_page (idx INTEGER PRIMARY KEY, id TEXT NOT NULL, record TEXT NOT NULL)');
      this.insertPage = db.prepare('INSERT INTO replica_page (idx, id, record) VALUES (?, ?, ?)');
    }
    this.tracks = methods.map((m) => new StoredTrack(db, createReplicaIndex(m)));
  }

  /** Checks the page at corpus index `idx` against every page indexed before it, then indexes it. */
  admit(idx: number, id: string, content: string, exactKey?: string | null): ReplicaDecision | undefined {
    if (!this.insertPage) return undefined;
    this.beforeWrite();
    let found: ReplicaDecision | undefined;
    const signed: [StoredTrack, unknown, BucketKey[]][] = [];
    for (const track of this.tracks) {
      const sig = trackSignature(track.index, content, exactKey);
      if (sig === null) continue;
      const keys = track.index.bucketKeys(sig);
      const best = found ? undefined : track.matches(sig, keys)[0];
      if (best) found = { canonical: best.record, method: track.index.method };
      // Exact is checked first, so every copy of a text gets the record of its first copy: the
      // exact track keeps only that one. Ten thousand identical error pages then cost one row
      // read each, not a read of every earlier copy.
      if (best && track.index.method === 'exact') continue;
      signed.push([track, sig, keys]);
    }
    this.insertPage.run(idx, id, found?.canonical ?? id);
    for (const [track, sig, keys] of signed) track.insert(idx, sig, keys);
    return found;
  }
}

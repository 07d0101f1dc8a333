/**
 * The common shape of every replica detector (paper 000 §5, "replica removal"), and the
 * bookkeeping they share: ids, incremental add/query, and clusters.
 *
 * Each method reduces a text to a signature and defines when two signatures match. A match is a
 * property of the two texts alone (symmetric, independent of what else is indexed), so:
 *  - `add(id, text)` returns exactly what `query(text)` would have returned just before it;
 *  - clusters are the connected components of the match graph, and so do not depend on the
 *    order of adds (near-duplication is not transitive: A≈B and B≈C put A and C in one cluster,
 *    as a crawler that keeps one page per cluster needs);
 *  - the canonical member of a cluster is its lowest id in UTF-16 code-unit order (JavaScript's
 *    default sort). First-added would make the output of a corpus run depend on the order pages
 *    were read or the number of workers; the lowest id does not, and with normalized URLs as ids
 *    it is a stable, explainable choice. A streaming consumer that must decide at once can keep
 *    the first page it sees by reading add()'s return value instead.
 *
 * Defined behaviour at the edges:
 *  - a text that gives a method no signature (no word at all; for the keyword fingerprint, fewer
 *    words than one Interval) is indexed as a singleton: it matches nothing, and nothing matches
 *    it, not even an identical text (a crawler must not fold every empty page into one);
 *  - a text longer than `maxChars` is read up to that many UTF-16 code units (texts identical in
 *    that prefix are compared as identical), which bounds the work per page;
 *  - adding an id twice throws ThresherError E_DUPLICATE_ID.
 */
import { ThresherError } from '../../errors.js';
import { REPLICA_DEFAULTS } from './defaults.js';

export type ReplicaMethod = 'exact' | 'fingerprint' | 'minhash' | 'simhash';

export interface ReplicaMatch {
  id: string;
  /** The method's similarity estimate in [0, 1] (1 for the equality-based methods). */
  similarity: number;
}

export interface ReplicaCluster {
  /** The lowest member id in code-unit order. */
  canonical: string;
  /** Every member, canonical first, in code-unit order. */
  members: string[];
}

export interface ReplicaIndex {
  readonly method: ReplicaMethod;
  /** Number of texts added. */
  readonly size: number;
  /** Indexes `text` under `id`; returns the earlier texts it matches (best first). */
  add(id: string, text: string): ReplicaMatch[];
  /** The indexed texts that `text` matches, best first (similarity, then id); indexes nothing. */
  query(text: string): ReplicaMatch[];
  /** Clusters of two or more members, ordered by canonical id. */
  clusters(): ReplicaCluster[];
  /** The canonical id of the cluster holding `id` (itself for a singleton); undefined if unknown. */
  canonicalOf(id: string): string | undefined;
  has(id: string): boolean;
}

export interface ReplicaIndexOptions {
  /** Longest prefix of a text that is read, in UTF-16 code units. */
  maxChars?: number;
  /** BCP 47 language hint for word segmentation. */
  lang?: string;
}

export function checkInt(name: string, v: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new ThresherError('E_BAD_OPTION', `replica index: ${name} must be an integer in [${min}, ${max}], got ${String(v)}`);
  }
  return v;
}

export function checkUnit(name: string, v: number, openLow = true): number {
  if (typeof v !== 'number' || !(openLow ? v > 0 : v >= 0) || v > 1) {
    throw new ThresherError('E_BAD_OPTION', `replica index: ${name} must be in ${openLow ? '(0' : '[0'}, 1], got ${String(v)}`);
  }
  return v;
}

/** A bucket a signature is filed under: two signatures can match only if they share one. */
export type BucketKey = number | string;

/**
 * Base for the signature-based indices. Documents are numbered in add order; a union-find over
 * those numbers keeps the clusters, with each root holding its lowest id.
 *
 * The public signature surface (sign, bucketKeys, similarity, encode, decode) lets an index live
 * outside memory — the corpus pipeline keeps its replica index in the run's SQLite store
 * (src/pipeline/replica-store.ts) so that memory stays flat as the corpus grows — with the same
 * matches as this in-memory one.
 */
export abstract class SignatureIndex<Sig> implements ReplicaIndex {
  abstract readonly method: ReplicaMethod;
  protected readonly maxChars: number;
  protected readonly lang: string | undefined;
  private readonly ids: string[] = [];
  private readonly numberOf = new Map<string, number>();
  private parent: Int32Array = new Int32Array(16);
  private readonly minIdOf = new Map<number, string>();
  /** Candidate de-duplication: stamp[doc] === round when doc was already seen in this query. */
  private stamp: Int32Array = new Int32Array(16);
  private round = 0;

  protected constructor(options: ReplicaIndexOptions) {
    this.maxChars = checkInt('maxChars', options.maxChars ?? REPLICA_DEFAULTS.maxChars, 1);
    this.lang = options.lang;
  }

  /** The signature of a (prefix-cut) text, or null when the method cannot judge it. */
  protected abstract signature(text: string): Sig | null;
  /** Documents that may match `sig` (may repeat, may include non-matches; must include every match). */
  protected abstract candidates(sig: Sig, visit: (doc: number) => void): void;
  /** The similarity of two signatures when they match, else -1. Must be symmetric. */
  protected abstract compare(a: Sig, b: Sig): number;
  /** Every bucket `sig` is filed under; a match shares at least one with it. */
  abstract bucketKeys(sig: Sig): BucketKey[];
  /** A signature as bytes, and back. */
  abstract encode(sig: Sig): Uint8Array;
  abstract decode(bytes: Uint8Array): Sig;
  /** Stores `sig` for document `doc` (numbered 0, 1, … in add order). */
  protected abstract insert(sig: Sig, doc: number): void;
  /** The stored signature of a document. */
  protected abstract stored(doc: number): Sig;

  get size(): number { return this.ids.length; }

  has(id: string): boolean { return this.numberOf.has(id); }

  query(text: string): ReplicaMatch[] {
    return this.matchDocs(this.sign(text)).map(([doc, similarity]) => ({ id: this.ids[doc], similarity }));
  }

  add(id: string, text: string): ReplicaMatch[] {
    if (typeof id !== 'string') throw new ThresherError('E_BAD_OPTION', 'replica index: id must be a string');
    if (this.numberOf.has(id)) throw new ThresherError('E_DUPLICATE_ID', `replica index: id ${JSON.stringify(id)} was already added`, { id });
    const sig = this.sign(text);
    const found = this.matchDocs(sig);
    const doc = this.ids.length;
    this.ids.push(id);
    this.numberOf.set(id, doc);
    this.grow(doc + 1);
    this.parent[doc] = doc;
    this.minIdOf.set(doc, id);
    if (sig !== null) this.insert(sig, doc);
    for (const [other] of found) this.union(doc, other);
    return found.map(([d, similarity]) => ({ id: this.ids[d], similarity }));
  }

  clusters(): ReplicaCluster[] {
    const groups = new Map<number, string[]>();
    for (let d = 0; d < this.ids.length; d++) {
      const r = this.find(d);
      let g = groups.get(r);
      if (!g) groups.set(r, (g = []));
      g.push(this.ids[d]);
    }
    const out: ReplicaCluster[] = [];
    for (const members of groups.values()) {
      if (members.length < 2) continue;
      members.sort();
      out.push({ canonical: members[0], members });
    }
    return out.sort((a, b) => (a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0));
  }

  canonicalOf(id: string): string | undefined {
    const d = this.numberOf.get(id);
    return d === undefined ? undefined : this.minIdOf.get(this.find(d));
  }

  /** The similarity of two signatures when they match (see compare), else -1. */
  similarity(a: Sig, b: Sig): number { return this.compare(a, b); }

  /** The signature this index gives a text (its first maxChars code units), or null when it gives none. */
  sign(text: string): Sig | null {
    if (typeof text !== 'string') throw new ThresherError('E_BAD_OPTION', 'replica index: text must be a string');
    return this.signature(text.length > this.maxChars ? text.slice(0, this.maxChars) : text);
  }

  /** [doc, similarity] of every match, best first, then by id. */
  private matchDocs(sig: Sig | null): [number, number][] {
    if (sig === null) return [];
    const round = ++this.round;
    const stamp = this.stamp;
    const out: [number, number][] = [];
    this.candidates(sig, (doc) => {
      if (stamp[doc] === round) return;
      stamp[doc] = round;
      const s = this.compare(sig, this.stored(doc));
      if (s >= 0) out.push([doc, s]);
    });
    const ids = this.ids;
    return out.sort((a, b) => b[1] - a[1] || (ids[a[0]] < ids[b[0]] ? -1 : 1));
  }

  private grow(n: number): void {
    if (n <= this.parent.length) return;
    const cap = Math.max(n, this.parent.length * 2);
    const p = new Int32Array(cap); p.set(this.parent); this.parent = p;
    const s = new Int32Array(cap); s.set(this.stamp); this.stamp = s;
  }

  private find(d: number): number {
    const p = this.parent;
    let r = d;
    while (p[r] !== r) r = p[r];
    while (p[d] !== r) { const next = p[d]; p[d] = r; d = next; }
    return r;
  }

  private union(a: number, b: number): void {
    const ra = this.find(a), rb = this.find(b);
    if (ra === rb) return;
    // Attach the later root under the earlier one; path compression keeps finds short.
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    this.parent[child] = root;
    const ma = this.minIdOf.get(root)!, mb = this.minIdOf.get(child)!;
    this.minIdOf.set(root, ma < mb ? ma : mb);
    this.minIdOf.delete(child);
  }
}

/**
 * Base for the methods whose signature is a hex digest and whose match is equality (exact copies,
 * the keyword fingerprint): one bucket per digest, every member of it a match.
 */
export abstract class DigestIndex extends SignatureIndex<string> {
  private readonly byDigest = new Map<string, number[]>();
  private readonly digests: string[] = [];

  protected candidates(sig: string, visit: (doc: number) => void): void {
    const docs = this.byDigest.get(sig);
    if (docs) for (const d of docs) visit(d);
  }
  protected compare(a: string, b: string): number { return a === b ? 1 : -1; }
  bucketKeys(sig: string): BucketKey[] { return [sig]; }
  encode(sig: string): Uint8Array { return Buffer.from(sig, 'latin1'); }
  decode(bytes: Uint8Array): string { return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'); }
  protected insert(sig: string, doc: number): void {
    this.digests[doc] = sig;
    const docs = this.byDigest.get(sig);
    if (docs) docs.push(doc); else this.byDigest.set(sig, [doc]);
  }
  protected stored(doc: number): string { return this.digests[doc]; }
}

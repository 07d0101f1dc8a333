/**
 * 64-bit SimHash: Charikar, "Similarity estimation techniques from rounding algorithms" (STOC
 * 2002), with the bounded Hamming search of Manku, Jain & Das Sarma, "Detecting near-duplicates
 * for web crawling" (WWW 2007, §3: permuted tables). Not in paper 000; its users now expect it
 * next to the keyword fingerprint (issue 4).
 *
 * Features are the text's words (terms.ts, stop words removed: they are frequent in every text
 * of a language and would pull every SimHash of that language the same way), or w-word shingles
 * of them, weighted by paper 000's Formula 2 with lines as blocks (features.ts; by default a
 * line weighs its word count, thresher's departure from Charikar's plain counts, measured in
 * defaults.ts). Each feature hashes to 64 bits; bit i of the SimHash is set
 * when the features whose hash has bit i set outweigh those that have it clear. Two texts
 * match when their SimHashes differ in at most k bits (maxDistance).
 *
 * No BigInt: a SimHash is two unsigned 32-bit halves (hi, lo); bit i is bit i of lo for i < 32,
 * bit i − 32 of hi otherwise.
 *
 * Bounded search (pigeonhole). The 64 bits are cut into B > k contiguous blocks. If two hashes
 * differ in at most k bits, at least B − k blocks are identical. There is one table per choice of
 * B − k blocks (C(B, k) tables) keyed by those blocks' bits; a query probes each table once and
 * verifies the candidates' distance. Every pair within distance k is found, so the result equals
 * a full scan (a property test checks this), while a query reads about C(B, k) · n / 2^keyBits
 * unrelated entries instead of n. Manku et al. permute the bits so that a table's key is a
 * prefix of a sorted array; a hash map keyed by the selected blocks does the same job without the
 * sorted copies. Defaults k = 6, B = 8: 28 tables keyed by 16 bits (k = 3, Manku's choice,
 * gives B = 5: 10 tables keyed by 25–26 bits).
 */
import { ThresherError } from '../../errors.js';
import { blockWeightedFeatures, type BlockWeight } from './features.js';
import { REPLICA_DEFAULTS } from './defaults.js';
import { hashString, popcount32 } from './hash32.js';
import { checkInt, SignatureIndex, type BucketKey, type ReplicaIndexOptions } from './replica-index.js';

export interface SimHashOptions extends ReplicaIndexOptions {
  /** Largest Hamming distance of a match (k). */
  maxDistance?: number;
  /** Blocks the 64 bits are cut into for the tables (B > k). */
  blocks?: number;
  /** Words per feature (1: single words). */
  shingle?: number;
  /** Block (line) weight of the features: 1, or the line's word count. */
  blockWeight?: BlockWeight;
}

/** A 64-bit SimHash as two unsigned 32-bit halves. */
export interface SimHash64 { hi: number; lo: number }

const SEED_LO = 0x2f6b1a35, SEED_HI = 0x7c3e9d11;

/** The 64-bit hash of one feature. */
export function featureHash(feature: string): SimHash64 {
  return { hi: hashString(feature, SEED_HI), lo: hashString(feature, SEED_LO) };
}

/** The SimHash of weighted features (feature → weight), or null when there are none. */
export function simhashOf(features: ReadonlyMap<string, number>): SimHash64 | null {
  if (features.size === 0) return null;
  const acc = new Float64Array(64);
  for (const [f, w] of features) {
    const { lo, hi } = featureHash(f);
    for (let b = 0; b < 32; b++) {
      acc[b] += (lo >>> b) & 1 ? w : -w;
      acc[b + 32] += (hi >>> b) & 1 ? w : -w;
    }
  }
  let lo = 0, hi = 0;
  for (let b = 0; b < 32; b++) {
    if (acc[b] > 0) lo |= 1 << b;
    if (acc[b + 32] > 0) hi |= 1 << b;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

export function hammingDistance(a: SimHash64, b: SimHash64): number {
  return popcount32(a.hi ^ b.hi) + popcount32(a.lo ^ b.lo);
}

/** Bits [start, start + width) of a 64-bit value, width ≤ 32, as an unsigned number. */
export function bitsOf(h: SimHash64, start: number, width: number): number {
  let v: number;
  if (start >= 32) v = h.hi >>> (start - 32);
  else if (start + width <= 32) v = h.lo >>> start;
  else v = (h.lo >>> start) | (h.hi << (32 - start));
  return width === 32 ? v >>> 0 : (v & ((1 << width) - 1)) >>> 0;
}

/** All k-subsets of {0 … n−1}, in lexicographic order. */
function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const cur: number[] = [];
  const rec = (from: number): void => {
    if (cur.length === k) { out.push(cur.slice()); return; }
    for (let i = from; i <= n - (k - cur.length); i++) { cur.push(i); rec(i + 1); cur.pop(); }
  };
  rec(0);
  return out;
}

const MAX_TABLES = 1024;

/**
 * Blocks for a distance k: the default's when it fits, else k + 2 (tables keyed by two blocks).
 * The defaults pair (k = 6, B = 8): 28 tables keyed by 16 bits, so a query reads about
 * 28 · n / 65,536 unrelated entries.
 */
function defaultBlocks(maxDistance: number): number {
  const d = REPLICA_DEFAULTS.simhash;
  return d.maxDistance === maxDistance ? d.blocks : Math.min(64, maxDistance + 2);
}

/**
 * The pigeonhole tables over stored 64-bit hashes: `near(h)` visits every stored hash within
 * `maxDistance` bits of h (and only those), reading C(B, k) buckets.
 */
export class HammingTable {
  readonly maxDistance: number;
  readonly blocks: number;
  /** Per table, the [start, width] of the blocks its key is made of. */
  private readonly tableBlocks: [number, number][][];
  private readonly tables: Map<number | string, number[]>[];
  private readonly numericKeys: boolean;
  private hashes: Uint32Array = new Uint32Array(32);
  private count = 0;

  constructor(maxDistance: number, blocks = defaultBlocks(maxDistance)) {
    this.maxDistance = checkInt('maxDistance', maxDistance, 0, 63);
    this.blocks = checkInt('blocks', blocks, this.maxDistance + 1, 64);
    const bounds: [number, number][] = [];
    for (let i = 0, start = 0; i < this.blocks; i++) {
      const width = Math.floor(64 / this.blocks) + (i < 64 % this.blocks ? 1 : 0);
      bounds.push([start, width]);
      start += width;
    }
    const keep = combinations(this.blocks, this.blocks - this.maxDistance);
    if (keep.length > MAX_TABLES) {
      throw new ThresherError('E_BAD_OPTION', `replica index: ${keep.length} SimHash tables for blocks=${this.blocks}, maxDistance=${this.maxDistance}; at most ${MAX_TABLES}`);
    }
    this.tableBlocks = keep.map((sel) => sel.map((i) => bounds[i]));
    // Keys up to 53 bits are exact as numbers; wider ones (few blocks, small k) become strings.
    this.numericKeys = this.tableBlocks.every((t) => t.reduce((sum, [, w]) => sum + w, 0) <= 53);
    this.tables = this.tableBlocks.map(() => new Map());
  }

  /** Number of tables (each stored hash is in every one). */
  get tableCount(): number { return this.tables.length; }
  /** One more than the highest entry number stored. */
  get size(): number { return this.count; }

  private keyOf(h: SimHash64, table: number): number | string {
    const blocks = this.tableBlocks[table];
    if (this.numericKeys) {
      let key = 0;
      for (const [start, width] of blocks) key = key * 2 ** width + bitsOf(h, start, width);
      return key;
    }
    return blocks.map(([start, width]) => bitsOf(h, start, width).toString(36)).join(':');
  }

  /**
   * Stores `h` under entry number `doc` (default: the next after the highest so far). Numbers
   * need not be dense: an index gives none to a text without a signature.
   */
  add(h: SimHash64, doc = this.count): number {
    checkInt('doc', doc, 0);
    this.count = Math.max(this.count, doc + 1);
    if (2 * doc + 2 > this.hashes.length) {
      const grown = new Uint32Array(Math.max(2 * doc + 2, this.hashes.length * 2));
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[2 * doc] = h.hi;
    this.hashes[2 * doc + 1] = h.lo;
    for (let t = 0; t < this.tables.length; t++) {
      const key = this.keyOf(h, t);
      const docs = this.tables[t].get(key);
      if (docs) docs.push(doc); else this.tables[t].set(key, [doc]);
    }
    return doc;
  }

  /** The key of `h` in every table, tagged with the table's number so they are distinct across tables. */
  bucketKeys(h: SimHash64): BucketKey[] {
    return this.tableBlocks.map((_, t) => `${t}:${this.keyOf(h, t)}`);
  }

  get(doc: number): SimHash64 { return { hi: this.hashes[2 * doc], lo: this.hashes[2 * doc + 1] }; }

  /** Visits every entry that shares a table key with `h` (may repeat; includes all within k). */
  candidates(h: SimHash64, visit: (doc: number) => void): void {
    for (let t = 0; t < this.tables.length; t++) {
      const docs = this.tables[t].get(this.keyOf(h, t));
      if (docs) for (const d of docs) visit(d);
    }
  }

  /** Every entry within maxDistance of `h`, ascending, each once. */
  near(h: SimHash64): number[] {
    const out = new Set<number>();
    this.candidates(h, (d) => { if (!out.has(d) && hammingDistance(h, this.get(d)) <= this.maxDistance) out.add(d); });
    return [...out].sort((a, b) => a - b);
  }
}

export class SimHashIndex extends SignatureIndex<SimHash64> {
  readonly method = 'simhash' as const;
  readonly maxDistance: number;
  readonly shingle: number;
  readonly blockWeight: BlockWeight;
  private readonly table: HammingTable;

  constructor(options: SimHashOptions = {}) {
    super(options);
    const d = REPLICA_DEFAULTS.simhash;
    this.maxDistance = checkInt('maxDistance', options.maxDistance ?? d.maxDistance, 0, 63);
    this.shingle = checkInt('shingle', options.shingle ?? d.shingle, 1, 64);
    this.blockWeight = options.blockWeight ?? d.blockWeight;
    if (this.blockWeight !== 'none' && this.blockWeight !== 'words') {
      throw new ThresherError('E_BAD_OPTION', `replica index: blockWeight must be 'none' or 'words', got ${String(this.blockWeight)}`);
    }
    this.table = new HammingTable(this.maxDistance, options.blocks ?? defaultBlocks(this.maxDistance));
  }

  get blocks(): number { return this.table.blocks; }

  /** The weighted features of a text (features.ts), stop words removed. */
  features(text: string): Map<string, number> {
    return blockWeightedFeatures(text, { lang: this.lang, stopWords: true, shingle: this.shingle, blockWeight: this.blockWeight });
  }

  signatureOf(text: string): SimHash64 | null { return simhashOf(this.features(text)); }

  protected signature(text: string): SimHash64 | null { return this.signatureOf(text); }
  protected candidates(sig: SimHash64, visit: (doc: number) => void): void { this.table.candidates(sig, visit); }
  protected compare(a: SimHash64, b: SimHash64): number {
    const d = hammingDistance(a, b);
    return d <= this.maxDistance ? 1 - d / 64 : -1;
  }
  bucketKeys(sig: SimHash64): BucketKey[] { return this.table.bucketKeys(sig); }
  encode(sig: SimHash64): Uint8Array {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setUint32(0, sig.hi);
    new DataView(b.buffer).setUint32(4, sig.lo);
    return b;
  }
  decode(bytes: Uint8Array): SimHash64 {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { hi: v.getUint32(0), lo: v.getUint32(4) };
  }
  protected insert(sig: SimHash64, doc: number): void { this.table.add(sig, doc); }
  protected stored(doc: number): SimHash64 { return this.table.get(doc); }
}

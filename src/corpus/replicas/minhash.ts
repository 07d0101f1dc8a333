/**
 * MinHash with LSH banding: Broder, "On the resemblance and containment of documents" (1997) for
 * the min-wise signature of a set of word shingles; the banding scheme of Indyk & Motwani (1998)
 * as presented in Leskovec, Rajaraman & Ullman, *Mining of Massive Datasets*, ch. 3.4. Not in
 * paper 000; its users now expect it next to the keyword fingerprint (issue 4).
 *
 * A text is the set of its w-word shingles (terms.ts words, stop words kept, since shingles get
 * their specificity from word order). Each shingle is hashed to 32 bits; hash function i is
 * fmix32(x XOR seed_i), a bijection of the 32-bit space, so min over the set is a min-wise
 * hash. Two signatures agree at a position with probability equal to the Jaccard similarity J
 * of the shingle sets.
 *
 * Banding (the S-curve). The numHashes positions are cut into b bands of r rows; two texts are
 * candidates when they agree on every row of some band, which happens with probability
 *     P(J) = 1 − (1 − J^r)^b,
 * an S-shaped curve whose steepest point is near J ≈ (1/b)^(1/r). lshParameters picks (b, r),
 * b·r ≤ numHashes, minimizing  w_fp·∫₀ᵗ P(J) dJ + w_fn·∫ₜ¹ (1 − P(J)) dJ  for the threshold t.
 * Candidates are then verified: a match needs the signatures' agreement (the estimate of J) to
 * be ≥ t. A candidate that fails verification costs only time, a pair never made a candidate is
 * lost for good, so misses weigh more (w_fn = 0.75, w_fp = 0.25). With 128 hashes and t = 0.5
 * that gives 26 bands × 4 rows: P(0.3) = 0.19, P(0.5) = 0.81, P(0.6) = 0.97, P(0.7) = 0.999
 * (scripts/eval-replicas.mjs prints the curve for the defaults).
 *
 * Departures: a text with fewer words than one shingle is a single shingle of all its words
 * (so a short text matches only an identical one); a text with no word has no signature.
 */
import { terms } from '../../text/terms.js';
import { REPLICA_DEFAULTS } from './defaults.js';
import { fmix32, hashString } from './hash32.js';
import { checkInt, checkUnit, SignatureIndex, type BucketKey, type ReplicaIndexOptions } from './replica-index.js';
import { ThresherError } from '../../errors.js';

export interface MinHashOptions extends ReplicaIndexOptions {
  /** Words per shingle. */
  shingle?: number;
  /** Signature length. */
  numHashes?: number;
  /** Estimated Jaccard similarity at or above which two texts match. */
  threshold?: number;
  /** LSH bands and rows per band; both or neither (default: chosen from threshold by lshParameters). */
  bands?: number;
  rows?: number;
}

/** Probability that two texts with Jaccard similarity `s` become LSH candidates. */
export function candidateProbability(s: number, bands: number, rows: number): number {
  return 1 - (1 - s ** rows) ** bands;
}

const lshMemo = new Map<string, { bands: number; rows: number }>();

/** Bands × rows for a threshold, minimizing the weighted area of false positives and misses. */
export function lshParameters(threshold: number, numHashes: number, fpWeight = 0.25, fnWeight = 0.75): { bands: number; rows: number } {
  checkUnit('threshold', threshold);
  checkInt('numHashes', numHashes, 1, 4096);
  const memoKey = `${threshold}/${numHashes}/${fpWeight}/${fnWeight}`;
  const memo = lshMemo.get(memoKey);
  if (memo) return { ...memo };
  const STEPS = 200;
  const area = (lo: number, hi: number, f: (s: number) => number): number => {
    const h = (hi - lo) / STEPS;
    let sum = 0;
    for (let i = 0; i < STEPS; i++) sum += f(lo + (i + 0.5) * h);
    return sum * h;
  };
  let best = { bands: 1, rows: numHashes }, bestCost = Infinity;
  for (let b = 1; b <= numHashes; b++) {
    for (let r = 1; b * r <= numHashes; r++) {
      const fp = area(0, threshold, (s) => candidateProbability(s, b, r));
      const fn = area(threshold, 1, (s) => 1 - candidateProbability(s, b, r));
      const cost = fpWeight * fp + fnWeight * fn;
      if (cost < bestCost - 1e-12) { bestCost = cost; best = { bands: b, rows: r }; }
    }
  }
  lshMemo.set(memoKey, best);
  return { ...best };
}

const C1 = 0xcc9e2d51 | 0, C2 = 0x1b873593 | 0;

/** The distinct 32-bit hashes of the w-word shingles of `words`, ascending. */
export function shingleHashes(words: readonly string[], w: number): Uint32Array {
  if (words.length === 0) return new Uint32Array(0);
  const th = words.map((t) => hashString(t));
  const k = Math.min(w, th.length);
  const n = th.length - k + 1;
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let h = k;
    for (let j = 0; j < k; j++) {
      let x = Math.imul(th[i + j], C1);
      x = Math.imul((x << 15) | (x >>> 17), C2);
      h ^= x;
      h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
    }
    out[i] = fmix32(h);
  }
  out.sort();
  let u = 0;
  for (let i = 0; i < n; i++) if (i === 0 || out[i] !== out[u - 1]) out[u++] = out[i];
  return out.slice(0, u);
}

/** The seeds of the hash functions: fixed, so signatures are comparable across runs. */
function seeds(n: number): Int32Array {
  const s = new Int32Array(n);
  for (let i = 0; i < n; i++) s[i] = fmix32(Math.imul(i + 1, 0x9e3779b1)) | 0;
  return s;
}

/** The MinHash signature of a shingle set under the given seeds. */
export function minhashSignature(shingles: Uint32Array, seedList: Int32Array): Uint32Array {
  const sig = new Uint32Array(seedList.length).fill(0xffffffff);
  for (let j = 0; j < shingles.length; j++) {
    const x = shingles[j] | 0;
    for (let i = 0; i < seedList.length; i++) {
      const v = fmix32(x ^ seedList[i]);
      if (v < sig[i]) sig[i] = v;
    }
  }
  return sig;
}

export class MinHashIndex extends SignatureIndex<Uint32Array> {
  readonly method = 'minhash' as const;
  readonly shingle: number;
  readonly numHashes: number;
  readonly threshold: number;
  readonly bands: number;
  readonly rows: number;
  private readonly seedList: Int32Array;
  private readonly tables: Map<number, number[]>[];
  private sigs: Uint32Array;

  constructor(options: MinHashOptions = {}) {
    super(options);
    const d = REPLICA_DEFAULTS.minhash;
    this.shingle = checkInt('shingle', options.shingle ?? d.shingle, 1, 64);
    this.numHashes = checkInt('numHashes', options.numHashes ?? d.numHashes, 1, 4096);
    this.threshold = checkUnit('threshold', options.threshold ?? d.threshold);
    if ((options.bands === undefined) !== (options.rows === undefined)) {
      throw new ThresherError('E_BAD_OPTION', 'replica index: give both bands and rows, or neither');
    }
    const br = options.bands !== undefined
      ? { bands: checkInt('bands', options.bands, 1), rows: checkInt('rows', options.rows!, 1) }
      : lshParameters(this.threshold, this.numHashes);
    if (br.bands * br.rows > this.numHashes) {
      throw new ThresherError('E_BAD_OPTION', `replica index: bands × rows (${br.bands} × ${br.rows}) exceeds numHashes (${this.numHashes})`);
    }
    this.bands = br.bands;
    this.rows = br.rows;
    this.seedList = seeds(this.numHashes);
    this.tables = Array.from({ length: this.bands }, () => new Map<number, number[]>());
    this.sigs = new Uint32Array(16 * this.numHashes);
  }

  /** The signature of a text, or null when it has no word. */
  signatureOf(text: string): Uint32Array | null {
    const words = terms(text, { lang: this.lang });
    return words.length ? minhashSignature(shingleHashes(words, this.shingle), this.seedList) : null;
  }

  protected signature(text: string): Uint32Array | null { return this.signatureOf(text); }

  private bandKey(sig: Uint32Array, band: number): number {
    let h = band;
    const end = (band + 1) * this.rows;
    for (let i = band * this.rows; i < end; i++) {
      h = Math.imul(h ^ sig[i], 0x01000193);
      h = (h << 13) | (h >>> 19);
    }
    return fmix32(h);
  }

  protected candidates(sig: Uint32Array, visit: (doc: number) => void): void {
    for (let b = 0; b < this.bands; b++) {
      const docs = this.tables[b].get(this.bandKey(sig, b));
      if (docs) for (const d of docs) visit(d);
    }
  }

  /** Band b's key, made distinct across bands (b · 2³² + key stays an exact integer). */
  bucketKeys(sig: Uint32Array): BucketKey[] {
    const keys: BucketKey[] = new Array(this.bands);
    for (let b = 0; b < this.bands; b++) keys[b] = b * 2 ** 32 + this.bandKey(sig, b);
    return keys;
  }

  encode(sig: Uint32Array): Uint8Array { return new Uint8Array(sig.buffer.slice(sig.byteOffset, sig.byteOffset + sig.byteLength)); }

  decode(bytes: Uint8Array): Uint32Array {
    // A copy: the bytes may sit at an offset that is not a multiple of 4.
    return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }

  protected compare(a: Uint32Array, b: Uint32Array): number {
    let same = 0;
    for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
    const s = same / a.length;
    return s >= this.threshold ? s : -1;
  }

  protected insert(sig: Uint32Array, doc: number): void {
    const need = (doc + 1) * this.numHashes;
    if (need > this.sigs.length) {
      const grown = new Uint32Array(Math.max(need, this.sigs.length * 2));
      grown.set(this.sigs);
      this.sigs = grown;
    }
    this.sigs.set(sig, doc * this.numHashes);
    for (let b = 0; b < this.bands; b++) {
      const key = this.bandKey(sig, b);
      const docs = this.tables[b].get(key);
      if (docs) docs.push(doc); else this.tables[b].set(key, [doc]);
    }
  }

  protected stored(doc: number): Uint32Array {
    return this.sigs.subarray(doc * this.numHashes, (doc + 1) * this.numHashes);
  }
}

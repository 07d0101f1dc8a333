/**
 * Paper 000 (Zhang, Chen, Li, "A preprocessing framework and approach for web applications"),
 * §5: the keyword fingerprint for near-replica detection, and its sort-based detection.
 *
 *   Step 1  the page as a feature vector (Sum1 distinct words);
 *   Step 2  words sorted by decreasing term frequency, ties in alphabetical order;
 *   Step 3  the first Sum2 = Sum1 × Percentage words;
 *   Step 4  those sorted alphabetically;
 *   Step 5  the first Sum3 = (Sum2 DIV Interval) × Interval of them;
 *   Step 6  MD5 of the selected words: the 16-byte fingerprint.
 * Detection sorts all fingerprints and reports runs of equal ones: O(n log n) (detectBySort).
 * The incremental index keys a hash map by fingerprint, which finds the same runs one page at a
 * time (a property test checks that both give the same clusters).
 *
 * Departures:
 *  - Step 1's feature vector is Formula 2 over the text's lines as blocks, after stop-word
 *    removal (features.ts). Algorithm 1's block weights need the tag tree and an index is handed
 *    text, so a block weighs 1 (blockWeight 'none', the default: weights are term frequencies)
 *    or its word count ('words'). "Term frequency" in Step 2 is that weight.
 *  - Sum2 is floor(Sum1 × Percentage) (the paper leaves the rounding open).
 *  - "Alphabetic order" is UTF-16 code-unit order, which is locale-independent (the paper's
 *    system compared GB-encoded bytes for Chinese).
 *  - Words are joined by "\n" and hashed as UTF-8.
 *  - When Sum3 is 0 (fewer than Interval / Percentage distinct words) the paper's fingerprint
 *    would be the MD5 of nothing, shared by every short page; here such a text has no
 *    fingerprint and matches nothing.
 */
import { ThresherError } from '../../errors.js';
import { blockWeightedFeatures, type BlockWeight } from './features.js';
import { REPLICA_DEFAULTS } from './defaults.js';
import { md5Hex } from './md5.js';
import { checkInt, checkUnit, DigestIndex, type ReplicaCluster, type ReplicaIndexOptions } from './replica-index.js';

export interface FingerprintOptions extends ReplicaIndexOptions {
  /** Share of the distinct words selected (paper: Percentage). */
  percentage?: number;
  /** The selected count is cut to a multiple of this (paper: Interval). */
  interval?: number;
  /** Count numbers as words. */
  numbers?: boolean;
  /** Block (line) weight in the feature vector: 1, or the line's word count. */
  blockWeight?: BlockWeight;
}

interface FingerprintParams { percentage: number; interval: number; numbers: boolean; blockWeight: BlockWeight }

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Steps 2–5: the keywords a fingerprint is made of, from a feature vector (word → weight). */
export function fingerprintKeywords(vector: ReadonlyMap<string, number>, percentage: number, interval: number): string[] {
  const sorted = [...vector.keys()].sort((a, b) => vector.get(b)! - vector.get(a)! || byCodeUnits(a, b));
  // The epsilon keeps e.g. 0.29 × 100 = 28.999999999999996 from losing a word.
  const sum2 = Math.floor(sorted.length * percentage + 1e-9);
  const selected = sorted.slice(0, sum2).sort(byCodeUnits);
  const sum3 = Math.floor(sum2 / interval) * interval;
  return selected.slice(0, sum3);
}

function resolve(options: FingerprintOptions): FingerprintParams {
  const d = REPLICA_DEFAULTS.fingerprint;
  const blockWeight = options.blockWeight ?? d.blockWeight;
  if (blockWeight !== 'none' && blockWeight !== 'words') {
    throw new ThresherError('E_BAD_OPTION', `replica index: blockWeight must be 'none' or 'words', got ${String(blockWeight)}`);
  }
  return {
    percentage: checkUnit('percentage', options.percentage ?? d.percentage),
    interval: checkInt('interval', options.interval ?? d.interval, 1, 1_000_000),
    numbers: options.numbers ?? d.numbers,
    blockWeight,
  };
}

/** The fingerprint (32 hex digits) of a text, or null when it selects no keyword. */
export function keywordFingerprint(text: string, options: FingerprintOptions = {}): string | null {
  const { percentage, interval, numbers, blockWeight } = resolve(options);
  const vector = blockWeightedFeatures(text, { lang: options.lang, stopWords: true, numbers, blockWeight });
  const keys = fingerprintKeywords(vector, percentage, interval);
  return keys.length ? md5Hex(keys.join('\n')) : null;
}

/**
 * The paper's batch detection: sort (fingerprint, id) pairs and report each run of two or more
 * equal fingerprints as a cluster. Items without a fingerprint are singletons.
 */
export function detectBySort(items: readonly { id: string; fingerprint: string | null }[]): ReplicaCluster[] {
  const seen = new Set<string>();
  for (const it of items) {
    if (seen.has(it.id)) throw new ThresherError('E_DUPLICATE_ID', `detectBySort: id ${JSON.stringify(it.id)} occurs twice`, { id: it.id });
    seen.add(it.id);
  }
  const fp = items.filter((it): it is { id: string; fingerprint: string } => it.fingerprint !== null)
    .sort((a, b) => byCodeUnits(a.fingerprint, b.fingerprint) || byCodeUnits(a.id, b.id));
  const out: ReplicaCluster[] = [];
  for (let i = 0; i < fp.length;) {
    let j = i + 1;
    while (j < fp.length && fp[j].fingerprint === fp[i].fingerprint) j++;
    if (j - i > 1) {
      const members = fp.slice(i, j).map((it) => it.id);
      out.push({ canonical: members[0], members });
    }
    i = j;
  }
  return out.sort((a, b) => byCodeUnits(a.canonical, b.canonical));
}

export class KeywordFingerprintIndex extends DigestIndex {
  readonly method = 'fingerprint' as const;
  private readonly params: FingerprintParams;

  constructor(options: FingerprintOptions = {}) {
    super(options);
    this.params = resolve(options);
  }

  protected signature(text: string): string | null {
    return keywordFingerprint(text, { ...this.params, lang: this.lang });
  }
}

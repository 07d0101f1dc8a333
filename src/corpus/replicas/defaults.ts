/**
 * Every default parameter of the replica indices, in one place, with where it comes from.
 * "Tuned" values were chosen with `node scripts/eval-replicas.mjs --tune` (seed 1: 250 base
 * pages, 250 near-replicas, 250 non-replicas, cleaned content) and are reported on seed 2
 * (docs/replicas.md); none was chosen on the set it is reported on.
 */
import type { BlockWeight } from './features.js';

/** Paper 000 §7.2's production setting of the keyword fingerprint, as published. */
export const PAPER_FINGERPRINT = {
  percentage: 0.4,
  interval: 5,
  /** §3.2: the feature vector is words after stop-word removal; the paper does not drop numbers. */
  numbers: true,
  /** Every block weighs 1: Formula 2 reduces to term frequency. */
  blockWeight: 'none' as BlockWeight,
} as const;

export const REPLICA_DEFAULTS = {
  /**
   * Longest prefix of a text that any index reads (UTF-16 code units). Topic content past a
   * million characters (a 150,000-word book) is not a web page's; the cap bounds the work an
   * adversarial page can cost.
   */
  maxChars: 1_000_000,

  fingerprint: {
    /**
     * Tuned. The paper's P = 0.4 found 0.4% of the near-replicas on the tuning seed: a cleaner
     * leaves a byline or an ad line behind, its words shift the cut of Step 3, and any shift
     * changes the MD5. Fewer, heavier keywords survive that: P = 0.1 (Table 2's best-hit column
     * is P = 10% too).
     */
    percentage: 0.1,
    /** Paper 000 §7.2 (I = 5, where Table 2's hit rate peaks); also best when tuned. */
    interval: 5,
    /** Tuned: the numbers of bylines and counters ("230,923 views") differ on every copy. */
    numbers: false,
    /** Tuned: the words of long blocks outrank those of the short lines a cleaner leaves. */
    blockWeight: 'words' as BlockWeight,
  },

  minhash: {
    /** Tuned (2, 3 and 5 were as good on cleaned content; 3 is the usual choice for web text). */
    shingle: 3,
    /** Signature length; the LSH bands × rows are chosen within it (lshParameters). */
    numHashes: 128,
    /** Tuned: Jaccard ≥ 0.5 found every cleaned near-replica on the tuning seed, with no false positive. */
    threshold: 0.5,
  },

  simhash: {
    /**
     * Tuned. Manku et al. use k = 3 for 64-bit hashes of whole pages; cleaned near-replicas differ
     * by a few short lines, and k = 6 found 99% of them on the tuning seed with no false positive
     * (unrelated texts were ≥ 15 bits apart with bigram features).
     */
    maxDistance: 6,
    /** 8 blocks for k = 6: C(8, 6) = 28 tables, each keyed by two blocks (16 bits). */
    blocks: 8,
    /** Tuned: word bigrams keep unrelated texts of one language further apart than single words. */
    shingle: 2,
    /** Tuned (features.ts): median near-replica distance 1 bit instead of 4. */
    blockWeight: 'words' as BlockWeight,
  },
} as const;

/**
 * Every default parameter of the replica indices, in one place, with where it comes from.
 * "Tuned" values were chosen with scripts/eval-replicas.mjs on its tuning seed and then measured
 * on a different seed (see README, "Replica removal"); none was chosen on the reported set.
 */
export const REPLICA_DEFAULTS = {
  /**
   * Longest prefix of a text that any index reads (UTF-16 code units). Topic content past a
   * million characters (a 150,000-word book) is not a web page's; the cap bounds the work an
   * adversarial page can cost.
   */
  maxChars: 1_000_000,

  fingerprint: {
    /** Paper 000 §7.2: the production setting, P = 0.4. */
    percentage: 0.4,
    /** Paper 000 §7.2: the production setting, I = 5 (the hit rate peaks there, Table 2). */
    interval: 5,
    /** §3.2 builds the feature vector after stop-word removal; numbers are kept as words. */
    numbers: true,
  },

  minhash: {
    /** Word shingle length. */
    shingle: 3,
    /** Signature length (hash functions); the LSH bands × rows are chosen within it. */
    numHashes: 128,
    /** Estimated Jaccard similarity of shingle sets at or above which two texts are replicas. */
    threshold: 0.5,
  },

  simhash: {
    /** Largest Hamming distance of two 64-bit SimHashes that are replicas. */
    maxDistance: 3,
    /** Blocks the 64 bits are cut into for the pigeonhole tables (> maxDistance). */
    blocks: 5,
    /** Word shingle length of the SimHash features (1: single words). */
    shingle: 1,
  },
} as const;

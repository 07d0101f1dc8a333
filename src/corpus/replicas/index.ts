// The replica indices (paper 000 §5 and the modern near-duplicate methods): re-exports only.
export { createReplicaIndex, REPLICA_METHODS, type ReplicaOptionsByMethod } from './create.js';
export { REPLICA_DEFAULTS, PAPER_FINGERPRINT } from './defaults.js';
export type { BucketKey, ReplicaIndex, ReplicaMatch, ReplicaCluster, ReplicaIndexOptions, ReplicaMethod } from './replica-index.js';
export { SignatureIndex } from './replica-index.js';
export { ExactIndex, exactKey } from './exact.js';
export { KeywordFingerprintIndex, keywordFingerprint, fingerprintKeywords, detectBySort, type FingerprintOptions } from './keyword-fingerprint.js';
export { MinHashIndex, lshParameters, candidateProbability, type MinHashOptions } from './minhash.js';
export { SimHashIndex, HammingTable, hammingDistance, type SimHashOptions, type SimHash64 } from './simhash.js';
export { md5Hex } from './md5.js';

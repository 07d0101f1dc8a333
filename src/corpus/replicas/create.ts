/**
 * One entry point for the interchangeable replica indices (paper 000 §5 and the modern methods),
 * so that the pipeline, the evaluation and the conformance suite name a method by string.
 */
import { ThresherError } from '../../errors.js';
import { ExactIndex } from './exact.js';
import { KeywordFingerprintIndex, type FingerprintOptions } from './keyword-fingerprint.js';
import { MinHashIndex, type MinHashOptions } from './minhash.js';
import { SimHashIndex, type SimHashOptions } from './simhash.js';
import type { ReplicaIndexOptions, ReplicaMethod, SignatureIndex } from './replica-index.js';

export const REPLICA_METHODS: readonly ReplicaMethod[] = ['exact', 'fingerprint', 'minhash', 'simhash'];

export interface ReplicaOptionsByMethod {
  exact: ReplicaIndexOptions;
  fingerprint: FingerprintOptions;
  minhash: MinHashOptions;
  simhash: SimHashOptions;
}

export function createReplicaIndex<M extends ReplicaMethod>(method: M, options: ReplicaOptionsByMethod[M] = {}): SignatureIndex<unknown> {
  switch (method) {
    case 'exact': return new ExactIndex(options);
    case 'fingerprint': return new KeywordFingerprintIndex(options as FingerprintOptions);
    case 'minhash': return new MinHashIndex(options as MinHashOptions);
    case 'simhash': return new SimHashIndex(options as SimHashOptions);
    default:
      throw new ThresherError('E_BAD_OPTION', `replica index: unknown method ${JSON.stringify(method)}; one of ${REPLICA_METHODS.join(', ')}`);
  }
}

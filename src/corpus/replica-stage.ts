/**
 * Replica removal in the corpus pipeline (paper 000 §5), on topic content: each page, in corpus
 * order, is checked against every page before it — first for an exact copy, then with a
 * near-duplicate index (MinHash by default; see replicas/defaults.ts for why). A page that
 * matches is a replica of the stored record it (transitively) duplicates; it is still indexed, so
 * a chain of small edits stays one cluster.
 */
import { createReplicaIndex } from './replicas/create.js';
import type { ReplicaIndex, ReplicaMethod } from './replicas/replica-index.js';

export type ReplicaChoice = ReplicaMethod | 'none';

export class ReplicaStage {
  private readonly exact: ReplicaIndex | null;
  private readonly near: ReplicaIndex | null;
  /** Replica id → the record it duplicates (only replicas are kept here; records map to themselves). */
  private readonly recordOf = new Map<string, string>();

  constructor(readonly method: ReplicaChoice = 'minhash') {
    this.exact = method === 'none' ? null : createReplicaIndex('exact');
    this.near = method === 'none' || method === 'exact' ? null : createReplicaIndex(method);
  }

  /** Checks a page and indexes it; returns the record it replicates and how it was found, if it is a replica. */
  admit(id: string, content: string): { canonical: string; method: string } | undefined {
    if (!this.exact) return undefined;
    let found: { canonical: string; method: string } | undefined;
    const exact = this.exact.add(id, content);
    if (exact.length) found = { canonical: this.recordFor(exact[0].id), method: 'exact' };
    if (this.near) {
      const near = this.near.add(id, content);
      if (!found && near.length) found = { canonical: this.recordFor(near[0].id), method: this.near.method };
    }
    if (found) this.recordOf.set(id, found.canonical);
    return found;
  }

  private recordFor(id: string): string {
    return this.recordOf.get(id) ?? id;
  }
}

/**
 * Exact replicas of topic content (paper 000 §5's first case): pages whose cleaned text is the
 * same up to case and whitespace. The pipeline's interim index until the near-duplicate methods
 * (keyword fingerprint, MinHash, SimHash) take over; empty content is never a replica.
 */
export class ExactReplicaIndex {
  private readonly byKey = new Map<string, string>();

  /** The id of an earlier page with the same content, if any. */
  query(content: string): string | undefined {
    const key = normalise(content);
    return key ? this.byKey.get(key) : undefined;
  }

  add(id: string, content: string): void {
    const key = normalise(content);
    if (key && !this.byKey.has(key)) this.byKey.set(key, id);
  }
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Exact replicas of topic content (paper 000 §5's first case): pages whose cleaned text is the
 * same up to case and whitespace. Keys are 64-bit hashes (two 32-bit FNV-1a variants), not the
 * text, so the index costs a few dozen bytes a page however long the pages are. Empty content is
 * never a replica.
 */
export class ExactReplicaIndex {
  private readonly byKey = new Map<string, string>();

  /** The id of an earlier page with the same content, if any. */
  query(content: string): string | undefined {
    const key = contentKey(content);
    return key ? this.byKey.get(key) : undefined;
  }

  add(id: string, content: string): void {
    const key = contentKey(content);
    if (key && !this.byKey.has(key)) this.byKey.set(key, id);
  }
}

/** Hash of the text lower-cased with whitespace runs collapsed; "" for text with no non-space. */
export function contentKey(text: string): string {
  let h1 = 0x811c9dc5, h2 = 0x01000193 ^ 0x5bd1e995, any = false, space = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0) { space = any; continue; }
    if (space) { h1 = Math.imul(h1 ^ 32, 0x01000193); h2 = Math.imul(h2 ^ 32, 0x5bd1e995); space = false; }
    if (c >= 65 && c <= 90) c += 32;
    else if (c > 127) c = text[i].toLowerCase().charCodeAt(0);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    any = true;
  }
  return any ? (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0') : '';
}

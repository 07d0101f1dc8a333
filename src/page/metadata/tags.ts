/**
 * Keywords and tags (meta keywords, article:tag, JSON-LD keywords): split, trimmed, de-duplicated
 * without regard to case, bounded in number and length (some pages stuff hundreds of keywords).
 */

const MAX_TAGS = 50;
const MAX_TAG_CHARS = 60;

export function splitTags(s: string | undefined): string[] {
  if (!s) return [];
  const src = s.length > 8000 ? s.slice(0, 8000) : s;
  return dedupeTags(src.split(/[,;|、，]/));
}

export function dedupeTags(list: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of list) {
    const t = raw.replace(/\s+/g, ' ').trim();
    if (!t || t.length > MAX_TAG_CHARS) continue;
    const k = t.toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(t);
    if (out.length >= MAX_TAGS) break;
  }
  return out;
}

/**
 * Sitemaps (sitemaps.org protocol): XML <urlset> and <sitemapindex>, plain-text sitemaps (one
 * URL a line), and either gzip-compressed. Tolerant by design: it reads <loc> elements with a
 * scanner rather than validating the XML, as sitemaps in the wild are often slightly broken.
 */
import { gunzipSync } from 'node:zlib';

export interface SitemapContent {
  /** Page URLs (<urlset><url><loc>, or the lines of a text sitemap). */
  urls: string[];
  /** Further sitemaps (<sitemapindex><sitemap><loc>). */
  sitemaps: string[];
  /** Set when the input was not usable; the lists are then empty. */
  error?: string;
}

/** sitemaps.org limits: 50,000 URLs and 50 MB (uncompressed) per file. */
export const MAX_SITEMAP_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (m, hex: string, dec: string, name: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : ENTITIES[name.toLowerCase()] ?? m)
    .trim();
}

/** Parse a sitemap's bytes; `base` resolves relative entries (not allowed by the protocol, but seen). */
export function parseSitemap(bytes: Uint8Array, base: string): SitemapContent {
  let data = bytes;
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = gunzipSync(data, { maxOutputLength: MAX_SITEMAP_BYTES });
    } catch (e) {
      return { urls: [], sitemaps: [], error: `gzip: ${(e as Error).message}` };
    }
  }
  const text = new TextDecoder('utf-8').decode(data.subarray(0, MAX_SITEMAP_BYTES));
  const out: SitemapContent = { urls: [], sitemaps: [] };
  const resolve = (s: string): string | null => { try { return new URL(s, base).href; } catch { return null; } };
  if (/<\s*(?:[\w-]+:)?(?:urlset|sitemapindex)\b/i.test(text)) {
    const block = /<\s*((?:[\w-]+:)?(?:url|sitemap))\b[^>]*>([\s\S]*?)<\/\s*\1\s*>/gi;
    for (const m of text.matchAll(block)) {
      const loc = /<\s*(?:[\w-]+:)?loc\b[^>]*>([\s\S]*?)<\/\s*(?:[\w-]+:)?loc\s*>/i.exec(m[2]);
      if (!loc) continue;
      const u = resolve(xmlText(loc[1]));
      if (!u) continue;
      const list = /sitemap$/i.test(m[1]) ? out.sitemaps : out.urls;
      if (out.urls.length + out.sitemaps.length >= MAX_SITEMAP_URLS) break;
      list.push(u);
    }
    return out;
  }
  if (/^\s*</.test(text)) return { urls: [], sitemaps: [], error: 'not a sitemap (XML without <urlset> or <sitemapindex>)' };
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (!/^https?:\/\//i.test(t)) continue;
    const u = resolve(t);
    if (u) out.urls.push(u);
    if (out.urls.length >= MAX_SITEMAP_URLS) break;
  }
  return out;
}

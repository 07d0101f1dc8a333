/**
 * Sitemaps (sitemaps.org protocol): XML <urlset> and <sitemapindex>, plain-text sitemaps (one
 * URL a line), and either gzip-compressed.
 *
 * XML is read by a scanner rather than validated, as sitemaps in the wild are often slightly
 * broken (unclosed elements, a bare "&", garbage between entries, a file cut short). The scanner
 * is one forward pass of indexOf calls, so its time is linear in the input whatever the input
 * is: a sitemap is remote input, and the lazy regex this replaces rescanned to the end of the
 * file at each unclosed <url> (quadratic: 20 s for 800 KB of "<url>"). XML libraries were tried
 * first: sax (strict and loose) scans its whole tag stack at every unmatched close tag (also
 * quadratic: 2,000 "<url>" and 2,000 "</x>" take 76 s in strict mode), and saxes, linear, gives
 * up the rest of the file at the first bare "&".
 *
 * Entries are read one by one: a <loc> with a character reference that is no XML character
 * (&#x110000;, &#0;) or that is not a URL is skipped and counted, and the others are kept.
 * Element names are matched without their namespace prefix and case-insensitively.
 */
import { gunzipSync } from 'node:zlib';

export interface SitemapContent {
  /** Page URLs (<urlset><url><loc>, or the lines of a text sitemap). */
  urls: string[];
  /** Further sitemaps (<sitemapindex><sitemap><loc>). */
  sitemaps: string[];
  /** Entries passed over because their <loc> was unusable (a bad character reference, not a URL); absent when none. */
  skipped?: number;
  /** Set when the input was not usable; the lists are then empty. */
  error?: string;
}

/** sitemaps.org limits: 50,000 URLs and 50 MB (uncompressed) per file. */
export const MAX_SITEMAP_URLS = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/** A <loc> longer than this is no URL to ask for: it is skipped, and its text not gathered. */
const MAX_LOC_CHARS = 64 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0's Char production: what a character reference may name. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Character data with its references resolved; null when one names no character. Unknown names stay as written. */
function decodeText(s: string): string | null {
  if (!s.includes('&')) return s;
  let bad = false;
  const out = s.replace(/&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|([A-Za-z]\w*));/g, (m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return ENTITIES[name.toLowerCase()] ?? m;
    const cp = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    if (!isXmlChar(cp)) { bad = true; return ''; }
    return String.fromCodePoint(cp);
  });
  return bad ? null : out;
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
  const resolve = (s: string): string | null => { try { return new URL(s, base).href; } catch { return null; } };
  if (/<\s*(?:[\w-]+:)?(?:urlset|sitemapindex)\b/i.test(text)) return scanXml(text, resolve);
  if (/^\s*</.test(text)) return { urls: [], sitemaps: [], error: 'not a sitemap (XML without <urlset> or <sitemapindex>)' };
  const out: SitemapContent = { urls: [], sitemaps: [] };
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (!/^https?:\/\//i.test(t)) continue;
    const u = resolve(t);
    if (u) out.urls.push(u);
    if (out.urls.length >= MAX_SITEMAP_URLS) break;
  }
  return out;
}

// A tag's start: "<", optional "/", its name. Each part can match empty, so it never backtracks.
const TAG = /<\s*(\/?)\s*([^\s/>]*)/y;

/**
 * One pass over the markup. `block` is the last <url> or <sitemap> opened and not closed (which
 * list a <loc> goes to); a <loc> outside one is ignored. Every step moves `i` forward past what
 * it looked at, and each indexOf starts at `i`, so no character is looked at more than a few times.
 */
function scanXml(text: string, resolve: (s: string) => string | null): SitemapContent {
  const out: SitemapContent = { urls: [], sitemaps: [] };
  let skipped = 0;
  let block: 'url' | 'sitemap' | null = null;
  let loc: { parts: string[]; chars: number; bad: boolean } | null = null;
  const addText = (s: string, raw: boolean): void => {
    if (!loc || loc.bad || !s) return;
    const t = raw ? s : decodeText(s);
    if (t === null || loc.chars + t.length > MAX_LOC_CHARS) { loc.bad = true; loc.parts = []; return; }
    loc.parts.push(t);
    loc.chars += t.length;
  };
  const endLoc = (): void => {
    if (!loc || !block) return;
    const u = loc.bad ? null : resolve(loc.parts.join('').trim());
    loc = null;
    if (!u) { skipped++; return; }
    (block === 'sitemap' ? out.sitemaps : out.urls).push(u);
  };
  const n = text.length;
  let i = 0;
  let gt = -2; // the first ">" after the current "<" (-1: none left; -2: not searched yet)
  while (i < n && out.urls.length + out.sitemaps.length < MAX_SITEMAP_URLS) {
    const lt = text.indexOf('<', i);
    if (loc) addText(text.slice(i, lt < 0 ? n : lt), false);
    if (lt < 0) break;
    if (text.startsWith('<![CDATA[', lt)) {
      const close = text.indexOf(']]>', lt + 9);
      if (loc) addText(text.slice(lt + 9, close < 0 ? n : close), true);
      i = close < 0 ? n : close + 3;
      continue;
    }
    if (text.startsWith('<!--', lt)) {
      const close = text.indexOf('-->', lt + 4);
      i = close < 0 ? n : close + 3;
      continue;
    }
    // The first ">" after lt is the same for every lt before it: kept, so that a run of "<"
    // before one ">" does not search to that ">" again from each of them.
    if (gt !== -1 && gt <= lt) gt = text.indexOf('>', lt + 1);
    if (gt < 0) break; // a tag cut off by the end of the file
    const nextLt = text.indexOf('<', lt + 1);
    if (nextLt >= 0 && nextLt < gt) { // a bare "<": text, and the next "<" may start a tag
      if (loc) addText(text.slice(lt, nextLt), false);
      i = nextLt;
      continue;
    }
    i = gt + 1;
    if (text[lt + 1] === '?' || text[lt + 1] === '!') continue; // declarations, doctype
    TAG.lastIndex = lt;
    const m = TAG.exec(text)!; // never past gt: neither part matches ">"
    const name = m[2].slice(m[2].lastIndexOf(':') + 1).toLowerCase();
    const closing = m[1] === '/';
    const selfClosing = !closing && text[gt - 1] === '/';
    if (name === 'loc') {
      if (closing) endLoc();
      else if (!selfClosing && block) loc = { parts: [], chars: 0, bad: false };
    } else if (name === 'url' || name === 'sitemap') {
      if (closing) { if (loc) endLoc(); block = null; } else if (!selfClosing) { loc = null; block = name; }
    }
  }
  if (skipped) out.skipped = skipped;
  return out;
}

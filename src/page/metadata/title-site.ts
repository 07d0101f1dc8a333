/**
 * The title chooser's site name (title.ts): the names the page gives its site (og:site_name, the
 * host, the banner) and the title with them taken off either end ("Headline | Section | Site").
 */
import { key, span, split, words, type Split } from './title-text.js';
import { parsePageUrl } from './urls.js';

// ---- the site name -----------------------------------------------------------------------------

/** Host labels that name no site. */
const GENERIC_LABELS = new Set(['www', 'ww2', 'www1', 'www2', 'm', 'mobile', 'amp', 'news', 'blog', 'blogs', 'en', 'edition', 'web', 'home']);

/** The labels of the host that may name the site: "news.bbc.co.uk" → ["bbc"]. */
function hostNames(url: string | URL | undefined): string[] {
  const u = parsePageUrl(url);
  if (!u) return [];
  const host = u.hostname.toLowerCase();
  const labels = host.split('.');
  if (labels.length < 2) return [];
  labels.pop(); // the top-level domain
  // A country's second level: co.uk, com.au, or.jp…
  if (labels.length > 1 && labels[labels.length - 1].length <= 3) labels.pop();
  return labels.filter((l) => l.length >= 3 && !GENERIC_LABELS.has(l)).map((l) => l.replace(/-/g, ''));
}

/**
 * A host label spelled by a name's initials: "nyt" or "tnyt" (The New York Times), "nytimes"
 * (initials, then a word: New York + Times), "nypost" (New York + Post, "Online Edition" after),
 * "nymag" (New York + the start of Magazine). The initials start at the first word (or the word
 * after "the"); the word that follows is spelled out, whole or its first letters (two or more).
 */
function spellsHost(words: string[], host: string): boolean {
  for (let from = 0; from < Math.min(2, words.length); from++) {
    if (from === 1 && words[0] !== 'the') break;
    let lead = '';
    for (let m = from; m < words.length && lead.length < host.length; m++) {
      lead += words[m][0];
      if (lead === host && m > from) return true;
      if (!host.startsWith(lead)) break;
      const next = words[m + 1];
      const tail = host.slice(lead.length);
      if (next && tail.length >= 2 && next.startsWith(tail)) return true;
    }
  }
  return false;
}

/**
 * The site's names as keys, and a test whether a segment of the title is one. A segment is the
 * site name when it is (or holds, or is held by) og:site_name or a host label, or when its
 * initials spell a host label (spellsHost).
 */
export class SiteName {
  private readonly keys: string[];
  private readonly hosts: string[];
  constructor(siteName: string, url: string | URL | undefined) {
    this.keys = [];
    const k = key(siteName);
    if (k.length >= 2) this.keys.push(k);
    // og:site_name "Beyond Evangelical | The Blog of Frank Viola": each part names the site.
    if (siteName) for (const seg of split(siteName).segs) this.addName(seg.text);
    this.hosts = hostNames(url);
  }

  /** Another spelling of the name, as the page's banner shows it. True when it was new. */
  addName(name: string): boolean {
    const k = key(name);
    if (k.length < 3 || k.length > 60 || this.keys.includes(k)) return false;
    this.keys.push(k);
    this.memo.clear();
    this.strips.clear();
    return true;
  }

  /**
   * stripSiteName's answers, by title, for the names known so far: a page's two or three titles
   * are stripped five or six times (the variants, twice when the banner adds a name; the names'
   * ends; the fallback). Not kept without a name or a host, as matches() keeps nothing then.
   */
  private readonly strips = new Map<string, Stripped>();

  stripped(title: string): Stripped {
    if (this.keys.length === 0 && this.hosts.length === 0) return strip(title, this);
    let st = this.strips.get(title);
    if (st === undefined) { st = strip(title, this); this.strips.set(title, st); }
    return st;
  }

  /** Answers of matches(), by segment: stripSiteName and variantKeys ask about each segment often. */
  private readonly memo = new Map<string, boolean>();

  matches(segment: string, strict = false): boolean {
    // Without a name or a host nothing matches; and not memoised, since NO_SITE (below) lives as
    // long as the module and its memo would keep every page's title segments.
    if (this.keys.length === 0 && this.hosts.length === 0) return false;
    const m = (strict ? '1' : '0') + segment;
    let v = this.memo.get(m);
    if (v === undefined) { v = this.test(segment, strict); this.memo.set(m, v); }
    return v;
  }

  /**
   * Whether `segment` is the site's name. Loose for an end segment of a title, where the headline
   * stays in the other segments; `strict` for a whole text (an <h1>), where a headline may name
   * the site ("Pricing changes for GitHub Actions" on github.com): the name must be most of it.
   */
  private test(segment: string, strict: boolean): boolean {
    const k = key(segment);
    if (k.length < 2 || k.length > 80) return false;
    const holds = (name: string, most: number): boolean =>
      name.length >= 4 && k.includes(name) && (strict ? name.length * 5 >= k.length * 3 : k.length <= most);
    for (const s of this.keys) {
      if (k === s || holds(s, s.length + 24) || (k.length >= 4 && s.includes(k))) return true;
    }
    if (!this.hosts.length) return false;
    const lower = segment.toLowerCase();
    // The host written out ("WTNH.com, Connecticut News and Weather") marks a tagline of any length.
    if (!strict) for (const h of this.hosts) if (lower.includes(h + '.')) return true;
    const words = lower.normalize('NFKC').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length === 0 || words.length > 6) return false;
    for (const h of this.hosts) {
      if (k === h || (k.length >= 4 && h.includes(k)) || (words.length <= (strict ? 2 : 4) && words.includes(h))) return true;
      // "The Korea Times" holds "koreatimes"; a headline that names the site ("30 Years of
      // Computing at CERN") is much longer than the name.
      if (holds(h, h.length * 2 + 4)) return true;
      if (words.length >= 2 && spellsHost(words, h)) return true;
    }
    return false;
  }
}

export const NO_SITE = new SiteName('', undefined);

/** A short end segment that reads like a name or section, not like a sentence. */
function brandShaped(text: string, rest: string, ratio = 2): boolean {
  return words(text) <= 4 && text.length <= 32 && text.length * ratio <= rest.length && !/[.!?"'”’]$/.test(text);
}

/** Separators that also join a headline's halves ("Review: the film", "Headline (video)"). */
const WEAK_SEPARATORS = new Set([':', '(']);

/** from..to: the segments kept; knownFrom..knownTo: those left once the known names went. */
export interface Stripped { text: string; from: number; to: number; knownFrom: number; knownTo: number; split: Split; known: boolean }

/**
 * The title without the site name (and section names) at either end. Ends that match the known
 * site name go first, repeatedly; then short name-like segments next to them or, with no known
 * name, one short segment after a strong separator at the end.
 */
export function stripSiteName(title: string, site: SiteName): Stripped {
  return site.stripped(title);
}
function strip(title: string, site: SiteName): Stripped {
  const s = split(title);
  let i = 0, j = s.segs.length - 1;
  if (j <= 0) return { text: title, from: 0, to: j, knownFrom: 0, knownTo: j, split: s, known: false };
  let knownEnd = false, knownStart = false;
  for (let moved = true; moved && j > i;) {
    moved = false;
    if (site.matches(s.segs[j].text)) { j--; moved = knownEnd = true; continue; }
    if (site.matches(s.segs[i].text)) { i++; moved = knownStart = true; }
  }
  const n = s.segs.length;
  const knownFrom = i, knownTo = j;
  // "Headline - Section - Site": after the site name, the sections before it.
  while (j > i) {
    const sep = s.seps[j - 1];
    if (WEAK_SEPARATORS.has(sep) && !(knownEnd && s.seps[j] === sep)) break;
    if (!brandShaped(s.segs[j].text, span(s, i, j - 1))) break;
    // With no known name at this end, the last segment goes, and the ones before it only when
    // they are as short and set off the same way ("Headline - World - Sport - Paper").
    if (!knownEnd && j < n - 1 && (words(s.segs[j].text) > 2 || s.seps[j] !== sep)) break;
    j--;
  }
  // "Site » Section » Headline": the same at the start, where a bare shape is weaker evidence.
  while (j > i) {
    const sep = s.seps[i];
    if (WEAK_SEPARATORS.has(sep) && !(knownStart && i > 0 && s.seps[i - 1] === sep)) break;
    // After the site's name, a section may be as long as a short headline ("Site - Other
    // Sports - Podium for Canuck"); a leading chunk of a headline rarely follows a site's name.
    if (!brandShaped(s.segs[i].text, span(s, i + 1, j), knownStart && i > 0 ? 1 : 2) || words(s.segs[i].text) > 3) break;
    // With no known name: a first segment before a bar, guillemet or slash goes, and the ones
    // after it only when as short and set off the same way ("dy/dan » Blog Archive » Headline").
    if (!knownStart && i === 0 && !/^(?:\||\|\||::|»|›|>|\/|_+)$/.test(sep)) break;
    if (!knownStart && i > 0 && (words(s.segs[i].text) > 2 || s.seps[i - 1] !== sep)) break;
    i++;
  }
  return { text: span(s, i, j), from: i, to: j, knownFrom, knownTo, split: s, known: knownEnd || knownStart };
}

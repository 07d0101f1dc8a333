/**
 * The page's headline: the <title> with the site name taken off either end, checked against what
 * the page shows (<h1>, headline-like elements near the top) and what its metadata says (og:title,
 * JSON-LD headline). The variant that the visible page and the metadata agree on wins; the
 * element that shows it is returned too, so the extractor can leave it out of the body text.
 *
 * One bounded walk over the body's elements; every string is capped before a regex sees it, and
 * the regexes have no nested quantifiers, so hostile pages cost linear time.
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { elementText } from '../metadata.js';
import { placeholderReason } from './title-placeholder.js';
import type { MetadataSource } from './types.js';

export interface TitleCandidates {
  titleTag?: string; ogTitle?: string; twitterTitle?: string; jsonLdHeadline?: string; microdataHeadline?: string;
  siteName?: string; url?: string;
}

export interface ChosenTitle { title: string; source: MetadataSource; headline: DomElement | null }

/** Longer strings are cut before any regex runs: no headline is this long. */
const MAX_CHARS = 600;
/** Title segments considered: "A | B | C | D" rarely has more than five. */
const MAX_SEGMENTS = 10;
/** Body elements looked at, at most: the headline sits near the top of the page. */
const MAX_SCAN = 6000;
const MAX_H1 = 8;
const MAX_OTHER = 60;

// ---- text keys ---------------------------------------------------------------------------------

function clean(s: string | undefined): string {
  if (!s) return '';
  const c = s.length > MAX_CHARS ? s.slice(0, MAX_CHARS) : s;
  return c.replace(/[\s\u200b]+/g, ' ').trim();
}

/**
 * What two spellings of one headline share: letters and digits, lower case, compatibility forms
 * folded. Quotes, dashes and spacing differ between <title>, og:title and the visible <h1>.
 */
function key(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

// ---- the site name -----------------------------------------------------------------------------

/** Host labels that name no site. */
const GENERIC_LABELS = new Set(['www', 'ww2', 'www1', 'www2', 'm', 'mobile', 'amp', 'news', 'blog', 'blogs', 'en', 'edition', 'web', 'home']);

/** The labels of the host that may name the site: "news.bbc.co.uk" → ["bbc"]. */
function hostNames(url: string | undefined): string[] {
  if (!url) return [];
  let host: string;
  try { host = new URL(url).hostname.toLowerCase(); } catch { return []; }
  const labels = host.split('.');
  if (labels.length < 2) return [];
  labels.pop(); // the top-level domain
  // A country's second level: co.uk, com.au, or.jp…
  if (labels.length > 1 && labels[labels.length - 1].length <= 3) labels.pop();
  return labels.filter((l) => l.length >= 3 && !GENERIC_LABELS.has(l)).map((l) => l.replace(/-/g, ''));
}

/** "The New York Times" → "nyt" and "tnyt": a host is often a name's initials. */
function initials(words: string[]): string[] {
  const all = words.map((w) => w[0]).join('');
  const noThe = words[0] === 'the' ? all.slice(1) : all;
  return [all, noThe];
}

/**
 * The site's names as keys, and a test whether a segment of the title is one. A segment is the
 * site name when it is (or holds, or is held by) og:site_name or a host label, or when its
 * initials, with or without its last word spelled out, make a host label (nytimes, wsj).
 */
class SiteName {
  private readonly keys: string[];
  private readonly hosts: string[];
  constructor(siteName: string, url: string | undefined) {
    this.keys = [];
    const k = key(siteName);
    if (k.length >= 2) this.keys.push(k);
    this.hosts = hostNames(url);
  }
  get known(): boolean { return this.keys.length > 0 || this.hosts.length > 0; }

  matches(segment: string): boolean {
    const k = key(segment);
    if (k.length < 2 || k.length > 80) return false;
    for (const s of this.keys) {
      if (k === s || (s.length >= 4 && k.includes(s) && k.length <= s.length + 24) || (k.length >= 4 && s.includes(k))) return true;
    }
    if (!this.hosts.length) return false;
    const words = segment.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length === 0 || words.length > 6) return false;
    for (const h of this.hosts) {
      if (k === h || (h.length >= 4 && k.includes(h)) || (k.length >= 4 && h.includes(k))) return true;
      if (words.length >= 2) {
        for (const i of initials(words)) if (i.length >= 2 && (i === h || i + key(words[words.length - 1]).slice(0) === h)) return true;
        const last = words[words.length - 1];
        const lead = initials(words.slice(0, -1));
        for (const i of lead) if (i && i + last === h) return true;
      }
    }
    return false;
  }
}

// ---- the title's segments ----------------------------------------------------------------------

interface Segment { start: number; end: number; text: string; key: string }
interface Split { text: string; segs: Segment[]; seps: string[] }

/**
 * Separators between a headline and the site name: bars, bullets, guillemets and double colons
 * with or without spaces; dashes and slashes only with a space on each side (a hyphenated word is
 * no separator); a colon only before a space ("Site: Headline", not "10:30").
 */
const SEPARATOR = /\s*(?:\|+|::|»|«|·|•|\u2022|~)\s*|\s+(?:-{1,2}|–|—|\/|>)\s+|:\s+/g;

function split(title: string): Split {
  const segs: Segment[] = [];
  const seps: string[] = [];
  let at = 0;
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(title); m; m = SEPARATOR.exec(title)) {
    if (m[0].length === 0) { SEPARATOR.lastIndex++; continue; }
    const text = title.slice(at, m.index).trim();
    if (text && segs.length < MAX_SEGMENTS - 1) { segs.push({ start: at, end: m.index, text, key: key(text) }); seps.push(m[0].trim()); }
    else if (!text && segs.length === 0) { /* a leading separator */ }
    else if (segs.length >= MAX_SEGMENTS - 1) break;
    at = m.index + m[0].length;
  }
  const rest = title.slice(at).trim();
  if (rest) segs.push({ start: at, end: title.length, text: rest, key: key(rest) });
  return { text: title, segs, seps };
}

/** The title from segment i to segment j, as the page wrote it. */
function span(s: Split, i: number, j: number): string {
  return s.text.slice(s.segs[i].start, s.segs[j].end).trim();
}

function words(s: string): number {
  let n = 0;
  for (const _ of s.matchAll(/[\p{L}\p{N}]+/gu)) if (++n > 40) break;
  return n;
}

/** A short end segment that reads like a name or section, not like a sentence. */
function brandShaped(seg: Segment, rest: string): boolean {
  const w = words(seg.text);
  return w <= 4 && seg.text.length <= 32 && seg.text.length * 2 <= rest.length && !/[.!?]$/.test(seg.text);
}

/** Colons also join a headline's halves ("Review: the film"): they need more than shape. */
const WEAK_SEPARATOR = /^:$/;

/**
 * The title without the site name (and section names) at either end. Ends that match the known
 * site name go first; then, by shape, short name-like segments after a strong separator.
 */
function stripSiteName(title: string, site: SiteName): { text: string; from: number; to: number; split: Split } {
  const s = split(title);
  let i = 0, j = s.segs.length - 1;
  if (j <= 0) return { text: title, from: 0, to: j, split: s };
  // Known names first, at either end, repeatedly ("Headline - Section - Site" after the site goes
  // falls to the shape rule below).
  let moved = true;
  while (moved && j > i) {
    moved = false;
    if (site.matches(s.segs[j].text)) { j--; moved = true; continue; }
    if (site.matches(s.segs[i].text)) { i++; moved = true; }
  }
  const removedKnown = i > 0 || j < s.segs.length - 1;
  // Shape: a short segment at the end after a strong separator is a site or section name.
  while (j > i) {
    const rest = span(s, i, j - 1);
    if (WEAK_SEPARATOR.test(s.seps[j - 1]) || !brandShaped(s.segs[j], rest)) break;
    // Without a known name, take one end segment only unless the others look like it too.
    if (!removedKnown && j < s.segs.length - 1 && words(s.segs[j].text) > 3) break;
    j--;
  }
  while (j > i && !removedKnown) {
    const rest = span(s, i + 1, j);
    if (WEAK_SEPARATOR.test(s.seps[i]) && i === 0) break;
    if (!brandShaped(s.segs[i], rest) || words(s.segs[i].text) > 3) break;
    if (s.seps[i] !== '|' && s.seps[i] !== '::' && s.seps[i] !== '»' && s.seps[i] !== '||') break;
    i++;
  }
  return { text: span(s, i, j), from: i, to: j, split: s };
}

// ---- body candidates ---------------------------------------------------------------------------

/** Class or id words of a headline container. */
const HEADLINE_HINT = /(?:^|[\s_-])(?:headline|(?:entry|post|article|story|page|news|content|main)[-_]?(?:title|head(?:er|ing)?|hed)|title|heading|hed)(?:$|[\s_-])/;
/** Class or id words of the site's name or of a box's title. */
const NOT_HEADLINE = /logo|brand|masthead|site[-_]?(?:title|name)|widget|sidebar|subtitle|sub[-_]title|related|promo|teaser|nav|menu|footer|comment|section[-_]?title|module|card/;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3']);

interface BodyCandidates { h1: DomElement[]; other: DomElement[] }

/** A headline is text of a sensible length, shown, and not mostly a link list. */
function headlineLike(el: DomElement): boolean {
  return !el.hidden && el.textLen >= 3 && el.textLen <= 300 && el.linkTextLen * 2 <= el.textLen + 40;
}

function collect(doc: DomDocument): BodyCandidates {
  const out: BodyCandidates = { h1: [], other: [] };
  const body = doc.body;
  const els = doc.elements;
  if (!body || body.id < 0 || !els || els.length === 0) return out;
  const end = Math.min(els.length, body.id + 1 + body.tags, body.id + MAX_SCAN);
  for (let k = body.id + 1; k < end; k++) {
    const el = els[k];
    if (el.tag === 'h1') {
      if (out.h1.length < MAX_H1 && !el.hidden && el.textLen > 0 && el.textLen <= 400) out.h1.push(el);
      continue;
    }
    if (out.other.length >= MAX_OTHER || !headlineLike(el)) continue;
    if (HEADING_TAGS.has(el.tag) || el.attr('itemprop') === 'headline') { out.other.push(el); continue; }
    const ci = el.classId;
    if (ci && HEADLINE_HINT.test(ci) && !NOT_HEADLINE.test(ci)) out.other.push(el);
  }
  return out;
}

/** An <h1> that shows the site's name: a logo image, a link home, a logo class. */
function isLogo(el: DomElement, text: string, site: SiteName): boolean {
  if (NOT_HEADLINE.test(el.classId)) return true;
  if (el.images > 0 && el.textLen < 30) return true;
  return site.matches(text) && words(text) <= 6;
}

// ---- choosing ----------------------------------------------------------------------------------

interface Ref { text: string; source: MetadataSource }

/** The title's variants as keys: every run of adjacent segments, with where it came from. */
function variantKeys(refs: Ref[], site: SiteName): Map<string, { text: string; source: MetadataSource; brand: boolean }> {
  const map = new Map<string, { text: string; source: MetadataSource; brand: boolean }>();
  for (const r of refs) {
    const s = split(r.text);
    const n = s.segs.length;
    for (let i = 0; i < n; i++) {
      for (let j = n - 1; j >= i; j--) {
        const t = span(s, i, j);
        const k = key(t);
        if (k.length < 2 || map.has(k)) continue;
        map.set(k, { text: t, source: r.source, brand: i === j && n > 1 && site.matches(t) });
      }
    }
  }
  return map;
}

/** Words shared, as a share of the larger word set: agreement beyond exact spelling. */
function overlap(a: string, b: string): number {
  const wa = new Set(a.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const wb = new Set(b.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  if (!wa.size || !wb.size) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / Math.max(wa.size, wb.size);
}

/**
 * The headline. Candidates, most trusted first: JSON-LD, og:title, twitter:title, microdata, the
 * <title> tag. A placeholder <title> ("Untitled Document") counts as none.
 */
export function chooseTitle(doc: DomDocument, c: TitleCandidates): ChosenTitle {
  const site = new SiteName(clean(c.siteName), c.url);
  let titleTag = clean(c.titleTag);
  if (titleTag && placeholderReason(titleTag, { url: c.url })) titleTag = '';
  const refs: Ref[] = [];
  const add = (v: string | undefined, source: MetadataSource): void => { const t = clean(v); if (t && !placeholderReason(t, { url: c.url })) refs.push({ text: t, source }); };
  add(c.jsonLdHeadline, 'json-ld');
  add(c.ogTitle, 'opengraph');
  add(c.twitterTitle, 'twitter');
  add(c.microdataHeadline, 'microdata');
  if (titleTag) refs.push({ text: titleTag, source: 'title-tag' });
  const variants = variantKeys(refs, site);
  const body = collect(doc);

  // 1. A shown headline whose text is a variant of a metadata title, the longest such.
  const shown = bestShown(body, variants, site);
  if (shown) return shown;

  // 2. No agreement: the stripped <title> (else the best metadata title), and an <h1> that says
  //    nearly the same thing is taken as its visible form.
  const fallback = titleTag || refs[0]?.text || '';
  const stripped = fallback ? stripSiteName(fallback, site).text : '';
  const src: MetadataSource = titleTag ? 'title-tag' : refs[0]?.source ?? 'h1';
  for (const el of body.h1) {
    const t = clean(elementText(el));
    if (!t || isLogo(el, t, site)) continue;
    if (!stripped) return { title: t, source: 'h1', headline: el };
    if (overlap(t, stripped) >= 0.6) return { title: t, source: 'h1', headline: el };
  }
  return { title: stripped, source: src, headline: null };
}

/** Step 1 of chooseTitle: the <h1>s first, then the other headline-like elements. */
function bestShown(body: BodyCandidates, variants: ReturnType<typeof variantKeys>, site: SiteName): ChosenTitle | null {
  for (const group of [body.h1, body.other]) {
    let best: ChosenTitle | null = null, bestLen = 0;
    for (const el of group) {
      const t = clean(elementText(el));
      const k = key(t);
      const v = variants.get(k);
      if (!v || v.brand) continue;
      if (group === body.h1 && isLogo(el, t, site)) continue;
      if (k.length > bestLen) { best = { title: t, source: v.source, headline: el }; bestLen = k.length; }
    }
    if (best) return best;
  }
  return null;
}

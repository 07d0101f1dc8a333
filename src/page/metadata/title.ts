/**
 * The page's headline: the <title> with the site name taken off either end, checked against what
 * the page shows (<h1>, headline-like elements near the top) and what its metadata says (og:title,
 * JSON-LD headline). The variant that the visible page and the metadata agree on wins; the
 * element that shows it is returned too, so the extractor can leave it out of the body text.
 *
 * A placeholder title ("Untitled Document", a generator's name, a bare host: paper 000 §6, in
 * title-placeholder.ts, which also holds the paper's keyword repair) counts as no title here.
 *
 * One bounded walk over the body's elements; every string is capped before a regex sees it, and
 * the regexes have no nested quantifiers, so hostile pages cost linear time.
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { isAncestor } from '../../dom/node.js';
import { shownElementText } from './raw-title.js';
import { textOf as textUpTo } from './text.js';
import { measureText } from '../../text/measure.js';
import { placeholderReason } from './title-placeholder.js';
import { NOT_HEADLINE, inSiteHeader, proseHeaded, proseWithin, standsAlone } from './title-place.js';
import { MAX_CHARS, clean, decodeRefs, key, letterWords, span, split, withTitleMemo, words } from './title-text.js';
import { NO_SITE, SiteName, stripSiteName, type Stripped } from './title-site.js';
import type { MetadataSource } from './types.js';
import { findDates } from './dates.js';
import { isHomeUrl } from './kind.js';

export interface TitleCandidates {
  titleTag?: string; ogTitle?: string; twitterTitle?: string; jsonLdHeadline?: string; microdataHeadline?: string;
  /** The headline of the article record in the page's Next.js or Nuxt payload (app-article.ts). */
  appHeadline?: string;
  siteName?: string;
  /** The page's URL (parsed once by the caller, or a string). */
  url?: string | URL;
}

export interface ChosenTitle {
  title: string; source: MetadataSource; headline: DomElement | null;
  /** An element that shows the title's text but is not trusted with the headline's place (a <b> in a cell): only its text is no body. */
  shown?: DomElement;
}

/** Body elements looked at, at most: the headline sits near the top of the page. */
const MAX_SCAN = 6000;
const MAX_H1 = 8;
const MAX_OTHER = 60;
/** Plain elements (any tag) of a variant's length looked at, and the tags one may hold. */
const MAX_PLAIN = 80;
const MAX_PLAIN_TAGS = 4;
/** <h1>s, <h2>s and <h3>s proseHeading() weighs, at most. */
const MAX_HEADINGS = 40;
/** The prose (characters) a heading must head to stand in for a title that names no article. */
const MIN_PROSE = 200;

// ---- body candidates ---------------------------------------------------------------------------

/** Class or id words of a headline container. */
const HEADLINE_HINT = /headline|(?:entry|post|article|story|page|news|content|main)[-_]?(?:title|head(?:er|ing)?|hed)\b|(?:^|[\s_-])(?:title|heading|hed)(?:$|[\s_-])/;
/** The strongest of them: named a headline. */
const STRONG_HINT = /headline|(?:entry|post|article|story)[-_]?(?:title|head)/;
/** Class or id words of the element that shows the site's name in its banner. */
const SITE_NAME_CLASS = /logo|site[-_]?(?:title|name)|blog[-_]?(?:title|name)|brand(?:ing)?(?:$|[\s_-])/;
const MAX_NAMES = 6;
/** The indexOf pre-test of SITE_NAME_CLASS: most class lists hold none of these. */
function hasNameWord(ci: string): boolean {
  return ci.indexOf('logo') >= 0 || ci.indexOf('title') >= 0 || ci.indexOf('name') >= 0 || ci.indexOf('brand') >= 0;
}
/**
 * The tags collect() treats apart, by kind, so that an element's tag is looked up once (it was
 * up to four set lookups and compares of a tag name the parser made fresh for each element).
 * Skipped: navigation, footers and the like, where no headline sits; form controls show none.
 */
const SKIPPED = 1, H1 = 2, HEADING = 3, FORM = 4, LINK = 5;
const TAG_KIND = new Map<string, number>([
  ...['nav', 'footer', 'aside', 'select', 'svg', 'noscript', 'template'].map((t) => [t, SKIPPED] as const),
  ['h1', H1], ['h2', HEADING], ['h3', HEADING], ['a', LINK],
  ...['button', 'label', 'option', 'textarea', 'input', 'form'].map((t) => [t, FORM] as const),
]);

const NO_WORD = 0, SOME_WORD = 1, ITEMPROP_HEADLINE = 2;
/** Any word collect() looks for in a class or id (hasNameWord's, and head/title/hed), in any case. */
const CLASS_WORD = /head|title|hed|logo|name|brand/i;

/**
 * One pass over an element's attributes, on the raw values: whether it is itemprop="headline",
 * else whether its class or id holds a word collect() looks for. Most do not, and for those no
 * lower-cased class/id copy (DomElement.classId) is built: that copy was most of the walk's cost.
 */
function classNamesWord(el: DomElement): number {
  const a = el.attrs;
  let word = NO_WORD;
  for (let k = 0; k < a.length; k++) {
    const n = a[k].name;
    if (n === 'itemprop') { if (a[k].value === 'headline') return ITEMPROP_HEADLINE; }
    else if ((n === 'class' || n === 'id') && word === NO_WORD && CLASS_WORD.test(a[k].value)) word = SOME_WORD;
  }
  return word;
}

/**
 * What collect() finds: the <h1>s, other headline candidates, the elements that show the site's
 * name (a rel="home" link, a logo or site-title class); `texts` renders each element once;
 * `fits` is the variants' lengthFilter.
 */
interface BodyCandidates {
  h1: DomElement[]; other: DomElement[]; plain: DomElement[]; names: DomElement[]; texts: Map<DomElement, string>; fits: Uint8Array;
  body: DomElement | null;
  /** key() of the body's text, read only when restUnshown() needs it. */
  bodyKey?: string;
}

function textOf(body: BodyCandidates, el: DomElement): string {
  let t = body.texts.get(el);
  if (t === undefined) { t = clean(shownElementText(el)); body.texts.set(el, t); }
  return t;
}

/** Rendered lengths (DomElement.textLen) near a variant's: only such elements can show one. */
function lengthFilter(variants: Map<string, Variant>): Uint8Array {
  const ok = new Uint8Array(MAX_CHARS + 1);
  for (const v of variants.values()) {
    const len = measureText(v.text).len;
    const slack = Math.max(4, len >> 3);
    for (let l = Math.max(0, len - slack); l <= Math.min(MAX_CHARS, len + slack); l++) ok[l] = 1;
  }
  return ok;
}

/**
 * A headline is text of a sensible length, shown, not mostly a link, and a few elements at most
 * (which also bounds what rendering the candidates costs on a hostile page).
 */
function headlineLike(el: DomElement): boolean {
  return !el.hidden && el.textLen >= 3 && el.textLen <= 300 && el.linkTextLen * 2 <= el.textLen && el.tags <= MAX_HEADLINE_TAGS;
}
const MAX_HEADLINE_TAGS = 200;

/**
 * One walk over the top of the body: its <h1>s, and the h2/h3 and headline-named elements whose
 * length could match a variant (`fits`) or that are named a headline outright.
 */
function collect(doc: DomDocument, fits: Uint8Array): BodyCandidates {
  const body = doc.body;
  const out: BodyCandidates = { h1: [], other: [], plain: [], names: [], texts: new Map(), fits, body };
  const els = doc.elements;
  if (!body || body.id < 0 || !els || els[body.id] !== body) return out;
  const end = Math.min(els.length, body.id + 1 + body.tags, body.id + MAX_SCAN);
  for (let k = body.id + 1; k < end; k++) {
    const el = els[k];
    const len = el.textLen;
    // Pre-order: an element's subtree is the next `tags` elements. Skipped whole when it holds
    // no text, is hidden, or is the page's navigation or footer, where no headline sits.
    if (len < 3 || el.hidden) { k += el.tags; continue; }
    const kind = TAG_KIND.get(el.tag);
    if (kind === SKIPPED) { k += el.tags; continue; }
    if (len > 400) continue;
    if (kind === H1) { if (out.h1.length < MAX_H1 && el.tags <= MAX_HEADLINE_TAGS) out.h1.push(el); continue; }
    // Older pages show the headline in a <font>, <b> or table cell with no heading tag or class:
    // any short element whose length fits a variant may show one (bestShown's last resort).
    if (fits[len] && out.plain.length < MAX_PLAIN && el.tags <= MAX_PLAIN_TAGS && kind !== HEADING && kind !== FORM && el.linkTextLen * 2 <= len) out.plain.push(el);
    if (out.other.length >= MAX_OTHER || len > 300) continue;
    if (kind === HEADING) { if (fits[len] && headlineLike(el)) out.other.push(el); continue; }
    // What follows keeps a headline-like element or a short name (the banner's): others' attributes stay unread.
    if (el.tags > MAX_HEADLINE_TAGS || (el.linkTextLen * 2 > len && (len > 60 || out.names.length >= MAX_NAMES)) || el.attrs.length === 0) continue;
    const named = classNamesWord(el);
    if (named === ITEMPROP_HEADLINE) { if (headlineLike(el)) out.other.push(el); continue; }
    if (named === NO_WORD && kind !== LINK) continue;
    // A class list is short; a hostile one is cut before the regexes read it.
    const ci = named === NO_WORD ? '' : el.classId.length > 200 ? el.classId.slice(0, 200) : el.classId;
    if (len <= 60 && out.names.length < MAX_NAMES && el.tags <= MAX_HEADLINE_TAGS && (kind === LINK ? /\bhome\b/i.test(el.attr('rel') ?? '') : ci && hasNameWord(ci) && SITE_NAME_CLASS.test(ci))) {
      out.names.push(el);
      continue;
    }
    // indexOf first: the regexes are for the few class names that can match.
    if (!ci || (ci.indexOf('head') < 0 && ci.indexOf('title') < 0 && ci.indexOf('hed') < 0)) continue;
    if ((fits[len] || STRONG_HINT.test(ci)) && HEADLINE_HINT.test(ci) && !NOT_HEADLINE.test(ci) && headlineLike(el)) out.other.push(el);
  }
  return out;
}

/** An element that shows the site's name: a logo image, a logo class, the name itself. */
function isLogo(el: DomElement, text: string, site: SiteName): boolean {
  if (NOT_HEADLINE.test(el.classId)) return true;
  if (el.images > 0 && el.textLen < 30) return true;
  return site.matches(text, true);
}

/** Text that reads as a headline: some words, not a link, not a label ("Sports", "More:"). */
function headlineShaped(el: DomElement, text: string): boolean {
  const w = words(text);
  return w >= 3 && w <= 40 && el.linkTextLen * 2 <= el.textLen && !/[:›»>]$/.test(text);
}

// ---- choosing ----------------------------------------------------------------------------------

interface Ref { text: string; source: MetadataSource }
/**
 * A run of title segments. `site`: wholly in the part stripSiteName took off (a site's or a
 * section's name); `whole`: the whole candidate or its stripped part; `beyond`: reaches into the
 * part taken off ("Headline | Site"); `known`: into a segment taken off as a known site name;
 * `rest`: the candidate's other segments include one that names the site.
 */
interface Variant { text: string; source: MetadataSource; site: boolean; whole: boolean; beyond: boolean; known: boolean; rest: boolean }

/**
 * Every run of adjacent segments of each candidate, by key. A run that lies wholly in the part
 * stripSiteName took off is the site's or a section's name: an element showing it is no headline.
 */
function variantKeys(refs: Ref[], site: SiteName): Map<string, Variant> {
  const map = new Map<string, Variant>();
  for (const r of refs) {
    const st = stripSiteName(r.text, site);
    const s = st.split;
    const n = s.segs.length;
    // The first and last segments that name the site: a run that leaves one of them out has the
    // site's name in the rest of the title.
    let firstName = -1, lastName = -1;
    if (n > 1) for (let k = 0; k < n; k++) if (site.matches(s.segs[k].text)) { if (firstName < 0) firstName = k; lastName = k; }
    for (let i = 0; i < n; i++) {
      for (let j = n - 1; j >= i; j--) {
        const t = span(s, i, j);
        const k = key(t);
        if (k.length < 2) continue;
        const outside = j < st.from || i > st.to;
        const prev = map.get(k);
        const whole = (i === 0 && j === n - 1) || (i === st.from && j === st.to);
        const beyond = !outside && (i < st.from || j > st.to);
        const known = i < st.knownFrom || j > st.knownTo;
        const rest = firstName >= 0 && (firstName < i || lastName > j);
        if (!prev) { map.set(k, { text: t, source: r.source, site: outside || (i === j && n > 1 && site.matches(t)), whole, beyond, known, rest }); continue; }
        if (rest) prev.rest = true;
        if (!outside) prev.site = false;
        if (whole) prev.whole = true;
        if (!beyond) prev.beyond = false;
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

/** Markup that leaked into a <title> (an unclosed attribute, script text): the tag is broken. */
const MARKUP_DEBRIS = /-->|\/>|["']\s*>|<\/?[a-z]|['"]\s*\+\s*[\w'"]/i;

/** Ornaments around a title: "=> Headline <=", ":: Headline ::". */
function trimOrnaments(t: string): string {
  return t.replace(/^[\s=<>*~|:»«·•_-]+/, '').replace(/[\s=<>*~|:»«·•_-]+$/, '');
}

/** A candidate title cleaned, '' when it is markup debris or empty; and whether it is a placeholder. */
function judgeCandidate(v: string, url: string | URL | undefined): { t: string; placeholder: boolean } {
  const raw = clean(v);
  if (MARKUP_DEBRIS.test(raw)) return { t: '', placeholder: false };
  const t = trimOrnaments(raw);
  return { t, placeholder: t !== '' && placeholderReason(t, { url }) !== null };
}

/**
 * The headline. Candidates, most trusted first: JSON-LD, og:title, twitter:title, microdata, the
 * article record of a Next.js or Nuxt payload, the <title> tag; a placeholder ("Untitled Document") counts as none. `source` names the candidate
 * the returned text agrees with, or 'h1' when only the page shows it.
 */
export function chooseTitle(doc: DomDocument, c: TitleCandidates): ChosenTitle { return withTitleMemo(() => choose(doc, c)); }
function choose(doc: DomDocument, c: TitleCandidates): ChosenTitle {
  const site = new SiteName(clean(c.siteName), c.url);
  const refs: Ref[] = [];
  let titleTag = '', placeholder = '';
  // og:title, twitter:title and the <title> often say the same: each text is judged once.
  const judged = new Map<string, { t: string; placeholder: boolean }>();
  const add = (v: string | undefined, source: MetadataSource): void => {
    if (!v) return;
    let j = judged.get(v);
    if (!j) { j = judgeCandidate(v, c.url); judged.set(v, j); }
    const t = j.t;
    if (!t) return;
    if (j.placeholder) { if (source === 'title-tag') placeholder = t; return; }
    refs.push({ text: t, source });
    if (source === 'title-tag') titleTag = t;
  };
  add(c.jsonLdHeadline && decodeRefs(c.jsonLdHeadline.slice(0, MAX_CHARS)), 'json-ld');
  add(c.ogTitle, 'opengraph');
  add(c.twitterTitle, 'twitter');
  add(c.microdataHeadline, 'microdata');
  add(c.appHeadline, 'app-data');
  add(c.titleTag, 'title-tag');
  let variants = variantKeys(refs, site);
  // With no title at all, any heading may be the headline: no length filter then.
  const body = collect(doc, refs.length ? lengthFilter(variants) : new Uint8Array(MAX_CHARS + 1).fill(1));
  // The banner's name for the site (a logo's text, a blog's name in its <h1>) is one more way to
  // know which end of the title is the site: the variants are worked out again with it.
  if (learnNames(body, refs, site)) variants = variantKeys(refs, site);

  // 1. A shown headline whose text is a variant of a metadata title; where that text is the
  //    site's name (a <title> that names no article), the heading over the page's prose first.
  const shown = bestShown(body, variants, site, refs);
  if (shown) return (onlyTheSite(shown.title, site, c) && proseHeading(doc, body, site)) || shown;

  // 2. No exact agreement: the stripped <title> (else the best metadata title), unless the page
  //    shows a headline that says nearly the same, or the title says nothing but the site's name.
  const fallback = titleTag || refs[0]?.text || '';
  const st = fallback ? stripSiteName(fallback, site) : null;
  const stripped = st ? agreedEnd(st, refs) ?? st.text : '';
  const source: MetadataSource = titleTag ? 'title-tag' : refs[0]?.source ?? 'h1';
  // A title that is the site's name, or one or two words no other metadata confirms, names no
  // article: a headline the page shows is better.
  const weak = !stripped || site.matches(stripped, true) || (words(stripped) <= 2 && !confirmed(refs, stripped, source));
  let firstShaped: ChosenTitle | null = null, firstAny: ChosenTitle | null = null, bannerAny: ChosenTitle | null = null;
  for (const el of body.h1) {
    const t = textOf(body, el);
    if (!t || isLogo(el, t, site)) continue;
    // The <h1> shows the whole <title>, site name and all: the headline is its stripped part.
    const own = stripped && st!.known ? stripSiteName(t, site).text : '';
    if (own && key(own) === key(stripped)) return { title: own, source, headline: el };
    if (stripped && overlap(t, stripped) >= 0.6) {
      // An <h1> that runs on past the title (a date, a standfirst inside it) holds the headline
      // but is more than it: the title's words are the headline.
      const kt = key(t), ks = key(stripped);
      if (kt.length > ks.length && kt.startsWith(ks) && (kt.length > ks.length * 1.3 || /^\d+$/.test(kt.slice(ks.length)))) {
        return { title: stripped, source, headline: el };
      }
      return { title: t, source: 'h1', headline: el };
    }
    // The page's own headline in place of a title rewritten for search (or a tagline): the
    // <h1> wins. A sidebar's or a banner's <h1> is no headline. (Asking it to share a word with
    // the title lost more pages with a tagline for a title than it saved from widget <h1>s.)
    const inBanner = inSiteHeader(el);
    if (!firstShaped && !inBanner && headlineShaped(el, t)) firstShaped = { title: t, source: 'h1', headline: el };
    if (!inBanner) firstAny ??= { title: t, source: 'h1', headline: el };
    bannerAny ??= { title: t, source: 'h1', headline: el };
  }
  if (firstShaped) return firstShaped;
  // With no title at all, any <h1> that is not the logo says more than nothing.
  if (!stripped && (firstAny || bannerAny)) return (firstAny ?? bannerAny)!;
  if (weak) {
    // An element named a headline; else, under a <title> that is the site's name by its host or
    // og:site_name, the heading over the page's prose (an old page's story headline in an <h2>),
    // unless this is the site's home page, whose title the site's name is.
    const other = strongOther(body, site, !stripped) ?? (stripped && onlyTheSite(stripped, site, c) ? proseHeading(doc, body, site) : null);
    if (other) return other;
  }
  // Nothing better than a placeholder ("Untitled Document"): it is kept, so that the DocView's
  // paper 000 repair (title-placeholder.ts) sees it and can put the top keywords in its place.
  if (!stripped && placeholder) return { title: placeholder, source: 'title-tag', headline: null };
  return { title: stripped, source, headline: null };
}

/**
 * The <title> less one end segment, when another metadata title says exactly that ("Why tides
 * matter" beside "Why tides matter – Coast Journal"): the name the shape test kept, as too long
 * beside a short headline, is the site's. Only where stripping removed nothing.
 */
function agreedEnd(st: Stripped, refs: readonly Ref[]): string | null {
  const s = st.split, n = s.segs.length;
  if (n < 2 || st.from !== 0 || st.to !== n - 1) return null;
  const heads = [span(s, 0, n - 2), span(s, 1, n - 1)];
  for (const r of refs) {
    if (r.source === 'title-tag') continue;
    const k = key(r.text);
    for (const h of heads) if (key(h) === k) return h;
  }
  return null;
}

/**
 * Adds the names the page's banner shows to `site`: the elements collect() found, and <h1>s in
 * the banner. A name that is the headline itself (the stripped title) is not the site's.
 */
function learnNames(body: BodyCandidates, refs: Ref[], site: SiteName): boolean {
  if (!body.names.length && !body.h1.length) return false;
  // Only a name that is an end segment of some title can change anything.
  const headlines = new Set<string>(), ends = new Set<string>();
  for (const r of refs) {
    const st = stripSiteName(r.text, site);
    headlines.add(key(st.text));
    const segs = st.split.segs;
    if (segs.length > 1) { ends.add(key(segs[0].text)); ends.add(key(segs[segs.length - 1].text)); }
  }
  if (!ends.size) return false;
  let added = false;
  const learn = (el: DomElement): void => {
    const t = textOf(body, el);
    const k = key(t);
    if (t && ends.has(k) && !headlines.has(k) && site.addName(t)) added = true;
  };
  for (const el of body.names) learn(el);
  for (const el of body.h1) if (el.textLen <= 60 && inSiteHeader(el)) learn(el);
  return added;
}

/**
 * Whether `title` is the site's name as the page's host and og:site_name give it, on a page that
 * is not the site's home page (whose title that name is). Not a name the banner taught `site`: a
 * banner's name may be the headline of a page that shows nothing else. Asked of `site` first,
 * whose answers are memoised and which knows every name the given one does.
 */
function onlyTheSite(title: string, site: SiteName, c: TitleCandidates): boolean {
  return site.matches(title, true) && new SiteName(clean(c.siteName), c.url).matches(title, true) && !isHomeUrl(c.url);
}

/**
 * The <h1>, <h2> or <h3> that reads like a headline and heads the page's prose: at least
 * MIN_PROSE characters, half the prose of the body, and twice what any other such heading heads.
 * A home page or a blog's front page has many headings over a little prose each, and its title
 * (the site's name) is right there. Not the logo, the site's name or a heading in the banner.
 */
function proseHeading(doc: DomDocument, body: BodyCandidates, site: SiteName): ChosenTitle | null {
  let best: DomElement | null = null, bestProse = 0, second = 0;
  for (const el of headings(doc)) {
    if (!headlineLike(el)) continue;
    const t = textOf(body, el);
    if (!t || !headlineShaped(el, t) || isLogo(el, t, site) || inSiteHeader(el) || isDate(t)) continue;
    const prose = proseHeaded(doc, el);
    if (prose > bestProse) { second = bestProse; best = el; bestProse = prose; }
    else if (prose > second) second = prose;
  }
  if (!best || !body.body || bestProse < MIN_PROSE || bestProse < 2 * second) return null;
  if (bestProse * 2 < proseWithin(doc, body.body, MAX_SCAN)) return null;
  return { title: textOf(body, best), source: 'h1', headline: best };
}

/**
 * The body's <h1>, <h2> and <h3> of some text, outside navigation, footers and hidden boxes, in
 * the first MAX_SCAN elements. Walked here, only for the rare page whose title is the site's
 * name, rather than collected by collect() on every page (docs/performance.md, thirtieth session).
 */
function headings(doc: DomDocument): DomElement[] {
  const out: DomElement[] = [];
  const body = doc.body, els = doc.elements;
  if (!body || !els || els[body.id] !== body) return out;
  const end = Math.min(els.length, body.id + 1 + body.tags, body.id + MAX_SCAN);
  for (let k = body.id + 1; k < end && out.length < MAX_HEADINGS; k++) {
    const el = els[k];
    const kind = TAG_KIND.get(el.tag);
    if (el.hidden || kind === SKIPPED) { k += el.tags; continue; }
    if ((kind === H1 || kind === HEADING) && el.textLen >= 3 && el.textLen <= 300) out.push(el);
  }
  return out;
}

/** A heading that is mostly a date: a blog's day heading ("Saturday, June 04, 2005"). */
function isDate(t: string): boolean {
  const d = findDates(t, { limit: 1, months: true })[0];
  return d !== undefined && (d.end - d.start) * 2 >= t.length;
}

/** Whether a metadata title other than `source` says `text` too (one of its variants). */
function confirmed(refs: Ref[], text: string, source: MetadataSource): boolean {
  const k = key(text);
  for (const r of refs) if (r.source !== source && key(stripSiteName(r.text, NO_SITE).text) === k) return true;
  return false;
}

/**
 * The first element named a headline (class or itemprop) that reads like one; with no title at
 * all (`any`), else the first heading or title-named element that does.
 */
function strongOther(body: BodyCandidates, site: SiteName, any: boolean): ChosenTitle | null {
  let first: ChosenTitle | null = null;
  for (const el of body.other) {
    const strong = el.attr('itemprop') === 'headline' || STRONG_HINT.test(el.classId);
    if (!strong && (!any || first)) continue;
    const t = textOf(body, el);
    if (!t || !headlineShaped(el, t) || site.matches(t, true) || inSiteHeader(el)) continue;
    if (strong) return { title: t, source: 'h1', headline: el };
    first = { title: t, source: 'h1', headline: el };
  }
  return first;
}

/** Step 1 of chooseTitle: among the <h1>s (else the other candidates) showing a variant, the longest. */
function bestShown(body: BodyCandidates, variants: Map<string, Variant>, site: SiteName, refs: Ref[]): ChosenTitle | null {
  const h1 = bestIn(body, body.h1, variants, site);
  // A part of the title that an <h1> shows is the site's name when another element shows the
  // whole headline ("Blog Name: Post Title", the blog's name in the <h1>, the post's in an <h3>).
  if (h1 && h1.whole) return h1.chosen;
  const other = bestIn(body, body.other, variants, site);
  if (other && (!h1 || other.whole)) return preferH1(body, other.chosen, site);
  if (h1) return h1.chosen;
  // A variant of three words or more that any plain element shows verbatim: the page's headline
  // in a <font> or a table cell; it also tells which end of "A - B | C" is the site's.
  const plain = bestIn(body, body.plain, variants, site, 3, refs);
  if (!plain) return null;
  // An <h1> that holds the shown words and more is the headline (step 2 keeps it): the plain
  // element shows only its first sentence.
  const kp = key(plain.chosen.title);
  for (const el of body.h1) if (key(textOf(body, el)).includes(kp) && !isLogo(el, textOf(body, el), site)) return null;
  const chosen = preferH1(body, plain.chosen, site);
  // The plain element decides the text only: the extractor reads the headline element's place
  // (where the article starts, what follows it), and a <div> or a <b> found this way is not
  // trusted with that (a gist's file heading once cut the body short).
  return chosen.headline?.tag === 'h1' ? chosen : { ...chosen, headline: null, shown: chosen.headline ?? undefined };
}

/**
 * Among `group`, the element showing the longest variant of a metadata title. `refs`, the
 * metadata titles, are read for a plain element's last resort (restUnshown).
 */
function bestIn(body: BodyCandidates, group: DomElement[], variants: Map<string, Variant>, site: SiteName, minWords = 0, refs: Ref[] = []): { chosen: ChosenTitle; whole: boolean } | null {
  const isH1 = group === body.h1;
  let best: { chosen: ChosenTitle; whole: boolean } | null = null, bestLen = 0;
  for (const el of group) {
    if (!isH1 && !body.fits[el.textLen]) continue;
    if (minWords && !standsAlone(el)) continue;
    const t = textOf(body, el);
    const k = key(t);
    const v = variants.get(k);
    if (!v || v.site) continue;
    // One or two words of a longer title ("Golf > News") shown in an <h3> are a section's name.
    if ((!v.whole && words(t) <= 2) || words(t) < minWords) continue;
    // "Headline | Site" shown in a breadcrumb or a share box is the title repeated, not the
    // headline; an <h1> showing it overrules a site name found by shape, not a known one.
    if (v.beyond && (!isH1 || v.known)) continue;
    if (isH1 && (isLogo(el, t, site) || (!v.whole && inSiteHeader(el)))) continue;
    // A plain element showing the site's name is its banner; one showing part of the title, a
    // headline only when the rest of the title names the site ("Site - Tagline | Headline") or
    // the page shows that rest nowhere, else it may be the site's name, a date or a section. Its
    // styling may change the case ("Shearer And Redknapp Play…") or add ornaments ("» Headline
    // «"): the title's spelling is kept.
    if (minWords && (site.matches(t, true) || letterWords(t) < minWords)) continue;
    const title = minWords ? v.text : t;
    // Wrappers (<table><tr><td>) hold the same text as the element inside them; among plain
    // elements the innermost is the headline.
    const inner = minWords > 0 && k.length === bestLen && best?.chosen.headline != null && isAncestor(best.chosen.headline, el);
    if (!(k.length > bestLen || inner)) continue;
    // Last, as it may read the body's text.
    if (minWords && !v.whole && !v.rest && !restUnshown(body, refs, k, el)) continue;
    best = { chosen: { title, source: v.source, headline: el }, whole: v.whole }; bestLen = k.length;
  }
  return best;
}

/**
 * Whether the variant keyed `k` is one end of a title whose other end the page does not show, on
 * a page without an <h1>: "IOL: Trio set for Derby debuts" with "Trio set for Derby debuts" in a
 * <b> and no "IOL" in the text (the site shows its name as a logo). Where the page shows the other
 * end too, either could be the banner's site name and neither is taken on that evidence; an <h1>
 * is a better witness of the headline (chooseTitle's step 2), and text inside a link is a link's
 * label. The last resort of the last resort: worked out only here, not for every variant.
 */
function restUnshown(body: BodyCandidates, refs: Ref[], k: string, el: DomElement): boolean {
  if (body.h1.length || !body.body || inLink(el)) return false;
  const others = otherEnds(refs, k);
  if (!others.length) return false;
  body.bodyKey ??= key(textUpTo(body.body, BODY_TEXT_CAP));
  for (const other of others) if (body.bodyKey.includes(other)) return false;
  return true;
}
/** Body text read for restUnshown, at most: the banner and the article's top are what it looks for. */
const BODY_TEXT_CAP = 20_000;

/** Keys of the rest of each title that the run keyed `k` opens or closes ("Site: Headline" → "site" for "headline"). */
function otherEnds(refs: Ref[], k: string): string[] {
  const out: string[] = [];
  for (const r of refs) {
    const s = split(r.text);
    const n = s.segs.length;
    for (let j = 0; j < n - 1; j++) {
      if (key(span(s, 0, j)) === k) out.push(key(span(s, j + 1, n - 1)));
      if (key(span(s, j + 1, n - 1)) === k) out.push(key(span(s, 0, j)));
    }
  }
  return out;
}

/** Whether `el` lies inside a link, looking four levels up: a link around a headline wraps it closely (<a><b>…</b></a>), and the walk stays bounded. */
function inLink(el: DomElement): boolean {
  let a: DomElement | null = el;
  for (let up = 0; a && up < 4; up++, a = a.parent) if (a.tag === 'a') return true;
  return false;
}

/**
 * A headline-shaped <h1> that says much the same as a metadata title shown elsewhere (a share
 * box repeating og:title) is the page's own headline: the editors rewrote og:title for sharing.
 */
function preferH1(body: BodyCandidates, match: ChosenTitle, site: SiteName): ChosenTitle {
  for (const el of body.h1) {
    const t = textOf(body, el);
    if (t && !isLogo(el, t, site) && headlineShaped(el, t) && overlap(t, match.title) >= 0.5) return { title: t, source: 'h1', headline: el };
  }
  return match;
}


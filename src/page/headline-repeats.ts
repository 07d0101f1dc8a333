/**
 * The output contract's headline-repeat rule: the headline is `title`, and the page often shows
 * its text again — as the last crumb of the breadcrumb trail above it, in a sticky bar, in a share
 * box. A repeat is no body text under any convention (`title: true` puts the headline in front
 * once), and a breadcrumb trail that ends in the headline is navigation: the trail goes with it.
 * Found by text, on any site: an element outside the headline whose text is the headline's, letter
 * for letter (case, spaces and punctuation aside).
 *
 * Issue 24 ("the headline as the first line", "nav, breadcrumb and UI strings").
 */
import { isAncestor, type DomDocument, type DomElement, type DomNode } from '../dom/node.js';
import { textOf } from './metadata/text.js';
import { key } from './metadata/title-text.js';
import { cjkWeightedLength } from '../text/measure.js';

/** A headline shorter than this (letters and digits, a CJK character counting CJK_WEIGHT) is a word or two a page may well repeat as a label. */
const MIN_KEY = 15;
/** The crumbs before the repeat, at most this many characters: more is a list of stories, not a trail. */
const MAX_TRAIL_EXTRA = 150;
/** Elements whose text is compared with the headline's, at most (a hostile page's thousand look-alikes). */
const MAX_COMPARED = 200;
/** Per crumb, the characters of text between links a trail may hold (" > ", " / ", " » "). */
const SEPARATOR_CHARS = 4;
/** A trail's label ("You are here:", "Sie sind hier:"), at most this long. */
const MAX_TRAIL_LABEL = 20;

/**
 * The outermost elements of the body that repeat the headline's text (or the breadcrumb trail
 * that ends in it), in document order; none inside the headline or around it.
 */
export function headlineRepeats(doc: DomDocument, headline: DomElement): DomElement[] {
  const body = doc.body ?? doc.root;
  const hKey = key(textOf(headline, 600));
  if (cjkWeightedLength(hKey) < MIN_KEY) return [];
  const len = headline.textLen;
  // textLen counts spaces between inline runs: the same words can measure a little differently.
  const lo = len * 0.9 - 2, hi = len * 1.1 + 2;
  const els = doc.elements;
  const out: DomElement[] = [];
  let compared = 0;
  let shortened = 0;
  const crumbMin = Math.max(MIN_KEY, len * MIN_CRUMB_SHARE);
  for (let i = body.id + 1, end = body.id + body.tags; i <= end && compared < MAX_COMPARED; i++) {
    const el = els[i];
    // A crumb's parent holds the trail's other links: looked at first, as it rules out almost
    // every other element of the length.
    if (el.textLen < lo && el.textLen >= crumbMin && el.parent !== null && el.parent.links > el.links && shortened < MAX_COMPARED
      && el !== headline && !el.hidden && !inSentence(el) && !isAncestor(el, headline)) {
      // The last crumb of a trail may shorten the headline ("Home > Science > Rocket launch
      // succeeds" above "Rocket launch succeeds at Tanegashima"): a trail ending in its first words.
      shortened++;
      const trail = mayStartWith(el, hKey.charCodeAt(0)) ? shortenedCrumbTrail(el, headline, hKey) : null;
      if (trail) { out.push(trail); i = trail.id + trail.tags; continue; }
    }
    if (el === headline || el.textLen < lo) { i += el.tags; continue; }
    if (el.textLen > hi) {
      // "Home › News › Headline" with the last crumb as bare text, no element of its own.
      const crumb = bareLastCrumb(el, lo, hi);
      if (crumb === null || el.hidden || inSentence(el) || isAncestor(el, headline)) continue;
      compared++;
      if (key(crumb) === hKey) i = pushTrail(el, headline, out);
      continue;
    }
    if (el.hidden || isAncestor(el, headline)) continue;
    // A link or a phrase inside a sentence that happens to name the article is part of the text,
    // and so is a paragraph after the headline, or a line of one (a lead in bold restating it).
    if (inSentence(el) || (el.id > headline.id && (el.tag === 'p' || el.parent?.tag === 'p'))) { i += el.tags; continue; }
    compared++;
    if (mayStartWith(el, hKey.charCodeAt(0)) && key(textOf(el, 600)) === hKey) i = pushTrail(el, headline, out);
  }
  return out;
}

/** Adds the repeat, or the breadcrumb trail it ends, to `out`; returns the id of its last element (the walk goes on after it). */
function pushTrail(repeat: DomElement, headline: DomElement, out: DomElement[]): number {
  const cut = trailOf(repeat, headline) ?? repeat;
  out.push(cut);
  return cut.id + cut.tags;
}

/**
 * The last crumb of a trail written as bare text ("<a>Home</a> › <a>News</a> › Headline"): the
 * text node that ends `el`, when it has about the headline's length and the rest of `el` is links
 * (the crumbs before it, at most MAX_TRAIL_EXTRA characters) with a separator each and a label at
 * most; else null. Numbers first: they rule out the paragraphs that hold a link.
 */
function bareLastCrumb(el: DomElement, lo: number, hi: number): string | null {
  if (el.links < 1 || el.textLen > hi + MAX_TRAIL_EXTRA) return null;
  const plain = el.textLen - el.linkTextLen;
  if (plain < lo || plain > hi + SEPARATOR_CHARS * el.links + MAX_TRAIL_LABEL) return null;
  for (let i = el.children.length - 1; i >= 0; i--) {
    const c = el.children[i];
    if (c.kind === 1) return null;
    if (c.kind === 3 && c.data.trim()) return c.data.length >= lo ? c.data : null;
  }
  return null;
}

/**
 * False only when the element's text surely keys to something that does not start with `first`
 * (a character code of a key): its first letter or digit is ASCII and differs, and what follows
 * it in its text node is ASCII (no mark that NFKC could join to it). Most elements of the
 * headline's length are told apart here, without building their text and key.
 */
function mayStartWith(el: DomElement, first: number): boolean {
  const stack: DomNode[] = [el];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind !== 3) {
      for (let i = n.children.length - 1; i >= 0; i--) if (n.children[i].kind === 3 || !(n.children[i] as DomElement).hidden) stack.push(n.children[i]);
      continue;
    }
    const s = n.data;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return true; // a letter, a compatibility form or punctuation: the key decides
      const lower = c >= 65 && c <= 90 ? c + 32 : c;
      if (!((lower >= 97 && lower <= 122) || (c >= 48 && c <= 57))) continue;
      return lower === first || i + 1 >= s.length || s.charCodeAt(i + 1) >= 0x80;
    }
  }
  return true;
}

/**
 * Whether an element sits inside a sentence: its parent has more text of its own than a label
 * ("You are here:", "Quelle:"). Such an element is a phrase of the text, not a line of its own.
 */
export function inSentence(el: DomElement): boolean {
  return el.parent !== null && el.parent.ownTextLen > MAX_TRAIL_LABEL;
}

/** A shortened last crumb holds at least this share of the headline's length. */
const MIN_CRUMB_SHARE = 1 / 3;

/**
 * The trail `crumb` ends, when its text is the start of the headline's (whole words) and nothing
 * of the trail follows it; else null.
 */
function shortenedCrumbTrail(crumb: DomElement, headline: DomElement, hKey: string): DomElement | null {
  const text = textOf(crumb, 600).replace(/(?:\.{3}|…)\s*$/, '');
  const k = key(text);
  if (cjkWeightedLength(k) < MIN_KEY || !hKey.startsWith(k)) return null;
  const trail = trailOf(crumb, headline);
  // Nothing of the trail after the crumb (no letters or digits): it is the last one.
  return trail && key(textOf(trail, 600)).endsWith(k) ? trail : null;
}

/**
 * The breadcrumb trail a repeat ends: the largest element around it, not around the headline,
 * that holds other links and, besides them and the repeat, little more than separators ("Home >
 * News > Headline") and a short label ("You are here:").
 */
function trailOf(repeat: DomElement, headline: DomElement): DomElement | null {
  let trail: DomElement | null = null;
  const repeatPlain = repeat.textLen - repeat.linkTextLen;
  for (let p = repeat.parent; p && p.tag !== 'body' && p.textLen <= repeat.textLen + MAX_TRAIL_EXTRA && !isAncestor(p, headline); p = p.parent) {
    const crumbs = p.links - repeat.links;
    if (crumbs < 1) continue;
    const otherPlain = p.textLen - p.linkTextLen - repeatPlain;
    if (otherPlain <= SEPARATOR_CHARS * crumbs + MAX_TRAIL_LABEL) trail = p;
  }
  return trail;
}

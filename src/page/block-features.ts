/**
 * Features of a page's text units for the learned block classifier (block-model.ts).
 *
 * A text unit is paper 000's content block at paragraph grain: a block element's own text, outside
 * its descendant blocks (node.ts `inline*` fields). Each unit is described by what the structural
 * labeler decided (default.ts), its own text shape, the markup around it (boilerplate.ts hints on
 * any ancestor), its neighbours and the page as a whole. Every feature is a plain number, so the
 * model can be a tree ensemble that reads a Float32Array row.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { BOILER_KINDS, boilerKinds, contentNamed } from './boilerplate.js';
import { CONTENT, type Labels } from './labels.js';
import { functionWordShareOfLower } from '../text/function-words.js';
import { LETTER, NUMBER, forEachRun } from '../text/word-runs.js';
import { ThresherError } from '../errors.js';
import { collapseSpace } from '../text/whitespace.js';
import { MARKUP_TOKEN_FEATURES, writePageMarkupTokenFeatures } from './markup-tokens.js';
import type { TokenTable } from './token-table.js';
import { WORD_TOKEN_FEATURES, writeUnitWordFeatures } from './word-tokens.js';
import { findRange, indexKeys, type RangeIndex } from '../text/range-index.js';
import { markRecords } from './records.js';
import { bodyTrigrams, trigramShare } from './article-body.js';

const TAG_GROUPS: [string, string[]][] = [
  ['h1', ['h1']], ['h2', ['h2']], ['h3-6', ['h3', 'h4', 'h5', 'h6']], ['p', ['p']], ['li', ['li']],
  ['cell', ['td', 'th']], ['div', ['div', 'section', 'article', 'main']], ['pre', ['pre']],
  ['quote', ['blockquote']], ['defn', ['dd', 'dt']], ['caption', ['figcaption', 'caption']],
];
const TAG_GROUP = new Map<string, number>();
TAG_GROUPS.forEach(([, tags], i) => tags.forEach((t) => TAG_GROUP.set(t, i)));

/** Feature names, in row order; the trained model stores them to check it reads the same rows. */
export const BLOCK_FEATURES: readonly string[] = [
  'default_content', 'in_root', 'before_root', 'after_root', 'hub_page',
  'log_len', 'log_words', 'punct_per_word', 'link_density', 'digit_share', 'upper_start', 'ends_sentence',
  'title_case_share', 'pipe_count', 'copyright',
  ...TAG_GROUPS.map(([g]) => `tag_${g}`),
  ...BOILER_KINDS.map((k) => `in_${k}`),
  'in_named_content', 'in_list', 'in_table', 'depth_below_root',
  'unit_pos', 'char_pos',
  'parent_log_len', 'parent_link_density', 'parent_log_children', 'parent_share', 'grand_share', 'grand_link_density',
  'prev_link_density', 'next_link_density', 'prev_log_len', 'next_log_len', 'prev_default', 'next_default',
  'page_link_density', 'page_log_len', 'root_share', 'log_units',
  'function_word_share', 'title_overlap', 'repeats', 'window_default', 'window_link_density', 'window_log_len',
  // Page furniture that looks like prose from far away (issue: precision on unseen pages).
  'in_figure', 'record_size', 'record_link_share', 'date_time', 'h1_before', 'article_rank', 'after_headline', 'json_body_share',
  ...MARKUP_TOKEN_FEATURES, ...WORD_TOKEN_FEATURES,
];
export const N_BLOCK_FEATURES = BLOCK_FEATURES.length;
/** The token features of a model without a vocabulary: all 0. One object, so its memo is shared. */
const NO_TABLE: TokenTable = {};
/** Features written in the unit loop below; the class/id token features follow them, then the word token features. */
const OWN_FEATURES = N_BLOCK_FEATURES - MARKUP_TOKEN_FEATURES.length - WORD_TOKEN_FEATURES.length;
export const WORD_TOKENS_AT = N_BLOCK_FEATURES - WORD_TOKEN_FEATURES.length;

/** The units of `doc` in document order: block elements (and body) with text of their own. */
export function textUnits(doc: DomDocument): DomElement[] {
  const body = doc.body ?? doc.root;
  const out: DomElement[] = [];
  const els = doc.elements;
  for (let i = body.id, end = body.id + body.tags; i <= end; i++) {
    const el = els[i];
    if (el.inlineLen > 0 && (BLOCK_TAGS.has(el.tag) || el === body)) out.push(el);
  }
  return out;
}

/** The unit's own text: its text nodes and inline descendants, not its descendant blocks. */
export function unitText(el: DomElement): string {
  // Iterative in-order walk that stops at nested blocks. The stack of (element, next child) pairs
  // is shared across calls: every unit of every page comes through here.
  let text = '';
  let depth = 0;
  WALK_ELEMENTS[0] = el; WALK_NEXT[0] = 0;
  while (depth >= 0) {
    const e = WALK_ELEMENTS[depth], i = WALK_NEXT[depth];
    if (i >= e.children.length) { WALK_ELEMENTS[depth--] = undefined!; continue; }
    WALK_NEXT[depth] = i + 1;
    const c = e.children[i];
    if (c.kind === 3) text += c.data;
    else if (BLOCK_TAGS.has(c.tag)) text += ' ';
    else { WALK_ELEMENTS[++depth] = c; WALK_NEXT[depth] = 0; }
  }
  return collapseSpace(text).trim();
}
const WALK_ELEMENTS: DomElement[] = [];
const WALK_NEXT: number[] = [];

export interface UnitContext {
  labels: Labels;
  /** The structural labeler's topic root (or hub central area). */
  root: DomElement;
  hub: boolean;
  /** The page's <title>, for the headline signal. */
  title: string;
  /** The block model's class/id vocabulary (markup-tokens.ts); without one, those features are 0. */
  markupTokens?: TokenTable;
  /** The block model's opening-word vocabulary (word-tokens.ts); without one, those features are 0. */
  wordTokens?: TokenTable;
  /** The element holding the headline (metadata), when the page has one in its body. */
  headline?: DomElement | null;
  /** The article's text from the page's JSON (JSON-LD articleBody, __NEXT_DATA__), when it has one. */
  articleBody?: string;
  /** unitText of each unit, when the caller has them already (the learned labeler reads them again). */
  texts?: readonly string[];
}

/** Units on either side that the window features average over. */
const WINDOW = 5;

/** One row of BLOCK_FEATURES per unit, concatenated. */
export function blockFeatures(doc: DomDocument, units: DomElement[], ctx: UnitContext): Float32Array {
  const F = N_BLOCK_FEATURES;
  const rows = new Float32Array(units.length * F);
  const body = doc.body ?? doc.root;
  const { labels, root } = ctx;
  const rootEnd = root.id + root.tags;
  const kindsOf = ancestorFlags(doc, body);
  const bodyLen = Math.max(1, body.textLen);
  const totalInline = units.reduce((s, u) => s + u.inlineLen, 0) || 1;
  const effective = labels.effectiveAll();
  // Typed arrays: windowMean reads all three, and number[] of small integers and of fractions
  // differ in element kind, which made it deoptimise page after page. Filled by a loop: the
  // builtin `Float64Array.from(units, f)` iterates generically and cost more than what it computed.
  const n = units.length;
  const isContent = new Float64Array(n), linkShare = new Float64Array(n), logLen = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const u = units[k];
    isContent[k] = effective[u.id] === CONTENT ? 1 : 0;
    linkShare[k] = u.inlineLinkLen / u.inlineLen;
    logLen[k] = Math.log1p(u.inlineLen);
  }
  const texts = ctx.texts ?? units.map(unitText);
  const repeats = repeatCounts(texts);
  const titleWords = titleIndex(ctx.title);
  const structure = pageStructure(doc);
  const records = markRecords(doc);
  const jsonBody = ctx.articleBody ? bodyTrigrams(ctx.articleBody) : null;
  const headline = ctx.headline ?? null;
  let charsBefore = 0;
  for (let k = 0; k < units.length; k++) {
    const u = units[k];
    const r = k * F;
    // Written in row order through one cursor; a put(v) closure per unit kept its counter in a
    // heap context.
    let at = r;
    const text = texts[k];
    // One lower-cased copy for the shape, function-word and title features.
    const lower = text.toLowerCase();
    // Without a word vocabulary the word features stay 0, and no unit's words are read.
    if (ctx.wordTokens) writeUnitWordFeatures(lower, ctx.wordTokens, rows, r + WORD_TOKENS_AT);
    rows[at++] = isContent[k]; rows[at++] = u.id >= root.id && u.id <= rootEnd ? 1 : 0; rows[at++] = u.id < root.id ? 1 : 0; rows[at++] = u.id > rootEnd ? 1 : 0;
    rows[at++] = ctx.hub ? 1 : 0;
    rows[at++] = Math.log1p(u.inlineLen); rows[at++] = Math.log1p(u.inlineWords); rows[at++] = u.inlinePunct / Math.max(1, u.inlineWords);
    rows[at++] = u.inlineLinkLen / u.inlineLen;
    at = textShape(text, lower, rows, at);
    const g = TAG_GROUP.get(u.tag);
    for (let t = 0; t < TAG_GROUPS.length; t++) rows[at++] = g === t ? 1 : 0;
    const flags = kindsOf[u.id];
    for (let b = 0; b < BOILER_KINDS.length; b++) rows[at++] = (flags >>> b) & 1;
    rows[at++] = (flags >>> BOILER_KINDS.length) & 1; rows[at++] = (flags >>> (BOILER_KINDS.length + 1)) & 1; rows[at++] = (flags >>> (BOILER_KINDS.length + 2)) & 1;
    rows[at++] = u.id >= root.id && u.id <= rootEnd ? u.depth - root.depth : -1;
    rows[at++] = k / units.length; rows[at++] = charsBefore / totalInline;
    charsBefore += u.inlineLen;
    const p = u.parent ?? u, gp = p.parent ?? p;
    rows[at++] = Math.log1p(p.textLen); rows[at++] = p.textLen ? p.linkTextLen / p.textLen : 0;
    rows[at++] = Math.log1p(p.children.length); rows[at++] = p.textLen / bodyLen; rows[at++] = gp.textLen / bodyLen;
    rows[at++] = gp.textLen ? gp.linkTextLen / gp.textLen : 0;
    const prev = units[k - 1], next = units[k + 1];
    rows[at++] = prev ? prev.inlineLinkLen / prev.inlineLen : -1; rows[at++] = next ? next.inlineLinkLen / next.inlineLen : -1;
    rows[at++] = prev ? Math.log1p(prev.inlineLen) : -1; rows[at++] = next ? Math.log1p(next.inlineLen) : -1;
    rows[at++] = prev ? isContent[k - 1] : -1; rows[at++] = next ? isContent[k + 1] : -1;
    rows[at++] = body.linkTextLen / bodyLen; rows[at++] = Math.log1p(body.textLen); rows[at++] = root.textLen / bodyLen;
    rows[at++] = Math.log1p(units.length);
    rows[at++] = functionWordShareOfLower(lower);
    // Dice overlap with the <title>: a headline shares most of its words, a one-word menu item
    // that happens to be in the title only a few.
    rows[at++] = titleWords.keys.length ? titleOverlap(lower, titleWords) : 0;
    rows[at++] = repeats[k];
    rows[at++] = windowMean(isContent, k); rows[at++] = windowMean(linkShare, k); rows[at++] = windowMean(logLen, k);
    rows[at++] = structure.inFigure[u.id];
    rows[at++] = Math.log1p(records.size[u.id]); rows[at++] = records.linkShare[u.id];
    rows[at++] = text.length <= DATE_TIME_MAX_LEN && DATE_TIME.test(text) ? 1 : 0;
    rows[at++] = Math.min(3, structure.h1Before[u.id]); rows[at++] = Math.min(3, structure.articleRank[u.id]);
    rows[at++] = headline ? (u.id > headline.id + headline.tags ? 1 : 0) : -1;
    rows[at++] = jsonBody ? trigramShare(lower, jsonBody) : -1;
    if (at - r !== OWN_FEATURES) throw new ThresherError('E_MODEL', `block features: wrote ${at - r} of ${OWN_FEATURES} features`);
  }
  writePageMarkupTokenFeatures(doc, units, ctx.markupTokens ?? NO_TABLE, rows, F, OWN_FEATURES);
  return rows;
}

/** A time (14:30) or a numeric date (05.03.2024, 2024-03-05, 3/5/24): bylines, datelines, schedules and tickers. */
const DATE_TIME = /(?:^|[^0-9])(?:[0-2]?[0-9]:[0-5][0-9]|[0-9]{1,4}[./-][0-9]{1,2}[./-][0-9]{2,4})(?:$|[^0-9])/;
/** Only short units are read for it: in a paragraph of prose a date says nothing about the block. */
const DATE_TIME_MAX_LEN = 200;

interface PageStructure {
  /** 1 inside a <figure> or <figcaption>: captions and credits. */
  inFigure: Uint8Array;
  /** <h1> elements before the element, not holding it: a second headline starts a second article. */
  h1Before: Int32Array;
  /** Rank of the outermost <article> of some text holding the element (1: the page's first; 0: none). */
  articleRank: Int32Array;
}

/** Text an <article> needs to count as one (a teaser card is an <article> too on many sites). */
const ARTICLE_MIN_TEXT = 500;

function pageStructure(doc: DomDocument): PageStructure {
  const els = doc.elements;
  const inFigure = new Uint8Array(els.length), h1Before = new Int32Array(els.length), articleRank = new Int32Array(els.length);
  let h1s = 0, articles = 0;
  for (let i = 0; i < els.length; i++) {
    const el = els[i], p = el.parent;
    h1Before[i] = h1s;
    if (el.tag === 'h1') h1s++;
    inFigure[i] = el.tag === 'figure' || el.tag === 'figcaption' || (p !== null && inFigure[p.id] === 1) ? 1 : 0;
    const outer = p !== null ? articleRank[p.id] : 0;
    articleRank[i] = outer || (el.tag === 'article' && el.textLen >= ARTICLE_MIN_TEXT ? ++articles : 0);
  }
  return { inFigure, h1Before, articleRank };
}

/** Texts of one length compared in pairs, up to this many; a longer run of them goes through a Map. */
const PAIRWISE_UP_TO = 8;

/**
 * Per text, how many other texts are equal to it. Texts are grouped by length first: on a page most
 * lengths occur once, and such a text is never hashed or compared (a Map of the texts hashed every
 * character of every unit).
 */
export function repeatCounts(texts: readonly string[]): Int32Array {
  const n = texts.length;
  const counts = new Int32Array(n);
  // Chains of the texts of one length, in order: the first index per length, then `next`.
  const first = new Map<number, number>();
  const next = new Int32Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const len = texts[k].length;
    next[k] = first.get(len) ?? -1;
    first.set(len, k);
  }
  for (const head of first.values()) {
    if (next[head] < 0) continue;
    let size = 0;
    for (let k = head; k >= 0 && size <= PAIRWISE_UP_TO; k = next[k]) size++;
    if (size <= PAIRWISE_UP_TO) {
      for (let a = head; a >= 0; a = next[a]) {
        for (let b = next[a]; b >= 0; b = next[b]) if (texts[a] === texts[b]) { counts[a]++; counts[b]++; }
      }
      continue;
    }
    const seen = new Map<string, number>();
    for (let k = head; k >= 0; k = next[k]) seen.set(texts[k], (seen.get(texts[k]) ?? 0) + 1);
    for (let k = head; k >= 0; k = next[k]) counts[k] = seen.get(texts[k])! - 1;
  }
  return counts;
}

/** The distinct words of the page's <title>, lower-cased, as a range index (text/range-index.ts). */
function titleIndex(title: string): RangeIndex {
  const lower = title.toLowerCase();
  const words = new Set<string>();
  forEachRun(lower, LETTER | NUMBER, (a, b) => { words.add(lower.slice(a, b)); });
  return indexKeys([...words], new Float64Array(words.size).fill(1));
}

/** 2·|unit words in the title| / (|unit words| + |title words|), unit words counted with repeats; `lower` is the unit's lower-cased text. */
function titleOverlap(lower: string, titleWords: RangeIndex): number {
  overlap.text = lower; overlap.title = titleWords; overlap.hits = 0;
  const words = forEachRun(lower, LETTER | NUMBER, countTitleWord);
  return words ? (2 * overlap.hits) / (words + titleWords.keys.length) : 0;
}

// Module state and a named callback, not a closure per unit (see word-tokens.ts).
const overlap = { text: '', title: null as unknown as RangeIndex, hits: 0 };

function countTitleWord(a: number, b: number): void {
  if (findRange(overlap.title, overlap.text, a, b) >= 0) overlap.hits++;
}

/** Mean of `v` over the WINDOW units on either side of k, k excluded. */
function windowMean(v: Float64Array, k: number): number {
  let s = 0, c = 0;
  for (let i = Math.max(0, k - WINDOW), end = Math.min(v.length - 1, k + WINDOW); i <= end; i++) if (i !== k) { s += v[i]; c++; }
  return c ? s / c : -1;
}

/** A unit ending with one of these ends a sentence (or a quote, or a clause before a list). */
const SENTENCE_END = '.!?。！？:;"”)';

/**
 * Writes digit_share, upper_start, ends_sentence, title_case_share, pipe_count, copyright at `at`;
 * returns the next index. `lower` is text.toLowerCase().
 */
function textShape(text: string, lower: string, row: Float32Array, at: number): number {
  let digits = 0, letters = 0, pipes = 0;
  // Words are the space-separated pieces (unitText collapsed whitespace to single spaces).
  let pieces = 1, titled = 0;
  const n = text.length;
  // The character before, carried rather than read again; a space "before" the first one.
  let before = 32;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 124) pipes++;
    else if (c > 64) letters++;
    if (before === 32) {
      if (i > 0) pieces++;
      if (isUpper(text, i)) titled++;
    }
    before = c;
  }
  row[at++] = digits / Math.max(1, digits + letters);
  row[at++] = n && isUpper(text, 0) ? 1 : 0;
  row[at++] = n && SENTENCE_END.includes(text.charAt(n - 1)) ? 1 : 0;
  row[at++] = titled / pieces;
  row[at++] = pipes;
  row[at++] = mentionsCopyright(text, lower) ? 1 : 0;
  return at;
}

/**
 * /©|\(c\)|copyright|all rights reserved/i.test(text), from the lower-cased text without a
 * case-insensitive regex scan per unit (test/block-features.test.ts checks the two agree).
 */
export function mentionsCopyright(text: string, lower: string): boolean {
  return text.includes('©') || lower.includes('(c)') || lower.includes('copyright') || lower.includes('all rights reserved');
}

/** True when the UTF-16 unit at i changes under toLowerCase (an upper-case letter); ASCII without a string. */
function isUpper(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return c >= 65 && c <= 90;
  const ch = text.charAt(i);
  return ch !== ch.toLowerCase();
}

/**
 * Per element: bit b set when it or an ancestor (up to body) has boilerplate kind BOILER_KINDS[b];
 * then bits for "named content" (article/main/entry-content…), inside a list, inside a table.
 */
function ancestorFlags(doc: DomDocument, body: DomElement): Uint32Array {
  const els = doc.elements;
  const flags = new Uint32Array(els.length);
  const nk = BOILER_KINDS.length;
  const declared = boilerKinds(doc);
  const named = contentNamed(doc);
  for (let i = body.id, end = body.id + body.tags; i <= end; i++) {
    const el = els[i];
    let f = el === body || !el.parent ? 0 : flags[el.parent.id];
    const k = declared[i];
    if (k) f |= 1 << BOILER_KINDS.indexOf(k);
    if (named[i]) f |= 1 << nk;
    if (el.tag === 'li' || el.tag === 'ul' || el.tag === 'ol') f |= 1 << (nk + 1);
    if (el.tag === 'td' || el.tag === 'table') f |= 1 << (nk + 2);
    flags[i] = f;
  }
  return flags;
}

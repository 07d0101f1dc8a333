/**
 * What the Site Style Tree sees of a page: element keys, leaves, and the content features of a leaf.
 *
 * Paper 001 (Yi, Liu, Li, "Eliminating noisy information in web pages for data mining", KDD 2003):
 *   - §3.1: an element node is (tag, attr, Ss), where attr are the tag's display attributes; two
 *     DOM nodes fall on the same element node when their tag and attributes agree (`elementKey`);
 *   - §3.2 (Def. 5): a leaf's importance comes from its actual features: words, image files and
 *     link targets (`leafFeatures`);
 *   - §3.4 enhancement 2, virtual leaf nodes: the parents of actual leaf tags are used as leaves so
 *     the page is not overly fragmented (`leafFlags`).
 *
 * Departures, and why:
 *   - The "display attributes" of 2003 (bgcolor, width, align, …) are kept, and class, id and role
 *     join them: they are how pages name their presentation today. Digit runs in attribute values
 *     become `#` (`post-1234` → `post-#`), because per-page ids would otherwise give every page a
 *     style of its own. `<body>` and `<html>` are keyed by their tag alone: sites put per-page
 *     classes there (`single postid-# category-sports`), which would split the whole tree by page.
 *   - A virtual leaf is an element with no structural descendant (block-level elements other than
 *     `br`/`hr`): a paragraph with its links and emphasis is one leaf, as paper 001 intends, and a
 *     `<p>` holding an `<a><img></a>` is not split at the `<a>`. With `virtualLeaves: false` only
 *     elements with no element children are leaves (the paper's actual leaves).
 *   - Features: words are lower-cased letter/digit runs (each Han or Kana character is a word,
 *     those scripts do not space words); function words are left out by default, because every
 *     page's prose spreads them evenly and they would make prose look like template; digit runs
 *     become `#` in words and link targets, so a date, a counter or a per-page permalink is the
 *     same feature on every page (paper 004's mutable patterns); in image sources only in the
 *     query string (a cache buster is the same image slot; `/photos/5123.jpg` is a photo).
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { FUNCTION_WORDS } from '../text/function-words.js';

/** Legacy presentation attributes (paper 001's "display attributes"). */
const DISPLAY_ATTRS = new Set([
  'align', 'valign', 'bgcolor', 'background', 'width', 'height', 'border', 'cellpadding', 'cellspacing',
  'color', 'face', 'size', 'role',
]);
/** Longest key kept: a class attribute can be kilobytes of utility classes. */
const MAX_KEY = 200;

export function maskDigits(s: string): string {
  return /\d/.test(s) ? s.replace(/\d+/g, '#') : s;
}

/** tag, then sorted class tokens, id and display attributes, digit runs masked: `div.ad.box#slot-#[align=left]`. */
export function elementKey(el: DomElement): string {
  const k = rawElementKey(el);
  // U+0001 separates keys in a style node's sequence (style-nodes.ts SEQ_SEP): never inside one.
  return k.indexOf('\u0001') < 0 ? k : k.replace(/\u0001/g, '\ufffd');
}

function rawElementKey(el: DomElement): string {
  const tag = el.tag;
  if (tag === 'body' || tag === 'html') return tag;
  const attrs = el.attrs;
  if (attrs.length === 0) return tag;
  let cls = '', id = '', extra = '';
  for (let i = 0; i < attrs.length; i++) {
    const { name, value } = attrs[i];
    if (name === 'class') {
      const toks = value.trim().split(/\s+/).filter((t) => t.length > 0).map(maskDigits);
      if (toks.length) cls = '.' + [...new Set(toks)].sort().join('.');
    } else if (name === 'id') {
      const v = value.trim();
      if (v) id = '#' + maskDigits(v);
    } else if (DISPLAY_ATTRS.has(name)) {
      extra += `[${name}=${maskDigits(value.trim().toLowerCase())}]`;
    }
  }
  const k = tag + cls + id + extra;
  return k.length > MAX_KEY ? k.slice(0, MAX_KEY) : k;
}

/** Block-level elements that make their parent a structural (non-leaf) node. */
function isStructural(tag: string): boolean {
  return BLOCK_TAGS.has(tag) && tag !== 'br' && tag !== 'hr';
}

/**
 * 1 where an element is a leaf of the style tree, indexed by element id. One pass in reverse
 * pre-order (children before parents), no recursion.
 */
export function leafFlags(doc: DomDocument, virtualLeaves: boolean): Uint8Array {
  const els = doc.elements;
  const n = els.length;
  const leaf = new Uint8Array(n);
  // structural[i]: element i is structural or has a structural descendant.
  const structural = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const el = els[i];
    const ch = el.children;
    let below = 0, anyChild = 0;
    for (let j = 0; j < ch.length; j++) {
      const c = ch[j];
      if (c.kind !== 1) continue;
      anyChild = 1;
      if (structural[c.id]) below = 1;
    }
    leaf[i] = virtualLeaves ? (below ? 0 : 1) : (anyChild ? 0 : 1);
    structural[i] = below || isStructural(el.tag) ? 1 : 0;
  }
  return leaf;
}

/** Element children of an element. */
export function elementChildren(el: DomElement): DomElement[] {
  const out: DomElement[] = [];
  const ch = el.children;
  for (let i = 0; i < ch.length; i++) {
    const c = ch[i];
    if (c.kind === 1) out.push(c);
  }
  return out;
}

/** Where a page's style tree starts: paper 001 puts a virtual root above `<body>`. */
export function pageTop(doc: DomDocument): DomElement {
  return doc.body ?? doc.html ?? doc.root;
}

// A word: a run of letters, marks and digits, or one Han/Kana character.
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}\p{N}])+/gu;

/** Adds the words of `text` to `out` (feature → occurrences). */
function addWords(text: string, out: Map<string, number>, dropFunctionWords: boolean): void {
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    let w = m[0].toLowerCase();
    if (dropFunctionWords && FUNCTION_WORDS.has(w)) continue;
    w = maskDigits(w);
    out.set(w, (out.get(w) ?? 0) + 1);
  }
}

/**
 * Digit runs masked in the query string only: a cache buster or an ad id there is the same image
 * slot on every page, while a photo's own path (`/photos/5123.jpg`) names a different image.
 */
function maskQueryDigits(src: string): string {
  const q = src.indexOf('?');
  return q < 0 ? src : src.slice(0, q) + maskDigits(src.slice(q));
}

/** Image-source and link-target features: a space cannot occur in a word, so they never collide with one. */
export const IMG_PREFIX = 'img ';
export const HREF_PREFIX = 'href ';

/**
 * The actual features below `el` (its text, image sources, link targets), with their occurrence
 * counts. Iterative walk.
 */
export function leafFeatures(el: DomElement, dropFunctionWords: boolean, out: Map<string, number> = new Map()): Map<string, number> {
  const stack: DomElement[] = [el];
  while (stack.length) {
    const e = stack.pop()!;
    if (e.tag === 'img') {
      const src = e.attr('src')?.trim() || e.attr('data-src')?.trim();
      if (src) { const f = IMG_PREFIX + maskQueryDigits(src); out.set(f, (out.get(f) ?? 0) + 1); }
    } else if (e.tag === 'a') {
      const href = e.attr('href')?.trim();
      if (href) { const f = HREF_PREFIX + maskDigits(href); out.set(f, (out.get(f) ?? 0) + 1); }
    }
    const ch = e.children;
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 1) stack.push(c);
      else if (c.data.length) addWords(c.data, out, dropFunctionWords);
    }
  }
  return out;
}

/** FNV-1a, 32 bits: the order of the feature sample (style-leaf-stats.ts) and page fingerprints. */
export function fnv1a(s: string, h = 0x811c9dc5): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A fingerprint of everything in a page's top element (tags, attributes, text), to recognise
 * replicas: two 32-bit hashes with different seeds.
 */
export function pageFingerprint(top: DomElement): string {
  let a = 0x811c9dc5, b = 0x050c5d1f;
  const stack: DomElement[] = [top];
  const mix = (s: string): void => { a = fnv1a(s, a); b = fnv1a(s, b ^ 0x5bd1e995); };
  while (stack.length) {
    const e = stack.pop()!;
    mix('<' + e.tag);
    for (const at of e.attrs) mix(' ' + at.name + '=' + at.value);
    const ch = e.children;
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 1) stack.push(c);
    }
    // Text in document order within this element; child elements are hashed as they are popped.
    for (let i = 0; i < ch.length; i++) {
      const c = ch[i];
      if (c.kind === 3) mix('"' + c.data);
      else mix('>');
    }
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

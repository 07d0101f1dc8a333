/**
 * The rendered layout paper 002 (Shen, Li, Wang, "Application on web page filtering technology")
 * needs, and its join to thresher's tree. §4.2 reads each block's box (DIVLeft, DIVTop, BWidth,
 * BHeight) and the page size; Table 1 and the separators of §3.3 read background colours, font
 * size and weight, and the sizes of blocks. No browser code here: a browser module fills a
 * LayoutSnapshot later, and everything below reads only the snapshot.
 *
 * The key. Each entry names its parent entry (an index, parents before children, as both a CDP
 * `DOMSnapshot.captureSnapshot` node list and a pre-order walk list them) and its position among
 * that parent's element children of the same tag (XPath's `div[3]`). The join walks both trees
 * from the top and pairs children by (tag, nth). Counting same-tag siblings only, not all
 * siblings, is what makes it tolerate the elements thresher's parser leaves out: dropping every
 * <script>, <button> or <iframe> shifts no <div>'s number. A document-order index would shift.
 * An element on one side with no partner on the other is reported, never an error: a thresher
 * element without a partner (and so its whole subtree) has no box and shows nothing (Shown.NO_BOX
 * below), and snapshot entries without a partner are counted. Paths (`/html[1]/body[1]/div[2]`) are derived for messages only: stored per entry
 * they cost O(depth) each.
 *
 * Filling it (the browser part):
 *  - CDP: one `DOMSnapshot.captureSnapshot({ computedStyles: SNAPSHOT_STYLES })`. Emit every
 *    element node of the main document in node order; parent = the entry of its parentIndex
 *    element; nth counted over the node list's element children; box and styles from the layout
 *    tree (its bounds are document coordinates already). A node with no layout object (it or an
 *    ancestor is display:none, or it is display:contents) gets a zero box and display ''.
 *  - page.evaluate: walk `document.documentElement` in pre-order; box =
 *    getBoundingClientRect() plus scrollX/scrollY; styles from getComputedStyle.
 *  - Either way: page = documentElement scrollWidth/scrollHeight, viewport = innerWidth/innerHeight,
 *    and capture the HTML thresher is given with scripts off, or the trees will differ.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { ThresherError } from '../errors.js';
import { CANVAS_WHITE, composite, parseColour, TRANSPARENT, type Rgba } from './colour.js';

export const LAYOUT_SNAPSHOT_VERSION = 1;
/** The computed styles a CDP capture asks for, in this order. */
export const SNAPSHOT_STYLES = ['display', 'visibility', 'background-color', 'font-size', 'font-weight', 'opacity', 'position'] as const;

export interface Rect { x: number; y: number; width: number; height: number }

/** One element as the browser laid it out. Lengths are CSS px, coordinates from the page's top-left. */
export interface ElementLayout {
  /** Index in LayoutSnapshot.elements of the parent element's entry; -1 for the document element. */
  parent: number;
  /** Lower-case local name. */
  tag: string;
  /** 1-based position among the parent's element children with this tag. */
  nth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Computed `display`; '' when the browser made no box and cannot say why. */
  display: string;
  /** Computed `visibility`: visible, hidden or collapse. */
  visibility: string;
  /** Computed `background-color`, as the browser serialises it. */
  background: string;
  /** Computed font-size in px. */
  fontSize: number;
  /** Computed font-weight, 1–1000 (400 normal, 700 bold). */
  fontWeight: number;
  /** Computed opacity, 0–1 (1 when absent). */
  opacity?: number;
  /** Computed position (static, relative, absolute, fixed, sticky). Recorded; DVPS does not read it. */
  position?: string;
}

export interface LayoutSnapshot {
  version: typeof LAYOUT_SNAPSHOT_VERSION;
  /** The window the page was laid out in. */
  viewport: { width: number; height: number };
  /** The whole scrollable page (PageWidth, PageHeight of §4.2). */
  page: { width: number; height: number };
  elements: ElementLayout[];
}

/** What the join concluded about each element, by element id. */
export const Shown = {
  /** Rendered, visible, with an area. */
  VISIBLE: 0,
  /** visibility: hidden or collapse, or opacity 0 (on it or an ancestor). */
  HIDDEN: 1,
  /** display: none, on it or an ancestor. */
  NONE: 2,
  /** Rendered but at most ZERO_PX wide or high (screen-reader-only text, collapsed boxes). */
  ZERO: 3,
  /** No box: display: contents, or a node with no layout object of its own. */
  NO_BOX: 4,
  /** A box wholly outside the page (the `left: -9999px` idiom). */
  OFF_PAGE: 5,
} as const;
export type Shown = typeof Shown[keyof typeof Shown];
export const SHOWN_NAMES = ['visible', 'hidden', 'display:none', 'zero-size', 'no box', 'off the page'] as const;
/** A box this thin shows nothing: 1px is the screen-reader-only idiom. */
export const ZERO_PX = 1;

export interface LayoutJoin {
  snapshot: LayoutSnapshot;
  /** By element id: the element's entry, or undefined when the snapshot has none. */
  entry: (ElementLayout | undefined)[];
  /** By element id: Shown. An element without an entry is NO_BOX, or NONE/HIDDEN when its parent is. */
  state: Uint8Array;
  /** By element id: the colour a reader sees behind the element's content (composited, opaque). */
  background: Rgba[];
  /** By element id: font size and weight, inherited from the nearest ancestor with an entry. */
  fontSize: Float64Array;
  fontWeight: Float64Array;
  /** By element id: computed display, or the nearest entry's guess ('' when none is known). */
  display: string[];
  /** Elements of thresher's tree with an entry, and without one. */
  matched: number;
  unmatchedDom: number;
  /** Snapshot entries with no element in thresher's tree. */
  unmatchedSnapshot: number;
  /** Paths of the first few unmatched thresher elements, for messages. */
  unmatchedExamples: string[];
}

const DISPLAY_NONE = 'none';

function bad(message: string): never {
  throw new ThresherError('E_BAD_OPTION', `layout snapshot: ${message}`);
}

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Checks the shape of a snapshot; throws E_BAD_OPTION naming the first problem. Linear. */
export function validateLayout(s: unknown): asserts s is LayoutSnapshot {
  checkLayout(s);
}

/** validateLayout, returning the snapshot's children by parent (slot parent + 1), keyed `tag[nth]`. */
function checkLayout(s: unknown): Map<string, number>[] {
  if (typeof s !== 'object' || s === null) bad('not an object');
  const o = s as Partial<LayoutSnapshot>;
  if (o.version !== LAYOUT_SNAPSHOT_VERSION) bad(`version ${String(o.version)}, expected ${LAYOUT_SNAPSHOT_VERSION}`);
  for (const k of ['viewport', 'page'] as const) {
    const r = o[k];
    if (typeof r !== 'object' || r === null || !isNum(r.width) || !isNum(r.height) || r.width <= 0 || r.height <= 0) {
      bad(`${k} must have a positive width and height`);
    }
  }
  if (!Array.isArray(o.elements)) bad('elements must be an array');
  const kids: Map<string, number>[] = new Array(o.elements.length + 1);
  for (let i = 0; i < o.elements.length; i++) {
    const e = o.elements[i] as Partial<ElementLayout>;
    if (typeof e !== 'object' || e === null) bad(`elements[${i}] is not an object`);
    if (!Number.isInteger(e.parent) || e.parent! < -1 || e.parent! >= i) bad(`elements[${i}].parent must be -1 or the index of an earlier entry`);
    if (typeof e.tag !== 'string' || e.tag.length === 0) bad(`elements[${i}].tag must be a tag name`);
    if (!Number.isInteger(e.nth) || e.nth! < 1) bad(`elements[${i}].nth must be an integer >= 1`);
    if (!isNum(e.x) || !isNum(e.y) || !isNum(e.width) || !isNum(e.height) || !isNum(e.fontSize) || !isNum(e.fontWeight)) {
      const k = (['x', 'y', 'width', 'height', 'fontSize', 'fontWeight'] as const).find((f) => !isNum(e[f]));
      bad(`elements[${i}].${k} must be a finite number`);
    }
    if (e.width < 0 || e.height < 0) bad(`elements[${i}] has a negative size`);
    if (typeof e.display !== 'string' || typeof e.visibility !== 'string' || typeof e.background !== 'string') {
      bad(`elements[${i}] needs display, visibility and background strings`);
    }
    if (e.opacity !== undefined && !isNum(e.opacity)) bad(`elements[${i}].opacity must be a number`);
    const slot = (kids[e.parent! + 1] ??= new Map());
    const key = `${e.tag}[${e.nth}]`;
    if (slot.has(key)) bad(`elements[${i}] repeats ${key} under the same parent`);
    slot.set(key, i);
  }
  return kids;
}

/** `/html[1]/body[1]/div[2]` of a thresher element (tags of the same name counted among siblings). */
export function elementPath(el: DomElement): string {
  const parts: string[] = [];
  for (let e: DomElement | null = el; e && e.parent; e = e.parent) parts.push(`${e.tag}[${nthOf(e)}]`);
  return '/' + parts.reverse().join('/');
}

/** `/html[1]/body[1]/div[2]` of a snapshot entry. */
export function snapshotPath(s: LayoutSnapshot, index: number): string {
  const parts: string[] = [];
  for (let i = index; i >= 0; i = s.elements[i].parent) parts.push(`${s.elements[i].tag}[${s.elements[i].nth}]`);
  return '/' + parts.reverse().join('/');
}

function nthOf(el: DomElement): number {
  let n = 0;
  for (const c of el.parent!.children) {
    if (c.kind === 1 && c.tag === el.tag) n++;
    if (c === el) break;
  }
  return n;
}

/**
 * Pairs thresher's elements with snapshot entries (top-down, by tag and nth) and derives each
 * element's state, background, font and display. Linear in both sizes. The document needs its
 * features computed (element ids). Throws E_BAD_OPTION on a malformed snapshot.
 */
export function joinLayout(doc: DomDocument, snapshot: LayoutSnapshot): LayoutJoin {
  const kids = checkLayout(snapshot);
  if (doc.elements.length === 0 || doc.root.id !== 0) bad('the document has no element ids: run computeFeatures(doc) first');
  const els = doc.elements, n = els.length;
  const index = new Int32Array(n).fill(-2); // -2: no partner; root (#document) pairs with -1
  index[0] = -1;
  let matched = 0;
  const unmatchedExamples: string[] = [];
  const usedEntries = new Uint8Array(snapshot.elements.length);
  // Pre-order: a parent is paired before its children. Same-tag counters per parent.
  const counters = new Map<string, number>();
  for (let i = 1; i < n; i++) {
    const el = els[i], p = el.parent!;
    const key = `${el.tag}`;
    const ck = `${p.id}:${key}`;
    const nth = (counters.get(ck) ?? 0) + 1;
    counters.set(ck, nth);
    const pi = index[p.id];
    const hit = pi >= -1 ? kids[pi + 1]?.get(`${key}[${nth}]`) : undefined;
    if (hit !== undefined) { index[i] = hit; usedEntries[hit] = 1; matched++; }
    else if (unmatchedExamples.length < 5) unmatchedExamples.push(elementPath(el));
  }
  let unmatchedSnapshot = 0;
  for (let i = 0; i < usedEntries.length; i++) if (!usedEntries[i]) unmatchedSnapshot++;
  const entry: (ElementLayout | undefined)[] = new Array(n);
  for (let i = 1; i < n; i++) entry[i] = index[i] >= 0 ? snapshot.elements[index[i]] : undefined;
  return { snapshot, entry, ...derive(doc, entry, snapshot.page), matched, unmatchedDom: n - 1 - matched, unmatchedSnapshot, unmatchedExamples };
}

function stateOf(e: ElementLayout, parentState: number, page: LayoutSnapshot['page']): number {
  if (parentState === Shown.NONE || e.display === DISPLAY_NONE) return Shown.NONE;
  if (e.display === '' && e.width === 0 && e.height === 0) return Shown.NO_BOX;
  if (e.visibility === 'hidden' || e.visibility === 'collapse' || (e.opacity !== undefined && e.opacity <= 0)) return Shown.HIDDEN;
  // opacity does not inherit, but nothing inside a transparent element shows.
  if (parentState === Shown.HIDDEN) return Shown.HIDDEN;
  if (e.width <= ZERO_PX || e.height <= ZERO_PX) return Shown.ZERO;
  if (e.x + e.width <= 0 || e.y + e.height <= 0 || e.x >= page.width || e.y >= page.height) return Shown.OFF_PAGE;
  return Shown.VISIBLE;
}

/** Per-element state, painted background, font and display, top-down (ids are pre-order). */
function derive(doc: DomDocument, entry: (ElementLayout | undefined)[], page: LayoutSnapshot['page']): Pick<LayoutJoin, 'state' | 'background' | 'fontSize' | 'fontWeight' | 'display'> {
  const els = doc.elements, n = els.length;
  const state = new Uint8Array(n), fontSize = new Float64Array(n), fontWeight = new Float64Array(n);
  const background: Rgba[] = new Array(n), display: string[] = new Array(n);
  const hiddenByOpacity = new Uint8Array(n);
  state[0] = Shown.NO_BOX; background[0] = CANVAS_WHITE; fontSize[0] = 16; fontWeight[0] = 400; display[0] = '';
  for (let i = 1; i < n; i++) {
    const p = els[i].parent!.id, e = entry[i];
    if (!e) {
      // No partner: it looks like its parent (a browser that skipped it skipped it with its
      // parent, or drew its children in its place).
      state[i] = state[p] === Shown.NONE || state[p] === Shown.HIDDEN ? state[p] : Shown.NO_BOX;
      background[i] = background[p]; fontSize[i] = fontSize[p]; fontWeight[i] = fontWeight[p]; display[i] = '';
      hiddenByOpacity[i] = hiddenByOpacity[p];
      continue;
    }
    const parentState = hiddenByOpacity[p] ? Shown.HIDDEN : state[p] === Shown.NONE ? Shown.NONE : Shown.VISIBLE;
    state[i] = stateOf(e, parentState, page);
    hiddenByOpacity[i] = hiddenByOpacity[p] || (e.opacity !== undefined && e.opacity <= 0) ? 1 : 0;
    background[i] = composite(parseColour(e.background) ?? TRANSPARENT, background[p]);
    fontSize[i] = e.fontSize; fontWeight[i] = e.fontWeight; display[i] = e.display;
  }
  return { state, background, fontSize, fontWeight, display };
}

/** The page as a rectangle: the origin of the coordinates and the page's size. */
export function pageRect(s: LayoutSnapshot): Rect {
  return { x: 0, y: 0, width: s.page.width, height: s.page.height };
}

/** The element's box, or null when it has none worth reading (no entry, not VISIBLE). */
export function visibleBox(join: LayoutJoin, el: DomElement): Rect | null {
  const e = join.entry[el.id];
  if (!e || join.state[el.id] !== Shown.VISIBLE) return null;
  return { x: e.x, y: e.y, width: e.width, height: e.height };
}

export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

export function area(r: Rect | null): number {
  return r ? r.width * r.height : 0;
}

/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology"), §3.1–3.2: the
 * DIV_FOREST model. A depth-first walk marks every DIV tag and keeps their nesting: the non-leaf
 * nodes of the forest are DIV tags, and each DIV tag's own part of the page (its "DIV subtree",
 * Definition 2) is reduced to its content tags. Property tags (the formatting and structural
 * wrappers: span, font, b, table, ul, form, ...) are not nodes of the model; the content tags
 * (generally children of property tags) are kept as the leaves. §4 features are read here too,
 * from the tree and the layout join, one pass each.
 *
 * Choices where the paper is silent:
 *  - DIV tags: <div> and the HTML5 elements that play its role in a DIV+CSS layout (section,
 *    article, main, aside, nav, header, footer), with <body> as the root. The paper's pages
 *    (2013 Chinese portals) wrote all of them as <div>; `divTags` can narrow it to `div` alone.
 *  - Content tags (CONTENT_TAGS) are the tags that hold the content a reader reads: paragraphs,
 *    headings, list items, table cells, links, images, quotes, rules. A content tag inside
 *    another content tag of the same DIV subtree is part of it (the <a> of an <li>): a leaf is
 *    the outermost one. Text outside every content tag (in a <span>, or straight in the <div>)
 *    is a text leaf: the paper's "virtual text node (including text nodes)" of Table 1, rule 2.
 *  - Definition 2 makes the innermost DIV subtrees the basic blocks. Text that a non-innermost
 *    DIV holds outside its inner DIVs (a heading above two inner DIVs) would then belong to no
 *    basic block; here every DIV node with content of its own has a basic block (`own`), so no
 *    text is lost. An innermost DIV's basic block is exactly the paper's.
 *  - Only what the browser shows counts (Shown.VISIBLE in layout.ts): hidden text adds no
 *    length, hidden elements no box. HtmlNumber (Table 3) counts every element, shown or not:
 *    it describes the markup.
 *  - A text leaf has no box of its own in an element snapshot: it takes its parent element's.
 *    For text straight inside a DIV that also holds inner DIVs that box is the DIV's whole box,
 *    too large; such text is rare and the cost is only a coarser box.
 */
import type { DomDocument, DomElement, DomText } from '../dom/node.js';
import { measureText, type TextMeasure } from '../text/measure.js';
import { colourDistance, sameColour, type Rgba } from './colour.js';
import { area, Shown, unionRect, visibleBox, type LayoutJoin, type Rect } from './layout.js';

export const DIV_TAGS: ReadonlySet<string> = new Set(['div', 'section', 'article', 'main', 'aside', 'nav', 'header', 'footer']);
export const CONTENT_TAGS: ReadonlySet<string> = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'img', 'li', 'dt', 'dd', 'td', 'th', 'caption', 'pre',
  'blockquote', 'figcaption', 'address', 'hr',
]);
/** §4.3's body identification tags ("<p>, <h1>-<h6>, <title>, <hr>"). */
export const BODY_TAGS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'title']);

/** A leaf of a DIV subtree: a content tag, or a text node outside every content tag. */
export interface ContentLeaf {
  /** The content tag; for a text leaf, the text's parent element. */
  el: DomElement;
  text: DomText | null;
  /** Shown by the browser (a text leaf: its parent element is). */
  visible: boolean;
  /** A virtual text node: text, or an inline element holding only inline text (Table 1, rule 2). */
  virtualText: boolean;
}

/** §4 features of a part of the page: the own content of one DIV node, or a sum of them. */
export interface BlockFeatures {
  /** CJK-weighted visible text length (text/measure.ts), its part inside links, and its words. */
  textLen: number;
  linkTextLen: number;
  words: number;
  /** Table 3's HtmlNumber: elements of the markup. */
  htmlNumber: number;
  images: number;
  /** §4.3 body identification tags shown. */
  bodyTags: number;
  hr: number;
  /** Table 1, rule 5: tables inside tables, and tables whose cells look obviously different. */
  nestedTables: number;
  mixedTables: number;
  visibleLeaves: number;
  /** Every shown leaf is a virtual text node (true when none is shown). */
  virtualText: boolean;
  /** §4.2.1: the block's boundary, from the boxes of the nodes it holds; null when none shows. */
  box: Rect | null;
  /** Visible text length per font, `size/weight` → length: the block's main font is the longest. */
  fonts: Map<string, number>;
  /** The shown text, piece by piece, for the function-block thesaurus (§4.1). */
  texts: string[];
}

export interface DivNode {
  /** Pre-order position in DivForest.nodes. */
  index: number;
  el: DomElement;
  parent: DivNode | null;
  children: DivNode[];
  /** The leaves of this DIV tag's own subtree (inner DIV tags excluded), in document order. */
  leaves: ContentLeaf[];
  /** Features of the own subtree: the node's basic block. */
  own: BlockFeatures;
  /** Own leaves: the largest shown area, those holding body tags, and whether one's background differs from the node's. */
  maxLeafArea: number;
  bodyTagLeaves: number;
  leafBackgroundDiffers: boolean;
  /** Features of the whole subtree (own plus every descendant node's), filled bottom-up. */
  sub: BlockFeatures;
  /** Pre-order index of the last node of this node's subtree: the subtree is nodes[index..end]. */
  end: number;
}

export interface DivForest {
  doc: DomDocument;
  join: LayoutJoin;
  /** The <body> node; null when the page has no body. */
  root: DivNode | null;
  /** Every node, pre-order (a parent before its children). */
  nodes: DivNode[];
  /** By element id: the index of the node whose DIV subtree holds the element; -1 outside the body. */
  ownerOf: Int32Array;
}

export function emptyFeatures(): BlockFeatures {
  return {
    textLen: 0, linkTextLen: 0, words: 0, htmlNumber: 0, images: 0, bodyTags: 0, hr: 0, nestedTables: 0,
    mixedTables: 0, visibleLeaves: 0, virtualText: true, box: null, fonts: new Map(), texts: [],
  };
}

/** Adds `b` into `a`; its text pieces too unless `texts` is false (subtree sums keep none: O(depth) copies). */
export function addFeatures(a: BlockFeatures, b: BlockFeatures, texts = true): void {
  a.textLen += b.textLen; a.linkTextLen += b.linkTextLen; a.words += b.words; a.htmlNumber += b.htmlNumber;
  a.images += b.images; a.bodyTags += b.bodyTags; a.hr += b.hr; a.nestedTables += b.nestedTables;
  a.mixedTables += b.mixedTables; a.visibleLeaves += b.visibleLeaves; a.virtualText &&= b.virtualText;
  a.box = unionRect(a.box, b.box);
  for (const [k, v] of b.fonts) a.fonts.set(k, (a.fonts.get(k) ?? 0) + v);
  if (texts) for (const t of b.texts) a.texts.push(t);
}

/** The font that sets the most text: [size, weight]; [16, 400] for a block without text. */
export function mainFont(f: BlockFeatures): [number, number] {
  let best = '', len = -1;
  for (const [k, v] of f.fonts) if (v > len || (v === len && k < best)) { best = k; len = v; }
  if (!best) return [16, 400];
  const [s, w] = best.split('/').map(Number);
  return [s, w];
}

/** Per-element flags read by the forest, computed once over the tree. */
interface ElementFlags {
  inLink: Uint8Array;
  /** Inside a content tag, below the nearest DIV tag. */
  inContent: Uint8Array;
  /** Inline, not an image, and all inline below: a virtual text node when it holds text. */
  inlineOnly: Uint8Array;
  /** Holds (or is) a shown body identification tag. */
  hasBodyTag: Uint8Array;
  /** The nearest <table> ancestor's id, or -1. */
  tableOf: Int32Array;
}

function elementFlags(doc: DomDocument, join: LayoutJoin, divTags: ReadonlySet<string>): ElementFlags {
  const els = doc.elements, n = els.length;
  const inLink = new Uint8Array(n), inContent = new Uint8Array(n), inlineOnly = new Uint8Array(n), hasBodyTag = new Uint8Array(n);
  const tableOf = new Int32Array(n).fill(-1);
  for (let i = 1; i < n; i++) {
    const el = els[i], p = el.parent!;
    inLink[i] = inLink[p.id] || (el.tag === 'a' && el.attr('href') !== undefined) ? 1 : 0;
    inContent[i] = divTags.has(el.tag) ? 0 : inContent[p.id] || (CONTENT_TAGS.has(p.tag) && !divTags.has(p.tag)) ? 1 : 0;
    tableOf[i] = p.tag === 'table' ? p.id : tableOf[p.id];
  }
  for (let i = n - 1; i > 0; i--) {
    const el = els[i];
    const display = join.display[i];
    let inline = el.tag !== 'img' && (display === 'inline' || (display === '' && !join.entry[i] && isInlineTag(el.tag))) ? 1 : 0;
    let body = BODY_TAGS.has(el.tag) && join.state[i] === Shown.VISIBLE ? 1 : 0;
    for (const c of el.children) {
      if (c.kind !== 1) continue;
      if (!inlineOnly[c.id]) inline = 0;
      if (hasBodyTag[c.id]) body = 1;
    }
    inlineOnly[i] = inline; hasBodyTag[i] = body;
  }
  return { inLink, inContent, inlineOnly, hasBodyTag, tableOf };
}

const INLINE_FALLBACK = new Set(['a', 'span', 'b', 'strong', 'em', 'i', 'u', 's', 'small', 'big', 'code', 'label',
  'time', 'abbr', 'cite', 'q', 'sub', 'sup', 'mark', 'font', 'br']);
function isInlineTag(tag: string): boolean {
  return INLINE_FALLBACK.has(tag);
}

/**
 * Builds the DIV_FOREST of the page's body with its §4 features. Linear in the tree's size.
 * `doc` must have its features computed; `join` is joinLayout(doc, snapshot).
 */
export function buildDivForest(doc: DomDocument, join: LayoutJoin, divTags: ReadonlySet<string> = DIV_TAGS): DivForest {
  const els = doc.elements;
  const ownerOf = new Int32Array(els.length).fill(-1);
  const body = doc.body;
  if (!body || body.id < 0) return { doc, join, root: null, nodes: [], ownerOf };
  const flags = elementFlags(doc, join, divTags);
  const nodes: DivNode[] = [];
  const m: TextMeasure = { len: 0, words: 0, punct: 0, commas: 0 };
  const tables = new TableStyles(join);
  for (let i = body.id, end = body.id + body.tags; i <= end; i++) {
    const el = els[i];
    let node: DivNode;
    if (i === body.id || divTags.has(el.tag)) {
      const parent = i === body.id ? null : nodes[ownerOf[el.parent!.id]];
      node = newNode(nodes.length, el, parent);
      nodes.push(node);
      parent?.children.push(node);
    } else node = nodes[ownerOf[el.parent!.id]];
    ownerOf[i] = node.index;
    readElement(node, el, join, flags, tables);
    const inLeaf = flags.inContent[i] === 1 || (CONTENT_TAGS.has(el.tag) && !divTags.has(el.tag));
    for (const c of el.children) {
      if (c.kind !== 3) continue;
      measureText(c.data, m);
      if (m.len === 0) continue;
      const visible = join.state[i] === Shown.VISIBLE;
      if (!inLeaf) addLeaf(node, { el, text: c, visible, virtualText: true }, join, flags);
      if (visible) readText(node.own, c.data, m, flags.inLink[i] === 1, join, i);
    }
  }
  tables.count(nodes, ownerOf);
  for (let k = nodes.length - 1; k >= 0; k--) {
    const nd = nodes[k];
    addFeatures(nd.sub, nd.own, false);
    if (nd.parent) {
      addFeatures(nd.parent.sub, nd.sub, false);
      if (nd.end > nd.parent.end) nd.parent.end = nd.end;
    }
  }
  return { doc, join, root: nodes[0] ?? null, nodes, ownerOf };
}

function newNode(index: number, el: DomElement, parent: DivNode | null): DivNode {
  return {
    index, el, parent, children: [], leaves: [], own: emptyFeatures(), maxLeafArea: 0, bodyTagLeaves: 0,
    leafBackgroundDiffers: false, sub: emptyFeatures(), end: index,
  };
}

/** Counts an element into its node's own features, and adds it as a leaf when it is one. */
function readElement(node: DivNode, el: DomElement, join: LayoutJoin, flags: ElementFlags, tables: TableStyles): void {
  const f = node.own, i = el.id;
  f.htmlNumber++;
  const shown = join.state[i] === Shown.VISIBLE;
  if (shown && el.tag === 'img') f.images++;
  if (shown && BODY_TAGS.has(el.tag)) f.bodyTags++;
  if (shown && el.tag === 'hr') f.hr++;
  if (shown && (el.tag === 'td' || el.tag === 'th') && flags.tableOf[i] >= 0) tables.cell(flags.tableOf[i], i);
  if (shown && el.tag === 'table') tables.table(i, flags.tableOf[i] >= 0);
  if (el !== node.el && CONTENT_TAGS.has(el.tag) && !flags.inContent[i]) {
    addLeaf(node, { el, text: null, visible: shown, virtualText: flags.inlineOnly[i] === 1 }, join, flags);
  }
}

function addLeaf(node: DivNode, leaf: ContentLeaf, join: LayoutJoin, flags: ElementFlags): void {
  node.leaves.push(leaf);
  if (!leaf.visible) return;
  const f = node.own;
  f.visibleLeaves++;
  if (!leaf.virtualText) f.virtualText = false;
  const box = visibleBox(join, leaf.el);
  f.box = unionRect(f.box, box);
  if (area(box) > node.maxLeafArea) node.maxLeafArea = area(box);
  if (leaf.text === null && flags.hasBodyTag[leaf.el.id]) node.bodyTagLeaves++;
  if (!sameColour(join.background[leaf.el.id], join.background[node.el.id])) node.leafBackgroundDiffers = true;
}

function readText(f: BlockFeatures, data: string, m: TextMeasure, inLink: boolean, join: LayoutJoin, id: number): void {
  f.textLen += m.len;
  f.words += m.words;
  if (inLink) f.linkTextLen += m.len;
  const key = `${join.fontSize[id]}/${join.fontWeight[id]}`;
  f.fonts.set(key, (f.fonts.get(key) ?? 0) + m.len);
  f.texts.push(data);
}

/**
 * Table 1, rule 5: a table whose cells' visual attributes (font, background colour) are
 * "obviously different". Obvious, by choice: backgrounds 10% of the RGB cube apart, font sizes
 * 20% apart, or weights 300 apart (normal against bold).
 */
class TableStyles {
  private first = new Map<number, { bg: Rgba; size: number; weight: number; mixed: boolean }>();
  private nested: number[] = [];
  constructor(private join: LayoutJoin) {}

  table(id: number, nested: boolean): void {
    if (nested) this.nested.push(id);
  }

  cell(table: number, id: number): void {
    const j = this.join;
    const s = { bg: j.background[id], size: j.fontSize[id], weight: j.fontWeight[id], mixed: false };
    const f = this.first.get(table);
    if (!f) { this.first.set(table, s); return; }
    if (colourDistance(f.bg, s.bg) >= 0.1 || Math.abs(f.size - s.size) >= 0.2 * Math.max(f.size, s.size) ||
      Math.abs(f.weight - s.weight) >= 300) f.mixed = true;
  }

  count(nodes: DivNode[], ownerOf: Int32Array): void {
    for (const id of this.nested) nodes[ownerOf[id]].own.nestedTables++;
    for (const [id, s] of this.first) if (s.mixed) nodes[ownerOf[id]].own.mixedTables++;
  }
}

/**
 * A tiny deterministic layout engine, so that paper 002's algorithms (DVPS) can be tested without
 * a browser. A page is described as a tree of boxes (PageSpec); buildSyntheticPage writes its
 * HTML and lays it out into the LayoutSnapshot a browser would give for that HTML.
 *
 * The model is a small subset of CSS, chosen to be predictable rather than exact:
 *  - Block boxes stack top to bottom (flow 'column') or sit side by side (flow 'row'), inside
 *    the parent's padding, `gap` px apart. A width is the parent's content width unless given; in
 *    a row the boxes without a width share what the others leave. A height is the content's
 *    unless given.
 *  - Text and inline elements (INLINE_TAGS) form runs between the block children, like CSS
 *    anonymous block boxes. A Latin character is 0.5 em wide, a CJK one 1 em, a line 1.2 em high,
 *    in the parent's font; lines wrap at the content width, character by character. An inline
 *    element's box is its span on one line, or the full width of the lines it touches. An <img>
 *    sits on lines of its own, `width`×`height` (100×100 by default).
 *  - `at` takes a box out of the flow (position fixed or absolute) and puts it at page coordinates.
 *  - display: none gives the element and its subtree zero boxes (their own display values stay,
 *    as getComputedStyle reports them); visibility inherits; background does not.
 *  - A <table> whose spec lists <tr> children gets the <tbody> an HTML parser inserts.
 * Library code: a spec the engine cannot lay out throws ThresherError E_BAD_OPTION.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { ThresherError } from '../errors.js';
import { isCjk } from '../text/measure.js';
import { LAYOUT_SNAPSHOT_VERSION, type ElementLayout, type LayoutSnapshot } from './layout.js';

export interface BoxSpec {
  /** Default 'div'. */
  tag?: string;
  attrs?: Record<string, string>;
  /** Text (strings) and elements, in order. */
  children?: (BoxSpec | string)[];
  /** How block children are placed: stacked ('column', default) or side by side ('row'; <tr> default). */
  flow?: 'column' | 'row';
  width?: number;
  height?: number;
  padding?: number;
  /** Space between consecutive block children (and inline runs). */
  gap?: number;
  /** Out of the flow, at these page coordinates (CSS position fixed or absolute). */
  at?: { x: number; y: number };
  position?: string;
  background?: string;
  fontSize?: number;
  fontWeight?: number;
  display?: string;
  visibility?: 'visible' | 'hidden';
  opacity?: number;
}

export interface PageSpec {
  title?: string;
  lang?: string;
  /** Default 1280×800. */
  viewport?: { width: number; height: number };
  /** The <body>: its tag is forced to body. */
  body: BoxSpec;
}

export interface SyntheticPage {
  html: string;
  layout: LayoutSnapshot;
}

export const INLINE_TAGS = new Set([
  'a', 'span', 'b', 'strong', 'em', 'i', 'u', 's', 'small', 'big', 'code', 'label', 'time', 'abbr', 'cite',
  'q', 'sub', 'sup', 'mark', 'font', 'img', 'br',
]);
const TABLE_DISPLAY: Record<string, string> = {
  table: 'table', thead: 'table-header-group', tbody: 'table-row-group', tfoot: 'table-footer-group',
  tr: 'table-row', td: 'table-cell', th: 'table-cell', caption: 'table-caption', li: 'list-item',
};
const HEADING_EM: Record<string, number> = { h1: 2, h2: 1.5, h3: 1.17, h4: 1, h5: 0.83, h6: 0.67 };
const BOLD = new Set(['b', 'strong', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const VOID = new Set(['img', 'br', 'hr', 'meta']);
const TRANSPARENT_CSS = 'rgba(0, 0, 0, 0)';

interface Inherited { fontSize: number; fontWeight: number; visibility: string }

function bad(message: string): never {
  throw new ThresherError('E_BAD_OPTION', `synthetic layout: ${message}`);
}

/** Inline content: text, and inline tags unless their display says otherwise. */
const isInline = (c: BoxSpec | string): boolean =>
  typeof c === 'string' || (c.display === undefined || c.display === 'none' ? INLINE_TAGS.has(c.tag ?? 'div') : c.display === 'inline');

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The spec's children, with the <tbody> an HTML parser inserts between <table> and <tr>. */
function childrenOf(spec: BoxSpec): (BoxSpec | string)[] {
  const ch = spec.children ?? [];
  if ((spec.tag ?? 'div') !== 'table' || !ch.some((c) => typeof c !== 'string' && c.tag === 'tr')) return ch;
  const out: (BoxSpec | string)[] = [];
  let body: BoxSpec | null = null;
  for (const c of ch) {
    if (typeof c !== 'string' && c.tag === 'tr') {
      if (!body) { body = { tag: 'tbody', children: [] }; out.push(body); }
      body.children!.push(c);
    } else { body = null; out.push(c); }
  }
  return out;
}

function toHtml(spec: BoxSpec | string): string {
  if (typeof spec === 'string') return escapeText(spec);
  const tag = spec.tag ?? 'div';
  const attrs = { ...(tag === 'a' ? { href: '#' } : {}), ...spec.attrs };
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  if (VOID.has(tag)) return `<${tag}${a}>`;
  return `<${tag}${a}>${childrenOf(spec).map(toHtml).join('')}</${tag}>`;
}

/** Writes the page's HTML and lays it out. Deterministic: the same spec gives the same output. */
export function buildSyntheticPage(page: PageSpec): SyntheticPage {
  const viewport = page.viewport ?? { width: 1280, height: 800 };
  const body: BoxSpec = { ...page.body, tag: 'body' };
  const html = '<!doctype html>' + `<html${page.lang ? ` lang="${escapeAttr(page.lang)}"` : ''}>` +
    `<head><meta charset="utf-8"><title>${escapeText(page.title ?? '')}</title></head>${toHtml(body)}</html>`;
  const engine = new Engine();
  const root = engine.push({ parent: -1, tag: 'html', nth: 1, display: 'block' }, { fontSize: 16, fontWeight: 400, visibility: 'visible' });
  const head = engine.push({ parent: root, tag: 'head', nth: 1, display: 'none' }, engine.base);
  engine.push({ parent: head, tag: 'meta', nth: 1, display: 'none' }, engine.base);
  engine.push({ parent: head, tag: 'title', nth: 1, display: 'none' }, engine.base);
  const h = engine.block(body, root, 1, 0, 0, viewport.width, engine.base);
  const width = Math.max(viewport.width, engine.right), height = Math.max(viewport.height, h, engine.bottom);
  Object.assign(engine.entries[root], { width, height });
  return { html, layout: { version: LAYOUT_SNAPSHOT_VERSION, viewport: { ...viewport }, page: { width, height }, elements: engine.entries } };
}

/** Deeper elements get no entry: Chromium's HTML parser nests no deeper than 512 either. */
const MAX_DEPTH = 512;
/** Table parts whose text children are the inter-tag white space a parser keeps: not laid out. */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/**
 * A one-column layout of any parsed page, for tests of code that needs a layout (a labeler
 * conformance suite): the body's tree as a BoxSpec, laid out by the rules above. Not a rendering
 * of the page's CSS: every block is full width, and only the markup's `hidden` (thresher's
 * `hidden` flag) hides anything. Elements below depth MAX_DEPTH, and the <head>'s own children
 * other than <meta> and <title>, get no entry (the join reports them).
 */
export function syntheticLayoutOf(doc: DomDocument, viewport = { width: 1280, height: 800 }): LayoutSnapshot {
  const els = doc.elements;
  const inlineOnly = new Uint8Array(els.length);
  for (let i = els.length - 1; i >= 0; i--) {
    let ok = INLINE_TAGS.has(els[i].tag);
    for (const c of els[i].children) if (c.kind === 1 && !inlineOnly[c.id]) ok = false;
    inlineOnly[i] = ok ? 1 : 0;
  }
  const toSpec = (el: DomElement, depth: number): BoxSpec => {
    const spec: BoxSpec = { tag: el.tag };
    if (el.hidden) spec.display = 'none';
    else if (INLINE_TAGS.has(el.tag) && !inlineOnly[el.id]) spec.display = 'block';
    if (depth < MAX_DEPTH) {
      spec.children = el.children.flatMap((c): (BoxSpec | string)[] =>
        c.kind === 3 ? (NO_TEXT.has(el.tag) ? [] : [c.data]) : [toSpec(c, depth + 1)]);
    }
    return spec;
  };
  const body: BoxSpec = doc.body ? toSpec(doc.body, doc.body.depth) : {};
  return buildSyntheticPage({ viewport, body }).layout;
}

class Engine {
  readonly entries: ElementLayout[] = [];
  readonly base: Inherited = { fontSize: 16, fontWeight: 400, visibility: 'visible' };
  right = 0;
  bottom = 0;

  /** Adds an entry (box filled in later) and returns its index. */
  push(e: { parent: number; tag: string; nth: number; display: string }, inh: Inherited, spec?: BoxSpec): number {
    const entry: ElementLayout = {
      parent: e.parent, tag: e.tag, nth: e.nth, x: 0, y: 0, width: 0, height: 0,
      display: spec?.display ?? e.display, visibility: spec?.visibility ?? inh.visibility,
      background: spec?.background ?? TRANSPARENT_CSS, fontSize: inh.fontSize, fontWeight: inh.fontWeight,
    };
    if (spec?.opacity !== undefined) entry.opacity = spec.opacity;
    if (spec?.position !== undefined || spec?.at) entry.position = spec.position ?? 'absolute';
    this.entries.push(entry);
    return this.entries.length - 1;
  }

  setBox(i: number, x0: number, y0: number, w: number, h: number): void {
    // Rounded to 1/100 px, as a browser's layout units are (1/64 px): snapshots stay readable.
    const r = (v: number): number => Math.round(v * 100) / 100;
    const x = r(x0), y = r(y0), width = r(w), height = r(h);
    Object.assign(this.entries[i], { x, y, width, height });
    if (width > 0 && height > 0) { this.right = Math.max(this.right, x + width); this.bottom = Math.max(this.bottom, y + height); }
  }

  inherit(spec: BoxSpec, inh: Inherited): Inherited {
    const tag = spec.tag ?? 'div';
    const em = HEADING_EM[tag];
    return {
      fontSize: spec.fontSize ?? (em ? 16 * em : tag === 'small' ? inh.fontSize * 0.83 : inh.fontSize),
      fontWeight: spec.fontWeight ?? (BOLD.has(tag) ? 700 : inh.fontWeight),
      visibility: spec.visibility ?? inh.visibility,
    };
  }

  /** Lays out a block box at (x, y) in `avail` px; returns its height (0 when out of the flow or not displayed). */
  block(spec: BoxSpec, parent: number, nth: number, x: number, y: number, avail: number, inh: Inherited): number {
    const tag = spec.tag ?? 'div';
    const own = this.inherit(spec, inh);
    const i = this.push({ parent, tag, nth, display: TABLE_DISPLAY[tag] ?? 'block' }, own, spec);
    if (spec.display === 'none') { this.hide(spec, i, own); return 0; }
    const bx = spec.at ? spec.at.x : x, by = spec.at ? spec.at.y : y;
    const width = Math.max(0, spec.width ?? avail);
    const pad = spec.padding ?? 0;
    const content = this.contents(spec, i, bx + pad, by + pad, Math.max(0, width - 2 * pad), own);
    const height = spec.height ?? content + 2 * pad;
    this.setBox(i, bx, by, width, height);
    return spec.at ? 0 : height;
  }

  /** The children of a block: runs of inline content and block boxes. Returns the content height. */
  contents(spec: BoxSpec, self: number, x: number, y: number, width: number, inh: Inherited): number {
    const children = childrenOf(spec);
    const counts = new Map<string, number>();
    const nthOf = (c: BoxSpec): number => { const t = c.tag ?? 'div'; const n = (counts.get(t) ?? 0) + 1; counts.set(t, n); return n; };
    const gap = spec.gap ?? 0;
    const row = (spec.flow ?? ((spec.tag ?? 'div') === 'tr' ? 'row' : 'column')) === 'row';
    if (row) {
      if (children.some(isInline)) bad(`a row (${spec.tag ?? 'div'}) holds inline content: wrap it in a block`);
      return this.row(children as BoxSpec[], self, x, y, width, gap, inh, nthOf);
    }
    let cursor = y, placed = 0;
    for (let k = 0; k < children.length;) {
      const at = cursor + (placed > 0 ? gap : 0);
      let h: number;
      if (isInline(children[k])) {
        const start = k;
        while (k < children.length && isInline(children[k])) k++;
        h = new InlineRun(this, self, x, at, width, inh, nthOf).lay(children.slice(start, k));
      } else {
        const c = children[k++] as BoxSpec;
        h = this.block(c, self, nthOf(c), x, at, width, inh);
      }
      if (h > 0) { cursor = at + h; placed++; }
    }
    return cursor - y;
  }

  row(children: BoxSpec[], self: number, x: number, y: number, width: number, gap: number, inh: Inherited, nthOf: (c: BoxSpec) => number): number {
    const inFlow = children.filter((c) => !c.at && c.display !== 'none');
    const fixed = inFlow.reduce((s, c) => s + (c.width ?? 0), 0);
    const flexible = inFlow.filter((c) => c.width === undefined).length;
    const share = flexible ? Math.max(0, width - fixed - gap * Math.max(0, inFlow.length - 1)) / flexible : 0;
    let cx = x, height = 0;
    for (const c of children) {
      const w = c.width ?? share;
      const h = this.block({ ...c, width: w }, self, nthOf(c), cx, y, w, inh);
      if (!c.at && c.display !== 'none') { cx += w + gap; height = Math.max(height, h); }
    }
    return height;
  }

  /** display: none — the subtree gets entries with zero boxes. */
  hide(spec: BoxSpec, self: number, inh: Inherited): void {
    const counts = new Map<string, number>();
    for (const c of childrenOf(spec)) {
      if (typeof c === 'string') continue;
      const tag = c.tag ?? 'div';
      const n = (counts.get(tag) ?? 0) + 1;
      counts.set(tag, n);
      const own = this.inherit(c, inh);
      const i = this.push({ parent: self, tag, nth: n, display: INLINE_TAGS.has(tag) ? 'inline' : TABLE_DISPLAY[tag] ?? 'block' }, own, c);
      this.hide(c, i, own);
    }
  }
}

/** One run of text and inline elements, wrapped into lines. */
class InlineRun {
  private penX = 0;
  private lineY: number;
  private readonly lineH: number;
  private readonly em: number;
  private used = false;

  constructor(private e: Engine, private parent: number, private x: number, y: number, private width: number,
    private inh: Inherited, private nthOf: (c: BoxSpec) => number) {
    this.em = inh.fontSize;
    this.lineH = 1.2 * inh.fontSize;
    this.lineY = y;
  }

  /** Lays out the items; returns the run's height. */
  lay(items: (BoxSpec | string)[]): number {
    const top = this.lineY;
    for (const it of items) this.item(it, this.parent, this.inh, this.nthOf);
    return this.used ? this.lineY + (this.penX > 0 ? this.lineH : 0) - top : 0;
  }

  private newline(): void {
    this.lineY += this.lineH;
    this.penX = 0;
  }

  private text(s: string): void {
    for (const ch of s) {
      const w = (isCjk(ch.codePointAt(0)!) ? 1 : 0.5) * this.em;
      if (this.penX > 0 && this.penX + w > this.width) this.newline();
      this.penX += w;
      this.used = true;
    }
  }

  private item(it: BoxSpec | string, parent: number, inh: Inherited, nthOf: (c: BoxSpec) => number): void {
    if (typeof it === 'string') { this.text(it); return; }
    const tag = it.tag ?? 'span';
    if (!INLINE_TAGS.has(tag)) bad(`<${tag}> inside an inline element: only ${[...INLINE_TAGS].join(', ')} may be`);
    const own = this.e.inherit(it, inh);
    const i = this.e.push({ parent, tag, nth: nthOf(it), display: 'inline' }, own, it);
    if (it.display === 'none') { this.e.hide(it, i, own); return; }
    if (tag === 'img') { this.image(i, it); return; }
    if (tag === 'br') { this.e.setBox(i, this.x + this.penX, this.lineY, 0, this.lineH); this.newline(); this.used = true; return; }
    const startX = this.penX, startY = this.lineY;
    const counts = new Map<string, number>();
    const nth = (c: BoxSpec): number => { const t = c.tag ?? 'span'; const n = (counts.get(t) ?? 0) + 1; counts.set(t, n); return n; };
    for (const c of it.children ?? []) this.item(c, i, own, nth);
    if (this.lineY === startY) this.e.setBox(i, this.x + startX, startY, this.penX - startX, this.lineH);
    else this.e.setBox(i, this.x, startY, this.width, this.lineY - startY + (this.penX > 0 ? this.lineH : 0));
  }

  private image(i: number, it: BoxSpec): void {
    if (this.penX > 0) this.newline();
    const w = it.width ?? 100, h = it.height ?? 100;
    this.e.setBox(i, this.x, this.lineY, w, h);
    this.lineY += h;
    this.penX = 0;
    this.used = true;
  }
}

/**
 * CommonMark (with GFM pipe tables) of the topic content: the subtrees of the CONTENT roots minus
 * the NOISE subtrees inside them, in document order.
 *
 * One iterative pre-order walk with an explicit stack (pages nest 100,000 deep). Blocks are
 * written line by line through a stack of container prefixes ("> ", list-item indentation), so
 * the cost is linear in the output. Inline content collects in a piece buffer so that emphasis
 * delimiters can be checked against CommonMark's flanking rules once their neighbours are known;
 * a pair that would not parse as emphasis falls back to inline HTML (<em>, <strong>).
 *
 * Text is escaped so that the Markdown renders back to the same text: backslash escapes for the
 * characters that start inline syntax, and for what would start a block at the start of a line.
 * Containers nest at most MAX_NEST deep; deeper quotes and lists degrade to plain paragraphs.
 */
import type { DomElement } from '../dom/node.js';
import { BLOCK_TAGS, HEADING_TAGS, PRE_TAGS } from '../dom/tags.js';
import { NOISE, type Labels } from '../page/labels.js';
import { documentBase, imageSource, resolveUrl, type RenderOptions } from './html.js';

/** Deepest nesting of blockquotes and list items written as such. */
const MAX_NEST = 32;
const EM_TAGS = new Set(['em', 'i', 'cite', 'dfn', 'var']);
const STRONG_TAGS = new Set(['strong', 'b']);
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
const LIST_TAGS = new Set(['ul', 'ol', 'menu', 'dir']);
/** Block tags a GFM table cell may hold; anything else makes the table "complex". */
const TABLE_OK = new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'p', 'div', 'br']);
/** A cell longer than this marks a layout table, not a data table. */
const MAX_CELL_LEN = 400;

// ---------------------------------------------------------------------------------------------
// Inline pieces

interface Pair { md: string; tag: string; html: boolean }
/** Markdown syntax emitted as is (link brackets, images, code spans, hard breaks). */
class Raw { constructor(readonly s: string) {} }
/** One delimiter of an emphasis pair; the pair decides between `*` and inline HTML. */
class Mark { constructor(readonly pair: Pair, readonly open: boolean) {} }
/** Escaped text, or syntax. */
type Piece = string | Raw | Mark;

const LINK_OPEN = new Raw('[');
const HARD_BREAK = new Raw('\\\n');
/** A line break where Markdown has none (headings, table cells): inline HTML. */
const HTML_BREAK = new Raw('<br>');

const PUNCT = /[\p{P}\p{S}]/u;
const ALNUM = /[\p{L}\p{N}]/u;

/** An open link or emphasis, written only once content follows (an empty one leaves no trace). */
interface Open { pair: Pair | null; at: number }

/** Passes of delimiter checking before every pair of a paragraph falls back to HTML. */
const MAX_EMPHASIS_PASSES = 8;

/** The inline content of one paragraph, heading or table cell. */
class Inline {
  pieces: Piece[] = [];
  /** 0: none, 1: a space, 2: a hard line break; written only when content follows. */
  pending = 0;
  /** Opened links and emphasis not written yet. */
  private opens: Open[] = [];
  /** True inside a GFM table cell: pipes are escaped. */
  table = false;
  /** True in headings and table cells: a line break is written as <br>. */
  htmlBreaks = false;

  space(): void {
    if (this.pieces.length && this.pending === 0) this.pending = 1;
  }
  brk(): void {
    if (this.pieces.length) this.pending = 2;
  }
  /** Writes pending whitespace and pending opens before content. */
  private before(): void {
    const p = this.pieces;
    if (this.pending) {
      p.push(this.pending === 1 ? ' ' : this.htmlBreaks ? HTML_BREAK : HARD_BREAK);
      this.pending = 0;
    }
    for (const o of this.opens) {
      p.push(o.pair ? new Mark(o.pair, true) : LINK_OPEN);
      o.at = p.length - 1;
    }
    this.opens.length = 0;
  }
  text(data: string): void {
    const s = data.replace(/[\s\u00a0]+/g, ' ');
    if (s === ' ' || s === '') { if (s) this.space(); return; }
    if (s.charCodeAt(0) === 32) this.space();
    this.before();
    this.pieces.push(escapeText(s.trim(), this.table));
    if (s.charCodeAt(s.length - 1) === 32) this.space();
  }
  raw(s: string): void {
    this.before();
    this.pieces.push(new Raw(s));
  }
  open(pair: Pair | null): Open {
    const o: Open = { pair, at: -1 };
    this.opens.push(o);
    return o;
  }
  /** Closes a link (pair null, with its destination) or an emphasis pair. */
  close(o: Open, dest: string): void {
    const p = this.pieces;
    if (o.at < 0) { this.opens.pop(); return; }
    if (p.length - 1 === o.at) { p.pop(); return; }
    p.push(o.pair ? new Mark(o.pair, false) : new Raw(`](${dest})`));
  }
  /** The Markdown of the pieces, and a reset. */
  take(lineStarts: boolean): string {
    checkDelimiters(this.pieces);
    const out: string[] = [];
    let atStart = true;
    for (const piece of this.pieces) {
      if (typeof piece === 'string') {
        out.push(atStart && lineStarts ? escapeLineStart(piece) : piece);
        atStart = false;
      } else if (piece instanceof Mark) {
        out.push(markText(piece));
        atStart = false;
      } else {
        // "Hi![link](u)" would be an image: escape a text "!" before a link.
        if (piece === LINK_OPEN && out.length && out[out.length - 1].endsWith('!')) {
          const t = out[out.length - 1];
          out[out.length - 1] = t.slice(0, -1) + '\\!';
        }
        out.push(piece.s);
        atStart = piece.s.endsWith('\n');
      }
    }
    this.reset();
    return out.join('');
  }
  reset(): void {
    this.pieces = [];
    this.pending = 0;
    this.opens.length = 0;
  }
}

function markText(m: Mark): string {
  const pr = m.pair;
  return pr.html ? (m.open ? `<${pr.tag}>` : `</${pr.tag}>`) : pr.md;
}

/**
 * CommonMark's flanking rules, applied to every run of adjacent `*` delimiters (adjacent runs
 * merge): an opening delimiter must be left-flanking, a closing one right-flanking, and (with the
 * exceptions below) not both. Such runs can only pair the way the tree nests. A pair that fails becomes inline HTML,
 * which changes its neighbours' runs, so the check repeats until nothing changes.
 */
function checkDelimiters(p: Piece[]): void {
  for (let pass = 0; pass < MAX_EMPHASIS_PASSES; pass++) {
    let changed = false;
    let depth = 0; // open `*` pairs enclosing the current piece
    for (let i = 0; i < p.length; i++) {
      const m = p[i];
      if (!(m instanceof Mark) || m.pair.html) continue;
      let j = i;
      while (j + 1 < p.length && p[j + 1] instanceof Mark && !(p[j + 1] as Mark).pair.html) j++;
      const prev = pieceChar(p[i - 1], false), next = pieceChar(p[j + 1], true);
      const left = !isWs(next) && (!isPunct(next) || isWs(prev) || isPunct(prev));
      const right = !isWs(prev) && (!isPunct(prev) || isWs(next) || isPunct(next));
      // A lone delimiter flanking on both sides still pairs as intended when it closes (every
      // opener after its own is matched already, and CommonMark's rule of three keeps it from a
      // `*`/`**` of the other kind), or when it opens with no `*` pair around it to close.
      const lone = i === j;
      for (let k = i; k <= j; k++) {
        const mk = p[k] as Mark;
        const ok = mk.open ? left && (!right || (lone && depth === 0)) : right && (!left || lone);
        if (!ok) { mk.pair.html = true; changed = true; continue; }
        depth += mk.open ? 1 : -1;
      }
      i = j;
    }
    if (!changed) return;
  }
  for (const m of p) if (m instanceof Mark) m.pair.html = true;
}

/** The first (or last) character a piece writes; undefined (whitespace) for none. */
function pieceChar(p: Piece | undefined, first: boolean): string | undefined {
  if (p === undefined) return undefined;
  const s = typeof p === 'string' ? p : p instanceof Raw ? p.s : markText(p);
  return first ? s[0] : s[s.length - 1];
}
function isWs(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\n';
}
function isPunct(c: string | undefined): boolean {
  return c !== undefined && PUNCT.test(c);
}

const MD_SPECIAL = /[\\`*_[\]<~&|]/g;
const ENTITY_LIKE = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

/** Backslash-escapes the characters of `s` that would start inline Markdown syntax. */
export function escapeText(s: string, table = false): string {
  return s.replace(MD_SPECIAL, (c, i: number) => {
    if (c === '_') return ALNUM.test(s[i - 1] ?? '') && ALNUM.test(s[i + 1] ?? '') ? '_' : '\\_';
    if (c === '&') return ENTITY_LIKE.test(s.slice(i, i + 40)) ? '\\&' : '&';
    if (c === '|') return table ? '\\|' : '|';
    return '\\' + c;
  });
}

/**
 * Text for an ATX heading line ("# " + this): inline syntax escaped, and a closing run of "#"
 * escaped, which CommonMark would take for the heading's optional closing sequence.
 */
export function escapeHeading(s: string): string {
  return escapeText(s).replace(/(^|[ \t])(#+)$/, '$1\\$2');
}

/** Escapes what would start a block (heading, quote, list item, setext line, table row) at a line start. */
export function escapeLineStart(s: string): string {
  const c = s[0];
  if (c === '#' || c === '>' || c === '+' || c === '-' || c === '=') return '\\' + s;
  if ((c === '|' || c === ':') && /^[|:][\s|:-]*$/.test(s)) return '\\' + s;
  const m = /^(\d{1,9})([.)])(?=\s|$)/.exec(s);
  return m ? `${m[1]}\\${s.slice(m[1].length)}` : s;
}

/**
 * A link destination: characters that would end or break it are percent-encoded, and an "&"
 * that would start a character reference is backslash-escaped. CommonMark decodes references in
 * destinations: a relative href "&#106;avascript:alert(1)" (text to the URL parser) written as is
 * became a javascript: link in any Markdown renderer (issue 25, found by the fuzz campaign).
 */
function encodeDest(url: string): string {
  return url.replace(/[\s\u0000-\u001f\u007f()<>\\|]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)))
    .replace(/&/g, (c, i: number, s: string) => (ENTITY_LIKE.test(s.slice(i, i + 40)) ? '\\&' : c));
}

/** A code span around `s`, with a backtick fence longer than any backtick run inside. */
function codeSpan(s: string, table: boolean): string {
  let run = 0, longest = 0;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) === 96) { run++; if (run > longest) longest = run; } else run = 0;
  }
  const fence = '`'.repeat(longest + 1);
  const pad = s[0] === '`' || s[s.length - 1] === '`' || (s[0] === ' ' && s[s.length - 1] === ' ') ? ' ' : '';
  const body = table ? s.replace(/\|/g, '\\|') : s;
  return fence + pad + body + pad + fence;
}

// ---------------------------------------------------------------------------------------------
// Block writer

interface Container { first: string; rest: string; started: boolean; item: boolean }

class Writer {
  lines: string[] = [];
  conts: Container[] = [];
  inline = new Inline();
  private blank = false;
  /** Where the last list ended (line count and nesting), so that the next list can change marker. */
  listEnd = -1;
  listEndLevel = -1;
  listEndOrdered = false;

  /** A new block starts: it is set off by a blank line, unless it opens its container. */
  startBlock(): void {
    const top = this.conts[this.conts.length - 1];
    if (top && !top.started) return;
    this.blank = true;
  }
  emit(line: string): void {
    const cs = this.conts;
    if (this.blank && this.lines.length) {
      let k = 0;
      while (k < cs.length && cs[k].started) k++;
      let pre = '';
      for (let j = 0; j < k; j++) pre += cs[j].rest;
      this.lines.push(pre.trimEnd());
    }
    this.blank = false;
    let prefix = '';
    for (const c of cs) {
      if (c.started) prefix += c.rest;
      else { prefix += c.first; c.started = true; }
    }
    this.lines.push(line === '' ? prefix.trimEnd() : prefix + line);
  }
  /** Writes the pending inline content as a paragraph. */
  paragraph(): void {
    if (!this.inline.pieces.length) { this.inline.reset(); return; }
    const s = this.inline.take(true);
    this.startBlock();
    for (const line of s.split('\n')) this.emit(line);
  }
  /** Unstarted list item at the top: its first line carries the list marker. */
  atItemStart(): boolean {
    const top = this.conts[this.conts.length - 1];
    return top !== undefined && top.item && !top.started;
  }
  codeBlock(text: string, lang: string): void {
    let run = 0, longest = 0;
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 96) { run++; if (run > longest) longest = run; } else run = 0;
    }
    const fence = '`'.repeat(Math.max(3, longest + 1));
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    this.startBlock();
    this.emit(fence + lang);
    for (const line of body.split('\n')) this.emit(line);
    this.emit(fence);
  }
}

// ---------------------------------------------------------------------------------------------
// The walk

const enum K { Plain, Block, Heading, List, Item, Quote, Mark, Link, Table, Row, Cell, Caption, Skip }

interface ListState { ordered: boolean; next: number; marker: string }
interface TableState { rows: string[][]; caption: string }
interface Frame {
  el: DomElement; i: number; kind: K;
  list?: ListState; table?: TableState; pair?: Pair; open?: Open; dest?: string;
}

/** The Markdown walk's state: writer, counters of open inline constructs, the frame stack. */
class MdRenderer {
  w = new Writer();
  stack: Frame[] = [];
  /** >0 inside headings and table cells: blocks degrade to spaces. */
  inlineOnly = 0;
  em = 0;
  strong = 0;
  link = 0;
  constructor(readonly labels: Labels, readonly base: string | undefined, readonly images = true) {}

  /** `nested`: a CONTENT element inside a NOISE subtree, rendered in place in the flow around it. */
  renderRoot(root: DomElement, nested = false): void {
    const stack = this.stack;
    // A root nested in a NOISE subtree is rendered in place, above the frames of its outer root.
    const floor = stack.length;
    this.enter(root);
    while (stack.length > floor) {
      const f = stack[stack.length - 1];
      const ch = f.el.children;
      if (f.i >= ch.length) { stack.pop(); this.leave(f); continue; }
      const c = ch[f.i++];
      if (c.kind === 3) { if (f.kind !== K.Table && f.kind !== K.Row) this.w.inline.text(c.data); continue; }
      if (this.labels.marks[c.id] === NOISE) {
        for (const inner of this.labels.contentInside(c)) this.renderRoot(inner, true);
        continue;
      }
      this.enter(c);
    }
    if (!nested) this.w.paragraph();
  }

  private push(el: DomElement, kind: K, extra?: Partial<Frame>): void {
    this.stack.push({ el, i: 0, kind, ...extra });
  }

  private parentFrame(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private enter(el: DomElement): void {
    const t = el.tag, w = this.w, inl = w.inline;
    if (t === 'img') { if (this.images) this.image(el); return; }
    if (t === 'br') {
      if (this.inlineOnly) inl.brk();
      else if (inl.pending === 2) w.paragraph(); // <br><br>: a paragraph break
      else inl.brk();
      return;
    }
    if (PRE_TAGS.has(t) || CODE_TAGS.has(t)) { this.code(el); return; }
    if (t === 'a' && this.link === 0 && el.blocks === 0 && el.attr('href') !== undefined) {
      const href = resolveUrl(el.attr('href')!, this.base);
      if (href !== null) { this.link++; this.push(el, K.Link, { open: inl.open(null), dest: encodeDest(href) }); return; }
    }
    if (el.blocks === 0 && ((EM_TAGS.has(t) && this.em === 0) || (STRONG_TAGS.has(t) && this.strong === 0))) {
      const strong = STRONG_TAGS.has(t);
      const pair: Pair = strong ? { md: '**', tag: 'strong', html: false } : { md: '*', tag: 'em', html: false };
      if (strong) this.strong++; else this.em++;
      this.push(el, K.Mark, { pair, open: inl.open(pair) });
      return;
    }
    if (!BLOCK_TAGS.has(t) && !LIST_TAGS.has(t)) { this.push(el, K.Plain); return; }
    if (this.inlineOnly) { inl.brk(); this.push(el, K.Block); return; }
    this.enterBlock(el);
  }

  private enterBlock(el: DomElement): void {
    const t = el.tag, w = this.w;
    const parent = this.parentFrame();
    if (parent && (parent.kind === K.Table || parent.kind === K.Row)) { this.enterTablePart(el, parent); return; }
    w.paragraph();
    if (t === 'hr') { w.startBlock(); w.emit(w.atItemStart() ? '___' : '---'); return; }
    if (HEADING_TAGS.has(t)) { this.inlineOnly++; w.inline.htmlBreaks = true; this.push(el, K.Heading); return; }
    if (t === 'table' && isSimpleTable(el, this.labels)) {
      this.push(el, K.Table, { table: { rows: [], caption: '' } });
      return;
    }
    if (LIST_TAGS.has(t)) { this.enterList(el); return; }
    if (w.conts.length < MAX_NEST) {
      if (t === 'blockquote') {
        w.startBlock();
        w.conts.push({ first: '> ', rest: '> ', started: false, item: false });
        this.push(el, K.Quote);
        return;
      }
      if (t === 'li') { this.enterItem(el, parent); return; }
    }
    this.push(el, K.Block);
  }

  private enterList(el: DomElement): void {
    const w = this.w;
    const ordered = el.tag === 'ol';
    const start = ordered ? parseInt(el.attr('start') ?? '1', 10) : 1;
    const next = Number.isFinite(start) && start >= 0 && start < 1e8 ? start : 1;
    const top = w.conts[w.conts.length - 1];
    // A nested list may follow its item's text directly, unless it is ordered and starts past 1.
    if (!(top && top.item && (!ordered || next === 1))) w.startBlock();
    let marker = ordered ? '.' : '-';
    if (w.listEnd === w.lines.length && w.listEndLevel === w.conts.length && w.listEndOrdered === ordered) marker = ordered ? ')' : '*';
    this.push(el, K.List, { list: { ordered, next, marker } });
  }

  private enterItem(el: DomElement, parent: Frame | undefined): void {
    const list = parent && parent.kind === K.List ? parent.list! : undefined;
    let marker = '-';
    // An item with nothing to show takes no number: the first written number decides whether an
    // ordered list may follow its item's text directly (only a list starting at 1 may).
    if (list) marker = list.ordered ? `${el.textLen > 0 || el.images > 0 ? list.next++ : list.next}${list.marker}` : list.marker;
    const first = marker + ' ';
    this.w.conts.push({ first, rest: ' '.repeat(first.length), started: false, item: true });
    this.push(el, K.Item);
  }

  private enterTablePart(el: DomElement, parent: Frame): void {
    const table = parent.table!;
    const t = el.tag;
    if (t === 'tr') { table.rows.push([]); this.push(el, K.Row, { table }); return; }
    if (t === 'td' || t === 'th' || t === 'caption') {
      if (t !== 'caption' && !table.rows.length) table.rows.push([]);
      this.w.inline.reset();
      this.w.inline.table = t !== 'caption';
      this.w.inline.htmlBreaks = true;
      this.inlineOnly++;
      this.push(el, t === 'caption' ? K.Caption : K.Cell, { table });
      return;
    }
    this.push(el, K.Table, { table }); // tbody, thead, tfoot
  }

  private leave(f: Frame): void {
    const w = this.w, inl = w.inline;
    switch (f.kind) {
      case K.Plain: return;
      case K.Mark:
        if (f.pair!.tag === 'strong') this.strong--; else this.em--;
        inl.close(f.open!, '');
        return;
      case K.Link: this.link--; inl.close(f.open!, f.dest!); return;
      case K.Heading: {
        this.inlineOnly--;
        inl.htmlBreaks = false;
        const s = inl.take(false).replace(/(^|\s)(#+)$/, '$1\\$2');
        if (s) { w.startBlock(); w.emit('#'.repeat(Number(f.el.tag[1])) + ' ' + s); }
        return;
      }
      case K.Cell: case K.Caption: {
        this.inlineOnly--;
        inl.table = false;
        inl.htmlBreaks = false;
        const s = inl.take(f.kind === K.Caption);
        if (f.kind === K.Caption) f.table!.caption = s;
        else f.table!.rows[f.table!.rows.length - 1].push(s);
        return;
      }
      case K.Row: return;
      case K.Table: if (f.el.tag === 'table') this.writeTable(f.table!); return;
      case K.Item: case K.Quote: w.paragraph(); w.conts.pop(); return;
      case K.List:
        w.paragraph();
        w.listEnd = w.lines.length; w.listEndLevel = w.conts.length; w.listEndOrdered = f.list!.ordered;
        return;
      default:
        if (this.inlineOnly) inl.brk(); else w.paragraph();
    }
  }

  private writeTable(table: TableState): void {
    const w = this.w;
    const rows = table.rows.filter((r) => r.length > 0);
    if (table.caption) { w.inline.pieces.push(new Raw(table.caption)); w.paragraph(); }
    if (!rows.length) return;
    let cols = 0;
    for (const r of rows) cols = Math.max(cols, r.length);
    const line = (r: string[]): string => {
      const cells: string[] = [];
      for (let i = 0; i < cols; i++) cells.push(r[i] ?? '');
      return '| ' + cells.join(' | ') + ' |';
    };
    w.startBlock();
    w.emit(line(rows[0]));
    w.emit('|' + ' --- |'.repeat(cols));
    for (let i = 1; i < rows.length; i++) w.emit(line(rows[i]));
  }

  private image(el: DomElement): void {
    const src = imageSource(el, this.base);
    if (src === null) return;
    const alt = escapeText((el.attr('alt') ?? '').replace(/[\s\u00a0]+/g, ' ').trim(), this.w.inline.table);
    this.w.inline.raw(`![${alt}](${encodeDest(src)})`);
  }

  /**
   * <pre>, and <code> with line breaks that stands alone in its block: a fenced code block.
   * Other code: code spans, one per line, joined by line breaks.
   */
  private code(el: DomElement): void {
    const pre = PRE_TAGS.has(el.tag);
    const raw = collectText(el, this.labels, pre);
    const inl = this.w.inline;
    if (!this.inlineOnly && (pre || (raw.includes('\n') && this.standsAlone(el)))) {
      this.w.paragraph(); // a block boundary even when empty
      if (!/\S/.test(raw)) return;
      const text = pre ? raw : raw.split('\n').map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim()).join('\n').replace(/^\n+|\n+$/g, '');
      this.w.codeBlock(text, codeLanguage(el));
      return;
    }
    const lines = raw.split('\n');
    if (pre) inl.brk(); // <pre> in a heading or cell: still a line of its own
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) inl.brk();
      const s = lines[i].replace(/[\s\u00a0]+/g, ' ');
      if (s === ' ' || s === '') { if (s) inl.space(); continue; }
      if (s[0] === ' ') inl.space();
      // Two code spans in a row would merge their backtick fences: the second becomes HTML.
      if (inl.pending === 0 && pieceChar(inl.pieces[inl.pieces.length - 1], false) === '`') inl.raw(`<code>${escapeText(s.trim(), inl.table)}</code>`);
      else inl.raw(codeSpan(s.trim(), inl.table));
      if (s[s.length - 1] === ' ') inl.space();
    }
    if (pre) inl.brk();
  }

  /** True when `el` is the only content of its parent block (line breaks aside). */
  private standsAlone(el: DomElement): boolean {
    const parent = el.parent;
    if (!parent || !BLOCK_TAGS.has(parent.tag)) return false;
    for (const c of parent.children) {
      if (c === el) continue;
      if (c.kind === 3) { if (/\S/.test(c.data)) return false; continue; }
      if (c.tag !== 'br' && this.labels.marks[c.id] !== NOISE) return false;
    }
    return true;
  }
}

/** The text of a subtree as a browser lays it out in <pre>: br and block boundaries are newlines. */
function collectText(root: DomElement, labels: Labels, pre: boolean): string {
  const out: string[] = [];
  let atLineStart = true;
  const newline = (): void => { if (!atLineStart) { out.push('\n'); atLineStart = true; } };
  const stack: { el: DomElement; i: number; pre: boolean }[] = [{ el: root, i: 0, pre }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    const ch = f.el.children;
    if (f.i >= ch.length) {
      stack.pop();
      if (stack.length && BLOCK_TAGS.has(f.el.tag)) newline();
      continue;
    }
    const c = ch[f.i++];
    if (c.kind === 3) {
      const d = f.pre ? c.data : c.data.replace(/[\s\u00a0]+/g, ' ');
      if (d) { out.push(d); atLineStart = f.pre ? d.endsWith('\n') : atLineStart && d === ' '; }
      continue;
    }
    if (labels.marks[c.id] === NOISE) continue;
    if (c.tag === 'br') { out.push('\n'); atLineStart = true; continue; }
    if (BLOCK_TAGS.has(c.tag)) newline();
    stack.push({ el: c, i: 0, pre: f.pre || PRE_TAGS.has(c.tag) });
  }
  return out.join('');
}

/** The language of a code block from its class (language-x, lang-x), sanitised for the info string. */
function codeLanguage(el: DomElement): string {
  const classes = [el.attr('class') ?? ''];
  for (const c of el.children) if (c.kind === 1 && c.tag === 'code') classes.push(c.attr('class') ?? '');
  for (const cl of classes) {
    const m = /(?:^|\s)(?:language|lang|highlight-source)-([\w+#.-]{1,30})/.exec(cl);
    if (m) return m[1];
  }
  return '';
}

/**
 * A data table GFM can hold: no nested tables, no colspan/rowspan, no block content beyond
 * paragraphs and line breaks, short cells, and two columns or more somewhere. Linear overall:
 * each element is scanned only by its nearest enclosing table (the scan stops at a nested one).
 */
function isSimpleTable(table: DomElement, labels: Labels): boolean {
  const els = labels.doc.elements;
  let wide = false;
  for (let i = table.id + 1, end = table.id + table.tags; i <= end; i++) {
    const e = els[i];
    const t = e.tag;
    if (t === 'table') return false;
    if (t === 'td' || t === 'th') {
      if (Number(e.attr('colspan') ?? 1) > 1 || Number(e.attr('rowspan') ?? 1) > 1) return false;
      if (e.textLen > MAX_CELL_LEN) return false;
    } else if (t === 'tr') {
      let cells = 0;
      for (const c of e.children) if (c.kind === 1 && (c.tag === 'td' || c.tag === 'th')) cells++;
      if (cells >= 2) wide = true;
    } else if (BLOCK_TAGS.has(t) && !TABLE_OK.has(t)) return false;
    else if (LIST_TAGS.has(t) || PRE_TAGS.has(t)) return false;
  }
  return wide;
}

/** Renders the content roots of `labels` as CommonMark with GFM tables. Never throws on any tree. */
export function renderMarkdown(labels: Labels, opts: RenderOptions = {}): string {
  const r = new MdRenderer(labels, documentBase(labels.doc, opts.baseUrl), opts.images !== false);
  for (const root of labels.outerContentRoots()) {
    r.renderRoot(root);
    r.w.startBlock();
  }
  const lines = r.w.lines;
  return lines.length ? lines.join('\n') + '\n' : '';
}

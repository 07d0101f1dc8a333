/**
 * HTML string → DomDocument, through parse5 (the WHATWG tree-construction algorithm, so the tree
 * is the one a browser builds) with a lean tree adapter of our own.
 *
 * Pruning happens here, while the tree is built, because it is cheapest here: elements that are
 * never content (script, style, template, svg, form controls, ...) are created for parse5's
 * bookkeeping but never attached, and comments are never kept. Elements hidden by markup are
 * kept and flagged: labelers treat them as noise unless they hold most of the page. Two kinds are
 * shown once the tree is built, as a reader sees them: React's streamed segments, moved into
 * their placeholders (streamed-segments.ts), and closed accordion and tab panels (disclosures.ts).
 *
 * Parsed with scripting disabled, so <noscript> content is markup, as a crawler's browser sees
 * it: some sites (forum software) serve their whole content there. A raw text element (a frame
 * written self-closing) left open inside one is closed at its </noscript>, as a browser with
 * scripts reads it, and the page parsed again (noscript-raw-text.ts).
 */
import { parse, type TreeAdapter, type TreeAdapterTypeMap, html as parse5html } from 'parse5';
import { DomElement, DomText, type DomDocument, type Attr } from './node.js';
import { DataScriptCollector, dataScripts } from './data-scripts.js';
import { fastParse, fastParseAvailable } from './prescan.js';
import { WARM_UP_PAGE } from './warm-up-page.js';
import { scanTag, SCAN_MICRODATA, SCAN_AUTHOR, newScanNotes, noteForScan, type ScanNotes } from './scan-candidates.js';
import { StreamedSegments } from './streamed-segments.js';
import { Disclosures } from './disclosures.js';
import { RAW_TEXT_TAGS, closeRawTextInNoscript } from './noscript-raw-text.js';

/** Elements whose subtree is never topic content. */
export const NEVER_CONTENT = new Set([
  'script', 'style', 'template', 'svg', 'math', 'canvas', 'iframe', 'object', 'embed',
  'applet', 'audio', 'video', 'source', 'track', 'map', 'area', 'button', 'select', 'option',
  'optgroup', 'input', 'textarea', 'datalist', 'dialog', 'param', 'frame', 'frameset',
  // Raw text (their markup is read as text) shown only by browsers without embeds or frames: none today.
  'noembed', 'noframes',
  // Ruby annotations: the reading printed over a word (Japanese furigana), and the parentheses a
  // browser without ruby shows around it. Kept, they would repeat every annotated word in the
  // text ("子こども" for 子ども); the base text alone is what the page says.
  'rt', 'rp',
]);
// <link> stays: it has no text, and page metadata reads rel=canonical, rel=author and image_src from it.

/** Dropped elements a reader clicks or types in (counted on their parent: DomElement.ownControls). */
const CONTROL_TAGS = new Set(['button', 'input', 'select']);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Hidden by markup alone (we have no CSS): the `hidden` attribute, inline display:none, aria-hidden. */
export function isHiddenByMarkup(attrs: Attr[]): boolean {
  return (attrFlags(attrs) & HIDDEN) !== 0;
}

const HIDDEN = 1;
/** The element names the panel it opens (disclosures.ts). Past the scan's flags. */
const CONTROLS = 8;

/**
 * One pass over a new element's attributes: whether markup hides it (HIDDEN), and what the
 * metadata scan wants of it (scan-candidates.ts). Dispatched on the name's length: attribute
 * names are not interned strings, so each compare reads the name, and most names differ from all
 * the wanted ones in length alone.
 */
function attrFlags(attrs: Attr[]): number {
  let f = 0;
  for (let i = 0; i < attrs.length; i++) {
    const { name, value } = attrs[i];
    switch (name.length) {
      case 3: if (name === 'rel') f |= SCAN_AUTHOR; break;
      case 4: if (name === 'href' && value.includes('/aut')) f |= SCAN_AUTHOR; break;
      case 5: if (name === 'style' && value.length > 8 && HIDDEN_STYLE.test(value)) f |= HIDDEN; break;
      case 6: if (name === 'hidden') f |= HIDDEN; break;
      case 8: if (name === 'itemprop' || name === 'property' || name === 'itemtype') f |= SCAN_MICRODATA; break;
      case 11: if (name === 'aria-hidden' && value === 'true') f |= HIDDEN; break;
      case 13: if (name === 'aria-controls') f |= CONTROLS; break;
    }
  }
  return f;
}

interface Comment { kind: 8 }
interface Doctype { kind: 10 }
type AnyNode = DomElement | DomText | Comment | Doctype;
/** Comments are never kept, so one shared placeholder serves every one... */
const COMMENT: Comment = { kind: 8 };
/** ...but those that open and close a streamed boundary (streamed-segments.ts), which are told apart. */
const BOUNDARY_OPEN: Comment = { kind: 8 };
const BOUNDARY_CLOSE: Comment = { kind: 8 };
/** React's boundary comments: completed, pending, client-rendered; and the end of each. */
const BOUNDARY_COMMENTS = new Map([['$', BOUNDARY_OPEN], ['$?', BOUNDARY_OPEN], ['$!', BOUNDARY_OPEN], ['/$', BOUNDARY_CLOSE]]);

interface LeanMap extends TreeAdapterTypeMap<AnyNode, DomElement, AnyNode, DomElement, DomElement, DomElement, Comment, DomText, DomElement, Doctype> {}

export interface ParseOptions {
  /** Stop attaching elements past this many (the page is then marked truncated). */
  maxNodes?: number;
  /** Stop parsing after this many ms (the page is then marked truncated). */
  maxMillis?: number;
}

/**
 * Thrown inside the tree adapter to stop parse5 early. Some inputs make tree construction itself
 * quadratic (thousands of distinct open <b> elements are re-created for every new paragraph by
 * "reconstruct the active formatting elements"), so attaching fewer nodes is not enough: the
 * number of elements *created* and the clock are capped too, and the partial tree is kept.
 */
class ParseBudgetExceeded extends Error {}

/** Elements parse5 may create per element we may attach, before the parse is cut. */
const CREATED_PER_ATTACHED = 2;

/** Parse with our adapter. Never throws on any string input. */
export function parseHtml(source: string, options: ParseOptions = {}): DomDocument {
  if (++parsesSoFar === WARM_UP_BEFORE_PARSE) warmUpParser();
  return parseWith(source, options, fastParseAvailable);
}

/**
 * The warm-up page (warm-up-page.ts) is parsed before this parse of the process: late enough that
 * a process parsing a single page never pays for it (about 10 ms, mostly first compilations),
 * early enough that V8 has optimised nothing of the parser yet.
 */
const WARM_UP_BEFORE_PARSE = 2;
let parsesSoFar = 0;

/** Parses the warm-up page and drops the tree: only V8's type feedback is wanted. */
export function warmUpParser(): void {
  parseWith(WARM_UP_PAGE, {}, fastParseAvailable);
}

/** The tree plain parse5 builds with our adapter, without the tokenizer's fast paths: what tests compare with. */
export function parseHtmlReference(source: string, options: ParseOptions = {}): DomDocument {
  return parseWith(source, options, false);
}

/** parseHtml with (`fast`) or without the tokenizer fast paths of prescan.ts. */
export function parseWith(source: string, options: ParseOptions, fast: boolean): DomDocument {
  const first = parseOnce(source, options, fast);
  let doc = first.doc;
  if (first.noscriptRanOn) {
    const closed = closeRawTextInNoscript(source);
    if (closed !== null) doc = parseOnce((source = closed), options, fast).doc;
  }
  const repaired = unclosedTitleRepaired(source, doc, options);
  return repaired === null ? doc : parseOnce(repaired, options, fast).doc;
}

/**
 * The source with an unclosed <title> repaired as parseHtml repairs it (below), else the source
 * unchanged. For a browser about to render the page (render-browser/): it would read the rest of
 * the page as the title's text, and every extractor would find nothing in the DOM it serialises.
 * Only a page with a <title> start tag and no end tag is parsed to check.
 */
export function repairUnclosedTitle(source: string): string {
  if (!/<title[\s>]/i.test(source) || /<\/title[\s>]/i.test(source)) return source;
  return unclosedTitleRepaired(source, parseOnce(source, {}, fastParseAvailable).doc, {}) ?? source;
}

/**
 * An unclosed <title> turns the rest of the page into title text (RCDATA), in browsers too. Such
 * pages still have an article for a reader of the source, so the source is repaired: the title
 * is closed at the end of its first line, and the page parsed again. Where the title starts is
 * read from the tokenizer (a locating parse, paid only by such pages), never searched for in the
 * text, where a "<title" in a comment or a script string would be found first; and the cut is
 * made in the source, at an ASCII '<' or line break, so that entities (AT&amp;T) and surrogate
 * pairs stay whole. Null when the page needs no repair.
 */
function unclosedTitleRepaired(source: string, doc: DomDocument, options: ParseOptions): string | null {
  const title = doc.head?.children.find((c): c is DomElement => c.kind === 1 && c.tag === 'title');
  const t = title?.children[0];
  if (!t || t.kind !== 3 || t.data.length <= 200 || !/<\/[a-z]/i.test(t.data)) return null;
  const located = parseOnce(source, options, false, true);
  const headTitle = located.doc.head?.children.find((c): c is DomElement => c.kind === 1 && c.tag === 'title');
  const start = headTitle ? located.titleTagEnds.get(headTitle) : undefined;
  if (start === undefined) return null;
  const rest = source.slice(start);
  // A </title> later in the source closes it: a long title with markup in its text is a title,
  // as a browser shows it (repaired, a <plaintext> in it showed the page after it as text; found
  // by the fuzz campaign, issue 25).
  if (/<\/title[\t\n\f\r />]/i.test(rest)) return null;
  const cut = rest.search(/[<\n]/);
  if (cut < 0) return null;
  return `${source.slice(0, start + cut)}</title>${rest.slice(cut)}`;
}

/**
 * The state of the parse in progress. One module-level adapter reads it instead of a fresh
 * adapter of closures per parse: parse5 calls the adapter from its hottest functions, and
 * optimized code that inlined one parse's closures is thrown away ("weak objects") whenever a
 * GC collects them, so per-parse closures kept the parser from ever staying warm on one core.
 * Parsing is synchronous and never re-entered, so one state per module (per worker) is enough.
 */
interface ParseState {
  dataScripts: DataScriptCollector;
  /** Parents of the <textarea>s dropped from the tree: where a page's reply forms are (page/reply-threads.ts). */
  textareaParents: DomElement[];
  /** What the metadata scan reads (DomDocument.scanNotes). */
  scanNotes: ScanNotes;
  maxNodes: number;
  maxCreated: number;
  deadline: number;
  elementCount: number;
  created: number;
  truncated: boolean;
  doc: DomElement | undefined;
  /** Where each <title> start tag ends in the source: recorded only by a locating parse. */
  titleTagEnds: Map<DomElement, number>;
  /** Content streamed in after its place, moved there once the tree is built. */
  streamed: StreamedSegments;
  /** Closed panels of accordions and tabs, shown once the tree is built. */
  disclosures: Disclosures;
  /** `created` when the last raw text element inside a <noscript> was created (noscript-raw-text.ts). */
  noscriptRawTextAt: number;
  /** The <noscript>s such an element was created in (the first few). */
  noscriptsWithRawText: DomElement[];
}

function freshState(options: ParseOptions): ParseState {
  const maxNodes = options.maxNodes ?? Infinity;
  return {
    dataScripts: new DataScriptCollector(), textareaParents: [], scanNotes: newScanNotes(),
    maxNodes, maxCreated: maxNodes * CREATED_PER_ATTACHED,
    deadline: options.maxMillis !== undefined ? performance.now() + options.maxMillis : Infinity,
    elementCount: 0, created: 0, truncated: false, doc: undefined, titleTagEnds: new Map(),
    streamed: new StreamedSegments(), disclosures: new Disclosures(), noscriptRawTextAt: -1,
    noscriptsWithRawText: [],
  };
}

let state: ParseState = freshState({});
/** <noscript>s with a raw text element noted, at most: a page has one or two (a tag manager's frame, a pixel). */
const MAX_NOTED_NOSCRIPTS = 16;
/** Textarea places kept, at most: a page has one reply form, a few with reply-to-reply forms. */
const MAX_TEXTAREAS = 8;

function attach(parent: DomElement, node: AnyNode, before?: AnyNode): void {
  if (node.kind === 8 || node.kind === 10) {
    if (node === COMMENT || node.kind === 10 || parent.dropped) return;
    if (node === BOUNDARY_OPEN) state.streamed.boundaryOpened(parent);
    else state.streamed.boundaryClosed(parent);
    return;
  }
  const st = state;
  if (node.kind === 1) {
    if (parent.tag === 'noscript' && RAW_TEXT_TAGS.has(node.tag)) {
      st.noscriptRawTextAt = st.created;
      if (st.noscriptsWithRawText.length < MAX_NOTED_NOSCRIPTS) st.noscriptsWithRawText.push(parent);
    }
    if (NEVER_CONTENT.has(node.tag)) {
      node.dropped = true;
      if (node.tag === 'template' && !parent.dropped && node.attrs.length) st.streamed.template(node, parent);
      // A reply form's textarea is no content, but where it stood tells a comment thread's place.
      if (node.tag === 'textarea' && !parent.dropped && st.textareaParents.length < MAX_TEXTAREAS) st.textareaParents.push(parent);
      else if (CONTROL_TAGS.has(node.tag) && !(node.tag === 'input' && node.attr('type')?.toLowerCase() === 'hidden')) parent.ownControls++;
      return;
    }
    if (++st.elementCount > st.maxNodes) { st.truncated = true; node.dropped = true; return; }
  }
  if (parent.dropped) return;
  node.parent = parent;
  const ch = parent.children;
  if (before === undefined) { ch.push(node); return; }
  const at = childIndex(ch, before);
  if (at < 0) ch.push(node); else ch.splice(at, 0, node);
}

/**
 * Where `node` sits among `children`, searched from the end: the parser inserts before (or
 * detaches) a recent child, above all the open <table> that foster-parented text and elements go
 * in front of, which is its parent's last child. A search from the front made
 * '<table>' + 'x<br>'.repeat(n) quadratic.
 */
function childIndex(children: (DomElement | DomText)[], node: unknown): number {
  return children.lastIndexOf(node as DomElement | DomText);
}

const ADAPTER: TreeAdapter<LeanMap> = {
  createDocument: () => (state.doc = new DomElement('#document', [], parse5html.NS.HTML)),
  createDocumentFragment: () => new DomElement('#fragment', [], parse5html.NS.HTML),
  createElement: (tag, ns, attrs) => {
    const st = state;
    if (++st.created > st.maxCreated || ((st.created & 1023) === 0 && performance.now() > st.deadline)) {
      throw new ParseBudgetExceeded();
    }
    const el = new DomElement(tag, attrs as Attr[], ns);
    if (tag === 'script' && attrs.length) st.dataScripts.noteScript(el);
    let f = 0;
    if (attrs.length) {
      f = attrFlags(attrs as Attr[]);
      // Kept in the tree, not dropped: a hidden wrapper around the whole page is revealed by script.
      if (f & HIDDEN) { el.hidden = true; st.streamed.hiddenElement(el); st.disclosures.hiddenElement(el); }
      if (f & CONTROLS) st.disclosures.controls(el.attr('aria-controls')!);
    }
    // Noted now, while the tag and attributes are in cache: the metadata scan reads these instead
    // of walking every element (scan-candidates.ts). An element the parser drops by its tag never
    // reaches the tree, and a note would keep it alive as long as the page (no tag of the scan's
    // own is dropped).
    const code = scanTag(tag);
    if (code !== undefined || (f & SCAN_MICRODATA && !NEVER_CONTENT.has(tag))) noteForScan(st.scanNotes, el, code, f);
    return el;
  },
  createCommentNode: (data) => (data.length <= 2 && BOUNDARY_COMMENTS.get(data)) || COMMENT,
  createTextNode: (value) => new DomText(value),
  appendChild: (parent, node) => attach(parent, node),
  insertBefore: (parent, node, ref) => attach(parent, node, ref),
  setTemplateContent: () => {},
  getTemplateContent: (el) => el,
  setDocumentType: () => {},
  setDocumentMode: () => {},
  getDocumentMode: () => 'no-quirks' as never,
  detachNode: (node) => {
    if (node.kind !== 1 && node.kind !== 3) return;
    const p = node.parent;
    if (!p) return;
    const ch = p.children;
    const at = childIndex(ch, node);
    if (at >= 0) ch.splice(at, 1);
    node.parent = null;
  },
  insertText: (parent, text) => {
    if (parent.dropped) {
      if (parent === state.dataScripts.open) state.dataScripts.add(text);
      return;
    }
    const ch = parent.children;
    const last = ch[ch.length - 1];
    if (last !== undefined && last.kind === 3) { last.data += text; return; }
    attach(parent, new DomText(text));
  },
  insertTextBefore: (parent, text, ref) => {
    if (parent.dropped) return;
    const ch = parent.children;
    const at = childIndex(ch, ref);
    const prev = at > 0 ? ch[at - 1] : undefined;
    if (prev !== undefined && prev.kind === 3) { prev.data += text; return; }
    attach(parent, new DomText(text), ref);
  },
  adoptAttributes: (el, attrs) => {
    const added: Attr[] = [];
    for (const a of attrs) if (!el.attrs.some((b) => b.name === a.name)) { el.attrs.push(a as Attr); added.push(a as Attr); }
    // A second <html> or <body> tag's attributes join the first's. The element may now matter to
    // the metadata scan: noted again (the scan keeps it once). `hidden` stays as the first tag set it.
    if (added.length) noteForScan(state.scanNotes, el, undefined, attrFlags(added));
  },
  getFirstChild: (node) => node.children[0] as DomElement | DomText | undefined as never,
  getChildNodes: (node) => node.children as never,
  getParentNode: (node) => ((node as { parent?: DomElement | null }).parent ?? null) as never,
  getAttrList: (el) => el.attrs,
  getTagName: (el) => el.tag,
  getNamespaceURI: (el) => el.ns as never,
  getTextNodeContent: (t) => t.data,
  getCommentNodeContent: () => '',
  getDocumentTypeNodeName: () => 'html',
  getDocumentTypeNodePublicId: () => '',
  getDocumentTypeNodeSystemId: () => '',
  isTextNode: (n): n is DomText => n.kind === 3,
  isCommentNode: (n): n is Comment => n.kind === 8,
  isDocumentTypeNode: (n): n is Doctype => n.kind === 10,
  isElementNode: (n): n is DomElement => n.kind === 1,
  // Called only by a locating parse (sourceCodeLocationInfo), which wants the <title> start tags.
  setNodeSourceCodeLocation: (node, loc) => {
    if (loc && node && (node as AnyNode).kind === 1 && (node as DomElement).tag === 'title') state.titleTagEnds.set(node as DomElement, loc.endOffset);
  },
  getNodeSourceCodeLocation: () => undefined,
  updateNodeSourceCodeLocation: () => {},
};

/**
 * Whether a raw text element inside a <noscript> may have read past its </noscript>
 * (noscript-raw-text.ts): it was the last element created (its text ran to the end of the page),
 * or its <noscript> holds more than it (the element's text ended at a later end tag, and the
 * page went on inside the <noscript>; the element itself does not count, so a tag manager's
 * <noscript> holds nothing). Only then is the source read for it.
 */
function noscriptMayHaveRunOn(st: ParseState): boolean {
  if (st.noscriptRawTextAt < 0) return false;
  if (st.noscriptRawTextAt === st.created) return true;
  return st.noscriptsWithRawText.some((n) => n.children.some((c) => (c.kind === 1 ? !RAW_TEXT_TAGS.has(c.tag) : c.data.trim() !== '')));
}

/**
 * One parse; `locate` asks parse5 for source locations (to find the <title> start tags).
 * `noscriptRanOn`: a raw text element inside a <noscript> may have read the page after it as its text.
 */
function parseOnce(html: string, options: ParseOptions, fast: boolean, locate = false): { doc: DomDocument; titleTagEnds: Map<DomElement, number>; noscriptRanOn: boolean } {
  const st = (state = freshState(options));
  dataScripts.current = st.dataScripts;
  let root: DomElement;
  try {
    root = fast ? fastParse<DomElement>(html, { treeAdapter: ADAPTER, scriptingEnabled: false })
      : parse(html, { treeAdapter: ADAPTER, scriptingEnabled: false, sourceCodeLocationInfo: locate });
  } catch (e) {
    if (!(e instanceof ParseBudgetExceeded) || !st.doc) throw e;
    root = st.doc;
    st.truncated = true;
  } finally {
    // The finished tree is not held by the module until the next parse.
    state = freshState({});
    dataScripts.current = null;
  }
  st.streamed.reveal();
  st.disclosures.open();
  let htmlEl: DomElement | null = null, head: DomElement | null = null, body: DomElement | null = null;
  for (const c of root.children) if (c.kind === 1 && c.tag === 'html') htmlEl = c;
  if (htmlEl) {
    for (const c of htmlEl.children) {
      if (c.kind !== 1) continue;
      if (c.tag === 'head') head = c;
      else if (c.tag === 'body') body = c;
    }
  }
  if (htmlEl && !body) {
    // A frameset page (frames are never content) or one cut short before its body: its content
    // lies elsewhere, so it gets an empty body rather than none. Labelers then search the body and
    // never fall back to the whole document, whose only text is the <title>.
    body = new DomElement('body', [], parse5html.NS.HTML);
    body.parent = htmlEl;
    htmlEl.children.push(body);
  }
  const doc = { root, html: htmlEl, head, body, elements: [], truncated: st.truncated, dataScripts: st.dataScripts.scripts, textareaParents: st.textareaParents, scanNotes: st.scanNotes };
  return { doc, titleTagEnds: st.titleTagEnds, noscriptRanOn: noscriptMayHaveRunOn(st) };
}

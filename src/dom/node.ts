/**
 * The tree every algorithm reads. Built once by parse.ts (a parse5 tree adapter, so the shape is
 * the one the HTML standard — and Chromium — builds), pruned once, then annotated with features
 * bottom-up by features.ts. Labelers never mutate it: they return a Labels overlay keyed by `id`.
 */

import type { ScanNotes } from './scan-candidates.js';

export interface Attr { name: string; value: string }

export class DomText {
  readonly kind = 3 as const;
  parent: DomElement | null = null;
  constructor(public data: string) {}
}

export class DomElement {
  readonly kind = 1 as const;
  parent: DomElement | null = null;
  /**
   * Made by `new Array()`, not a `[]` literal, on purpose. V8 tracks a literal's allocation site
   * and, when most of its arrays outlive a young-generation GC (as a page's child lists do while
   * the page is worked on), allocates all later ones in the old generation. A dead page's child
   * lists then sit in old space pointing at young nodes, and every scavenge keeps those nodes alive
   * and promotes them until the next full GC: on the trafilatura set, half of the young generation
   * survived each scavenge and GC pauses took a fifth of the run (bench/README.md, "GC share").
   * The constructor's arrays have not been pretenured (GC stays near 5% of the bench's pass), and
   * it costs a tenth of `Array.of()`, which sets `length` through the generic property path.
   */
  children: DomNode[] = new Array<DomNode>();
  /** Pre-order index among elements, set by computeFeatures; -1 until then. */
  id = -1;
  /**
   * Set by the parser on an element it keeps out of the tree (never content, or over the node
   * budget): what parse5 puts inside it is dropped as it comes. A flag, not a set of such
   * elements: the parser asks for every node it attaches.
   */
  dropped = false;
  /**
   * Form controls (<button>, <select>, a visible <input>) the parser dropped directly in this
   * element: they are never content, but a short box that asks the reader to click or type is a
   * call to action (contract.ts). `controls` (features) counts them in the whole subtree.
   */
  ownControls = 0;
  // ---- features, filled by computeFeatures() in one bottom-up pass ----
  /** Visible characters of text below (whitespace runs count 1), CJK-weighted: see text/length.ts. */
  textLen = 0;
  /** The part of textLen inside <a href>. */
  linkTextLen = 0;
  /** Length of text in direct child text nodes only. */
  ownTextLen = 0;
  /** Longest single text node below (paper 003's "a text node of length ≥ α"). */
  maxTextNodeLen = 0;
  words = 0;
  /** Sentence punctuation and commas below: prose has them, menus do not. */
  punct = 0;
  commas = 0;
  links = 0;
  images = 0;
  /** Form controls dropped in this element or below (ownControls summed up the tree). */
  controls = 0;
  /** Descendant elements. */
  tags = 0;
  /** Descendant block-level elements (p, div, li, ...). */
  blocks = 0;
  /** Paragraph-like descendants (p, pre, blockquote) with real text. */
  paras = 0;
  /** Sum of paper 000 weighty-tag forces of weighty tags below (pseudo-weighty filtered). */
  force = 0;
  depth = 0;
  /** Hidden by markup: hidden attribute, inline display:none / visibility:hidden, aria-hidden. */
  hidden = false;
  // The element's own text unit: its text outside descendant block elements (for an inline
  // element, all of its text). A paragraph's unit is its sentences; a div's is its stray text.
  inlineLen = 0;
  inlineLinkLen = 0;
  inlinePunct = 0;
  inlineWords = 0;
  constructor(
    public tag: string,
    public attrs: Attr[],
    public ns: string,
  ) {}

  attr(name: string): string | undefined {
    const a = this.attrs;
    for (let i = 0; i < a.length; i++) if (a[i].name === name) return a[i].value;
    return undefined;
  }
  /** class + id, lower-cased, for pattern tests. Cached: it is read by several passes. */
  private _classId: string | undefined;
  get classId(): string {
    if (this._classId === undefined) {
      const c = this.attr('class'), i = this.attr('id');
      this._classId = c || i ? `${c ?? ''} ${i ?? ''}`.toLowerCase() : '';
    }
    return this._classId;
  }
}

export type DomNode = DomElement | DomText;

/** A parsed document: the root element (#document) and the quick handles we keep. */
export interface DomDocument {
  root: DomElement;
  html: DomElement | null;
  head: DomElement | null;
  body: DomElement | null;
  /** All elements in pre-order, filled by computeFeatures (index = element.id). */
  elements: DomElement[];
  /** True when the element budget stopped tree building early. */
  truncated: boolean;
  /**
   * The page's data scripts (JSON-LD, Next.js and Nuxt payloads: `type` ends in `json`), kept as
   * text although every other script is dropped: page metadata and the JSON article fallback read
   * them. At most MAX_DATA_SCRIPT_CHARS in all; absent on trees built by hand.
   */
  dataScripts?: DataScript[];
  /** The elements a <textarea> (dropped: never content) stood in, in page order; absent on trees built by hand. */
  textareaParents?: DomElement[];
  /**
   * What the metadata scan reads (dom/scan-candidates.ts), noted by the parser as it created the
   * elements: in creation order, and holding elements that never reached the tree or left it.
   * Absent on trees built by hand, which the scan walks whole.
   */
  scanNotes?: ScanNotes;
}

export interface DataScript {
  /** The `type` attribute, lower-cased (`application/ld+json`, `application/json`). */
  type: string;
  /** The `id` attribute (`__NEXT_DATA__`), when there is one. */
  id?: string;
  text: string;
}

/** Pre-order walk without recursion: pages can nest 100,000 deep. */
export function* walkElements(root: DomElement): Generator<DomElement> {
  const stack: DomElement[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    yield el;
    const ch = el.children;
    for (let i = ch.length - 1; i >= 0; i--) {
      const c = ch[i];
      if (c.kind === 1) stack.push(c);
    }
  }
}

/** Whether `el` is `root` or inside it, on a tree with features (pre-order ids: a subtree is one range). */
export function inSubtree(el: DomElement, root: DomElement): boolean {
  return el.id >= root.id && el.id <= root.id + root.tags;
}

export function isAncestor(a: DomElement, b: DomElement): boolean {
  for (let p: DomElement | null = b.parent; p; p = p.parent) if (p === a) return true;
  return false;
}

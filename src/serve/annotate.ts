/**
 * The inspector's view of a page: the tree the extractor read, serialised as an HTML document in
 * which every block of `extract(…, { debug: true })`'s `blocks` carries its label and reason
 * (`data-thresher-label`, `data-thresher-reason`, `data-thresher-block`, and a `title` the browser
 * shows on hover), with a small style sheet that outlines kept and dropped blocks in two colours.
 *
 * Why thresher's own tree and not the page's source: the annotation is by element identity (the
 * debug blocks are the body's block elements in document order, matched here one for one and
 * checked by tag and path), so there is no second parse to keep in step with the first. The tree
 * already lacks what the parser never attaches (script, style, template, svg, math, iframe,
 * object, embed, form controls: parse.ts's NEVER_CONTENT), so the view is the page as the
 * extractor saw it, without the page's style sheets.
 *
 * Defence in depth on top of the inspector's sandboxed iframe and its CSP: on the way out, event
 * handler attributes, `style` attributes (the frame's CSP refuses inline styles but ours),
 * javascript:/data:/other non-http URLs, relative URLs without a base, <meta> (refresh, CSP),
 * <base>, <link> and anything the page wrote as `data-thresher-*` are removed; raw-text elements
 * become <pre>; tag and attribute names a browser would read otherwise are unwrapped or dropped.
 * Iterative: pages nest 100,000 deep. Runs on the worker that extracted the page.
 */
import { createHash } from 'node:crypto';
import type { DomElement } from '../dom/node.js';
import { BLOCK_TAGS, CONTAINER_TAGS } from '../dom/tags.js';
import { cssPath } from '../page/debug.js';
import { documentBase, escapeAttr, escapeText, imageSource, resolveUrl } from '../render/html.js';
import type { BlockDebug, Extraction } from '../types.js';

/**
 * The outline style injected into the annotated page. Constant, so the inspector's CSP can allow
 * exactly this inline style by its hash (INSPECTOR_FRAME_STYLE_HASH) and no other.
 */
export const INSPECTOR_FRAME_STYLE = [
  'html{background:#fff;color:#1f2328;font:15px/1.5 system-ui,sans-serif}',
  'body{margin:12px}',
  '[data-thresher-label]{outline-offset:-2px!important}',
  '[data-thresher-label="content"]{outline:2px solid #1a7f37!important}',
  '[data-thresher-label="noise"]{outline:2px dashed #cf222e!important}',
  // Dropped blocks that hold nothing kept are faded; a dropped container of kept blocks (the body) is not.
  '[data-thresher-label="noise"]:not(:has([data-thresher-label="content"])){background-color:rgba(207,34,46,.06)!important;color:#59636e}',
  '[data-thresher-label]:hover{outline-width:4px!important}',
  '[data-thresher-hidden]{opacity:.5}',
  'img{max-width:100%;height:auto}',
].join('\n');

/** `'sha256-…'`: the CSP source that allows INSPECTOR_FRAME_STYLE (the frame inherits the inspector's policy). */
export const INSPECTOR_FRAME_STYLE_HASH = `'sha256-${createHash('sha256').update(INSPECTOR_FRAME_STYLE).digest('base64')}'`;

export interface AnnotatedPage {
  /** The annotated document (HTML), for an iframe's srcdoc. */
  html: string;
  /** Blocks outlined, of them kept (content) and dropped (noise). */
  blocks: number;
  content: number;
  noise: number;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param', 'keygen', 'frame']);
/** Dropped with what they hold: they load, redirect or re-base; none shows content. */
const DROP = new Set(['meta', 'base', 'link', 'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'template', 'svg', 'math']);
/** Raw-text elements written as <pre> (their escaped text would show as entities); <noscript> as a span. */
const RENAME: Record<string, string> = { xmp: 'pre', listing: 'pre', plaintext: 'pre', noscript: 'span' };
/** URL attributes kept when they resolve to http(s) (or mailto for links); other URL-bearing attributes are dropped. */
const LINK_ATTRS = new Set(['href', 'cite']);
const DROP_ATTRS = new Set(['style', 'srcset', 'action', 'formaction', 'ping', 'srcdoc', 'manifest', 'data', 'codebase', 'target', 'background', 'poster', 'lowsrc', 'dynsrc', 'longdesc', 'usemap', 'xmlns', 'is', 'nonce', 'integrity']);
const PLAIN_TAG = /^[a-z][a-z0-9-]*$/;
const PLAIN_ATTR = /^[a-z_][a-z0-9_.:-]*$/;
/** Not blocks even when in BLOCK_TAGS or CONTAINER_TAGS (page/debug.ts skips them too). */
const NOT_BLOCKS = new Set(['br', 'hr', 'html', 'title', 'noframes']);

type Tree = NonNullable<Extraction['tree']>;

/**
 * The element of each debug block, in order: the body's block elements with text or images, as
 * page/debug.ts lists them. Each is checked against its block's tag and path; a mismatch (a
 * change in debug.ts not followed here) throws rather than outlining the wrong elements.
 */
export function blockElements(tree: Tree, blocks: readonly BlockDebug[]): DomElement[] {
  const doc = tree.doc;
  const scope = doc.body ?? doc.root;
  const out: DomElement[] = [];
  for (let i = scope.id, end = scope.id + scope.tags; i <= end; i++) {
    const el = doc.elements[i];
    if (!(BLOCK_TAGS.has(el.tag) || CONTAINER_TAGS.has(el.tag)) || NOT_BLOCKS.has(el.tag)) continue;
    if (el.textLen === 0 && el.images === 0) continue;
    const b = blocks[out.length];
    if (!b || b.tag !== el.tag || b.path !== cssPath(el)) {
      throw Object.assign(new Error(`the annotation lost step with the debug blocks at block ${out.length} (${el.tag} against ${b ? b.tag : 'none'})`), { code: 'E_WORKER' });
    }
    out.push(el);
  }
  if (out.length !== blocks.length) throw Object.assign(new Error(`the annotation found ${out.length} blocks, the debug view ${blocks.length}`), { code: 'E_WORKER' });
  return out;
}

/** The annotated page of an extraction made with `debug: true, keepTree: true`. */
export function annotatePage(result: Extraction): AnnotatedPage {
  const tree = result.tree;
  const blocks = result.blocks;
  if (!tree || !blocks) throw Object.assign(new Error('annotatePage needs an extraction made with debug and keepTree'), { code: 'E_WORKER' });
  const els = blockElements(tree, blocks);
  const index = new Map<DomElement, number>();
  els.forEach((el, k) => index.set(el, k));
  const base = documentBase(tree.doc, result.url);
  const out: string[] = ['<!DOCTYPE html>\n'];
  const html = tree.doc.html ?? tree.doc.root;
  writeTree(html, { base, index, blocks }, out);
  const content = blocks.filter((b) => b.label === 'content').length;
  return { html: out.join(''), blocks: blocks.length, content, noise: blocks.length - content };
}

interface WriteContext { base: string | undefined; index: Map<DomElement, number>; blocks: readonly BlockDebug[] }

/** Serialises `root` and its subtree, annotated and sanitised; the style goes at the end of <head>. */
function writeTree(root: DomElement, ctx: WriteContext, out: string[]): void {
  type Frame = { el: DomElement; i: number; close: string };
  const stack: Frame[] = [];
  const open = (el: DomElement): void => {
    if (DROP.has(el.tag) || el.ns.endsWith('/svg') || el.ns.endsWith('/MathML')) return;
    const unwrap = el.tag === '#document' || !PLAIN_TAG.test(el.tag);
    if (unwrap) { stack.push({ el, i: 0, close: '' }); return; }
    const tag = RENAME[el.tag] ?? el.tag;
    out.push('<', tag, attributes(el, ctx), '>');
    if (VOID.has(tag)) return;
    if (tag === 'pre') {
      // The parser drops one newline right after <pre>: restore it when the text starts with one.
      const first = el.children[0];
      if (first && first.kind === 3 && first.data.startsWith('\n')) out.push('\n');
    }
    const close = el.tag === 'head' ? `<style>${INSPECTOR_FRAME_STYLE}</style></head>` : `</${tag}>`;
    stack.push({ el, i: 0, close });
  };
  open(root);
  while (stack.length) {
    const f = stack[stack.length - 1];
    const ch = f.el.children;
    if (f.i >= ch.length) { out.push(f.close); stack.pop(); continue; }
    const c = ch[f.i++];
    if (c.kind === 3) out.push(escapeText(c.data));
    else open(c);
  }
}

/** The element's attributes, sanitised, and its annotation when it is a block. */
function attributes(el: DomElement, ctx: WriteContext): string {
  let s = '';
  const k = ctx.index.get(el);
  for (const a of el.attrs) {
    const name = a.name;
    if (!PLAIN_ATTR.test(name) || name.startsWith('on') || name.startsWith('data-thresher') || DROP_ATTRS.has(name)) continue;
    if (k !== undefined && name === 'title') continue;
    let v: string | null = a.value;
    if (name === 'src') v = el.tag === 'img' && ctx.base !== undefined ? imageSource(el, ctx.base) : null;
    else if (LINK_ATTRS.has(name) || name.endsWith(':href')) v = ctx.base !== undefined ? resolveUrl(a.value, ctx.base) : null;
    if (v === null) continue;
    s += ` ${name}="${escapeAttr(v)}"`;
  }
  if (el.hidden) s += ' data-thresher-hidden=""';
  if (k !== undefined) {
    const b = ctx.blocks[k];
    s += ` data-thresher-block="${k}" data-thresher-label="${b.label}" data-thresher-reason="${escapeAttr(b.reason)}"`;
    s += ` title="${escapeAttr(`#${k} ${b.label === 'content' ? 'kept' : 'dropped'}: ${b.reason}`)}"`;
  }
  return s;
}

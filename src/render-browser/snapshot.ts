/**
 * CDP `DOMSnapshot.captureSnapshot` → LayoutSnapshot (src/visual/layout.ts), as that file's header
 * describes: every element of the main document in node order, its parent entry, its `nth` among
 * the parent's element children of the same tag, and its box and computed styles from the layout
 * tree. One capture gives the whole page, so there is no round trip per element.
 *
 * What the capture holds that the snapshot leaves out, and why:
 *  - other documents (iframes): thresher's parser drops iframes, so nothing would join to them;
 *  - pseudo-elements (::before, ::marker) and shadow trees (a <video>'s controls, a web
 *    component's shadow root): they are no part of the HTML that is serialised and parsed again,
 *    and an entry there would only be counted as unmatched.
 *
 * An element without a layout object gets a zero box. Its display: 'none' when nothing in its
 * subtree has a layout object either (display:none on it or an ancestor, which is what <head>,
 * <script> and a collapsed menu are; an empty display:contents element shows nothing too), and ''
 * when something below it is laid out (display:contents: its children draw in its place). The
 * layout header allows '' for both; telling them apart lets the join mark hidden content as
 * display:none rather than "no box", which is what a reader sees.
 *
 * Pure: no browser here, so the conversion is tested on captured fixtures.
 */
import { LAYOUT_SNAPSHOT_VERSION, SNAPSHOT_STYLES, type ElementLayout, type LayoutSnapshot } from '../visual/layout.js';

/** The parts of CDP's DOMSnapshot.captureSnapshot result read here (protocol names). */
export interface CdpSnapshot {
  documents: Array<{
    nodes: {
      parentIndex?: number[];
      nodeType?: number[];
      nodeName?: number[];
      pseudoType?: { index: number[] };
    };
    layout: { nodeIndex: number[]; styles: number[][]; bounds: number[][] };
    contentWidth?: number;
    contentHeight?: number;
  }>;
  strings: string[];
}

const ELEMENT_NODE = 1;
const DOCUMENT_NODE = 9;
const I_DISPLAY = SNAPSHOT_STYLES.indexOf('display');
const I_VISIBILITY = SNAPSHOT_STYLES.indexOf('visibility');
const I_BACKGROUND = SNAPSHOT_STYLES.indexOf('background-color');
const I_FONT_SIZE = SNAPSHOT_STYLES.indexOf('font-size');
const I_FONT_WEIGHT = SNAPSHOT_STYLES.indexOf('font-weight');
const I_OPACITY = SNAPSHOT_STYLES.indexOf('opacity');
const I_POSITION = SNAPSHOT_STYLES.indexOf('position');

const num = (s: string | undefined, fallback: number): number => {
  const v = s === undefined ? NaN : parseFloat(s);
  return Number.isFinite(v) ? v : fallback;
};
const FONT_WEIGHT_WORDS: Record<string, number> = { normal: 400, bold: 700, lighter: 300, bolder: 700 };

/**
 * The layout of the main document. `viewport` is the window the page was laid out in (the
 * context's viewport: innerWidth × innerHeight); the page size is the captured content size,
 * never smaller than the viewport (as documentElement.scrollWidth/scrollHeight are not).
 */
export function toLayoutSnapshot(capture: CdpSnapshot, viewport: { width: number; height: number }): LayoutSnapshot {
  const doc = capture.documents[0];
  const str = (i: number | undefined): string | undefined => (i === undefined || i < 0 ? undefined : capture.strings[i]);
  const parentIndex = doc.nodes.parentIndex ?? [], nodeType = doc.nodes.nodeType ?? [], nodeName = doc.nodes.nodeName ?? [];
  const n = parentIndex.length;
  const pseudo = new Uint8Array(n);
  for (const i of doc.nodes.pseudoType?.index ?? []) pseudo[i] = 1;

  // Node → its first layout object; a node with several (an inline broken around a block) gets the union of their boxes.
  const layoutOf = new Int32Array(n).fill(-1);
  const box: number[][] = new Array(n);
  const L = doc.layout;
  for (let j = 0; j < L.nodeIndex.length; j++) {
    const i = L.nodeIndex[j], b = L.bounds[j] ?? [0, 0, 0, 0];
    if (layoutOf[i] < 0) { layoutOf[i] = j; box[i] = [b[0], b[1], b[2], b[3]]; continue; }
    const a = box[i], x = Math.min(a[0], b[0]), y = Math.min(a[1], b[1]);
    box[i] = [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
  }
  // Whether anything in a node's subtree is laid out: children come after parents, so one backward pass.
  const laidOutBelow = new Uint8Array(n);
  for (let i = n - 1; i > 0; i--) {
    if (layoutOf[i] >= 0 || laidOutBelow[i]) { const p = parentIndex[i]; if (p >= 0) laidOutBelow[p] = 1; }
  }

  const elements: ElementLayout[] = [];
  const entryOf = new Int32Array(n).fill(-2); // -2: no entry (not an element, or outside the light tree)
  const nthCounters = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (nodeType[i] !== ELEMENT_NODE || pseudo[i]) continue;
    const p = parentIndex[i];
    const parent = p >= 0 && nodeType[p] === DOCUMENT_NODE ? -1 : p >= 0 ? entryOf[p] : -2;
    if (parent === -2) continue; // in a shadow tree or under something left out
    if (parent === -1 && elements.length > 0) continue; // a second root cannot happen in HTML; keep the first
    const tag = (str(nodeName[i]) ?? '').toLowerCase();
    if (tag.length === 0) continue;
    const key = `${parent}:${tag}`;
    const nth = (nthCounters.get(key) ?? 0) + 1;
    nthCounters.set(key, nth);
    entryOf[i] = elements.length;
    elements.push(entryFor(parent, tag, nth, layoutOf[i] >= 0 ? L.styles[layoutOf[i]].map(str) : undefined, box[i], laidOutBelow[i] === 1, elements));
  }
  const width = Math.max(viewport.width, Math.ceil(doc.contentWidth ?? 0));
  const height = Math.max(viewport.height, Math.ceil(doc.contentHeight ?? 0));
  return { version: LAYOUT_SNAPSHOT_VERSION, viewport: { ...viewport }, page: { width, height }, elements };
}

/** One entry: from its layout object's styles, or, without one, a zero box that inherits its parent's font. */
function entryFor(
  parent: number, tag: string, nth: number,
  styles: (string | undefined)[] | undefined, b: number[] | undefined, laidOutBelow: boolean, elements: ElementLayout[],
): ElementLayout {
  if (!styles || !b) {
    const up = parent >= 0 ? elements[parent] : undefined;
    return {
      parent, tag, nth, x: 0, y: 0, width: 0, height: 0,
      display: laidOutBelow ? '' : 'none',
      visibility: up?.visibility ?? 'visible', background: 'rgba(0, 0, 0, 0)',
      fontSize: up?.fontSize ?? 16, fontWeight: up?.fontWeight ?? 400,
    };
  }
  const weightText = styles[I_FONT_WEIGHT];
  const e: ElementLayout = {
    parent, tag, nth,
    x: finite(b[0]), y: finite(b[1]), width: Math.max(0, finite(b[2])), height: Math.max(0, finite(b[3])),
    display: styles[I_DISPLAY] ?? '',
    visibility: styles[I_VISIBILITY] || 'visible',
    background: styles[I_BACKGROUND] || 'rgba(0, 0, 0, 0)',
    fontSize: num(styles[I_FONT_SIZE], 16),
    fontWeight: FONT_WEIGHT_WORDS[weightText ?? ''] ?? num(weightText, 400),
  };
  const opacity = styles[I_OPACITY];
  if (opacity !== undefined) e.opacity = num(opacity, 1);
  const position = styles[I_POSITION];
  if (position) e.position = position;
  return e;
}

const finite = (v: number | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

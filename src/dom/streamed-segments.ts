/**
 * Content streamed in after its place: React's streaming server renderer (React 18+ "Fizz", which
 * Next.js's App Router and Remix use) sends a page in the order its parts are ready. Where a part
 * is not ready, the page holds a placeholder:
 *
 *   <!--$?--><template id="B:1"></template>fallback (a spinner, "Loading…")<!--/$-->   a boundary
 *   <template id="P:1f"></template>                                                   a segment
 *
 * and the part itself arrives later, usually at the end of the body, in a hidden element, with a
 * script that moves it into place (`$RC("B:1","S:1")` replaces a boundary's fallback, `$RS` a
 * segment's placeholder):
 *
 *   <div hidden id="S:1">the article</div>
 *
 * A browser with scripts shows the part where the placeholder was, and the truth of a page is what
 * a reader saw. Without this, the `hidden` flag made such a page's whole article noise. The
 * segment's id is the placeholder's (React names both from one counter, in hex), so they pair
 * without the scripts, which a saved page does not always keep.
 *
 * The parser reports the boundary comments, the placeholders and the hidden segments as it builds
 * the tree (parse.ts); `reveal` then moves each segment to its placeholder's place, in place of
 * the fallback, and clears its hidden flag. A segment whose placeholder is missing stays hidden,
 * as it would in a browser.
 */
import { isAncestor, type DomElement, type DomNode } from './node.js';

/** A placeholder's or segment's id: B: (boundary), P: (placeholder) or S: (segment), then a hex number. */
const PLACEHOLDER_ID = /^[BP]:[0-9a-f]+$/;
const SEGMENT_ID = /^S:[0-9a-f]+$/;

/** Where a segment goes: after `prev` in `parent` (first when null), in place of `fallback`. */
interface Slot {
  parent: DomElement;
  prev: DomNode | null;
  fallback: DomNode[];
}

/** A boundary opened by a `<!--$…-->` comment, not yet closed by `<!--/$-->`. */
interface OpenBoundary {
  parent: DomElement;
  /** Where the boundary's content starts among the parent's children. */
  start: number;
  /** The placeholder's slot, when the boundary is a pending one (it holds a B: template). */
  slot: Slot | null;
}

export class StreamedSegments {
  private readonly open: OpenBoundary[] = [];
  private readonly slots = new Map<string, Slot>();
  private readonly segments: DomElement[] = [];

  /** A `<!--$-->`, `<!--$?-->` or `<!--$!-->` comment attached to `parent`. */
  boundaryOpened(parent: DomElement): void {
    this.open.push({ parent, start: parent.children.length, slot: null });
  }

  /** A `<!--/$-->` comment attached to `parent`: what the boundary held since its placeholder is the fallback. */
  boundaryClosed(parent: DomElement): void {
    const top = this.open[this.open.length - 1];
    if (!top || top.parent !== parent) return; // unbalanced markers: not React's
    this.open.pop();
    if (top.slot) top.slot.fallback = parent.children.slice(top.start);
  }

  /** A `<template>` (never itself in the tree) that would have been attached to `parent`. */
  template(el: DomElement, parent: DomElement): void {
    const id = el.attr('id');
    if (id === undefined || !PLACEHOLDER_ID.test(id)) return;
    const ch = parent.children;
    const slot: Slot = { parent, prev: ch.length ? ch[ch.length - 1] : null, fallback: [] };
    this.slots.set(id.slice(2), slot);
    const top = this.open[this.open.length - 1];
    if (id[0] === 'B' && top && top.parent === parent) { top.slot = slot; top.start = ch.length; }
  }

  /** A hidden element; a segment when it is a `<div id="S:…">`. */
  hiddenElement(el: DomElement): void {
    if (el.tag !== 'div') return;
    const id = el.attr('id');
    if (id !== undefined && SEGMENT_ID.test(id)) this.segments.push(el);
  }

  /** Moves every segment that reached the tree to its placeholder's place, shown. */
  reveal(): void {
    for (const seg of this.segments) {
      const slot = this.slots.get(seg.attr('id')!.slice(2));
      // A segment moved into itself would leave the tree.
      if (!slot || !seg.parent || slot.parent === seg || isAncestor(seg, slot.parent)) continue;
      const kids = slot.parent.children;
      for (const node of slot.fallback) {
        const at = kids.indexOf(node);
        if (at >= 0) { kids.splice(at, 1); node.parent = null; }
      }
      const from = seg.parent.children;
      from.splice(from.indexOf(seg), 1);
      // After the node that preceded the placeholder; at the end when that node has moved away.
      const at = slot.prev === null ? 0 : slot.prev.parent === slot.parent ? kids.indexOf(slot.prev) + 1 : kids.length;
      kids.splice(at, 0, seg);
      seg.parent = slot.parent;
      seg.hidden = false;
    }
  }
}

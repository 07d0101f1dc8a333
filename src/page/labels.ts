/**
 * The labels overlay: node → content | noise, with a reason. Labelers return one and never mutate
 * the tree, so they can be combined, compared and explained (DESIGN "parse once").
 *
 * Semantics: the topic content is the subtrees of the elements labelled CONTENT, minus the
 * subtrees labelled NOISE inside them. An element left UNSET inherits from its nearest labelled
 * ancestor; with none, it is not content.
 */
import type { DomDocument, DomElement } from '../dom/node.js';

export const UNSET = 0;
export const CONTENT = 1;
export const NOISE = 2;
export type Label = typeof UNSET | typeof CONTENT | typeof NOISE;

export class Labels {
  readonly marks: Uint8Array;
  readonly reasons = new Map<number, string>();
  constructor(readonly doc: DomDocument) {
    this.marks = new Uint8Array(doc.elements.length);
  }
  set(el: DomElement, label: Label, reason: string): void {
    this.marks[el.id] = label;
    this.reasons.set(el.id, reason);
  }
  /** Labels `el` NOISE and clears every label inside it, so nothing of its subtree is rendered. */
  cut(el: DomElement, reason: string): void {
    for (let i = el.id + 1, end = el.id + el.tags; i <= end; i++) {
      if (this.marks[i] !== UNSET) { this.marks[i] = UNSET; this.reasons.delete(i); }
    }
    this.set(el, NOISE, reason);
  }
  /** An independent copy: a second rendering may cut differently (extract()'s `images`). */
  copy(): Labels {
    const c = new Labels(this.doc);
    c.marks.set(this.marks);
    for (const [k, v] of this.reasons) c.reasons.set(k, v);
    return c;
  }
  get(el: DomElement): Label {
    return this.marks[el.id] as Label;
  }
  /** The effective label: the nearest labelled ancestor-or-self decides. */
  effective(el: DomElement): Label {
    for (let p: DomElement | null = el; p; p = p.parent) {
      const m = this.marks[p.id];
      if (m !== UNSET) return m as Label;
    }
    return NOISE;
  }
  /**
   * effective() of every element, by id, in one pass: ids are pre-order, so a parent's is known
   * before its children's. Walking up from each element instead is quadratic on a deep page.
   */
  effectiveAll(): Uint8Array {
    const els = this.doc.elements;
    const out = new Uint8Array(els.length);
    for (let i = 0; i < els.length; i++) {
      const m = this.marks[i], parent = els[i].parent;
      out[i] = m !== UNSET ? m : parent ? out[parent.id] : NOISE;
    }
    return out;
  }
  /**
   * Whether anything of an element's subtree is rendered now (a cut after the first question does
   * not update it): a count of effectively CONTENT elements before each id, so each question is
   * two loads.
   */
  rendersSomething(): (el: DomElement) => boolean {
    // Counted at the first question: cutComments asks none on most pages.
    let before: Uint32Array | null = null;
    return (el) => {
      if (!before) {
        const effective = this.effectiveAll();
        before = new Uint32Array(effective.length + 1);
        for (let j = 0; j < effective.length; j++) before[j + 1] = before[j] + (effective[j] === CONTENT ? 1 : 0);
      }
      return before[el.id + el.tags + 1] > before[el.id];
    };
  }
  /** Elements labelled CONTENT whose nearest labelled ancestor is not CONTENT: the roots to render. */
  contentRoots(): DomElement[] {
    const out: DomElement[] = [];
    const els = this.doc.elements;
    const effective = this.effectiveAll();
    for (let i = 0; i < els.length; i++) {
      if (this.marks[i] !== CONTENT) continue;
      const parent = els[i].parent;
      if (!parent || effective[parent.id] !== CONTENT) out.push(els[i]);
    }
    return out;
  }
  /**
   * CONTENT elements with no CONTENT ancestor, in document order: where renderers start. A CONTENT
   * element inside a NOISE subtree of one of them is rendered in place (contentInside), so the
   * text stays in document order.
   */
  outerContentRoots(): DomElement[] {
    const out: DomElement[] = [];
    const els = this.doc.elements;
    for (let i = 0; i < els.length; i++) {
      if (this.marks[i] !== CONTENT) continue;
      out.push(els[i]);
      i += els[i].tags;
    }
    return out;
  }
  /** The outermost CONTENT elements strictly inside `el`'s subtree (ids are preorder; `tags` counts descendants). */
  contentInside(el: DomElement): DomElement[] {
    const out: DomElement[] = [];
    const els = this.doc.elements;
    for (let i = el.id + 1, end = el.id + el.tags; i <= end; i++) {
      if (this.marks[i] !== CONTENT) continue;
      out.push(els[i]);
      i += els[i].tags;
    }
    return out;
  }
  reason(el: DomElement): string | undefined {
    return this.reasons.get(el.id);
  }
}

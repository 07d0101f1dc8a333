/**
 * Plain-text views of each DVPS stage (paper 002: the DIV_FOREST of §3.1, the page block pool of
 * §3.3 and Table 1, the separators and the semantic block reconstruction of §3.3, the measures
 * of §4), one line per item, rounded, in document order. The golden files of test/dvps*.test.ts
 * are these views; they are also what to read when a page comes out wrong.
 */
import type { DomElement } from '../dom/node.js';
import type { DivNode, DivForest } from './div-forest.js';
import type { DvpsResult } from './dvps.js';
import type { PagePool } from './dvps-rules.js';
import { Shown, SHOWN_NAMES, type Rect } from './layout.js';
import type { Separator } from './separators.js';

const r1 = (x: number): string => (Math.round(x * 10) / 10).toString();
const r2 = (x: number): string => x.toFixed(2);

export function rectText(r: Rect | null): string {
  return r ? `(${r1(r.x)},${r1(r.y)} ${r1(r.width)}x${r1(r.height)})` : '(no box)';
}

/** `div#main.story` — tag, id, first class. */
export function elementName(el: DomElement): string {
  const id = el.attr('id'), cls = el.attr('class')?.trim().split(/\s+/)[0];
  return `${el.tag}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}`;
}

function leafSummary(n: DivNode): string {
  const counts = new Map<string, number>();
  let hidden = 0;
  for (const l of n.leaves) {
    if (!l.visible) { hidden++; continue; }
    const k = l.text ? 'text' : l.el.tag;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const parts = [...counts].map(([k, v]) => (v > 1 ? `${k}×${v}` : k));
  if (hidden) parts.push(`${hidden} not shown`);
  return parts.length ? parts.join(' ') : '-';
}

/** The DIV_FOREST: one line per DIV node, indented by depth. */
export function describeForest(f: DivForest): string {
  const lines: string[] = [];
  const depth = new Map<DivNode, number>();
  for (const n of f.nodes) {
    const d = n.parent ? depth.get(n.parent)! + 1 : 0;
    depth.set(n, d);
    const state = f.join.state[n.el.id];
    const o = n.own;
    lines.push(`${'  '.repeat(d)}${elementName(n.el)}${state === Shown.VISIBLE ? '' : ` [${SHOWN_NAMES[state]}]`}` +
      ` leaves: ${leafSummary(n)}; text ${o.textLen} (links ${o.linkTextLen}), words ${o.words}, html ${o.htmlNumber}, box ${rectText(o.box)}`);
  }
  return lines.join('\n') + '\n';
}

/** The page block pool, and the verdicts on the nodes that were divided. */
export function describePool(pool: PagePool, f: DivForest): string {
  const lines: string[] = [];
  for (const n of f.nodes) {
    const v = pool.verdicts[n.index];
    if (v?.mark === 'D') lines.push(`divided ${elementName(n.el)}: ${v.rule}, ${v.why}`);
  }
  for (const b of pool.blocks) {
    const v = b.verdict;
    lines.push(`#${b.index} ${elementName(b.root.el)} ${b.whole ? 'whole' : 'own'}: ${v.mark} ${v.rule} (${v.why}), Doc ${r1(b.doc)}; ` +
      `nodes ${b.nodes.length}, text ${b.features.textLen}, box ${rectText(b.features.box)}`);
  }
  return lines.join('\n') + '\n';
}

export function describeSeparators(seps: Separator[]): string {
  return seps.map((s) => `${s.a}|${s.b} ${s.orientation} gap ${r1(s.gap)}: spacing ${r2(s.spacing)}, difference ${r2(s.difference)}, weight ${r2(s.weight)}`).join('\n') + '\n';
}

/** The merges tried, then each semantic block with its measures and decision. */
export function describeSemantic(r: DvpsResult): string {
  const lines = r.reconstruction.steps.map((s) => `try ${s.left}+${s.right} across weight ${r2(s.weight)}: Doc ${r1(s.doc)} ${s.accepted ? 'merged' : 'kept apart'}`);
  for (const b of r.blocks) {
    lines.push(`S${b.index} = pool ${b.members.map((m) => m.index).join(',')}: Doc ${r1(b.doc)}, box ${rectText(b.box)}, text ${b.features.textLen}, ` +
      `Imp_s ${r2(b.spatial)}, Imp_y ${r2(b.semantic)}, RT ${r2(b.rt)}, RTopicTag ${r2(b.rTopicTag)}, RFunctionalTag ${r2(b.rFunctionalTag)}` +
      `${b.fn.terms.length ? `, terms [${b.fn.terms.join(', ')}]` : ''} → ${b.label}: ${b.reason}`);
    for (const part of b.functionParts) lines.push(`  function DIV block ${elementName(part.node.el)}: [${part.fn.terms.join(', ')}]`);
  }
  return lines.join('\n') + '\n';
}

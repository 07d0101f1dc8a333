#!/usr/bin/env node
// How the Site Style Tree's element-node merging constants were chosen (paper 001 §3.4; the
// paper's values were lost): template text removed (labelled noise) and content text not removed on unseen pages of the
// synthetic 'gazette' site (optional blocks, so <body> has several styles), without merging and
// for λ (mergeMinDocShare), σ (mergeMinSimilarity) ∈ {0.3, 0.5, 0.7}. Run after `npm run build`:
//   node bench/site-style-tree-merge.mjs [--seeds 8] [--site gazette|ledger|harbor]
import { syntheticStyleSite, toDoc, partOf } from '../dist/test/site-style-synthetic.js';
import { learnStyleTree } from '../dist/src/site/style-tree.js';
import { styleTreeLabels } from '../dist/src/site/style-map.js';
import { NOISE } from '../dist/src/page/labels.js';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith('--') ? [...a, [x.slice(2), all[i + 1]]] : a), []));
const seeds = Number(args.seeds ?? 8), site = args.site ?? 'gazette', SIZES = [5, 10, 20, 40], HELD_OUT = 5;
const configs = [{ mergeElements: false }, ...[0.3, 0.5, 0.7].flatMap((l) => [0.3, 0.5, 0.7].map((s) => ({ mergeMinDocShare: l, mergeMinSimilarity: s })))];
const samples = new Map();
for (const n of SIZES) for (let seed = 1; seed <= seeds; seed++) {
  const pages = syntheticStyleSite({ count: n + HELD_OUT, site, seed }).map((p) => toDoc(p.html));
  samples.set(`${n}:${seed}`, { train: pages.slice(0, n), test: pages.slice(n) });
}
/** Characters of own text by truth (data-part) and by the label in force. */
function score(tree, doc, acc) {
  const labels = styleTreeLabels(tree, doc);
  for (const el of doc.elements) {
    const part = partOf(el);
    if (el.ownTextLen === 0 || !part) continue;
    let label = 0;
    for (let q = el; q && !label; q = q.parent) label = labels.marks[q.id];
    // Unmatched parts (no label) go to the page level: content there is not lost.
    const k = part === 'template' ? (label === NOISE ? 'tRemoved' : 'tKept') : label === NOISE ? 'cLost' : 'cKept';
    acc[k] += el.ownTextLen;
  }
}
console.log(`site ${site}, ${seeds} seeds, ${HELD_OUT} unseen pages each: template text removed / content text kept`);
console.log('config'.padEnd(44) + SIZES.map((n) => `${n} pages`.padStart(14)).join(''));
for (const cfg of configs) {
  const cells = SIZES.map((n) => {
    const acc = { tRemoved: 0, tKept: 0, cKept: 0, cLost: 0 };
    for (let seed = 1; seed <= seeds; seed++) {
      const { train, test } = samples.get(`${n}:${seed}`);
      const tree = learnStyleTree(train, cfg);
      for (const d of test) score(tree, d, acc);
    }
    return `${(acc.tRemoved / (acc.tRemoved + acc.tKept)).toFixed(3)}/${(acc.cKept / (acc.cKept + acc.cLost)).toFixed(3)}`.padStart(14);
  });
  console.log(JSON.stringify(cfg).padEnd(44) + cells.join(''));
}

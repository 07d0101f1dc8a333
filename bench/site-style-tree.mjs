#!/usr/bin/env node
// Site Style Tree (paper 001) on a synthetic news site: learning from N pages (time, peak RSS,
// heap after each quarter: the tree is kept, the pages are not), then mapping unseen pages next to
// page-level extract() in the same run. Run after `npm run build`:
//   node --expose-gc bench/site-style-tree.mjs [--pages 1000] [--map 200] [--seed 5]
// Figures are per core (single-threaded); compare ratios, not absolute times, across machines.
import { styleSite } from '../dist/test/site-style-synthetic.js';
import { parseHtml } from '../dist/src/dom/parse.js';
import { computeFeatures } from '../dist/src/dom/features.js';
import { StyleTreeBuilder } from '../dist/src/site/style-tree.js';
import { styleTreeLabels, mapStyleTree } from '../dist/src/site/style-map.js';
import { extract } from '../dist/src/page/extract.js';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith('--') ? [...a, [x.slice(2), all[i + 1]]] : a), []));
const N = Number(args.pages ?? 1000), M = Number(args.map ?? 200), seed = Number(args.seed ?? 5);
const page = styleSite(seed);
const mib = (b) => (b / 1048576).toFixed(1);
const heap = () => { globalThis.gc?.(); return process.memoryUsage().heapUsed; };
const doc = (html) => { const d = parseHtml(html); computeFeatures(d); return d; };

// ---- learning: pages are made, parsed, merged and dropped one at a time ----
const heap0 = heap();
let bytes = 0, tParse = 0, tAdd = 0;
const quarters = [];
const builder = new StyleTreeBuilder();
for (let i = 0; i < N; i++) {
  const html = page(i);
  bytes += Buffer.byteLength(html);
  const t0 = performance.now();
  const d = doc(html);
  const t1 = performance.now();
  builder.add(d);
  tAdd += performance.now() - t1;
  tParse += t1 - t0;
  if ((i + 1) % Math.max(1, Math.floor(N / 4)) === 0) quarters.push(`${i + 1}: ${mib(heap() - heap0)}`);
}
const t2 = performance.now();
const tree = builder.finish();
const tFinish = performance.now() - t2;
const json = JSON.stringify(tree);
console.log(`synthetic site: ${N} pages, ${mib(bytes)} MiB of HTML (${(bytes / N / 1024).toFixed(1)} KiB/page), seed ${seed}`);
console.log(`learn: ${(tAdd + tFinish).toFixed(0)} ms (merge pages ${tAdd.toFixed(0)} ms + importance/marking/simplify ${tFinish.toFixed(0)} ms); parse+features of the same pages ${tParse.toFixed(0)} ms; learning = ${((tAdd + tFinish) / tParse).toFixed(2)}x parsing`);
console.log(`tree: ${tree.counts.elementNodes} element / ${tree.counts.styleNodes} style nodes before simplification, ${tree.counts.mergedElementNodes} merged, ${tree.elements.length} kept; JSON ${(json.length / 1024).toFixed(1)} KiB; threshold ${tree.threshold.toFixed(3)} (${tree.thresholdRule.method})`);
console.log(`heap above start after pages (MiB, after gc${globalThis.gc ? '' : ' — run with --expose-gc'}): ${quarters.join(', ')}`);
console.log(`peak RSS so far: ${mib(process.resourceUsage().maxRSS * 1024)} MiB`);

// ---- mapping unseen pages, next to page-level extraction, same pages, same run ----
const unseen = Array.from({ length: M }, (_, i) => page(N + i));
const best = (k, f) => { let t = Infinity; for (let i = 0; i < k; i++) { const t0 = performance.now(); f(); t = Math.min(t, performance.now() - t0); } return t; };
const parsed = unseen.map(doc);
const tMapOnly = best(3, () => { for (const d of parsed) mapStyleTree(tree, d); });
const tLabels = best(3, () => { for (const h of unseen) styleTreeLabels(tree, doc(h)); });
const tParseOnly = best(3, () => { for (const h of unseen) doc(h); });
const tExtract = best(3, () => { for (const h of unseen) extract(h); });
const ps = (ms) => (M / ms * 1000).toFixed(0).padStart(7);
console.log(`${M} unseen pages, pages/s (best of 3):`);
console.log(`  map onto the SST (parsed pages)      ${ps(tMapOnly)}`);
console.log(`  parse + features + SST labels        ${ps(tLabels)}   (${(tExtract / tLabels).toFixed(2)}x extract)`);
console.log(`  parse + features only                ${ps(tParseOnly)}`);
console.log(`  extract() (page level, default)      ${ps(tExtract)}`);
console.log(`peak RSS: ${mib(process.resourceUsage().maxRSS * 1024)} MiB`);

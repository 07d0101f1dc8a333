#!/usr/bin/env node
// Site Style Tree (paper 001) on the multi-page hosts of a dev set, leave-one-out: learn from a
// group's other pages (big9: a site's pages of one year; others: a host's pages), map the held-out
// page. A DIAGNOSTIC PROXY, not the official metric: bag-of-words precision / recall / F1 of the
// text kept, against the truth text, for the page's whole text, the SST alone (all text minus its
// noisy parts; its meaningful parts only), page-level extract(), and extract() whose labels the
// SST's noisy parts override (through ExtractOptions.site). Run after `npm run build`:
//   node bench/site-style-tree-datasets.mjs [big9|dragnet|l3s-gn1] [minPages 5] [heldOutPerGroup 3]
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseHtml } from '../dist/src/dom/parse.js';
import { computeFeatures } from '../dist/src/dom/features.js';
import { learnStyleTree } from '../dist/src/site/style-tree.js';
import { mapStyleTree } from '../dist/src/site/style-map.js';
import { extract } from '../dist/src/page/extract.js';
import { NOISE } from '../dist/src/page/labels.js';
const D = fileURLToPath(new URL('../../shared/datasets/', import.meta.url)) + (process.argv[2] ?? 'big9');
const minPages = +(process.argv[3] ?? 5), maxHeld = +(process.argv[4] ?? 3);
const man = fs.readFileSync(D + '/manifest.jsonl', 'utf8').trim().split('\n').map(JSON.parse);
const groups = new Map();
for (const m of man) { if (m.anomaly) continue; const k = m.site ? m.site + '-' + m.year : m.host; if (!groups.has(k)) groups.set(k, []); groups.get(k).push(m); }
const words = s => (s.toLowerCase().match(/\p{L}+/gu) ?? []);
const bagOf = ws => { const b = new Map(); for (const w of ws) b.set(w, (b.get(w) ?? 0) + 1); return b; };
const size = b => { let s = 0; for (const c of b.values()) s += c; return s; };
const inter = (a, b) => { let s = 0; for (const [w, c] of a) s += Math.min(c, b.get(w) ?? 0); return s; };
/** Words of the text below doc.body, not descending into elements `keep` refuses. */
function textWords(doc, keep) { const out = []; const st = [doc.body ?? doc.root]; while (st.length) { const e = st.pop(); if (!keep(e)) continue; for (let i = e.children.length - 1; i >= 0; i--) { const c = e.children[i]; if (c.kind === 3) out.push(c.data); else st.push(c); } } return words(out.join(' ')); }
const load = m => zlib.gunzipSync(fs.readFileSync(`${D}/html/${m.id}.html.gz`)).toString('utf8');
const doc = h => { const d = parseHtml(h); computeFeatures(d); return d; };
const acc = {};
const add = (name, b, tw) => { const a = acc[name] ??= { tp: 0, out: 0, truth: 0 }; a.tp += inter(b, tw); a.out += size(b); a.truth += size(tw); };
let groupsUsed = 0, pagesUsed = 0;
for (const [k, ms] of groups) {
  if (ms.length < minPages) continue;
  groupsUsed++;
  const htmls = ms.map(load); const docs = htmls.map(doc);
  for (let h = 0; h < Math.min(ms.length, maxHeld); h++) {
    let tree; try { tree = learnStyleTree(docs.filter((_, i) => i !== h)); } catch (e) { continue; }
    pagesUsed++;
    const d = docs[h];
    const m = mapStyleTree(tree, d);
    const tw = bagOf(words(fs.readFileSync(`${D}/truth/${ms[h].id}.txt`, 'utf8')));
    const noise = new Set([...m.noisy, ...m.locallyNoisy]);
    const mean = new Set(m.meaningful);
    // all body text minus noise
    add('page text (all)', bagOf(textWords(d, () => true)), tw);
    add('SST: all minus noisy', bagOf(textWords(d, e => !noise.has(e))), tw);
    const inMean = []; for (const e of m.meaningful) { inMean.push(...textWords({ body: e }, x => !noise.has(x))); }
    add('SST: meaningful only', bagOf(inMean), tw);
    add('extract() page level', bagOf(words(extract(htmls[h]).text)), tw);
    const site = { host: k, refine(dd, labels) { const mm = mapStyleTree(tree, dd); for (const e of [...mm.noisy, ...mm.locallyNoisy]) labels.set(e, NOISE, 'sst'); return labels; } };
    add('extract() + SST noise', bagOf(words(extract(htmls[h], { site }).text)), tw);
  }
}
console.log(`${D.split('/').pop()}: ${groupsUsed} groups with ≥ ${minPages} pages, ${pagesUsed} held-out pages (leave-one-out, ≤ ${maxHeld} per group); bag-of-words P / R / F1 against the truth text`);
for (const [n, a] of Object.entries(acc)) { const P = a.tp / a.out, R = a.tp / a.truth; console.log(n.padEnd(24), P.toFixed(3), R.toFixed(3), (2 * P * R / (P + R)).toFixed(3)); }

#!/usr/bin/env node
// Trains the block classifier of the default labeler (src/page/learned.ts) on the development
// sets' ground truth and writes src/page/block-model.generated.ts.
//   npm run build && node scripts/train-block-model.mjs [--data ../shared/datasets]
//   npm run build && node scripts/train-block-model.mjs --cv 4 --out DIR
// With --cv K it writes no model: it trains K models on host-grouped folds, extracts every page
// with the model that did not see its host, and writes DIR/<set>/<id>.txt for the reference
// scorer (../shared/eval/score.mjs --dataset SET --out DIR/SET): honest, held-out figures.
// Labels: a unit is as much content as the share of its word trigrams found in the truth text.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { parseHtml } from '../dist/src/dom/parse.js';
import { computeFeatures } from '../dist/src/dom/features.js';
import { labelDefault } from '../dist/src/page/default.js';
import { pageTitle } from '../dist/src/page/metadata.js';
import { BLOCK_FEATURES, N_BLOCK_FEATURES as F, blockFeatures, textUnits, unitText } from '../dist/src/page/block-features.js';
import { trainGbdt } from '../dist/src/learn/gbdt.js';
import { extract } from '../dist/src/index.js';

const { values: a } = parseArgs({ options: {
  data: { type: 'string', default: '../shared/datasets' }, cv: { type: 'string' }, out: { type: 'string' },
  sets: { type: 'string', default: 'wcxb-dev,cleaneval,dragnet,l3s-gn1,big9,readability' },
  trees: { type: 'string', default: '100' }, depth: { type: 'string', default: '6' },
  rate: { type: 'string', default: '0.2' }, subsample: { type: 'string', default: '0.3' },
} });
const GBDT = { trees: +a.trees, depth: +a.depth, learningRate: +a.rate, subsample: +a.subsample, seed: 1 };

function words(text, asciiOnly) {
  // l3s-gn1's truth has '?' for every non-ASCII character: compare like with like.
  return (asciiOnly ? text.replace(/[^\x00-\x7f]/g, '?') : text).toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function grams(tokens, n) {
  const s = new Set();
  for (let i = 0; i + n <= tokens.length; i++) s.add(tokens.slice(i, i + n).join(' '));
  return s;
}

/** Share of the unit's word trigrams (bigram, word for shorter units) found in the truth. */
function contentShare(t, truth) {
  const n = Math.min(3, t.length);
  if (n === 0) return 0;
  let hit = 0;
  for (let i = 0; i + n <= t.length; i++) if (truth[n - 1].has(t.slice(i, i + n).join(' '))) hit++;
  return hit / (t.length - n + 1);
}

function loadSet(name) {
  const dir = `${a.data}/${name}`;
  const rows = fs.readFileSync(`${dir}/manifest.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const out = { name, x: [], y: [], w: [], page: [], pages: [] };
  for (const row of rows) {
    if (row.truth_format !== 'text') continue;
    // Anomalous pages (a gold text of another article) teach nothing; they are still extracted in --cv.
    if (row.anomaly) { out.pages.push({ id: row.id, html: `${dir}/${row.html}`, host: row.host ?? row.site ?? row.id }); continue; }
    const html = zlib.gunzipSync(fs.readFileSync(`${dir}/${row.html}`)).toString('utf8');
    const tt = words(fs.readFileSync(`${dir}/${row.truth}`, 'utf8'), name === 'l3s-gn1');
    const truth = [grams(tt, 1), grams(tt, 2), grams(tt, 3)];
    const doc = parseHtml(html, { maxNodes: 200_000, maxMillis: 10_000 });
    computeFeatures(doc);
    const base = labelDefault(doc);
    const units = textUnits(doc);
    const x = blockFeatures(doc, units, { labels: base, root: base.root, hub: base.pageType === 'hub', title: pageTitle(doc) });
    const pageIndex = out.pages.length;
    let total = 0;
    const first = out.y.length;
    units.forEach((u, k) => {
      const t = words(unitText(u), name === 'l3s-gn1');
      out.x.push(x.subarray(k * F, (k + 1) * F)); out.y.push(contentShare(t, truth)); out.w.push(t.length); out.page.push(pageIndex);
      total += t.length;
    });
    // Every page weighs the same, as in the benchmarks' mean-over-pages scores.
    for (let i = first; i < out.y.length; i++) out.w[i] = total ? (100 * out.w[i]) / total : 0;
    out.pages.push({ id: row.id, html: `${dir}/${row.html}`, host: row.host ?? row.site ?? row.id });
  }
  process.stderr.write(`${name}: ${out.pages.length} pages, ${out.y.length} units\n`);
  return out;
}

function pack(sets, keepRow) {
  let n = 0;
  for (const s of sets) for (let i = 0; i < s.y.length; i++) if (keepRow(s, i)) n++;
  const X = new Float32Array(n * F), Y = new Float32Array(n), W = new Float32Array(n);
  let j = 0;
  for (const s of sets) for (let i = 0; i < s.y.length; i++) if (keepRow(s, i)) { X.set(s.x[i], j * F); Y[j] = s.y[i]; W[j] = s.w[i]; j++; }
  return { X, Y, W };
}

function hash(s) { let h = 2166136261; for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619); return h >>> 0; }

const sets = a.sets.split(',').map(loadSet);
if (a.cv) {
  if (!a.out) throw new Error('--cv needs --out DIR');
  const K = +a.cv;
  const foldOf = (s, q) => hash(`${s.name}/${s.pages[q].host}`) % K;
  for (let k = 0; k < K; k++) {
    const { X, Y, W } = pack(sets, (s, i) => foldOf(s, s.page[i]) !== k);
    const blockModel = { features: BLOCK_FEATURES, gbdt: trainGbdt(X, F, Y, W, GBDT) };
    for (const s of sets) {
      fs.mkdirSync(`${a.out}/${s.name}`, { recursive: true });
      s.pages.forEach((pg, q) => {
        if (foldOf(s, q) !== k) return;
        const text = extract(zlib.gunzipSync(fs.readFileSync(pg.html)), { blockModel }).text;
        fs.writeFileSync(`${a.out}/${s.name}/${pg.id}.txt`, text);
      });
    }
    process.stderr.write(`fold ${k + 1}/${K} done\n`);
  }
  console.log(`held-out outputs in ${a.out}/<set>; score each with node ../shared/eval/score.mjs --dataset SET --out ${a.out}/SET`);
} else {
  const { X, Y, W } = pack(sets, () => true);
  const gbdt = trainGbdt(X, F, Y, W, GBDT);
  const r = (v) => Number(v.toPrecision(6));
  const compact = { ...gbdt, base: r(gbdt.base), trees: gbdt.trees.map((t) => ({ ...t, threshold: t.threshold.map((v) => Math.fround(v)), value: t.value.map(r) })) };
  const body = `// Generated by scripts/train-block-model.mjs (${GBDT.trees} trees, depth ${GBDT.depth}, rate ${GBDT.learningRate}) ` +
    `from ${sets.map((s) => `${s.name} (${s.pages.length})`).join(', ')}. Do not edit.\n` +
    `import type { BlockModel } from './learned.js';\n\n` +
    `export const BLOCK_MODEL: BlockModel = ${JSON.stringify({ features: BLOCK_FEATURES, gbdt: compact })};\n`;
  fs.writeFileSync('src/page/block-model.generated.ts', body);
  console.log(`wrote src/page/block-model.generated.ts (${(body.length / 1024).toFixed(0)} KiB); rebuild with npm run build`);
}

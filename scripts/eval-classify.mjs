#!/usr/bin/env node
// Paper 000 §7.1 / paper 002 §5.2 on real data: does a classifier trained and tested on topic
// content beat the same classifier on the raw page? Page-type classification on wcxb-dev's
// `page_type` labels (article, service, product, collection, forum, listing, documentation).
//
//   raw      the visible text of the whole page (pageVisibleText: body text minus what markup hides)
//   content  the topic content, extract(html).text (the shipped default extractor)
//
// Same terms (classifierTerms), same algorithm and parameters, same split: k folds grouped by
// host (a host's pages are never in the fold that trains the model scoring them), hosts shuffled
// with a seeded PRNG. Predictions of all folds are pooled and scored: macro-F1 (mean of per-class
// F1), accuracy, and the per-fold macro-F1 spread. Also: which pages each input alone gets right
// (a paired comparison), and the majority-class baseline.
//
// Usage: npm run build && node scripts/eval-classify.mjs [--data DIR] [--folds 5] [--seed 1]
//          [--features 2000[,N…]] [--k 19[,N…]] [--limit N] [--cache FILE] [--json]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { extract, pageVisibleText, classifierTerms, trainClassifier, classify, classificationReport } from '../dist/src/index.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: join(REPO, '..', 'shared', 'datasets', 'wcxb-dev') },
    folds: { type: 'string', default: '5' }, seed: { type: 'string', default: '1' },
    features: { type: 'string', default: '2000' }, k: { type: 'string', default: '19' },
    limit: { type: 'string' }, cache: { type: 'string' }, json: { type: 'boolean', default: false },
  },
});
const FOLDS = Number(values.folds), SEED = Number(values.seed);
const FEATURES = values.features.split(',').map(Number), KS = values.k.split(',').map(Number);
const log = (s) => process.stderr.write(s + '\n');

// ---- pages → texts (cached: extraction is the slow part) --------------------------------------
function loadTexts() {
  if (values.cache && existsSync(values.cache)) return JSON.parse(readFileSync(values.cache, 'utf8'));
  let rows = readFileSync(join(values.data, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  rows = rows.filter((r) => typeof r.page_type === 'string');
  if (values.limit) rows = rows.slice(0, Number(values.limit));
  const out = [];
  const t0 = performance.now();
  let failed = 0;
  for (const [i, r] of rows.entries()) {
    const html = gunzipSync(readFileSync(join(values.data, r.html))).toString('utf8');
    let raw = '', content = '';
    try { raw = pageVisibleText(html); } catch { failed++; }
    try { content = extract(html, { url: r.url }).text; } catch { failed++; }
    let host = r.host;
    if (!host) { try { host = new URL(r.url).hostname; } catch { host = `id:${r.id}`; } }
    out.push({ id: r.id, host, label: r.page_type, raw, content });
    if ((i + 1) % 250 === 0) log(`  ${i + 1}/${rows.length} pages (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  if (failed) log(`  ${failed} extractions failed (empty text used)`);
  if (values.cache) writeFileSync(values.cache, JSON.stringify(out));
  return out;
}

// ---- host-grouped, seeded folds ---------------------------------------------------------------
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hostFolds(pages, k, seed) {
  const hosts = [...new Set(pages.map((p) => p.host))].sort();
  const rnd = mulberry32(seed);
  for (let i = hosts.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [hosts[i], hosts[j]] = [hosts[j], hosts[i]]; }
  const foldOf = new Map(hosts.map((h, i) => [h, i % k]));
  return pages.map((p) => foldOf.get(p.host));
}

// ---- run ---------------------------------------------------------------------------------------
const pages = loadTexts();
const fold = hostFolds(pages, FOLDS, SEED);
const terms = { raw: pages.map((p) => classifierTerms(p.raw)), content: pages.map((p) => classifierTerms(p.content)) };
const gold = pages.map((p) => p.label);
log(`${pages.length} pages, ${new Set(pages.map((p) => p.host)).size} hosts, ${FOLDS} folds (seed ${SEED})`);

const results = [];
const predictions = {};
for (const algorithm of ['knn', 'nb']) {
  for (const features of FEATURES) {
    for (const k of algorithm === 'knn' ? KS : [null]) {
      for (const input of ['raw', 'content']) {
        const predicted = new Array(pages.length);
        const perFold = [];
        for (let f = 0; f < FOLDS; f++) {
          const train = [], testIdx = [];
          pages.forEach((p, i) => (fold[i] === f ? testIdx.push(i) : train.push({ label: p.label, terms: terms[input][i] })));
          const model = trainClassifier(train, { algorithm, features, ...(k ? { k } : {}), input });
          for (const i of testIdx) predicted[i] = classify(model, terms[input][i]).label;
          perFold.push(classificationReport(testIdx.map((i) => gold[i]), testIdx.map((i) => predicted[i])).macroF1);
        }
        const r = classificationReport(gold, predicted);
        const mean = perFold.reduce((s, x) => s + x, 0) / FOLDS;
        const sd = Math.sqrt(perFold.reduce((s, x) => s + (x - mean) ** 2, 0) / (FOLDS - 1));
        const key = `${algorithm}|${features}|${k ?? ''}`;
        (predictions[key] ??= {})[input] = predicted;
        results.push({ algorithm, features, k, input, macroF1: r.macroF1, accuracy: r.accuracy, foldMean: mean, foldSd: sd, classes: r.classes });
        log(`  ${algorithm}${k ? ` k=${k}` : ''} features=${features} ${input}: macro-F1 ${r.macroF1.toFixed(3)}, accuracy ${r.accuracy.toFixed(3)}`);
      }
    }
  }
}

// Paired: pages only one input gets right.
const paired = Object.entries(predictions).map(([key, p]) => {
  let rawOnly = 0, contentOnly = 0;
  for (let i = 0; i < pages.length; i++) {
    const a = p.raw[i] === gold[i], b = p.content[i] === gold[i];
    if (a && !b) rawOnly++; else if (b && !a) contentOnly++;
  }
  return { key, rawOnly, contentOnly };
});
const counts = {};
for (const g of gold) counts[g] = (counts[g] ?? 0) + 1;
const majority = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
const baseline = classificationReport(gold, gold.map(() => majority));

if (values.json) {
  process.stdout.write(JSON.stringify({ pages: pages.length, folds: FOLDS, seed: SEED, classes: counts, baseline: { majority, macroF1: baseline.macroF1, accuracy: baseline.accuracy }, results, paired }, null, 1) + '\n');
} else {
  const lines = [
    `wcxb-dev page_type, ${pages.length} pages, ${FOLDS}-fold host-grouped CV (seed ${SEED}); pooled predictions`,
    '',
    '| algorithm | features | input | macro-F1 | accuracy | per-fold macro-F1 (mean ± sd) | pages only this input gets right |',
    '|---|---:|---|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const pr = paired.find((x) => x.key === `${r.algorithm}|${r.features}|${r.k ?? ''}`);
    lines.push(`| ${r.algorithm === 'knn' ? `χ² + KNN (k = ${r.k})` : 'χ² + Naive Bayes'} | ${r.features} | ${r.input} | ${r.macroF1.toFixed(3)} | ${r.accuracy.toFixed(3)} | ${r.foldMean.toFixed(3)} ± ${r.foldSd.toFixed(3)} | ${r.input === 'raw' ? pr.rawOnly : pr.contentOnly} |`);
  }
  lines.push('', `majority class (${majority}): macro-F1 ${baseline.macroF1.toFixed(3)}, accuracy ${baseline.accuracy.toFixed(3)}`);
  lines.push('', 'per-class F1 (raw → content):');
  for (const key of Object.keys(predictions)) {
    const [a, f, k] = key.split('|');
    const raw = results.find((r) => r.algorithm === a && String(r.features) === f && String(r.k ?? '') === k && r.input === 'raw');
    const con = results.find((r) => r.algorithm === a && String(r.features) === f && String(r.k ?? '') === k && r.input === 'content');
    lines.push(`  ${a}${k ? ` k=${k}` : ''} ${f}: ` + raw.classes.map((c, i) => `${c.label} ${c.f1.toFixed(2)}→${con.classes[i].f1.toFixed(2)}`).join(', '));
  }
  process.stdout.write(lines.join('\n') + '\n');
}

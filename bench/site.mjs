#!/usr/bin/env node
// Site models on synthetic sites (src/synth/). Run after `npm run build`:
//   node bench/site.mjs [--pages 200] [--sample 20] [--learn 1000] [--seed 3] [--json FILE]
// 1. Applying a model: pages/s of extract() with a site model next to extract() alone, same
//    pages, same run, one core (ratios hold across machines; absolute rates do not).
// 2. Learning from many pages of one site: time and peak RSS of a child process that generates
//    the pages one at a time and feeds them to SiteSample (HTML dropped as each page is read;
//    text templates from at most 400 pages and the style tree from at most 500, hash-chosen
//    samples), at a quarter of --learn, at --learn and at twice it (memory must stop growing),
//    next to a child that only generates the pages and one without the style tree.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extract } from '../dist/src/index.js';
import { synthSite, SYNTH_TEMPLATES } from '../dist/src/synth/index.js';
import { learnSite, SiteSample } from '../dist/src/site/model.js';
import { siteRefiner } from '../dist/src/site/refine.js';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith('--') ? [...a, [x.slice(2), all[i + 1]]] : a), []));

if (args.child) { child(); process.exit(0); }

const P = Number(args.pages ?? 200), S = Number(args.sample ?? 20), L = Number(args.learn ?? 1000), seed = Number(args.seed ?? 3);

// ------------------------------------------------------------------ 1. applying a model
const perTemplate = Math.ceil(P / SYNTH_TEMPLATES.length);
const sites = SYNTH_TEMPLATES.map((t, i) => synthSite({ seed: seed * 100 + i, pages: S + perTemplate, template: t, lang: 'en' }));
let t0 = performance.now();
const models = sites.map((s) => learnSite(s.slice(0, S)));
const learnMs = performance.now() - t0;
const pages = sites.flatMap((s, i) => s.slice(S).map((p) => ({ p, model: models[i] })));
const bytes = pages.reduce((a, { p }) => a + Buffer.byteLength(p.html), 0);

const refiners = new Map();
const refiner = (model, combine) => {
  const k = `${model.host}/${combine}`;
  if (!refiners.has(k)) refiners.set(k, siteRefiner(model, { combine }));
  return refiners.get(k);
};
const variants = [
  ['extract (page level alone)', (ps) => { for (const { p } of ps) extract(p.html, { url: p.url }); }],
  ['extract + site model (text)', (ps) => { for (const { p, model } of ps) extract(p.html, { url: p.url, site: refiner(model, 'text') }); }],
  ['extract + site model (style-noise, default)', (ps) => { for (const { p, model } of ps) extract(p.html, { url: p.url, site: refiner(model, 'style-noise') }); }],
];
// Warm every variant up, then time them in turns (best of 5 each), so JIT and machine noise fall on all alike.
for (const [, fn] of variants) fn(pages.slice(0, 20));
const best = variants.map(() => Infinity);
for (let round = 0; round < 5; round++) {
  variants.forEach(([, fn], i) => {
    const t = performance.now();
    fn(pages);
    best[i] = Math.min(best[i], performance.now() - t);
  });
}
const rows = variants.map(([label], i) => ({ label, pps: (pages.length / best[i]) * 1000, mbs: (bytes / 1e6 / best[i]) * 1000 }));
console.log(`applying: ${pages.length} pages (${(bytes / pages.length / 1024).toFixed(1)} KB each) of ${SYNTH_TEMPLATES.length} synthetic sites; models learned from ${S} pages each (${(learnMs / models.length).toFixed(0)} ms per site)`);
for (const r of rows) {
  console.log(`  ${r.label.padEnd(44)} ${r.pps.toFixed(1).padStart(7)} pages/s ${r.mbs.toFixed(2).padStart(6)} MB/s  ${(r.pps / rows[0].pps).toFixed(2)}× page level`);
}

// ------------------------------------------------------------------ 2. learning from many pages
const script = fileURLToPath(import.meta.url);
const runChild = (n, mode) => {
  const r = spawnSync(process.execPath, ['--expose-gc', script, '--child', mode, '--n', String(n), '--seed', String(seed)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
};
console.log(`learning one site (news template) from generated pages, one child process each; live heap after the last page (after a GC):`);
const learning = [];
for (const n of [Math.round(L / 4), L, 2 * L]) {
  const gen = runChild(n, 'generate');
  const learn = runChild(n, 'learn');
  const text = runChild(n, 'learn-text');
  learning.push({ pages: n, htmlMB: +(learn.bytes / 1e6).toFixed(2), learnMs: Math.round(learn.ms), peakRssMB: +mb(learn.rss), textOnlyPeakRssMB: +mb(text.rss),
    generateOnlyPeakRssMB: +mb(gen.rss), liveHeapMB: +mb(learn.heap), textOnlyLiveHeapMB: +mb(text.heap), templates: learn.templates, styleNodes: learn.styleNodes,
    textPages: learn.textPages, stylePages: learn.stylePages });
  console.log(`  ${String(n).padStart(5)} pages (${(learn.bytes / 1e6).toFixed(1)} MB HTML): learn ${(learn.ms / 1000).toFixed(2)} s (${(n / learn.ms * 1000).toFixed(0)} pages/s), ` +
    `peak RSS ${mb(learn.rss)} MB (text templates only: ${mb(text.rss)} MB; generating only: ${mb(gen.rss)} MB), ` +
    `live heap ${mb(learn.heap)} MB (text only ${mb(text.heap)} MB); ${learn.templates} templates, style tree of ${learn.styleNodes} nodes; ` +
    `text templates from ${learn.textPages} pages, style tree from ${learn.stylePages}`);
}
if (args.json) {
  writeFileSync(args.json, JSON.stringify({ applying: { pages: pages.length, kbPerPage: +(bytes / pages.length / 1024).toFixed(1), sample: S, rows: rows.map((r) => ({ ...r, vsPageLevel: +(r.pps / rows[0].pps).toFixed(3) })) }, learning }, null, 1) + '\n');
}

function mb(x) { return (x / 1048576).toFixed(0); }

function child() {
  const n = Number(args.n), mode = args.child;
  const sample = new SiteSample(mode === 'learn-text' ? { styleTree: false } : {});
  let bytes = 0, ms = 0;
  for (let i = 0; i < n; i++) { // page by page: one page's HTML alive at a time
    const [p] = synthSite({ seed: Number(args.seed) * 7919 + i, pages: 1, template: 'news', host: 'bench.example', lang: 'en' });
    bytes += p.html.length;
    if (mode !== 'generate') { const t = performance.now(); sample.add({ url: p.url, html: p.html }); ms += performance.now() - t; }
  }
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed;
  let templates = 0, styleNodes = 0, textPages = 0, stylePages = 0;
  if (mode !== 'generate') {
    const t = performance.now();
    const m = sample.model();
    ms += performance.now() - t;
    templates = m.textTemplates.templates.length;
    styleNodes = m.styleTree?.elements.length ?? 0;
    textPages = m.learnedFrom.textPages ?? m.learnedFrom.distinct;
    stylePages = m.styleTree ? m.learnedFrom.stylePages ?? m.styleTree.pages : 0;
  }
  process.stdout.write(JSON.stringify({ ms, bytes, heap, rss: process.resourceUsage().maxRSS * 1024, templates, styleNodes, textPages, stylePages }));
}

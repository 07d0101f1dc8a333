#!/usr/bin/env node
// Issue 26's figures on rendered dev-set pages: paper 002's DVPS, the VIPS-style baseline and the
// default extractor, scored by the reference scorer on the same rendered pages.
//   npm run build && node scripts/eval-visual.mjs [--sets wcxb-dev,cleaneval,l3s-gn1] [--limit 300]
//     [--pages 2] [--out /tmp/thresher-visual] [--data ../shared/datasets] [--timeout 15000]
// Each set's first `limit` pages in manifest order are rendered offline in the system's Chromium
// (src/render-browser/): the page's bytes at its own URL, every other request refused. The
// datasets hold no external stylesheets, scripts or images, so a render is the page with its
// inline styles and inline scripts only: say so next to every figure.
// Renders are cached in OUT/cache/SET/ID.json.gz (the rendered HTML and its layout snapshot), so
// a second run, and the layout-feature training, reuse them.
// Writes OUT/SET-ALG/ID.txt for the algorithms below, a subset dataset OUT/data/SET (the same
// truths, the rendered pages' manifest rows) that the reference scorer reads, and prints a table:
//   static      the default extractor on the page as served (no browser)
//   rendered    the default extractor on the rendered DOM
//   dvps        extract(..., { algorithm: 'dvps', layout }) on the rendered DOM
//   vips        the same with VIPS_BASELINE_PARAMS (visual/dvps-params.ts)
// dvps and vips are what extract() returns: where their labeler keeps under 250 characters the
// cascade falls back to the default labeler; the table counts those pages.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { extract, VIPS_BASELINE_PARAMS } from '../dist/src/index.js';
import { RenderPool, renderPages } from '../dist/src/render-browser/index.js';
import { conventionOptions, conventionText } from '../dist/src/eval/conventions.js';
import { EXCLUDED_PAGES, OFFICIAL_METRIC } from '../dist/src/eval/dataset.js';

const { values: a } = parseArgs({ options: {
  sets: { type: 'string', default: 'wcxb-dev,cleaneval,l3s-gn1' }, limit: { type: 'string', default: '300' },
  pages: { type: 'string', default: '2' }, out: { type: 'string', default: '/tmp/thresher-visual' },
  data: { type: 'string', default: '../shared/datasets' }, timeout: { type: 'string', default: '15000' },
  'render-only': { type: 'boolean', default: false },
  // Only these page ids (comma-separated), e.g. the pages whose static extraction is (nearly) empty.
  ids: { type: 'string' },
} });
const OUT = path.resolve(a.out), DATA = path.resolve(a.data), LIMIT = +a.limit;
const ALGS = ['static', 'rendered', 'dvps', 'vips'];

/** The set's first `limit` pages in manifest order (of --ids, when given), without the pages its README leaves out. */
function rowsOf(set) {
  const skip = new Set(EXCLUDED_PAGES[set] ?? []);
  const only = a.ids ? new Set(a.ids.split(',')) : null;
  return fs.readFileSync(path.join(DATA, set, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l))
    .filter((r) => !skip.has(r.id) && (!only || only.has(r.id))).slice(0, LIMIT);
}
const htmlOf = (set, row) => zlib.gunzipSync(fs.readFileSync(path.join(DATA, set, row.html ?? `html/${row.id}.html.gz`)));
const cacheFile = (set, id) => path.join(OUT, 'cache', set, `${id}.json.gz`);

/** Renders what the cache lacks; returns per-page render facts. */
async function renderSet(set, rows, pool) {
  fs.mkdirSync(path.join(OUT, 'cache', set), { recursive: true });
  const todo = rows.filter((r) => !fs.existsSync(cacheFile(set, r.id)));
  const t0 = performance.now();
  let done = 0, failed = 0;
  const items = todo.map((row) => ({ input: htmlOf(set, row), options: { url: row.url, timeoutMs: +a.timeout }, tag: row }));
  for await (const o of renderPages(pool, items)) {
    done++;
    const rec = o.ok
      ? { ok: true, html: o.result.html, layout: o.result.layout, timings: o.result.timings, blocked: o.result.blocked, warnings: o.result.warnings }
      : { ok: false, error: `${o.error.code ?? ''} ${o.error.message}`.trim() };
    if (!o.ok) failed++;
    fs.writeFileSync(cacheFile(set, o.tag.id), zlib.gzipSync(JSON.stringify(rec)));
    if (done % 25 === 0) process.stderr.write(`${set}: rendered ${done}/${todo.length} (${failed} failed), ${((performance.now() - t0) / done).toFixed(0)} ms a page\n`);
  }
  return { rendered: todo.length, failed, seconds: (performance.now() - t0) / 1000 };
}

function writeOutputs(set, rows) {
  const conv = conventionOptions(set);
  for (const alg of ALGS) fs.mkdirSync(path.join(OUT, `${set}-${alg}`), { recursive: true });
  const facts = { pages: rows.length, renderFailed: 0, fallback: { dvps: 0, vips: 0 }, staticEmpty: 0, staticEmptyRenderedText: 0, ms: { dvps: 0, vips: 0, rendered: 0 } };
  const emptyIds = [];
  for (const row of rows) {
    const rec = JSON.parse(zlib.gunzipSync(fs.readFileSync(cacheFile(set, row.id))).toString('utf8'));
    const staticText = conventionText(extract(htmlOf(set, row), { url: row.url, ...conv, comments: conv.comments }));
    fs.writeFileSync(path.join(OUT, `${set}-static`, `${row.id}.txt`), staticText);
    if (staticText.length < 250) { facts.staticEmpty++; emptyIds.push(row.id); }
    if (!rec.ok) { facts.renderFailed++; for (const alg of ALGS.slice(1)) fs.writeFileSync(path.join(OUT, `${set}-${alg}`, `${row.id}.txt`), ''); continue; }
    const runs = {
      rendered: { url: row.url, ...conv },
      dvps: { url: row.url, ...conv, algorithm: 'dvps', layout: rec.layout },
      vips: { url: row.url, ...conv, algorithm: 'dvps', layout: rec.layout, dvps: VIPS_BASELINE_PARAMS },
    };
    for (const [alg, opts] of Object.entries(runs)) {
      const t = performance.now();
      const r = extract(rec.html, opts);
      facts.ms[alg] += performance.now() - t;
      if (alg !== 'rendered' && !r.attempts.find((x) => x.accepted)?.algorithm.startsWith('dvps')) facts.fallback[alg]++;
      fs.writeFileSync(path.join(OUT, `${set}-${alg}`, `${row.id}.txt`), conventionText(r));
      if (alg === 'rendered' && staticText.length < 250 && r.text.length >= 250) facts.staticEmptyRenderedText++;
    }
  }
  facts.emptyIds = emptyIds;
  return facts;
}

/** A dataset root with only these pages (the reference scorer scores every manifest row). */
function subsetData(set, rows) {
  const dir = path.join(OUT, 'data', set);
  fs.mkdirSync(dir, { recursive: true });
  for (const sub of ['html', 'truth', 'snippets']) {
    const target = path.join(DATA, set, sub), link = path.join(dir, sub);
    if (fs.existsSync(target) && !fs.existsSync(link)) fs.symlinkSync(target, link);
  }
  fs.writeFileSync(path.join(dir, 'manifest.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function score(set, alg) {
  const r = spawnSync(process.execPath, [path.join(DATA, '..', 'eval', 'score.mjs'), '--dataset', set, '--out', path.join(OUT, `${set}-${alg}`), '--data', path.join(OUT, 'data'), '--bootstrap', '0'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`score ${set} ${alg}: ${r.stderr}`);
  const s = JSON.parse(fs.readFileSync(path.join(OUT, `${set}-${alg}.score.json`), 'utf8'));
  return s;
}

const pool = new RenderPool({ pages: +a.pages });
const table = [];
try {
  for (const set of a.sets.split(',')) {
    const rows = rowsOf(set);
    const render = await renderSet(set, rows, pool);
    if (a['render-only']) { console.log(set, JSON.stringify(render)); continue; }
    subsetData(set, rows);
    const facts = writeOutputs(set, rows);
    const scores = Object.fromEntries(ALGS.map((alg) => [alg, score(set, alg)]));
    table.push({ set, render, facts, scores });
    fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(table, null, 1));
  }
} finally {
  await pool.close();
}
if (!a['render-only']) {
  const metricOf = (s, set) => s[OFFICIAL_METRIC[set] ?? 'wceb'].f1;
  console.log('Official metric per set (reference scorer); pages rendered offline with their inline styles and scripts only (the datasets hold no external assets).');
  console.log('| set | pages | static (default) | rendered (default) | DVPS | VIPS-style baseline | render failures | DVPS / VIPS fell back |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const t of table) {
    const f = (alg) => Number(metricOf(t.scores[alg], t.set)).toFixed(4);
    console.log(`| ${t.set} | ${t.facts.pages} | ${f('static')} | ${f('rendered')} | ${f('dvps')} | ${f('vips')} | ${t.facts.renderFailed} | ${t.facts.fallback.dvps} / ${t.facts.fallback.vips} |`);
  }
  for (const t of table) {
    console.log(`${t.set}: static output under 250 characters on ${t.facts.staticEmpty} pages; rendered, ${t.facts.staticEmptyRenderedText} of them give 250+; ` +
      `ms a page: rendered-default ${(t.facts.ms.rendered / t.facts.pages).toFixed(1)}, dvps ${(t.facts.ms.dvps / t.facts.pages).toFixed(1)}, vips ${(t.facts.ms.vips / t.facts.pages).toFixed(1)}; render ${t.render.rendered} pages in ${t.render.seconds.toFixed(0)} s`);
  }
}

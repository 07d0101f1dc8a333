#!/usr/bin/env node
/**
 * Render time and browser memory on dataset pages (docs/rendering.md): N pages spread evenly over
 * a dataset's manifest, rendered offline in one RenderPool, one after another (or `--pages K` at
 * once). Reports the render time per page (median, p95, and its load / settle / snapshot parts),
 * the pool's peak memory (sum of RSS over the browser's processes, sampled every 100 ms, and the
 * same in PSS, which counts shared pages once), Node's own peak RSS, how many requests were
 * blocked, and how much of thresher's parse of each rendered page joined to its layout.
 *
 * The dataset pages come without their stylesheets, scripts and images (only the HTML was kept):
 * offline, every such request is blocked, so a page renders with its inline styles and inline
 * scripts only. Say so next to every figure.
 *
 *   npm run build && node scripts/render-bench.mjs --data ../shared/datasets/wcxb-dev --n 50
 *   options: --pages K (tabs at once, default 1) --timeout MS (per page, default 15000)
 *            --build DIR (the compiled tree, default dist) --json (one JSON object)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values: a } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/datasets/wcxb-dev' },
    n: { type: 'string', default: '50' },
    pages: { type: 'string', default: '1' },
    timeout: { type: 'string', default: '15000' },
    build: { type: 'string', default: 'dist' },
    json: { type: 'boolean', default: false },
  },
});
const root = path.resolve(process.cwd(), a.build);
const load = (p) => import(pathToFileURL(path.join(root, p)).href);
const { RenderPool } = await load('src/render-browser/index.js');
const { pssBytes, rssBytes } = await load('src/render-browser/procs.js');
const { parseHtml } = await load('src/dom/parse.js');
const { computeFeatures } = await load('src/dom/features.js');
const { joinLayout } = await load('src/visual/layout.js');

const manifest = fs.readFileSync(path.join(a.data, 'manifest.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const n = Math.min(Number(a.n), manifest.length);
const step = manifest.length / n;
const chosen = Array.from({ length: n }, (_, i) => manifest[Math.floor(i * step)]);

const pool = new RenderPool({ pages: Number(a.pages) });
let peakRss = 0, peakPss = 0, peakProcs = 0, peakNode = 0;
const sample = () => {
  const pids = pool.processIds();
  let rss = 0, pss = 0;
  for (const pid of pids) { rss += rssBytes(pid); pss += pssBytes(pid); }
  peakRss = Math.max(peakRss, rss); peakPss = Math.max(peakPss, pss); peakProcs = Math.max(peakProcs, pids.length);
  peakNode = Math.max(peakNode, process.memoryUsage().rss);
};
const sampler = setInterval(sample, 100);

const rows = [];
const t0 = Date.now();
let next = 0;
async function worker() {
  while (next < chosen.length) {
    const rec = chosen[next++];
    let bytes = fs.readFileSync(path.join(a.data, rec.html));
    if (rec.html.endsWith('.gz')) bytes = zlib.gunzipSync(bytes);
    const t = Date.now();
    try {
      const r = await pool.render(new Uint8Array(bytes), { url: rec.url, timeoutMs: Number(a.timeout) });
      const ms = Date.now() - t;
      sample();
      const doc = parseHtml(r.html);
      computeFeatures(doc);
      const j = joinLayout(doc, r.layout);
      rows.push({ id: rec.id, ms, ...r.timings, blocked: r.blocked, warnings: r.warnings.length, coverage: j.matched / Math.max(1, doc.elements.length - 1), elements: doc.elements.length - 1 });
    } catch (e) {
      rows.push({ id: rec.id, ms: Date.now() - t, error: `${e.code ?? ''} ${e.message}` });
    }
  }
}
// The first launch is not a page's time: start the browser before the clock of the first page.
await pool.render('<p>warm-up</p>', { url: 'https://warm-up.invalid/' });
await Promise.all(Array.from({ length: Number(a.pages) }, worker));
const wallS = (Date.now() - t0) / 1000;
clearInterval(sampler);
await pool.close();

const ok = rows.filter((r) => !r.error);
const q = (xs, p) => { const s = [...xs].sort((x, y) => x - y); return s.length ? s[Math.max(0, Math.min(s.length - 1, Math.ceil(p * s.length) - 1))] : NaN; };
const MiB = 1024 * 1024;
const out = {
  data: a.data, pages: rows.length, failed: rows.length - ok.length, tabs: Number(a.pages), timeoutMs: Number(a.timeout),
  msPerPage: { median: q(ok.map((r) => r.ms), 0.5), p95: q(ok.map((r) => r.ms), 0.95), max: q(ok.map((r) => r.ms), 1) },
  loadMs: { median: q(ok.map((r) => r.loadMs), 0.5), p95: q(ok.map((r) => r.loadMs), 0.95) },
  settleMs: { median: q(ok.map((r) => r.settleMs), 0.5), p95: q(ok.map((r) => r.settleMs), 0.95) },
  snapshotMs: { median: q(ok.map((r) => r.snapshotMs), 0.5), p95: q(ok.map((r) => r.snapshotMs), 0.95) },
  pagesPerSecond: Number((ok.length / wallS).toFixed(2)),
  peakBrowserRssMiB: Math.round(peakRss / MiB), peakBrowserPssMiB: Math.round(peakPss / MiB), peakBrowserProcesses: peakProcs,
  peakNodeRssMiB: Math.round(peakNode / MiB),
  blockedPerPage: { median: q(ok.map((r) => r.blocked), 0.5), max: q(ok.map((r) => r.blocked), 1) },
  pagesWithWarnings: ok.filter((r) => r.warnings > 0).length,
  joinCoverage: { median: q(ok.map((r) => r.coverage), 0.5), min: q(ok.map((r) => r.coverage), 0), mean: ok.reduce((s, r) => s + r.coverage, 0) / Math.max(1, ok.length) },
  errors: rows.filter((r) => r.error).map((r) => `${r.id}: ${r.error}`),
};
if (a.json) console.log(JSON.stringify(out, null, 2));
else {
  console.log(`${out.pages} pages of ${a.data} (inline styles and scripts only: external ones are not in the dataset, and blocked), ${out.tabs} tab(s), ${out.failed} failed`);
  console.log(`render time per page: median ${out.msPerPage.median} ms, p95 ${out.msPerPage.p95} ms, max ${out.msPerPage.max} ms (${out.pagesPerSecond} pages/s)`);
  console.log(`  load median ${out.loadMs.median} ms (p95 ${out.loadMs.p95}), settle median ${out.settleMs.median} ms (p95 ${out.settleMs.p95}), snapshot median ${out.snapshotMs.median} ms (p95 ${out.snapshotMs.p95})`);
  console.log(`peak browser memory: ${out.peakBrowserRssMiB} MiB RSS summed over ${out.peakBrowserProcesses} processes (${out.peakBrowserPssMiB} MiB PSS); Node ${out.peakNodeRssMiB} MiB RSS`);
  console.log(`blocked requests per page: median ${out.blockedPerPage.median}, max ${out.blockedPerPage.max}; pages with warnings: ${out.pagesWithWarnings}`);
  console.log(`layout join: median ${(out.joinCoverage.median * 100).toFixed(2)}% of parsed elements matched, mean ${(out.joinCoverage.mean * 100).toFixed(2)}%, min ${(out.joinCoverage.min * 100).toFixed(2)}%`);
  for (const e of out.errors) console.log(`error ${e}`);
}

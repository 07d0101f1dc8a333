#!/usr/bin/env node
// What page metadata costs next to an extraction, on N pages of a dataset (default: the first 300
// of ../shared/datasets/trafilatura). Three timings per pass, each over all pages:
//   A  extract(html, { url })                              the extraction the metadata joins
//   B  parseHtml + computeFeatures                         the tree extract() also builds
//   C  parseHtml + computeFeatures + extractMetadata
// The metadata's marginal cost is C − B (GC included, as in a real run), in process CPU time; the report gives it per
// page and as a share of A. Also the time inside extractMetadata alone (it can be charged with a
// GC pause that parsing's garbage triggered), and the title chooser's share of it. One warm-up pass, then the best of --rounds (7):
// on a shared, loaded machine the minimum is the figure least disturbed by other processes.
//   node scripts/bench-metadata.mjs [--pages N] [--rounds R] [--dataset DIR]
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from '../dist/src/index.js';
import { parseHtml } from '../dist/src/dom/parse.js';
import { computeFeatures } from '../dist/src/dom/features.js';
import { extractMetadata } from '../dist/src/page/metadata/index.js';
import { chooseTitle } from '../dist/src/page/metadata/title.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const dir = opt('--dataset', join(here, '..', '..', 'shared', 'datasets', 'trafilatura'));
const N = Number(opt('--pages', '300'));
const rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).slice(0, N);
const pages = rows.map((r) => ({ url: r.url?.trim(), html: gunzipSync(readFileSync(join(dir, r.html))).toString('utf8') }));

// While the block model is being retrained elsewhere, extract() may refuse the learned stage:
// the structural stage alone (model: false) is then timed, and the report says so.
let extractOptions = {};
try { extract(pages[0].html, { url: pages[0].url }); } catch (e) {
  extractOptions = { model: false };
  console.log(`extract() with the learned stage failed (${e.code ?? e.message}); timing extract({ model: false })`);
}

// Process CPU time (all threads, GC helpers included) rather than wall time: on a shared machine
// it is far less disturbed by other processes' scheduling.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

function pass() {
  let a = 0, b = 0, c = 0, inside = 0;
  let t = cpu();
  for (const p of pages) extract(p.html, { url: p.url, ...extractOptions });
  a = cpu() - t;
  t = cpu();
  for (const p of pages) { const d = parseHtml(p.html); computeFeatures(d); }
  b = cpu() - t;
  t = cpu();
  for (const p of pages) {
    const d = parseHtml(p.html); computeFeatures(d);
    const t1 = cpu();
    extractMetadata(d, { url: p.url });
    inside += cpu() - t1;
  }
  c = cpu() - t;
  // The title chooser (title.ts, another engineer's) alone, with the <title> text as its candidate.
  let title = 0;
  for (const p of pages) {
    const d = parseHtml(p.html); computeFeatures(d);
    const tt = d.head?.children.find((x) => x.kind === 1 && x.tag === 'title');
    const titleTag = tt?.children[0]?.kind === 3 ? tt.children[0].data.trim() : undefined;
    const t1 = cpu();
    chooseTitle(d, { titleTag, url: p.url });
    title += cpu() - t1;
  }
  return { a, b, c, inside, title };
}
const ROUNDS = Number(opt('--rounds', '7'));
pass();
let best = null;
for (let k = 0; k < ROUNDS; k++) {
  const r = pass();
  if (!best) best = r; else for (const key of Object.keys(r)) best[key] = Math.min(best[key], r[key]);
}
const per = (x) => (x / pages.length).toFixed(3);
const marginal = Math.max(0, best.c - best.b);
console.log(`pages: ${pages.length}`);
console.log(`A extract():                              ${per(best.a)} ms/page`);
console.log(`B parse + features:                       ${per(best.b)} ms/page`);
console.log(`C parse + features + extractMetadata:     ${per(best.c)} ms/page`);
console.log(`metadata, marginal (C − B):               ${per(marginal)} ms/page = ${(100 * marginal / best.a).toFixed(1)}% of extract()`);
console.log(`metadata, inside extractMetadata:         ${per(best.inside)} ms/page = ${(100 * best.inside / best.a).toFixed(1)}% of extract()`);
console.log(`  of which chooseTitle (title.ts), about:  ${per(best.title)} ms/page = ${(100 * best.title / best.a).toFixed(1)}% of extract()`);

// Metadata's share of an extraction, counted in instructions rather than time (the machines are
// shared and noisy; instruction counts are not). One mode per run, each under cachegrind:
//   for m in L A B C; do valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//     node --predictable bench/metadata-instructions.mjs $m; done
// L loads the pages only; A runs extract(); B parses and computes features; C does B, then
// extractMetadata. Metadata's share of extract() is (C − B) / (A − L). Options after the mode:
// [--pages N] (150) [--passes P] (2) [--dataset DIR] (../shared/datasets/trafilatura);
// a long run's cost is the difference of two pass counts; compare from pass 6 (V8 still optimises
// metadata's functions, each called once a page, in passes 2–4: docs/performance.md);
// THRESHER_DIST picks the build (dist).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [mode, ...rest] = process.argv.slice(2);
if (!['L', 'A', 'B', 'C'].includes(mode)) throw new Error('usage: metadata-instructions.mjs L|A|B|C [--pages N] [--passes P] [--dataset DIR]');
const opt = (name, dflt) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : dflt; };
const dir = opt('--dataset', join(ROOT, '..', 'shared', 'datasets', 'trafilatura'));
const dist = join(ROOT, process.env.THRESHER_DIST ?? 'dist', 'src');
const load = (p) => import(pathToFileURL(join(dist, p)).href);
const { parseHtml } = await load('dom/parse.js');
const { computeFeatures } = await load('dom/features.js');
const { extractMetadata } = await load('page/metadata/index.js');
const { extract } = await load('index.js');

const rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).slice(0, Number(opt('--pages', '150')));
const pages = rows.map((r) => ({ url: r.url?.trim(), html: gunzipSync(readFileSync(join(dir, r.html))).toString('utf8') }));
// A checksum of every mode's output, so that no work can be optimised away.
let sum = 0;
for (let pass = 0, passes = Number(opt('--passes', '2')); mode !== 'L' && pass < passes; pass++) {
  for (const p of pages) {
    if (mode === 'A') { sum += extract(p.html, { url: p.url }).text.length; continue; }
    const doc = parseHtml(p.html);
    computeFeatures(doc);
    sum += doc.elements.length;
    if (mode === 'C') sum += extractMetadata(doc, { url: p.url }).metadata.title.length;
  }
}
console.log(`${mode}: ${pages.length} pages, checksum ${sum}`);

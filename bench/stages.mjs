// Where extract() spends its time, per stage, once the JIT is warm (the page bench times whole calls):
//   npm run build && node bench/stages.mjs [--dataset trafilatura] [--passes 2] [--data DIR]
// Runs the default algorithm's stages one by one over every page of the set, `passes` times, and
// prints the last pass's mean ms per page for each stage next to a whole extract() call. Pin it to
// one core (taskset -c 0) to compare with `npm run bench`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const o = { dataset: 'trafilatura', passes: 2, data: join(ROOT, '..', 'shared', 'datasets') };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const k = argv[i].replace(/^--/, '');
  if (!(k in o)) throw new Error(`unknown argument ${argv[i]}; known: ${Object.keys(o).map((x) => `--${x}`).join(' ')}`);
  o[k] = typeof o[k] === 'number' ? Number(argv[++i]) : argv[++i];
}
const D = join(ROOT, 'dist', 'src');
const load = (p) => import(join(D, p));
const { parseHtml } = await load('dom/parse.js');
const { computeFeatures } = await load('dom/features.js');
const { labelDefault, DEFAULT_PARAMS } = await load('page/default.js');
const { textUnits, blockFeatures, N_BLOCK_FEATURES } = await load('page/block-features.js');
const { pageTitle } = await load('page/metadata/raw-title.js');
const { extractMetadata } = await load('page/metadata/index.js');
const { BLOCK_MODEL } = await load('page/block-model.generated.js');
const { predictProbaRows } = await load('learn/gbdt.js');
const { labelLearned, secondPass } = await load('page/learned.js');
const { applyContract } = await load('page/contract.js');
const { renderText } = await load('render/text.js');
const { extract } = await load('index.js');

const dir = join(o.data, o.dataset);
const rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const pages = rows.map((m) => ({ url: m.url, html: gunzipSync(readFileSync(join(dir, m.html ?? `html/${m.id}.html.gz`))).toString('utf8') }));

let ms = {};
const time = (stage, fn) => { const t = performance.now(); const r = fn(); ms[stage] = (ms[stage] ?? 0) + performance.now() - t; return r; };
let units = 0;
for (let pass = 0; pass < o.passes; pass++) {
  ms = {};
  units = 0;
  for (const { url, html } of pages) {
    const doc = time('parse', () => parseHtml(html));
    time('features', () => computeFeatures(doc));
    const meta = time('metadata', () => extractMetadata(doc, { url }));
    const base = time('structural labeler', () => labelDefault(doc, DEFAULT_PARAMS));
    const u = textUnits(doc);
    units += u.length;
    const ctx = { labels: base, root: base.root, hub: base.pageType === 'hub', title: pageTitle(doc), markupTokens: BLOCK_MODEL.markupTokens, wordTokens: BLOCK_MODEL.wordTokens, headline: meta.headline, articleBody: meta.articleBody };
    const x = time('block features', () => blockFeatures(doc, u, ctx));
    const p = time('trees, first pass', () => predictProbaRows(BLOCK_MODEL.gbdt, x, u.length, N_BLOCK_FEATURES));
    time('trees, second pass', () => secondPass(BLOCK_MODEL.smoother.gbdt, x, p));
    // The learned stage again as extract() runs it (features, both passes, selection, labels).
    const labels = time('learned stage, whole', () => labelLearned(doc, base, BLOCK_MODEL, { headline: meta.headline, articleBody: meta.articleBody }));
    time('output contract', () => applyContract(doc, labels, { headline: meta.headline, images: false, renderedHeadline: false }));
    time('render text', () => renderText(labels));
  }
  for (const { url, html } of pages) time('extract(), whole call', () => extract(html, { url }));
}
console.log(`${o.dataset}: ${pages.length} pages, ${(units / pages.length).toFixed(0)} text units per page; pass ${o.passes} of ${o.passes}, ms per page:`);
for (const [stage, t] of Object.entries(ms)) console.log(`  ${stage.padEnd(24)} ${(t / pages.length).toFixed(3)}`);

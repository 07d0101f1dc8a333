// DocView integration cost: `node bench/docview.mjs [--data DIR] [--pages 300] [--rounds 2]`
// Over the first N pages of a dataset, times extract(html) alone and extractPage + integrate
// (the pipeline's path: the page is parsed and cleaned once, then integrated) in the same run,
// alternating per page, and reports pages/s of both and the ratio — integration's overhead on
// top of cleaning. Build first (npm run build).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const o = { data: join(ROOT, '..', 'shared', 'datasets', 'wcxb-dev'), pages: 300, rounds: 2 };
for (let i = 2; i < process.argv.length; i++) {
  const k = process.argv[i].replace(/^--/, '');
  if (!(k in o)) { console.error(`unknown option ${process.argv[i]}`); process.exit(2); }
  o[k] = typeof o[k] === 'number' ? Number(process.argv[++i]) : process.argv[++i];
}
const { extract, extractPage, integrate } = await import(join(ROOT, 'dist/src/index.js'));
const rows = readFileSync(join(o.data, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, o.pages).map((l) => JSON.parse(l));
const pages = rows.map((r) => ({ url: r.url, html: gunzipSync(readFileSync(join(o.data, r.html))).toString('utf8') }));
let tExtract = 0, tIntegrate = 0, tIntegratePart = 0, n = 0;
for (const p of pages) { extract(p.html, { url: p.url }); integrate(extractPage(p.html, { url: p.url })); } // warm-up
for (let round = 0; round < o.rounds; round++) {
  for (const p of pages) {
    let t = performance.now();
    extract(p.html, { url: p.url });
    tExtract += performance.now() - t;
    t = performance.now();
    const v = integrate(extractPage(p.html, { url: p.url }));
    tIntegrate += performance.now() - t;
    tIntegratePart += v.timings.integrateMs;
    n++;
  }
}
console.log(JSON.stringify({
  pages: n, extractPagesPerSec: +(n / (tExtract / 1000)).toFixed(1), extractPlusIntegratePagesPerSec: +(n / (tIntegrate / 1000)).toFixed(1),
  ratio: +(tIntegrate / tExtract).toFixed(3), integrateShareOfTotal: +(tIntegratePart / tIntegrate).toFixed(3),
}));

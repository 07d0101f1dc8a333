// Profile one tool on a dataset in-process (for node --cpu-prof):
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.mjs [--tool thresher] [--dataset wcxb-dev] [--limit N] [--data DIR]
// Loads the pages first (untimed), runs the tool once over them, prints pages/s.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { TOOLS } from './tools.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const o = { tool: 'thresher', dataset: 'wcxb-dev', limit: 0, data: join(ROOT, '..', 'shared', 'datasets'), passes: 1 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const k = argv[i].replace(/^--/, '');
  if (!(k in o)) throw new Error(`unknown argument ${argv[i]}`);
  o[k] = typeof o[k] === 'number' ? Number(argv[++i]) : argv[++i];
}
const dir = join(o.data, o.dataset);
let rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
if (o.limit > 0) rows = rows.slice(0, o.limit);
const pages = rows.map((m) => ({ url: m.url, html: gunzipSync(readFileSync(join(dir, m.html ?? `html/${m.id}.html.gz`))).toString('utf8') }));
const { run } = await TOOLS[o.tool]();
let chars = 0;
for (let pass = 0; pass < o.passes; pass++) {
  const t0 = performance.now();
  for (const p of pages) chars += String(await run(p.html, p.url)).length;
  const s = (performance.now() - t0) / 1000;
  console.log(`${o.tool} ${o.dataset}: ${pages.length} pages in ${s.toFixed(2)} s = ${(pages.length / s).toFixed(1)} p/s (out ${chars})`);
}

// Writes a corpus for cluster mode's equality and throughput figures (docs/cluster.md): N pages
// in S JSON Lines shards (OUT/shards/0000.jsonl …) and the same pages as one file (OUT/all.jsonl,
// the shards concatenated: what thresher run reads). Real pages from ../shared/datasets (every
// dataset's manifest, in a seeded shuffle), synthetic sites of 20-40 pages (site models), and what
// a crawl holds: exact copies and near copies of earlier pages under other URLs (often in other
// shards), a page fetched twice under one URL (a duplicate id), lines that are not pages.
// Deterministic for a seed.
//   npx tsc -p tsconfig.json --outDir .distC
//   THRESHER_DIST=.distC node scripts/make-cluster-corpus.mjs --pages 5000 --shards 20 --out /tmp/cc5000
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : dflt; };
const PAGES = Number(arg('--pages', 5000)), SHARDS = Number(arg('--shards', 20)), SEED = Number(arg('--seed', 1));
const OUT = resolve(arg('--out', '/tmp/thresher-cluster-corpus'));
const DATASETS = resolve(arg('--datasets', join(ROOT, '..', 'shared', 'datasets')));
const { synthSite } = await import(join(ROOT, process.env.THRESHER_DIST ?? 'dist', 'src/synth/index.js'));

const MAX_GZ = 40 * 1024;
let state = SEED >>> 0 || 1;
const rand = () => { state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0; return state / 2 ** 32; };
const shuffle = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [a[i], a[j]] = [a[j], a[i]]; } return a; };

// Real pages: every dataset's manifest rows with a URL and an html file.
const real = [];
for (const d of readdirSync(DATASETS).sort()) {
  let text;
  try { text = readFileSync(join(DATASETS, d, 'manifest.jsonl'), 'utf8'); } catch { continue; }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line);
    // Pages over 40 KB gzipped (about 200 KB of HTML; the largest fifth or so) are left out: they would set the figures' pace.
    if (typeof row.url === 'string' && typeof row.html === 'string' && statSync(join(DATASETS, d, row.html)).size <= MAX_GZ) real.push({ dir: join(DATASETS, d), html: row.html, url: row.url });
  }
}
shuffle(real);
const readHtml = (r) => { const b = readFileSync(join(r.dir, r.html)); return (b[0] === 0x1f && b[1] === 0x8b ? gunzipSync(b) : b).toString('utf8'); };

const synthShare = Math.round(PAGES * 0.1), copies = Math.round(PAGES * 0.04), nears = Math.round(PAGES * 0.03), dupIds = Math.max(1, Math.round(PAGES * 0.002)), bad = Math.max(1, Math.round(PAGES * 0.001));
const pages = [];
for (let site = 0; pages.length < synthShare; site++) {
  const n = Math.min(20 + (site % 3) * 10, synthShare - pages.length);
  for (const p of synthSite({ seed: SEED * 1000 + site, pages: n })) pages.push({ url: p.url, html: p.html });
}
const realCount = PAGES - synthShare - copies - nears - dupIds - bad;
if (realCount > real.length) throw new Error(`only ${real.length} dataset pages under ${DATASETS}; ask for fewer --pages`);
for (const r of real.slice(0, realCount)) pages.push({ url: r.url, html: readHtml(r) });
shuffle(pages);
const base = pages.length;
const pick = () => pages[Math.floor(rand() * base)];
for (let i = 0; i < copies; i++) { const p = pick(); pages.push({ url: `${p.url}${p.url.includes('?') ? '&' : '?'}copy=${i}`, html: p.html }); }
for (let i = 0; i < nears; i++) {
  const p = pick();
  // A near copy: the same page with a short line added at the end of its body (a byline, a share box).
  const html = p.html.replace(/<\/body>/i, `<p>Reposted ${i} times by the syndication desk.</p></body>`);
  pages.push({ url: `https://mirror-${i % 17}.example/r/${i}`, html: html === p.html ? `${p.html}<p>Reposted ${i}.</p>` : html });
}
for (let i = 0; i < dupIds; i++) { const p = pick(); pages.push({ url: p.url, html: `${p.html}<!-- refetched ${i} -->` }); }
const lines = pages.map((p) => JSON.stringify(p));
for (let i = 0; i < bad; i++) lines.push(i % 2 ? '{"url": "https://broken.example/x", "html": 42}' : 'not json at all');
// Copies land after their originals and in any shard: shuffle only the tail into the whole.
const head = lines.slice(0, base), tail = shuffle(lines.slice(base));
for (const t of tail) head.splice(Math.floor(rand() * (head.length + 1)), 0, t);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'shards'), { recursive: true });
const per = Math.ceil(head.length / SHARDS);
for (let s = 0; s < SHARDS; s++) writeFileSync(join(OUT, 'shards', `${String(s).padStart(4, '0')}.jsonl`), head.slice(s * per, (s + 1) * per).map((l) => l + '\n').join(''));
// Line by line: the whole corpus is more than one string can hold.
const fd = openSync(join(OUT, 'all.jsonl'), 'w');
for (const l of head) writeSync(fd, l + '\n');
closeSync(fd);
console.log(`wrote ${head.length} pages in ${SHARDS} shards to ${OUT} (${synthShare} synthetic site pages, ${copies} exact copies, ${nears} near copies, ${dupIds} refetched URLs, ${bad} bad lines)`);

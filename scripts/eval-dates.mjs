#!/usr/bin/env node
// Publication-date accuracy of the metadata module on ../shared/datasets/dates (htmldate's
// evaluation set): a page is right when published.slice(0, 10) equals its `date`; a page with no
// date is wrong. Reads the built dist/ (npm run build first).
//   node scripts/eval-dates.mjs [--misses N] [--dataset DIR] [--source bbaw]
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHtml } from '../dist/src/dom/parse.js';
import { computeFeatures } from '../dist/src/dom/features.js';
import { extractMetadata } from '../dist/src/page/metadata/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const dir = opt('--dataset', join(here, '..', '..', 'shared', 'datasets', 'dates'));
const missesN = Number(opt('--misses', '0'));
const onlySource = opt('--source', null);

const rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const tally = () => ({ n: 0, ok: 0 });
const all = tally(), any = tally(), bySet = new Map(), byWinner = new Map();
const misses = [];
let ms = 0;
for (const r of rows) {
  if (onlySource && r.source !== onlySource) continue;
  const html = gunzipSync(readFileSync(join(dir, r.html))).toString('utf8');
  const t0 = performance.now();
  const doc = parseHtml(html);
  computeFeatures(doc);
  const t1 = performance.now();
  const m = extractMetadata(doc, { url: r.url });
  ms += performance.now() - t1;
  void t0;
  const got = m.metadata.published?.slice(0, 10);
  const ok = got === r.date;
  const winner = m.sources.published ?? 'none';
  for (const [map, key] of [[bySet, r.source ?? '?'], [byWinner, winner]]) {
    if (!map.has(key)) map.set(key, tally());
    const t = map.get(key); t.n++; if (ok) t.ok++;
  }
  all.n++; if (ok) all.ok++;
  any.n++; if (got) any.ok++;
  if (!ok) misses.push({ id: r.id, url: r.url, want: r.date, got: m.metadata.published ?? null, src: winner, modified: m.metadata.modified ?? null });
}
const pct = (t) => `${(t.ok / Math.max(1, t.n)).toFixed(3)} (${t.ok}/${t.n})`;
console.log(`accuracy (day): ${pct(all)}`);
console.log(`pages with some date: ${pct(any)}`);
console.log('by dataset source:');
for (const [k, t] of [...bySet].sort()) console.log(`  ${k.padEnd(18)} ${pct(t)}`);
console.log('by winning metadata source:');
for (const [k, t] of [...byWinner].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${k.padEnd(18)} ${pct(t)}`);
console.log(`extractMetadata wall time, one cold pass: ${(ms / Math.max(1, all.n)).toFixed(3)} ms/page (the speed figure is scripts/bench-metadata.mjs)`);
if (missesN > 0) {
  console.log(`misses (first ${missesN} of ${misses.length}):`);
  for (const x of misses.slice(0, missesN)) console.log(JSON.stringify(x));
}

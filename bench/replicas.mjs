#!/usr/bin/env node
/**
 * Replica index throughput: add and query per method, on generated topic content.
 *
 *   node bench/replicas.mjs [--n 4000] [--seed 3] [--pad 96000] [--json FILE]
 *
 * Texts: n synthetic articles (src/synth/, mixed en/de/fr/zh; their exact topic content), of which
 * every fifth is a near-copy (one more line, as a byline a cleaner leaves) of an earlier one.
 * For each method: add all n (timed), then query all n again (timed). Baselines from the same
 * run: the tokenizer alone over the same texts (every method but exact segments words first), and
 * for SimHash a full scan of the stored hashes instead of the pigeonhole tables. Ratios against
 * the baselines are what to compare across machines; absolute figures depend on the machine.
 * Run `npm run build` first. One core; run nothing else heavy alongside.
 */
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { createReplicaIndex, REPLICA_METHODS, terms, SimHashIndex, HammingTable, hammingDistance } from '../dist/src/index.js';
import { fmix32 } from '../dist/src/corpus/replicas/hash32.js';
import { synthArticles } from '../dist/src/synth/index.js';

const { values } = parseArgs({ options: {
  n: { type: 'string', default: '4000' }, seed: { type: 'string', default: '3' }, pad: { type: 'string', default: '96000' }, json: { type: 'string' },
} });
const n = Number(values.n), seed = Number(values.seed), pad = Number(values.pad);

const articles = synthArticles(seed, n);
const texts = articles.map((a, i) => {
  const body = [a.title, ...a.paragraphs].join('\n');
  if (i % 5 !== 4) return body;
  const src = articles[Math.floor(i / 2)];
  return [`By the desk · ${1 + (i % 28)} May 2024`, src.title, ...src.paragraphs].join('\n');
});
const mb = texts.reduce((s, t) => s + t.length, 0) / 1e6;

function time(fn) {
  const t0 = performance.now();
  const r = fn();
  return { seconds: (performance.now() - t0) / 1000, result: r };
}

// Warm-up: the JIT sees every code path on a few texts first.
for (const m of REPLICA_METHODS) { const ix = createReplicaIndex(m); for (const t of texts.slice(0, 50)) { ix.add(`w${ix.size}`, t); ix.query(t); } }

const rows = [];
const tok = time(() => { let k = 0; for (const t of texts) k += terms(t).length; return k; });
rows.push({ what: 'tokenizer alone (terms)', phase: 'pass', seconds: tok.seconds });
for (const method of REPLICA_METHODS) {
  const ix = createReplicaIndex(method);
  const add = time(() => { let matched = 0; texts.forEach((t, i) => { if (ix.add(`t${i}`, t).length) matched++; }); return matched; });
  const query = time(() => { let m = 0; for (const t of texts) m += ix.query(t).length; return m; });
  rows.push({ what: method, phase: 'add', seconds: add.seconds, matched: add.result, clusters: ix.clusters().length });
  rows.push({ what: method, phase: 'query', seconds: query.seconds, matches: query.result });
}

// SimHash: the pigeonhole tables against a full scan over the same stored hashes: the n texts'
// hashes plus `--pad` uniform random 64-bit values (a bigger corpus without generating it).
const sim = new SimHashIndex();
const k = sim.maxDistance;
const stored = texts.map((t) => sim.signatureOf(t));
let x = seed;
const rand32 = () => fmix32((x = (x + 0x9e3779b9) | 0));
for (let i = 0; i < pad; i++) stored.push({ hi: rand32(), lo: rand32() });
const table = new HammingTable(k, sim.blocks);
stored.forEach((h) => table.add(h));
const queries = stored.slice(0, n);
const scan = time(() => { let m = 0; for (const q of queries) for (const h of stored) if (hammingDistance(q, h) <= k) m++; return m; });
const lookups = time(() => { let m = 0; for (const q of queries) m += table.near(q).length; return m; });
let visits = 0;
for (const q of queries) table.candidates(q, () => { visits++; });
if (scan.result !== lookups.result) throw new Error(`simhash tables found ${lookups.result} pairs, the full scan ${scan.result}`);

console.log(`${n} texts, ${mb.toFixed(2)} M characters (Node ${process.version})\n`);
console.log('| method | phase | texts/s | M chars/s | × tokenizer time | notes |\n|---|---|---:|---:|---:|---|');
for (const r of rows) {
  const notes = r.phase === 'add' ? `${r.matched} adds matched an earlier text; ${r.clusters} clusters` : r.phase === 'query' ? `${r.matches} matches` : '';
  console.log(`| ${r.what} | ${r.phase} | ${Math.round(n / r.seconds)} | ${(mb / r.seconds).toFixed(2)} | ${(r.seconds / tok.seconds).toFixed(2)} | ${notes} |`);
}
console.log(`\nSimHash lookups, ${n} queries against ${stored.length} stored hashes (${n} texts + ${pad} random; hashes precomputed): ` +
  `pigeonhole tables (${table.tableCount}) ${Math.round(n / lookups.seconds)} queries/s, full scan ${Math.round(n / scan.seconds)} queries/s: ` +
  `${(scan.seconds / lookups.seconds).toFixed(1)}× faster, the same ${scan.result} pairs; ${(visits / n).toFixed(1)} bucket entries read per query ` +
  `(${table.tableCount} of them the query's own).`);
if (values.json) writeFileSync(values.json, JSON.stringify({ n, seed, mchars: mb, rows, simhash: { stored: stored.length, tables: lookups.seconds, scan: scan.seconds, pairs: scan.result, visitsPerQuery: visits / n } }, null, 2));

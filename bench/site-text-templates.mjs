#!/usr/bin/env node
// Suffix-array text templates (paper 004) on a synthetic site: SA-IS against a naive sort in the
// same run, learning, cleaning. Run after `npm run build`:
//   node bench/site-text-templates.mjs [--docs 200] [--paragraphs 45] [--mode text|html] [--seed 11]
// Figures are per core (single-threaded); compare ratios, not absolute times, across machines.
import { syntheticSite } from '../dist/test/site-synthetic.js';
import { tokenize, TokenDictionary } from '../dist/src/site/tokenize.js';
import { suffixArray, lcpArray, naiveSuffixArray } from '../dist/src/site/suffix-array.js';
import { learnTextTemplates } from '../dist/src/site/templates.js';
import { cleanText } from '../dist/src/site/clean.js';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith('--') ? [...a, [x.slice(2), all[i + 1]]] : a), []));
const N = Number(args.docs ?? 200), P = Number(args.paragraphs ?? 45), mode = args.mode ?? 'text', seed = Number(args.seed ?? 11);

const pages = syntheticSite(N, seed, P);
const docs = pages.map((p) => (mode === 'html' ? p.html : p.text));
const bytes = docs.reduce((a, d) => a + Buffer.byteLength(d), 0);
const best = (k, f) => { let t = Infinity, r; for (let i = 0; i < k; i++) { const t0 = performance.now(); r = f(); t = Math.min(t, performance.now() - t0); } return [t, r]; };

// The corpus as the learner builds it: token ids, each document followed by a unique separator.
const dict = new TokenDictionary();
const ids = docs.map((d) => tokenize(d).keys.map((k) => dict.intern(k)));
const n = ids.reduce((a, d) => a + d.length + 1, 0);
const T = new Int32Array(n);
let p = 0;
ids.forEach((d, i) => { T.set(d, p); p += d.length; T[p++] = dict.size + i; });
const K = dict.size + ids.length;

const [tSa, sa] = best(5, () => suffixArray(T, K));
const [tLcp] = best(5, () => lcpArray(T, sa));
const [tNaive, naive] = best(1, () => naiveSuffixArray(T));
if (naive.some((x, i) => x !== sa[i])) throw new Error('SA-IS and the naive sort disagree');
const [tLearn, model] = best(3, () => learnTextTemplates(docs));
const [tClean, removed] = best(3, () => docs.reduce((a, d) => a + cleanText(d, model).stats.removedTokens, 0));

const mb = bytes / 1e6, mtok = (n - N) / 1e6;
const row = (name, ms, extra = '') => console.log(`${name.padEnd(22)} ${ms.toFixed(1).padStart(9)} ms  ${(mtok / ms * 1000).toFixed(2).padStart(7)} Mtok/s  ${(mb / ms * 1000).toFixed(1).padStart(7)} MB/s ${extra}`);
console.log(`synthetic site: ${N} ${mode} pages, ${(mtok * 1e6 / N).toFixed(0)} tokens/page, ${mtok.toFixed(2)} M tokens, ${mb.toFixed(2)} MB, ${dict.size} distinct tokens`);
row('suffix array (SA-IS)', tSa, `(${(tNaive / tSa).toFixed(1)}x the naive sort)`);
row('suffix array (naive)', tNaive);
row('LCP (Kasai)', tLcp);
row('learn (all steps)', tLearn, `${model.templates.length} templates, cut bin ${model.cut.bin}`);
row('clean (all pages)', tClean, `${(N / tClean * 1000).toFixed(0)} pages/s, ${removed} tokens removed`);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);

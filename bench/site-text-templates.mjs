#!/usr/bin/env node
// Suffix-array text templates (paper 004) on a synthetic site: SA-IS against a naive sort in the
// same run, Kasai's LCP, tokenizing, learning, cleaning. Run after `npm run build`:
//   node bench/site-text-templates.mjs [--docs 200,1600] [--paragraphs 45] [--mode text|html] [--seed 11] [--json FILE]
// `--docs` takes a list: one corpus per size, to show that construction time grows linearly.
// Figures are per core (single-threaded); compare ratios, not absolute times, across machines.
// The target: suffix-array construction at ≥ 20 MB of text per second per core.
import { writeFileSync } from 'node:fs';
import { syntheticSite } from '../dist/test/site-synthetic.js';
import { tokenize, TokenDictionary } from '../dist/src/site/tokenize.js';
import { suffixArray, lcpArray, naiveSuffixArray } from '../dist/src/site/suffix-array.js';
import { learnTextTemplates } from '../dist/src/site/templates.js';
import { cleanText } from '../dist/src/site/clean.js';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, x, i, all) => (x.startsWith('--') ? [...a, [x.slice(2), all[i + 1]]] : a), []));
const sizes = String(args.docs ?? '200').split(',').map(Number);
const P = Number(args.paragraphs ?? 45), mode = args.mode ?? 'text', seed = Number(args.seed ?? 11);
const TARGET_MB_S = 20;

const best = (k, f) => { let t = Infinity, r; for (let i = 0; i < k; i++) { const t0 = performance.now(); r = f(); t = Math.min(t, performance.now() - t0); } return [t, r]; };
const results = [];

for (const N of sizes) {
  const pages = syntheticSite(N, seed, P);
  const docs = pages.map((p) => (mode === 'html' ? p.html : p.text));
  const bytes = docs.reduce((a, d) => a + Buffer.byteLength(d), 0);

  // The corpus as the learner builds it: token ids, each document followed by a unique separator.
  const [tTok, toks] = best(3, () => docs.map((d) => tokenize(d, new Map()).keys));
  const dict = new TokenDictionary();
  const ids = toks.map((keys) => keys.map((k) => dict.intern(k)));
  const n = ids.reduce((a, d) => a + d.length + 1, 0);
  const T = new Int32Array(n);
  let p = 0;
  ids.forEach((d, i) => { T.set(d, p); p += d.length; T[p++] = dict.size + i; });
  const K = dict.size + ids.length;

  const reps = N <= 400 ? 5 : 3;
  const [tSa, sa] = best(reps, () => suffixArray(T, K));
  const [tLcp] = best(reps, () => lcpArray(T, sa));
  const [tNaive, naive] = best(1, () => naiveSuffixArray(T));
  if (naive.some((x, i) => x !== sa[i])) throw new Error('SA-IS and the naive sort disagree');
  const [tLearn, model] = best(N <= 400 ? 3 : 1, () => learnTextTemplates(docs));
  const [tClean, removed] = best(N <= 400 ? 3 : 1, () => docs.reduce((a, d) => a + cleanText(d, model).stats.removedTokens, 0));

  const mb = bytes / 1e6, tokens = n - N;
  const rate = (ms) => ({ ms: +ms.toFixed(1), tokensPerSec: Math.round(tokens / ms * 1000), mbPerSec: +(mb / ms * 1000).toFixed(1) });
  const r = {
    docs: N, mode, tokens, mb: +mb.toFixed(2), distinctTokens: dict.size,
    tokenize: rate(tTok), suffixArray: rate(tSa), naiveSort: rate(tNaive), lcp: rate(tLcp),
    tokenizeSaLcp: rate(tTok + tSa + tLcp), learn: rate(tLearn), clean: { ...rate(tClean), pagesPerSec: Math.round(N / tClean * 1000) },
    saVsNaive: +(tNaive / tSa).toFixed(2), templates: model.templates.length, cutBin: model.cut.bin, removedTokens: removed,
  };
  results.push(r);
  const row = (name, x, extra = '') => console.log(`  ${name.padEnd(26)} ${x.ms.toFixed(1).padStart(9)} ms  ${(x.tokensPerSec / 1e6).toFixed(2).padStart(7)} Mtok/s  ${x.mbPerSec.toFixed(1).padStart(7)} MB/s ${extra}`);
  console.log(`synthetic site: ${N} ${mode} pages, ${(tokens / N).toFixed(0)} tokens/page, ${(tokens / 1e6).toFixed(2)} M tokens, ${mb.toFixed(2)} MB, ${dict.size} distinct tokens`);
  row('tokenize + normalize', r.tokenize);
  row('suffix array (SA-IS)', r.suffixArray, `(${r.saVsNaive}x the naive sort)`);
  row('suffix array (naive sort)', r.naiveSort);
  row('LCP (Kasai)', r.lcp);
  row('tokenize + SA-IS + LCP', r.tokenizeSaLcp);
  row('learn (all steps)', r.learn, `${r.templates} templates, cut bin ${r.cutBin}`);
  row('clean (all pages)', r.clean, `${r.clean.pagesPerSec} pages/s, ${removed} tokens removed`);
}
const worst = Math.min(...results.map((r) => r.suffixArray.mbPerSec));
console.log(`target: suffix-array construction ≥ ${TARGET_MB_S} MB of text/s per core: ${worst.toFixed(1)} MB/s at the slowest size (${worst >= TARGET_MB_S ? 'met' : 'NOT met'})`);
const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(`peak RSS ${peakRssMiB} MiB`);
if (args.json) writeFileSync(args.json, JSON.stringify({ results, target: { mbPerSec: TARGET_MB_S, worst, met: worst >= TARGET_MB_S }, peakRssMiB }, null, 1) + '\n');

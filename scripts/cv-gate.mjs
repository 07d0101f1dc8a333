#!/usr/bin/env node
// The held-out quality gate. scripts/train-block-model.mjs --cv 4 --out DIR writes, per dev set,
// the outputs of models that never saw the page's host; this scores them with the reference
// scorer (../shared/eval/score.mjs) and checks each set's official number against its pin in
// bench/quality-pins-cv.json, the same way `thresher eval --gate` checks the in-sample pins.
//
//   npm run eval:cv        (build, the 4-fold run, then this)
//   node scripts/cv-gate.mjs --out DIR [--gate bench/quality-pins-cv.json] [--update-pins [--allow-lower --reason "..."]]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { checkGate, gateError, updatePins } from '../dist/src/eval/gate.js';
import { OFFICIAL_METRIC } from '../dist/src/eval/dataset.js';

const { values: a } = parseArgs({ options: {
  out: { type: 'string' }, gate: { type: 'string', default: 'bench/quality-pins-cv.json' },
  data: { type: 'string', default: '../shared/datasets' }, eval: { type: 'string', default: '../shared/eval' },
  'update-pins': { type: 'boolean', default: false }, 'allow-lower': { type: 'boolean', default: false }, reason: { type: 'string' },
} });
if (!a.out) { process.stderr.write('usage: node scripts/cv-gate.mjs --out DIR [--gate FILE] [--update-pins [--allow-lower --reason "..."]]\n'); process.exit(2); }

const { scoreDataset } = await import(pathToFileURL(path.resolve(a.eval, 'score.mjs')).href);
const sets = fs.readdirSync(a.out).filter((d) => OFFICIAL_METRIC[d] && fs.statSync(path.join(a.out, d)).isDirectory()).sort();
const results = sets.map((set) => {
  const { res } = scoreDataset({ data: path.resolve(a.data), dataset: set, out: path.join(a.out, set), bootstrap: 0 });
  const metric = OFFICIAL_METRIC[set];
  const value = res[metric].f1;
  process.stdout.write(`${set.padEnd(12)} ${metric.padEnd(11)} ${value.toFixed(4)}  (held out, ${res.pages} pages)\n`);
  // The shape checkGate and updatePins read (src/eval/run-eval.ts DatasetResult).
  return { dataset: set, pages: res.pages, total: res.pages, official: { metric, value, std: 0 } };
});

if (a['update-pins']) {
  const u = updatePins(a.gate, results, 'default', { allowLower: a['allow-lower'], reason: a.reason,
    note: 'Held-out (4-fold, host-grouped CV: scripts/train-block-model.mjs --cv 4) official score per dev set, scored by ../shared/eval/score.mjs. npm run eval:cv fails on a drop beyond tolerance.' });
  for (const c of u.changed) process.stdout.write(`pin ${c.dataset}: ${c.from ?? 'new'} -> ${c.to}\n`);
  // As `thresher eval --update-pins`: a pin above a score within the tolerance is kept and said so;
  // only a drop beyond it fails.
  for (const r of u.keptHigher) process.stdout.write(`pin ${r.dataset}: kept ${r.pinned?.toFixed(6)} (measured ${r.measured.toFixed(6)}; lowering needs --allow-lower --reason)\n`);
  const regressed = u.keptHigher.filter((r) => r.status === 'regressed');
  if (regressed.length) throw gateError({ file: a.gate, tolerance: u.tolerance, rows: regressed, ok: false });
} else {
  const g = checkGate(a.gate, results, 'default');
  for (const r of g.rows) process.stdout.write(`gate ${r.dataset.padEnd(12)} pinned ${r.pinned?.toFixed(4) ?? '  n/a'}  measured ${r.measured.toFixed(4)}  ${r.status}\n`);
  if (!g.ok) throw gateError(g);
  process.stdout.write(`held-out gate ${a.gate}: PASS\n`);
}

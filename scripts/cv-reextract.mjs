#!/usr/bin/env node
// Held-out figures for a change after the model, without training again: re-extracts every page
// of the dev sets with the fold model that did not see its host, as kept by
// `scripts/train-block-model.mjs --cv K --out DIR --save-models MODELS`, using the current build.
// Valid for changes that leave the block features and the training labels alone (the output
// contract's cuts, rendering, post-processing); a change to either needs a new --cv run. Then
// score with scripts/cv-gate.mjs --out OUT.
//
//   npm run build && node scripts/cv-reextract.mjs --models MODELS --out OUT [--data ../shared/datasets] [--sets a,b] [--build DIST]
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { values: a } = parseArgs({ options: {
  models: { type: 'string' }, out: { type: 'string' }, data: { type: 'string', default: '../shared/datasets' }, sets: { type: 'string' },
  // Another build of the same tree (tsc --outDir DIR), to compare two changes on the same models.
  build: { type: 'string', default: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist') },
} });
if (!a.models || !a.out) {
  process.stderr.write('usage: node scripts/cv-reextract.mjs --models DIR --out DIR [--data ROOT] [--sets a,b] [--build DIST]\n');
  process.exit(2);
}

const load = (p) => import(pathToFileURL(path.resolve(a.build, p)).href);
const { extract } = await load('src/index.js');
const { conventionOptions, conventionText } = await load('src/eval/conventions.js');
const { K, folds } = JSON.parse(fs.readFileSync(`${a.models}/folds.json`, 'utf8'));
const models = Array.from({ length: K }, (_, k) => JSON.parse(fs.readFileSync(`${a.models}/fold-${k}.json`, 'utf8')));
const sets = a.sets ? a.sets.split(',') : Object.keys(folds);
for (const set of sets) {
  const dir = `${a.data}/${set}`;
  const rows = fs.readFileSync(`${dir}/manifest.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  fs.mkdirSync(`${a.out}/${set}`, { recursive: true });
  let n = 0;
  for (const row of rows) {
    const k = folds[set]?.[row.id];
    if (k === undefined) continue;
    const html = zlib.gunzipSync(fs.readFileSync(`${dir}/${row.html}`)).toString('utf8');
    const r = extract(html, { blockModel: models[k], url: row.url, ...conventionOptions(set) });
    fs.writeFileSync(`${a.out}/${set}/${row.id}.txt`, conventionText(r));
    n++;
  }
  process.stderr.write(`${set}: ${n} pages\n`);
}

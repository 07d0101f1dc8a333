#!/usr/bin/env node
/**
 * The fuzz campaign (issue 25, "keep them closed"; src/fuzz/, docs/fuzz.md).
 *
 *   npm run fuzz -- [--seed N] [--minutes M] [--cases N] [--only grammar,shapes] [--out fuzz-out]
 *                   [--data ../shared/datasets] [--time-scale X] [--shrink]
 *   npm run fuzz -- --replay fuzz-out/grammar-7-123.json [--shrink]
 *   npm run fuzz -- --list
 *
 * Runs the generators in turn until the time box (default 3 minutes) or the case count per
 * generator is reached, prints progress every few seconds and a summary (cases, time and failing
 * cases per generator and property), and writes each failing case to --out as JSON (at most 20
 * per generator and property), which --replay runs again. With --shrink, a failing case is also
 * cut down to a small reproducer (written beside it as *.min.json). Exit status 1 when a property
 * failed. Run `npm run build` first (npm run fuzz does).
 */
import { parseArgs } from 'node:util';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATORS, replay, runCampaign } from '../dist/src/fuzz/campaign.js';
import { caseFromJson, caseToJson, buildParts } from '../dist/src/fuzz/cases.js';
import { shrinkCase, UNSHRINKABLE } from '../dist/src/fuzz/shrink.js';

const { values: a } = parseArgs({
  options: {
    seed: { type: 'string' }, minutes: { type: 'string' }, cases: { type: 'string' }, only: { type: 'string' },
    out: { type: 'string', default: 'fuzz-out' }, data: { type: 'string' }, 'time-scale': { type: 'string' },
    replay: { type: 'string' }, shrink: { type: 'boolean', default: false }, list: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
  },
});

if (a.help) {
  const lines = readFileSync(new URL(import.meta.url), 'utf8').split('\n');
  console.log(lines.slice(2, lines.indexOf(' */')).map((l) => l.replace(/^ \* ?/, '')).join('\n'));
  process.exit(0);
}
if (a.list) {
  for (const g of GENERATORS) console.log(`${g.name.padEnd(8)} ${g.description}${g.needsDatasets ? ' (needs the datasets)' : ''}`);
  process.exit(0);
}

const num = (v, name, int = true) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || (int && !Number.isInteger(n))) { console.error(`--${name} takes a number >= 0, not ${JSON.stringify(v)}`); process.exit(2); }
  return n;
};
const timeScale = num(a['time-scale'], 'time-scale', false) ?? 1;

/** A case in a few words, for the console. */
function describeCase(c) {
  const size = (x) => (typeof x === 'string' ? `${x.length} chars` : `${x.byteLength} bytes`);
  switch (c.kind) {
    case 'extract': return `extract ${c.label ?? ''} (${size(c.input)}, options ${JSON.stringify({ ...c.options, formats: undefined })})`;
    case 'shape': return `shape ${c.label ?? ''} → ${c.target} (n=${c.n}, ${buildParts(c.parts, c.n).length} chars)`;
    case 'sitemap': return `sitemap ${c.label ?? ''} (${size(c.input)})`;
    case 'robots': return `robots ${c.label ?? ''} (${size(c.body)})`;
    case 'site': return `site ${c.label ?? ''} (${c.pages.length} pages)`;
  }
  return c.kind;
}

function shrinkAndWrite(record, file) {
  const property = record.failures.map((f) => f.property).find((p) => !UNSHRINKABLE.has(p));
  if (!property) return;
  const small = shrinkCase(record.case, property, { timeScale }, 60_000);
  const min = file.replace(/\.json$/, '.min.json');
  writeFileSync(min, caseToJson({ ...record, case: small, failures: replay({ case: small }, { timeScale }) }));
  const input = small.kind === 'extract' ? small.input : small.kind === 'sitemap' ? small.input : small.kind === 'robots' ? small.body : null;
  console.log(`  shrunk for ${property}: ${min}${input !== null ? `\n  input: ${JSON.stringify(typeof input === 'string' ? input : Buffer.from(input).toString('latin1')).slice(0, 400)}` : ''}`);
}

if (a.replay) {
  const record = caseFromJson(readFileSync(a.replay, 'utf8'));
  const c = record.case ?? record;
  console.log(`replaying ${a.replay}: ${describeCase(c)}${record.generator ? ` (generator ${record.generator}, seed ${record.seed}, case ${record.index})` : ''}`);
  const t = performance.now();
  const failures = replay({ case: c }, { timeScale });
  console.log(`${(performance.now() - t).toFixed(0)} ms`);
  for (const f of failures) console.log(`  FAIL ${f.property}: ${f.message}`);
  if (!failures.length) console.log('  passes');
  else if (a.shrink) shrinkAndWrite({ ...record, case: c, failures }, a.replay);
  process.exit(failures.length ? 1 : 0);
}

const seed = num(a.seed, 'seed') ?? Math.floor(Math.random() * 2 ** 31);
const cases = num(a.cases, 'cases');
const minutes = num(a.minutes, 'minutes', false) ?? (cases === undefined ? 3 : undefined);
const only = a.only ? a.only.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
for (const name of only ?? []) {
  if (!GENERATORS.some((g) => g.name === name)) { console.error(`--only: no generator "${name}"; there are ${GENERATORS.map((g) => g.name).join(', ')}`); process.exit(2); }
}
console.log(`fuzz: seed ${seed}, ${minutes !== undefined ? `${minutes} min` : 'no time box'}${cases !== undefined ? `, at most ${cases} cases per generator` : ''}` +
  `${only ? `, generators ${only.join(', ')}` : ''}; failing cases to ${a.out}/ (replay: npm run fuzz -- --replay FILE)`);

mkdirSync(a.out, { recursive: true });
const written = new Map(); // generator/property → files written
const perGen = new Map();
let lastPrint = performance.now();
const t0 = performance.now();

let summary;
try {
  summary = runCampaign({
    seed, minutes, cases, only, datasets: a.data, timeScale,
    onCase(g, index, failures) {
      const s = perGen.get(g) ?? { cases: 0, failing: 0 };
      s.cases++;
      if (failures.length) s.failing++;
      perGen.set(g, s);
      if (!a.quiet && performance.now() - lastPrint > 5000) {
        lastPrint = performance.now();
        const parts = [...perGen].map(([name, x]) => `${name} ${x.cases}${x.failing ? ` (${x.failing} failing)` : ''}`);
        console.log(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${parts.join(', ')}`);
      }
    },
    onFailure(record) {
      const fresh = record.failures.filter((f) => (written.get(`${record.generator}/${f.property}`) ?? 0) < 20);
      if (!fresh.length) return;
      const file = join(a.out, `${record.generator}-${record.seed}-${record.index}.json`);
      writeFileSync(file, caseToJson(record));
      for (const f of record.failures) written.set(`${record.generator}/${f.property}`, (written.get(`${record.generator}/${f.property}`) ?? 0) + 1);
      console.log(`FAIL ${record.generator} case ${record.index}: ${describeCase(record.case)}`);
      for (const f of record.failures.slice(0, 3)) console.log(`  ${f.property}: ${f.message.slice(0, 400)}`);
      console.log(`  → ${file}`);
      if (a.shrink) shrinkAndWrite(record, file);
    },
  });
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(2);
}

console.log(`\nfuzz summary: seed ${summary.seed}, ${(summary.ms / 1000).toFixed(1)} s, ${summary.cases} cases, ${summary.failing} failing`);
console.log(`${'generator'.padEnd(10)} ${'cases'.padStart(7)} ${'failing'.padStart(8)} ${'ms/case'.padStart(8)}  properties failed`);
for (const g of summary.generators) {
  if (g.skipped) { console.log(`${g.name.padEnd(10)} skipped: ${g.skipped}`); continue; }
  const props = Object.entries(g.properties).map(([p, n]) => `${p} ${n}`).join(', ');
  console.log(`${g.name.padEnd(10)} ${String(g.cases).padStart(7)} ${String(g.failing).padStart(8)} ${(g.cases ? g.ms / g.cases : 0).toFixed(1).padStart(8)}  ${props || '-'}`);
}
process.exit(summary.failing ? 1 : 0);

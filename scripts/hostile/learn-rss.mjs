#!/usr/bin/env node
/**
 * Issue 25 item 5: peak RSS, time and model size of `thresher learn` on repetitive pages.
 *
 *   node scripts/hostile/learn-rss.mjs [--cli dist/src/cli/main.js] [--cases ab-cd-8000,ab-cd-96k] [--limit-mb 6000]
 *
 * Each case writes five pages of one periodic text (each page also carries its own word, so
 * they are distinct) to a temporary folder and runs `thresher learn DIR --out OUT --host
 * example.org --json` under /usr/bin/time -v; it reports the peak RSS ("Maximum resident set
 * size"), the wall time, the exit status, and the model's templates, template tokens and bytes.
 * --limit-mb caps the V8 heap (--max-old-space-size) so a runaway learner stops instead of
 * taking the machine.
 */
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CASES = {
  // the figures: five pages of 'ab cd '.repeat(8000) (48 KB of text each)
  'ab-cd-8000': () => 'ab cd '.repeat(8000),
  // five 96 KB pages of the same period
  'ab-cd-96k': () => 'ab cd '.repeat(16000),
};

const { values } = parseArgs({ options: {
  cli: { type: 'string', default: 'dist/src/cli/main.js' },
  cases: { type: 'string', default: Object.keys(CASES).join(',') },
  'limit-mb': { type: 'string', default: '6000' },
} });

// Numbers are a slot in the tokenizer (every number is one token), so the pages differ by a word.
const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
const page = (body, i) => `<!doctype html><html><head><title>Page ${NAMES[i]}</title></head><body><h1>Page ${NAMES[i]}</h1><p>${body}</p><p>This is the ${NAMES[i]} page.</p></body></html>`;

for (const name of values.cases.split(',')) {
  const gen = CASES[name];
  if (!gen) throw new Error(`no case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
  const root = mkdtempSync(join(tmpdir(), 'thresher-hostile-'));
  const dir = join(root, 'pages'), out = join(root, 'models');
  mkdirSync(dir);
  const body = gen();
  for (let i = 0; i < 5; i++) writeFileSync(join(dir, `p${i}.html`), page(body, i));
  const t0 = Date.now();
  const timeFile = join(root, 'time.txt');
  const r = spawnSync('/usr/bin/time', ['-v', '-o', timeFile, process.execPath, `--max-old-space-size=${values['limit-mb']}`, resolve(values.cli),
    'learn', dir, '--out', out, '--host', 'example.org', '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall = (Date.now() - t0) / 1000;
  let timeReport = '';
  try { timeReport = readFileSync(timeFile, 'utf8'); } catch { /* time did not write */ }
  const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(timeReport)?.[1] ?? NaN);
  const exit = r.status ?? 128;
  let model = null;
  try {
    const files = readdirSync(out).filter((f) => f.endsWith('.json'));
    if (files.length) {
      const file = join(out, files[0]);
      const m = JSON.parse(readFileSync(file, 'utf8'));
      const t = m.textTemplates;
      model = { bytes: statSync(file).size, templates: t.templates.length, templateTokens: t.templates.reduce((s, x) => s + x.tokens.length, 0), counts: t.counts };
    }
  } catch { /* no model written */ }
  const oom = /heap out of memory|Allocation failed/i.test(r.stderr);
  if (!Number.isFinite(rssKb)) console.error(`${name}: no /usr/bin/time report (${r.error?.message ?? 'status ' + r.status}); stderr ends: ${String(r.stderr).slice(-600)}`);
  console.log(JSON.stringify({ case: name, pageBytes: Buffer.byteLength(page(body, 0)), peakRssMB: Math.round(rssKb / 1024), wallS: wall, exit: Number(exit), oom, model }));
  rmSync(root, { recursive: true, force: true });
}

#!/usr/bin/env node
/**
 * Issue 25 item 18: peak RSS and wall time of `thresher run` (and of `thresher extract` alone) on
 * one huge page.
 *
 *   node scripts/hostile/huge-page-rss.mjs [--cli dist/src/cli/main.js] [--mb 51] [--lang en|zh] [--skip-extract]
 *
 * Writes one article page of about --mb MB (paragraphs of seeded pseudo-words, or of Chinese
 * characters with --lang zh, in one <article>), then runs under /usr/bin/time -v:
 *   thresher run DIR --out TMP --workers 1 --no-sites --stats-pages 0 --page-timeout 1800000 --json
 *   thresher extract PAGE --format text --out /dev/null
 * and reports each one's peak RSS ("Maximum resident set size": the process with its worker
 * threads) and wall time, and the run's record (content and keyword sizes). The page time
 * limit is raised to 30 minutes so that a slow build is measured, not cut off.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: 'dist/src/cli/main.js' },
    mb: { type: 'string', default: '51' },
    lang: { type: 'string', default: 'en' },
    'skip-extract': { type: 'boolean', default: false },
  },
});

/** Park–Miller: the same page on every machine. */
let seed = 42;
const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;

const SYLLABLES = ['ka', 'ro', 'mi', 'ten', 'sa', 'lo', 'ver', 'an', 'di', 'shu', 'pel', 'or', 'ne', 'tra', 'gu', 'bel'];
const LEXICON = Array.from({ length: 3000 }, () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''));
const HAN = Array.from({ length: 2500 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000)));

function paragraph() {
  if (values.lang === 'zh') {
    let s = '';
    for (let k = 0; k < 5; k++) s += Array.from({ length: 20 + Math.floor(rand() * 20) }, () => HAN[Math.floor(rand() * HAN.length)]).join('') + '。';
    return s;
  }
  const sentences = [];
  for (let k = 0; k < 5; k++) {
    const w = Array.from({ length: 8 + Math.floor(rand() * 10) }, () => LEXICON[Math.floor(rand() * LEXICON.length)]);
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    sentences.push(w.join(' ') + '.');
  }
  return sentences.join(' ');
}

function hugePage(bytes) {
  const parts = ['<!doctype html><html><head><meta charset="utf-8"><title>A very long page</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>A very long page</h1>'];
  let size = parts[0].length;
  while (size < bytes) {
    const p = `<p>${paragraph()}</p>\n`;
    parts.push(p);
    size += Buffer.byteLength(p);
  }
  parts.push('</article><footer>© 2026 Example</footer></body></html>');
  return parts.join('');
}

/** Runs `node cli args` under /usr/bin/time -v: peak RSS (MiB), wall seconds, stdout. */
function measure(args) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn('/usr/bin/time', ['-v', process.execPath, values.cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', (code) => {
      const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1] ?? NaN);
      resolve({ code, rssMiB: kb / 1024, seconds: (performance.now() - t0) / 1000, out, err });
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'thresher-huge-page-'));
try {
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  const html = hugePage(Number(values.mb) * 1024 * 1024);
  const file = join(pages, 'huge.html');
  writeFileSync(file, html);
  console.log(`page: ${(Buffer.byteLength(html) / 1048576).toFixed(1)} MiB (${values.lang}), cli ${values.cli}, node ${process.version}`);
  const run = await measure(['run', pages, '--out', join(dir, 'out'), '--workers', '1', '--no-sites', '--stats-pages', '0', '--page-timeout', '1800000', '--json']);
  if (run.code !== 0) { console.log(run.err.slice(-2000)); process.exit(1); }
  const summary = JSON.parse(run.out);
  const record = JSON.parse(readFileSync(join(dir, 'out', 'records.jsonl'), 'utf8').split('\n')[0] || '{}');
  for (const f of summary.failureSamples) console.log(`run failed: ${f.code} ${f.message}`);
  console.log(`run:     peak RSS ${run.rssMiB.toFixed(0)} MiB, ${run.seconds.toFixed(1)} s; records ${summary.records}, failures ${summary.failures}; content ${record.content?.length ?? 0} chars, keywords ${record.keywords?.length ?? 0}, abstract ${record.abstract?.length ?? 0} chars`);
  if (!values['skip-extract']) {
    const ex = await measure(['extract', file, '--format', 'text', '--out', '/dev/null']);
    console.log(`extract: peak RSS ${ex.rssMiB.toFixed(0)} MiB, ${ex.seconds.toFixed(1)} s${ex.code ? ` (exit ${ex.code})` : ''}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

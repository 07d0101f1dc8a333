#!/usr/bin/env node
// `npm run bench`: speed and memory of thresher against parse-only (the floor) and
// Readability.js / defuddle on linkedom, one child process per (tool, dataset), pinned to one core;
// then the site-model benches (bench/site-text-templates.mjs, bench/site.mjs), pinned the same way.
// See bench/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASELINES, DEFAULT_TOOLS, TOOLS } from './tools.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const MARK = '@@BENCH@@ ';
const TARGET = { speedup: 5, peakRssMiB: 300, tool: 'thresher' };

const USAGE = `usage: node bench/run.mjs [options]
  --datasets a,b     datasets to run (default wcxb-dev,trafilatura)
  --tools a,b        tools to run (default: all: ${DEFAULT_TOOLS.join(', ')})
  --data DIR         datasets folder (default ../shared/datasets from the repo root)
  --limit N          first N pages of each dataset only (quick run; default all)
  --warmup N         warm-up pages before the timed pass (default 20)
  --repeat N         run every (tool, dataset) N times, report the median pages/s (default 1)
  --mode M           preload (default: all pages in memory as strings) | stream (gunzip per page, untimed)
  --timeout SEC      kill a child after SEC seconds (default 1200)
  --cpu N            core to pin children to with taskset (default 0); --no-pin to not pin
  --parts a,b        what to run: pages (the tools on the datasets), site (suffix-array construction
                     against a naive sort, learning 1,000 pages of one site, applying a site model
                     next to page level alone); default pages,site
  --out FILE         JSON results (default bench/results/latest.json)
  --help`;

function parseArgs(argv) {
  const o = {
    datasets: ['wcxb-dev', 'trafilatura'], tools: DEFAULT_TOOLS, data: resolve(ROOT, '../shared/datasets'),
    limit: 0, warmup: 20, repeat: 1, mode: 'preload', timeout: 1200, cpu: '0', pin: true,
    out: join(HERE, 'results', 'latest.json'), parts: ['pages', 'site'],
  };
  const list = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);
  const int = (a, s) => { const n = Number(s); if (!Number.isInteger(n) || n < 0) die(`${a} wants a whole number, got "${s}"`); return n; };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let v;
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const val = () => { if (eq > 0) return a.slice(eq + 1); v = argv[++i]; if (v === undefined) die(`${a} needs a value`); return v; };
    switch (name) {
      case '--datasets': o.datasets = list(val()); break;
      case '--tools': o.tools = list(val()); break;
      case '--data': o.data = resolve(val()); break;
      case '--limit': o.limit = int(a, val()); break;
      case '--warmup': o.warmup = int(a, val()); break;
      case '--repeat': o.repeat = Math.max(1, int(a, val())); break;
      case '--mode': o.mode = val(); break;
      case '--timeout': o.timeout = int(a, val()); break;
      case '--cpu': o.cpu = val(); break;
      case '--no-pin': o.pin = false; break;
      case '--out': o.out = resolve(val()); break;
      case '--parts': o.parts = list(val()); break;
      case '--help': case '-h': console.log(USAGE); process.exit(0); break;
      default: die(`unknown option ${a}\n${USAGE}`);
    }
  }
  for (const t of o.tools) if (!TOOLS[t]) die(`unknown tool "${t}"; known: ${Object.keys(TOOLS).join(', ')}`);
  if (o.mode !== 'preload' && o.mode !== 'stream') die(`--mode is preload or stream, got "${o.mode}"`);
  for (const p of o.parts) if (p !== 'pages' && p !== 'site') die(`--parts takes pages and/or site, got "${p}"`);
  if (o.parts.includes('pages')) {
    for (const d of o.datasets) {
      if (!existsSync(join(o.data, d, 'manifest.jsonl'))) die(`no ${join(o.data, d, 'manifest.jsonl')} (set --data DIR)`);
    }
  }
  return o;
}

function die(msg) {
  console.error(`bench: ${msg}`);
  process.exit(2);
}

/** taskset prefix if taskset exists and can pin to the core; else [] with a reason. */
function pinning(o) {
  if (!o.pin) return { prefix: [], how: 'not pinned (--no-pin)' };
  const has = spawnSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' });
  if (has.status !== 0 || !has.stdout.trim()) return { prefix: [], how: 'not pinned (no taskset on PATH)' };
  const ok = spawnSync('taskset', ['-c', o.cpu, 'true']);
  if (ok.status !== 0) return { prefix: [], how: `not pinned (taskset -c ${o.cpu} failed)` };
  return { prefix: ['taskset', '-c', o.cpu], how: `taskset -c ${o.cpu}` };
}

function runChild(pin, o, tool, dataset) {
  const args = [
    ...pin.prefix, process.execPath, '--expose-gc', join(HERE, 'worker.mjs'),
    '--tool', tool, '--dir', join(o.data, dataset), '--limit', String(o.limit), '--warmup', String(o.warmup), '--mode', o.mode,
  ];
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(args[0], args.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    // Keep only the tail of stderr (some tools log a stack trace per odd page).
    child.stderr.on('data', (d) => { err = (err + d).slice(-4000); });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, o.timeout * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wallS = (Date.now() - t0) / 1000;
      const line = out.split('\n').reverse().find((l) => l.startsWith(MARK));
      let res = null;
      try { res = line ? JSON.parse(line.slice(MARK.length)) : null; } catch { res = null; }
      if (timedOut) return done({ tool, dataset, status: 'timeout', detail: `killed after ${o.timeout} s`, wallS });
      if (!res || res.fatal) {
        return done({ tool, dataset, status: 'failed', detail: res?.fatal ?? `exit ${code ?? signal}: ${err.trim().slice(-800)}`, wallS });
      }
      done({ ...res, dataset, status: 'ok', wallS, stderrTail: err ? err.slice(-500) : undefined });
    });
  });
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

/** Fold repeats of one (tool, dataset): median pages/s run, with best and max-peak across runs. */
function fold(runs) {
  const ok = runs.filter((r) => r.status === 'ok');
  if (!ok.length) return runs[runs.length - 1];
  const med = median(ok.map((r) => r.pagesPerSec));
  // The run whose pages/s is closest to the median carries the details.
  const rep = ok.reduce((a, b) => (Math.abs(b.pagesPerSec - med) < Math.abs(a.pagesPerSec - med) ? b : a));
  return {
    ...rep,
    pagesPerSec: med,
    mbPerSec: median(ok.map((r) => r.mbPerSec)),
    seconds: median(ok.map((r) => r.seconds)),
    bestPagesPerSec: Math.max(...ok.map((r) => r.pagesPerSec)),
    peakRssMiB: Math.max(...ok.map((r) => r.peakRssMiB)),
    timedPeakRssMiB: Math.max(...ok.map((r) => r.timedPeakRssMiB)),
    toolRssMiB: Math.max(...ok.map((r) => r.toolRssMiB)),
    gcShare: median(ok.map((r) => r.gcShare ?? NaN)),
    runs: runs.map((r) => (r.status === 'ok' ? { pagesPerSec: r.pagesPerSec, peakRssMiB: r.peakRssMiB } : { status: r.status })),
    failedRuns: runs.length - ok.length,
  };
}

/** Above this share of the timed pass in GC pauses, the driver warns (bench/README.md, "GC share"). */
const GC_SHARE_WARN = 0.15;

function fmt(n, d = 1) {
  if (n === undefined || n === null || !Number.isFinite(n)) return '-';
  return n >= 100 ? n.toFixed(0) : n.toFixed(d);
}

function table(rows) {
  const head = ['tool', 'dataset', 'pages', 'pages/s', 'MB/s', 'peak RSS MiB', 'base MiB', 'tool +MiB', 'GC %', 'p99 ms', 'errors', '× readab.', '× parse-only'];
  const body = rows.map((r) => (r.status !== 'ok'
    ? [r.tool, r.dataset, '-', r.status.toUpperCase(), '-', '-', '-', '-', '-', '-', '-', '-', '-']
    : [r.tool + (r.tool === 'parse-only' && /fallback/.test(r.note) ? ' (parse5)' : ''), r.dataset, String(r.pages), fmt(r.pagesPerSec), fmt(r.mbPerSec, 2),
      fmt(r.peakRssMiB, 0), fmt(r.baselineRssMiB, 0), fmt(r.toolRssMiB, 0), fmt(100 * r.gcShare, 0), fmt(r.msPerPage.p99, 0), String(r.errors),
      r.vsReadability ? `${r.vsReadability.toFixed(2)}×` : '-', r.vsParseOnly ? `${r.vsParseOnly.toFixed(2)}×` : '-']));
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return [line(head), w.map((n) => '-'.repeat(n)).join('  '), ...body.map(line)].join('\n');
}

function gitCommit() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src'], { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() + (dirty.stdout.trim() ? '+dirty-src' : '') : null;
}

/**
 * The site-model benches (issue 3), each a child pinned like the tools: suffix-array construction
 * against a naive sort on ~2.6 and ~21 MB of text, then applying a model (pages/s next to page
 * level alone) and learning 250, 1,000 and 2,000 pages of one site (time, peak RSS, live heap).
 * Their tables go to stdout as they print them; their JSON goes into the report under `site`.
 */
function runSiteBenches(pin, o) {
  const out = {};
  const benches = [
    ['textTemplates', 'site-text-templates.mjs', ['--docs', '200,1600']],
    ['siteModel', 'site.mjs', []],
  ];
  for (const [key, file, extra] of benches) {
    const json = join(tmpdir(), `thresher-bench-${process.pid}-${key}.json`);
    const args = [...pin.prefix, process.execPath, '--expose-gc', join(HERE, file), ...extra, '--json', json];
    console.log(`\n$ node bench/${file} ${[...extra, '--json', 'FILE'].join(' ')}`);
    const r = spawnSync(args[0], args.slice(1), { cwd: ROOT, encoding: 'utf8', timeout: o.timeout * 1000, stdio: ['ignore', 'inherit', 'pipe'] });
    if (r.status !== 0) {
      out[key] = { status: 'failed', detail: (r.error?.message ?? r.stderr ?? '').slice(-800) };
      console.log(`FAILED: bench/${file}: ${out[key].detail.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    out[key] = { status: 'ok', ...JSON.parse(readFileSync(json, 'utf8')) };
    rmSync(json, { force: true });
  }
  return out;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const pin = pinning(o);
  const started = new Date();
  console.log(`bench: ${o.parts.includes('pages') ? `${o.tools.length} tools × ${o.datasets.length} datasets × ${o.repeat} repeat(s); mode ${o.mode}` +
    `${o.limit ? `; first ${o.limit} pages` : ''}; data ${o.data}` : 'no page benches'}${o.parts.includes('site') ? '; site-model benches' : ''}; ${pin.how}`);

  const rows = [];
  for (const dataset of o.parts.includes('pages') ? o.datasets : []) {
    const runs = new Map(o.tools.map((t) => [t, []]));
    // Rounds interleave the tools so drift in machine load hits every tool alike.
    for (let rep = 0; rep < o.repeat; rep++) {
      for (const tool of o.tools) {
        process.stderr.write(`  ${dataset} ${tool}${o.repeat > 1 ? ` (${rep + 1}/${o.repeat})` : ''} … `);
        const r = await runChild(pin, o, tool, dataset);
        process.stderr.write(r.status === 'ok'
          ? `${fmt(r.pagesPerSec)} pages/s, peak ${fmt(r.peakRssMiB, 0)} MiB, ${r.errors} errors (${r.wallS.toFixed(0)} s)\n`
          : `${r.status}: ${String(r.detail).split('\n')[0]}\n`);
        runs.get(tool).push(r);
      }
    }
    const folded = o.tools.map((t) => fold(runs.get(t)));
    const by = (name) => folded.find((r) => r.tool === name && r.status === 'ok');
    const readab = by(BASELINES.readability);
    const floor = by(BASELINES.floor);
    for (const r of folded) {
      if (r.status === 'ok') {
        r.vsReadability = readab ? r.pagesPerSec / readab.pagesPerSec : undefined;
        r.vsParseOnly = floor ? r.pagesPerSec / floor.pagesPerSec : undefined;
      }
      rows.push(r);
    }
  }

  if (rows.length) {
    console.log(`\n${table(rows)}\n`);
    console.log('pages/s and MB/s: timed pass on one core (MB = 10^6 bytes of UTF-8 input). peak RSS: child\'s maxRSS,');
    console.log('base: RSS after loading the pages and warm-up; tool +MiB: peak RSS during the timed pass minus base.');
    console.log('GC %: share of the timed pass in main-thread GC pauses.');
  }

  const targets = [];
  for (const dataset of o.datasets) {
    const t = rows.find((r) => r.tool === TARGET.tool && r.dataset === dataset);
    if (!t || t.status !== 'ok' || !t.vsReadability) continue;
    // In preload mode every page is held in memory, which is the harness's cost, not the tool's:
    // the RSS check then uses the tool's own growth over that baseline.
    const rss = o.mode === 'stream' ? t.peakRssMiB : t.toolRssMiB;
    const speedOk = t.vsReadability >= TARGET.speedup;
    const rssOk = rss < TARGET.peakRssMiB;
    targets.push({ dataset, vsReadability: t.vsReadability, rssMiB: rss, rssMeasure: o.mode === 'stream' ? 'peak' : 'peak-minus-baseline', speedOk, rssOk });
    console.log(`target ${dataset}: ${TARGET.tool} ${t.vsReadability.toFixed(2)}× readability+linkedom pages/s (≥ ${TARGET.speedup}: ${speedOk ? 'yes' : 'NO'}); ` +
      `${o.mode === 'stream' ? 'peak RSS' : 'peak RSS above the held pages'} ${fmt(rss, 0)} MiB (< ${TARGET.peakRssMiB}: ${rssOk ? 'yes' : 'NO'})`);
    // 5-8% is thresher's usual share; far more means an allocation pattern went wrong.
    if (t.gcShare > GC_SHARE_WARN) console.log(`warning ${dataset}: GC pauses took ${fmt(100 * t.gcShare, 0)}% of ${TARGET.tool}'s timed pass (usual: 5-8%); see bench/README.md, "GC share"`);
  }
  const site = o.parts.includes('site') ? runSiteBenches(pin, o) : undefined;
  const failed = rows.filter((r) => r.status !== 'ok');
  const siteFailed = site ? Object.values(site).filter((r) => r.status !== 'ok').length : 0;
  for (const f of failed) console.log(`${f.status}: ${f.tool} on ${f.dataset}: ${String(f.detail).split('\n').slice(0, 3).join(' | ')}`);

  const report = {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    options: { ...o, data: o.data },
    pinning: pin.how,
    env: { node: process.version, cpu: cpus()[0]?.model, cores: cpus().length, memGiB: +(totalmem() / 2 ** 30).toFixed(1), commit: gitCommit() },
    target: { ...TARGET, results: targets },
    rows,
    site,
  };
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nwrote ${o.out}`);
  if (failed.length || siteFailed) process.exitCode = 1;
}

main().catch((e) => { console.error(e); process.exit(1); });

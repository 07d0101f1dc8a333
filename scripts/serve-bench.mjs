#!/usr/bin/env node
/**
 * Figures for `thresher serve` (issue 27): requests/s and p50/p99 latency of POST /v1/extract on
 * the trafilatura dev-set pages at several concurrencies, against the library in-process on the
 * same pages (extract() on one thread, and the same worker pool without HTTP, so the HTTP layer's
 * own cost shows); and a memory soak (RSS of the server process sampled while it is loaded).
 *
 * The server runs as its own process (the CLI), the load from this one over loopback with
 * Node's fetch (undici, keep-alive). Each level runs for a fixed time; every client takes the
 * next page of the same round-robin sequence. The machine is shared: compare ratios within a run.
 *
 *   node scripts/serve-bench.mjs [--dist dist] [--seconds 20] [--levels 1,4,16] [--workers N] [--pages N] [--out FILE.json]
 *   node scripts/serve-bench.mjs --soak-minutes 10 [--soak-concurrency 8] [--sample-seconds 10] [--out FILE.json]
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values: a } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' }, data: { type: 'string', default: '/work/shared/datasets/trafilatura' },
    seconds: { type: 'string', default: '20' }, levels: { type: 'string', default: '1,4,16' }, workers: { type: 'string' },
    pages: { type: 'string' }, out: { type: 'string' }, 'soak-minutes': { type: 'string' }, 'soak-concurrency': { type: 'string', default: '8' },
    'sample-seconds': { type: 'string', default: '10' }, 'skip-inprocess': { type: 'boolean', default: false },
  },
});
const dist = resolve(a.dist);
const workers = Number(a.workers ?? availableParallelism());
const seconds = Number(a.seconds);
const levels = a.levels.split(',').map(Number);

function loadPages() {
  const lines = readFileSync(join(a.data, 'manifest.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const rows = a.pages ? lines.slice(0, Number(a.pages)) : lines;
  return rows.map((m) => ({ id: m.id, url: m.url.trim(), bytes: gunzipSync(readFileSync(join(a.data, m.html))) }));
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
function summary(name, concurrency, lat, elapsedMs, errors) {
  const s = [...lat].sort((x, y) => x - y);
  return { name, concurrency, requests: s.length, rps: s.length / (elapsedMs / 1000), p50: pct(s, 0.5), p99: pct(s, 0.99), errors };
}

/** Runs `concurrency` clients calling `one(page)` for `ms`; latencies of the calls that completed in the window. */
async function load(pages, concurrency, ms, one) {
  let next = 0;
  const lat = [];
  const errors = {};
  const t0 = performance.now();
  const end = t0 + ms;
  const client = async () => {
    while (performance.now() < end) {
      const page = pages[next++ % pages.length];
      const s = performance.now();
      const status = await one(page).catch((e) => `error:${e.code ?? e.message}`);
      if (status === 200) lat.push(performance.now() - s);
      else errors[status] = (errors[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { lat, elapsed: performance.now() - t0, errors };
}

async function startServer(extra = []) {
  const child = spawn(process.execPath, [join(dist, 'src/cli/main.js'), 'serve', '--port', '0', '--workers', String(workers), '--max-queue', '1000', ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d) => { err += d; });
  for (let i = 0; i < 600 && !/listening on (\S+)/.test(err); i++) await new Promise((r) => setTimeout(r, 50));
  const base = /listening on (http:\/\/\S+)/.exec(err)?.[1];
  if (!base) throw new Error(`the server did not start: ${err}`);
  for (;;) {
    const h = await (await fetch(`${base}/healthz`)).json();
    if (h.ready === h.workers) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = () => new Promise((r) => { child.on('exit', (code) => r(code)); child.kill('SIGTERM'); });
  return { base, pid: child.pid, stop };
}

const postPage = (base) => async (page) => {
  const res = await fetch(`${base}/v1/extract?url=${encodeURIComponent(page.url)}`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: page.bytes });
  await res.arrayBuffer();
  return res.status;
};

/** The server's RSS in bytes, from /proc (all its threads, workers included). */
function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

async function throughput(pages) {
  const rows = [];
  const warm = pages.slice(0, 40);
  if (!a['skip-inprocess']) {
    const { extract } = await import(pathToFileURL(join(dist, 'src/index.js')).href);
    for (const p of warm) extract(p.bytes, { url: p.url });
    const r = await load(pages, 1, seconds * 1000, async (p) => { extract(p.bytes, { url: p.url }); return 200; });
    rows.push(summary('extract() in-process, 1 thread', 1, r.lat, r.elapsed, r.errors));
    const { PagePool } = await import(pathToFileURL(join(dist, 'src/pipeline/pool.js')).href);
    const pool = new PagePool({ workers, pageTimeoutMs: 30_000 });
    await Promise.all(warm.map((p) => pool.extract(p.bytes, { url: p.url })));
    for (const c of levels) {
      const r2 = await load(pages, c, seconds * 1000, async (p) => ((await pool.extract(p.bytes, { url: p.url })).ok ? 200 : 'failed'));
      rows.push(summary(`worker pool in-process, ${workers} workers`, c, r2.lat, r2.elapsed, r2.errors));
    }
    await pool.close();
  }
  const server = await startServer();
  const one = postPage(server.base);
  for (const p of warm) await one(p);
  for (const c of levels) {
    const r = await load(pages, c, seconds * 1000, one);
    rows.push(summary(`POST /v1/extract, ${workers} workers`, c, r.lat, r.elapsed, r.errors));
  }
  const code = await server.stop();
  return { rows, serverExit: code };
}

async function soak(pages) {
  const minutes = Number(a['soak-minutes']);
  const every = Number(a['sample-seconds']) * 1000;
  const server = await startServer();
  const samples = [{ t: 0, rss: rssOf(server.pid), requests: 0 }];
  let done = 0;
  const one = postPage(server.base);
  const t0 = performance.now();
  const timer = setInterval(() => {
    const s = { t: Math.round((performance.now() - t0) / 1000), rss: rssOf(server.pid), requests: done };
    samples.push(s);
    process.stderr.write(`soak ${s.t}s rss ${(s.rss / 2 ** 20).toFixed(0)} MiB, ${done} requests\n`);
  }, every);
  const r = await load(pages, Number(a['soak-concurrency']), minutes * 60_000, async (p) => { const st = await one(p); done++; return st; });
  clearInterval(timer);
  const code = await server.stop();
  // Flat or not: the trend of the samples after the first minute (warm-up: JIT, pools, heap growth).
  const tail = samples.filter((s) => s.t >= 60);
  const n = tail.length;
  const mt = tail.reduce((x, s) => x + s.t, 0) / n, mr = tail.reduce((x, s) => x + s.rss, 0) / n;
  const slope = tail.reduce((x, s) => x + (s.t - mt) * (s.rss - mr), 0) / Math.max(1e-9, tail.reduce((x, s) => x + (s.t - mt) ** 2, 0));
  const mib = (b) => Math.round(b / 2 ** 20);
  return {
    minutes, concurrency: Number(a['soak-concurrency']), requests: r.lat.length, errors: r.errors, serverExit: code,
    rssMiB: { start: mib(samples[0].rss), afterFirstMinute: mib(tail[0]?.rss), end: mib(samples[samples.length - 1].rss), max: mib(Math.max(...samples.map((s) => s.rss))) },
    trendMiBPerMinute: Math.round((slope * 60 / 2 ** 20) * 10) / 10,
    samples: samples.map((s) => ({ ...s, rss: mib(s.rss) })),
  };
}

const pages = loadPages();
process.stderr.write(`${pages.length} pages, ${workers} workers, ${availableParallelism()} cores\n`);
let result;
if (a['soak-minutes']) {
  result = { soak: await soak(pages) };
  const s = result.soak;
  console.log(`soak: ${s.minutes} min at concurrency ${s.concurrency}, ${s.requests} requests, errors ${JSON.stringify(s.errors)}; RSS MiB start ${s.rssMiB.start}, after 1 min ${s.rssMiB.afterFirstMinute}, end ${s.rssMiB.end}, max ${s.rssMiB.max}; trend after the first minute ${s.trendMiBPerMinute} MiB/min; server exit ${s.serverExit}`);
} else {
  result = await throughput(pages);
  console.log('| setup | concurrency | requests | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|');
  for (const r of result.rows) console.log(`| ${r.name} | ${r.concurrency} | ${r.requests} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${Object.keys(r.errors).length ? JSON.stringify(r.errors) : 0} |`);
}
if (a.out) writeFileSync(a.out, JSON.stringify({ date: new Date().toISOString(), workers, cores: availableParallelism(), pages: pages.length, seconds, ...result }, null, 2) + '\n');

// One benchmark child: one tool on one dataset. Spawned by bench/run.mjs (pinned to one core).
//   node --expose-gc bench/worker.mjs --tool NAME --dir DATASET_DIR [--limit N] [--warmup N] [--mode preload|stream]
// Prints one line `@@BENCH@@ {json}` on stdout with its figures.
//
// mode preload (default): all pages are gunzipped to strings first; the timed pass is one
//   performance.now() span over all pages. Peak RSS then includes holding every page.
// mode stream: pages are held gzip-compressed; each is gunzipped just before its call (untimed);
//   seconds = the sum of per-call times. Peak RSS is then the tool's working set plus the
//   compressed corpus, close to what a streaming deployment would see.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { watchGc } from './gc-watch.mjs';
import { TOOLS } from './tools.mjs';

const MARK = '@@BENCH@@ ';
const MiB = 1024 * 1024;

function args(argv) {
  const o = { limit: 0, warmup: 20, mode: 'preload' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    if (a === '--tool') o.tool = v();
    else if (a === '--dir') o.dir = v();
    else if (a === '--limit') o.limit = Number(v());
    else if (a === '--warmup') o.warmup = Number(v());
    else if (a === '--mode') o.mode = v();
    else throw new Error(`worker: unknown argument ${a}`);
  }
  if (!o.tool || !o.dir) throw new Error('worker: --tool and --dir are required');
  if (o.mode !== 'preload' && o.mode !== 'stream') throw new Error(`worker: bad --mode ${o.mode}`);
  return o;
}

const rssMiB = () => process.memoryUsage.rss() / MiB;
/** Peak RSS of this process so far (resourceUsage().maxRSS is in KiB on Linux). */
const peakMiB = () => process.resourceUsage().maxRSS / 1024;
const gc = () => { if (globalThis.gc) { globalThis.gc(); globalThis.gc(); } };

function loadManifest(dir, limit) {
  const lines = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
  const rows = lines.map((l) => JSON.parse(l));
  return limit > 0 ? rows.slice(0, limit) : rows;
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

async function main() {
  const o = args(process.argv.slice(2));
  const factory = TOOLS[o.tool];
  if (!factory) throw new Error(`unknown tool ${o.tool}; known: ${Object.keys(TOOLS).join(', ')}`);
  const rssStart = rssMiB();

  // 1. Load pages (not timed).
  const manifest = loadManifest(o.dir, o.limit);
  const pages = [];
  let bytes = 0;
  for (const m of manifest) {
    const gz = readFileSync(join(o.dir, m.html ?? `html/${m.id}.html.gz`));
    const url = typeof m.url === 'string' ? m.url.trim() || undefined : undefined;
    if (o.mode === 'preload') {
      const html = gunzipSync(gz).toString('utf8');
      const n = Buffer.byteLength(html, 'utf8');
      bytes += n;
      pages.push({ id: m.id, url, html, bytes: n });
    } else {
      const n = Buffer.byteLength(gunzipSync(gz).toString('utf8'), 'utf8');
      bytes += n;
      pages.push({ id: m.id, url, gz, bytes: n });
    }
  }
  const html = (p) => p.html ?? gunzipSync(p.gz).toString('utf8');

  // 2. Build the tool (module load not timed).
  const { run, note } = await factory();

  // 3. Warm-up over a prefix (JIT, lazy module state), a full GC for the RSS baseline, then the
  //    same prefix again. Between pages no object of the tool is alive, so that GC frees the maps
  //    (hidden classes) of all its objects, and V8 throws away every optimised function that
  //    checks for one of them (`--trace-deopt`: "weak objects", about 80 functions each for
  //    thresher and for Readability after 20 pages): without the second warm-up the timed pass
  //    would start as cold as the first. Errors here are ignored (counted in the timed pass).
  const warm = Math.min(o.warmup, pages.length);
  const warmUp = async () => {
    for (let i = 0; i < warm; i++) {
      try { const r = run(html(pages[i]), pages[i].url); if (r && typeof r.then === 'function') await r; } catch { /* counted in the timed pass */ }
    }
  };
  await warmUp();
  gc();
  const rssBaseline = rssMiB();
  await warmUp();
  const peakBeforeTimed = peakMiB();

  // 4. Timed pass.
  const perPage = new Float64Array(pages.length);
  let errors = 0;
  let outChars = 0;
  const errorSamples = [];
  let streamSum = 0;
  let timedPeakBytes = 0;
  const gcPauses = watchGc();
  const tStart = performance.now();
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i];
    const h = o.mode === 'stream' ? html(p) : p.html;
    const t0 = performance.now();
    try {
      let r = run(h, p.url);
      if (r && typeof r.then === 'function') r = await r;
      outChars += typeof r === 'string' ? r.length : 0;
    } catch (e) {
      errors++;
      if (errorSamples.length < 5) errorSamples.push({ id: p.id, error: String(e?.message ?? e).slice(0, 200) });
    }
    const dt = performance.now() - t0;
    perPage[i] = dt;
    streamSum += dt;
    // RSS sampled between pages (a few µs; garbage of the last call is usually still resident).
    const r = process.memoryUsage.rss();
    if (r > timedPeakBytes) timedPeakBytes = r;
  }
  const wall = (performance.now() - tStart) / 1000;
  await gcPauses.settle();
  gcPauses.stop();
  const seconds = o.mode === 'stream' ? streamSum / 1000 : wall;
  const peak = peakMiB();
  // Peak during the timed pass: exact when the lifetime peak grew during it, else the sampled max.
  const timedPeak = peak > peakBeforeTimed ? peak : Math.max(timedPeakBytes / MiB, rssBaseline);

  const sorted = Array.from(perPage).sort((a, b) => a - b);
  let slowest = 0;
  for (let i = 1; i < perPage.length; i++) if (perPage[i] > perPage[slowest]) slowest = i;
  const result = {
    tool: o.tool,
    note,
    mode: o.mode,
    pages: pages.length,
    bytes,
    seconds,
    pagesPerSec: pages.length / seconds,
    gcShare: gcPauses.ms() / 1000 / wall,
    mbPerSec: bytes / 1e6 / seconds,
    peakRssMiB: peak,
    baselineRssMiB: rssBaseline,
    peakBeforeTimedMiB: peakBeforeTimed,
    timedPeakRssMiB: timedPeak,
    toolRssMiB: Math.max(0, timedPeak - rssBaseline),
    startRssMiB: rssStart,
    errors,
    errorSamples,
    outChars,
    msPerPage: { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? 0 },
    slowestPage: pages.length ? { id: pages[slowest].id, ms: perPage[slowest], bytes: pages[slowest].bytes } : null,
    warmupPages: warm,
  };
  process.stdout.write(`\n${MARK}${JSON.stringify(result)}\n`);
}

main().catch((e) => {
  process.stdout.write(`\n${MARK}${JSON.stringify({ fatal: String(e?.stack ?? e) })}\n`);
  process.exitCode = 1;
});

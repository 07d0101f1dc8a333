// Corpus pipeline throughput and memory: `node bench/pipeline.mjs [--pages 10000] [--hosts 50] [--workers 1,2] [--sizes A,B]`
// Generates a JSONL corpus of synthetic sites (src/synth; every 20th page a replica of an earlier
// one in another host's template), then runs `thresher run` on it (defaults: site models, stop
// list, MinHash replicas) in a fresh child process per setting, and reports pages/s, the seconds
// spent before the first record (census + learning site models + the stop list), and the child's
// peak RSS (worker threads included). Runs at two corpus sizes (default max(1000, pages/5) and
// pages) so flat memory shows as equal peaks, and the main thread's live heap (after a forced GC,
// heap + array buffers) at every tenth of the records, so growth per page shows too.
// Build first (npm run build).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const o = { pages: 10000, hosts: 50, workers: '1,2', sizes: '', keep: false };
for (let i = 2; i < process.argv.length; i++) {
  const k = process.argv[i].replace(/^--/, '');
  if (k === 'keep') { o.keep = true; continue; }
  if (!(k in o)) { console.error(`unknown option ${process.argv[i]}`); process.exit(2); }
  o[k] = typeof o[k] === 'number' ? Number(process.argv[++i]) : process.argv[++i];
}

if (process.env.BENCH_CHILD) {
  const { runCorpus } = await import(join(ROOT, 'dist/src/pipeline/run.js'));
  const t0 = performance.now();
  let cleanFrom = null;
  const heap = [];
  const live = () => { globalThis.gc(); const m = process.memoryUsage(); return (m.heapUsed + m.arrayBuffers) / 2 ** 20; };
  const s = await runCorpus(process.env.BENCH_INPUT, {
    out: process.env.BENCH_OUT, workers: Number(process.env.BENCH_WORKERS), fresh: true,
    onProgress: (p) => {
      if (p.phase !== 'clean') return;
      if (cleanFrom === null) cleanFrom = performance.now();
      if (p.done % Math.max(100, Math.floor(p.total / 10)) === 0) heap.push([p.done, live()]);
    },
  });
  const rss = process.resourceUsage().maxRSS / 1024;
  const learnSeconds = ((cleanFrom ?? performance.now()) - t0) / 1000;
  console.log(JSON.stringify({ pages: s.pages, records: s.records, replicas: s.replicas, failures: s.failures, models: s.sites.models, seconds: s.seconds, learnSeconds, peakRssMiB: rss, heap }));
  process.exit(0);
}

const { synthSite, synthArticles, renderSynthPage, SYNTH_TEMPLATES } = await import(join(ROOT, 'dist/src/synth/index.js'));
const dir = mkdtempSync(join(tmpdir(), 'thresher-bench-pipeline-'));

function corpus(pages, hosts, path) {
  const fd = openSync(path, 'w');
  const per = Math.ceil(pages / hosts);
  let written = 0;
  for (let h = 0; h < hosts && written < pages; h++) {
    const site = synthSite({ seed: 1000 + h, pages: Math.min(per, pages - written), host: `site${h}.example` });
    let earlier = null;
    for (const p of site) {
      let page = p;
      if (written % 20 === 19 && earlier) {
        // A near-replica: an earlier page's article (already in the corpus) inside another site's template.
        const t = SYNTH_TEMPLATES[(SYNTH_TEMPLATES.indexOf(p.template) + 1) % SYNTH_TEMPLATES.length];
        page = renderSynthPage(earlier.article, t, { seed: 7, host: `mirror${h}.example`, path: `/copy/${written}` });
      } else if (written % 20 === 9) earlier = p;
      writeSync(fd, JSON.stringify({ url: page.url, html: page.html }) + '\n');
      written++;
    }
  }
  closeSync(fd);
  return written;
}

const rows = [];
const sizes = o.sizes ? o.sizes.split(',').map(Number) : [Math.max(1000, Math.round(o.pages / 5)), o.pages];
for (const size of sizes) {
  const input = join(dir, `corpus-${size}.jsonl`);
  const n = corpus(size, Math.min(o.hosts, size), input);
  for (const w of o.workers.split(',').map(Number)) {
    const out = join(dir, `out-${size}-${w}`);
    const r = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_CHILD: '1', BENCH_INPUT: input, BENCH_OUT: out, BENCH_WORKERS: String(w) }, encoding: 'utf8', maxBuffer: 1 << 20,
    });
    if (r.status !== 0) { console.error(r.stderr); process.exit(1); }
    const s = JSON.parse(r.stdout.trim().split('\n').pop());
    rows.push({ pages: n, workers: w, ...s, pagesPerSec: n / s.seconds });
    process.stderr.write(`  ${n} pages, ${w} worker(s): ${(n / s.seconds).toFixed(1)} pages/s (${s.learnSeconds.toFixed(1)} s before the first record), peak ${s.peakRssMiB.toFixed(0)} MiB\n`);
    process.stderr.write(`    main-thread live heap MiB after GC, by records done: ${s.heap.map(([d, m]) => `${d}:${m.toFixed(1)}`).join(' ')}\n`);
    rmSync(out, { recursive: true, force: true });
  }
}
console.log('\npages   workers  pages/s  learn s  peak RSS MiB  live heap MiB (first→last)  records  replicas  failures  site models');
for (const r of rows) {
  const h = r.heap.length ? `${r.heap[0][1].toFixed(1)}→${r.heap[r.heap.length - 1][1].toFixed(1)}` : '-';
  console.log(`${String(r.pages).padEnd(8)}${String(r.workers).padEnd(9)}${r.pagesPerSec.toFixed(1).padEnd(9)}${r.learnSeconds.toFixed(1).padEnd(9)}${r.peakRssMiB.toFixed(0).padEnd(14)}${h.padEnd(28)}${String(r.records).padEnd(9)}${String(r.replicas).padEnd(10)}${String(r.failures).padEnd(10)}${r.models}`);
}
const largest = Math.max(...rows.map((r) => r.pages));
const base = rows.find((r) => r.workers === 1 && r.pages === largest);
for (const r of rows) if (base && r.pages === largest && r !== base) console.log(`${r.workers} workers: ${(r.pagesPerSec / base.pagesPerSec).toFixed(2)}× one worker`);
if (!o.keep) rmSync(dir, { recursive: true, force: true });

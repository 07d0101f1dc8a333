#!/usr/bin/env node
// A/B timing of two builds of thresher, for changes too small for the page bench's noise:
//   node bench/ab.mjs DIR_A DIR_B [DIR_C ...] [--dataset trafilatura] [--rounds 3] [--passes 4] [--cpu 0] [--data DIR]
// DIR_A, DIR_B (and more, run in turn the same way) are build output folders (each with src/index.js), for example `dist` and an
// older commit built with `npx tsc -p tsconfig.json --outDir .distA` (inside the repository, so
// that node_modules resolves). Each round runs A then B, each in a fresh child pinned to one core,
// timing `passes` passes of extract() over the whole set; the first pass carries JIT warm-up.
// Alternating rounds let both builds share the machine's drift. Prints ms per page per pass (and
// the process's CPU time per page, which another process on the same core inflates less), and
// the share of each pass spent in GC pauses (a build's allocation pattern can change it without
// changing its code's speed: bench/README.md, "GC share").
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { watchGc } from './gc-watch.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

if (process.argv[2] === '--child') {
  const [, , , dist, dir, passes] = process.argv;
  const { extract } = await import(pathToFileURL(join(dist, 'src', 'index.js')).href);
  const rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const pages = rows.map((m) => gunzipSync(readFileSync(join(dir, m.html ?? `html/${m.id}.html.gz`))).toString('utf8'));
  const gc = watchGc();
  const out = [];
  for (let pass = 0; pass < Number(passes); pass++) {
    const gc0 = gc.ms();
    const t = performance.now();
    const c = process.cpuUsage();
    for (const html of pages) extract(html).text;
    const ms = performance.now() - t;
    const cu = process.cpuUsage(c);
    await gc.settle();
    out.push([ms / pages.length, (gc.ms() - gc0) / ms, (cu.user + cu.system) / 1000 / pages.length]);
  }
  process.stdout.write(JSON.stringify(out));
} else {
  const args = process.argv.slice(2);
  const firstOption = args.findIndex((x) => x.startsWith('--'));
  const dirs = firstOption < 0 ? args : args.slice(0, firstOption);
  const rest = firstOption < 0 ? [] : args.slice(firstOption);
  const o = { dataset: 'trafilatura', rounds: 3, passes: 4, cpu: '0', data: resolve(HERE, '..', '..', 'shared', 'datasets') };
  for (let i = 0; i < rest.length; i++) {
    const k = rest[i].replace(/^--/, '');
    if (!(k in o)) fail(`unknown option ${rest[i]}`);
    o[k] = typeof o[k] === 'number' ? Number(rest[++i]) : rest[++i];
  }
  if (dirs.length < 2) fail('usage: node bench/ab.mjs DIR_A DIR_B [DIR_C ...] [--dataset NAME] [--rounds N] [--passes N] [--cpu N] [--data DIR]');
  const dir = join(o.data, o.dataset);
  if (!existsSync(join(dir, 'manifest.jsonl'))) fail(`no ${join(dir, 'manifest.jsonl')} (set --data DIR)`);
  for (const d of dirs) if (!existsSync(join(resolve(d), 'src', 'index.js'))) fail(`${d}/src/index.js is missing: build it first`);
  console.log(`${o.dataset}: ms per page (CPU ms per page, GC share) for passes 1..${o.passes} (pass 1 carries JIT warm-up), ${o.rounds} alternating rounds on core ${o.cpu}`);
  const last = dirs.map(() => []);
  for (let r = 1; r <= o.rounds; r++) {
    for (const [k, d] of dirs.entries()) {
      const name = String.fromCharCode(65 + k);
      const run = spawnSync('taskset', ['-c', o.cpu, process.execPath, fileURLToPath(import.meta.url), '--child', resolve(d), dir, String(o.passes)], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (run.status !== 0) fail(`round ${r} ${name} failed:\n${run.stderr}`);
      const passes = JSON.parse(run.stdout);
      last[k].push(passes[passes.length - 1]);
      console.log(`round ${r} ${name} ${d.padEnd(12)} ${passes.map(([ms, gc, cpu]) => `${ms.toFixed(2)} (cpu ${cpu.toFixed(2)}, GC ${(100 * gc).toFixed(0)}%)`).join('  ')}`);
    }
  }
  // Within a round the builds share the machine's load: the ratio is taken round by round.
  const median = (xs) => xs.slice().sort((x, y) => x - y)[xs.length >> 1];
  for (const [k, d] of dirs.entries()) {
    if (k === 0) continue;
    for (const [i, what] of [[0, 'wall'], [2, 'cpu']]) {
      const ratios = last[k].map((p, r) => p[i] / last[0][r][i]);
      console.log(`last pass ${what}, ${String.fromCharCode(65 + k)} / A (${d} / ${dirs[0]}): rounds ${ratios.map((x) => x.toFixed(2)).join(' ')}, median ${median(ratios).toFixed(2)}`);
    }
  }
}

function fail(msg) {
  console.error(`ab: ${msg}`);
  process.exit(2);
}

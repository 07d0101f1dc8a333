/**
 * `thresher eval`: extract every page of benchmark datasets, score with the benchmark metrics,
 * print a table (or JSON), and optionally gate on / update the pinned scores.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ThresherError } from '../errors.js';
import { ALGORITHMS } from '../types.js';
import type { Algorithm } from '../types.js';
import { checkGate, gateError, updatePins } from '../eval/gate.js';
import type { GateReport, UpdateReport } from '../eval/gate.js';
import { evalAll, evalDatasets } from '../eval/run-eval.js';
import { SET_CONVENTIONS, describeConvention } from '../eval/conventions.js';
import type { DatasetResult, EvalOptions, EvalRun } from '../eval/run-eval.js';

const DEFAULT_PINS = 'bench/quality-pins.json';

export const EVAL_USAGE = `usage: thresher eval (--dataset DIR ... | --all [--data ROOT]) [options]
  --dataset DIR      a dataset folder (shared/datasets layout); may be repeated
  --all              every dev set under --data (default ../shared/datasets)
  --algorithm A      default | tagtree | satisfiable
  --limit N          only the first N pages of each set (quick look; not for gating)
  --out DIR          keep outputs as DIR/<set>/<id>.txt (default: ${path.join(os.tmpdir(), 'thresher-eval')})
  --json             print machine-readable results on stdout
  --gate FILE        fail (E_GATE) when an official score drops below its pin by more than the tolerance
  --update-pins      raise the pins in the --gate FILE (default ${DEFAULT_PINS}) to this run's scores
  --allow-lower      with --update-pins: also lower pins; needs --reason "..."
  --jobs N           scoring worker threads (default 2; 0: in-process)
  --bootstrap N      resamples for the std of each official score (default 1000; 0: none)
  --keep-excluded    also score the pages the datasets README says to leave out
`;

interface Args {
  opts: EvalOptions;
  datasets: string[];
  all: boolean;
  data: string;
  json: boolean;
  gate?: string;
  updatePins: boolean;
  allowLower: boolean;
  reason?: string;
}

function intOption(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new ThresherError('E_BAD_OPTION', `--${name} must be an integer >= ${min}, not "${v}"`);
  return n;
}

function parse(argv: string[]): Args {
  const { values: v } = parseArgs({
    args: argv, allowPositionals: false,
    options: {
      dataset: { type: 'string', multiple: true }, all: { type: 'boolean', default: false },
      data: { type: 'string', default: '../shared/datasets' }, algorithm: { type: 'string', default: 'default' },
      out: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean', default: false },
      gate: { type: 'string' }, 'update-pins': { type: 'boolean', default: false },
      'allow-lower': { type: 'boolean', default: false }, reason: { type: 'string' },
      jobs: { type: 'string' }, bootstrap: { type: 'string' }, 'keep-excluded': { type: 'boolean', default: false },
    },
  });
  const algorithm = v.algorithm as Algorithm;
  if (!ALGORITHMS.includes(algorithm)) throw new ThresherError('E_BAD_OPTION', `--algorithm must be one of ${ALGORITHMS.join(', ')}`);
  const datasets = v.dataset ?? [];
  if (!datasets.length && !v.all) throw new ThresherError('E_BAD_OPTION', `give --dataset DIR or --all\n${EVAL_USAGE}`);
  if (datasets.length && v.all) throw new ThresherError('E_BAD_OPTION', 'give either --dataset or --all, not both');
  if (v['allow-lower'] && !v['update-pins']) throw new ThresherError('E_BAD_OPTION', '--allow-lower goes with --update-pins');
  const opts: EvalOptions = {
    algorithm, limit: intOption('limit', v.limit, 1), jobs: intOption('jobs', v.jobs, 0),
    bootstrap: intOption('bootstrap', v.bootstrap, 0), keepExcluded: v['keep-excluded'],
    outRoot: v.out ?? path.join(os.tmpdir(), 'thresher-eval'),
  };
  return {
    opts, datasets, all: v.all, data: v.data, json: v.json, gate: v.gate,
    updatePins: v['update-pins'], allowLower: v['allow-lower'], reason: v.reason,
  };
}

/** HEAD's short hash, "+dirty" when tracked files differ from it; undefined outside git. */
function gitCommit(): string | undefined {
  const git = (...args: string[]): string | undefined => {
    try { return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { return undefined; }
  };
  const head = git('rev-parse', '--short', 'HEAD');
  if (!head) return undefined;
  return git('diff', '--quiet', 'HEAD') === undefined ? `${head}+dirty` : head;
}

const f4 = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '   n/a' : x.toFixed(4));

function table(run: EvalRun): string {
  const head = ['dataset', 'pages', 'official', 'score', '±std', 'sh-F1', 'rougeLsum', 'word-F1', 'snip-F1', 'failed', 'extract s', 'score s'];
  const rows = run.datasets.map((r) => [
    r.dataset, r.pages === r.total ? String(r.pages) : `${r.pages}/${r.total}`, r.official.metric,
    f4(r.official.value), f4(r.official.std), f4(r.metrics.scrapinghub?.f1), f4(r.metrics.wceb?.f1),
    f4(r.metrics.wcxb_bow?.f1), f4(r.metrics.trafilatura?.f1), String(r.failures.length),
    r.timings.extractSeconds.toFixed(1), r.timings.scoreSeconds.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 || i === 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const notes = run.datasets.flatMap((r) => [
    ...(SET_CONVENTIONS[r.dataset] ? [`${r.dataset}: scored with ${describeConvention(r.dataset)}: ${SET_CONVENTIONS[r.dataset].why}`] : []),
    ...(r.excluded.length ? [`${r.dataset}: left out ${r.excluded.map((e) => e.id).join(', ')} (datasets README)`] : []),
    ...(r.failures.length ? [`${r.dataset}: extraction threw on ${r.failures.length} page(s), scored as empty: ${r.failures.slice(0, 5).map((f) => `${f.id} ${f.code}`).join(', ')}${r.failures.length > 5 ? ', ...' : ''}`] : []),
    ...(r.overBudget.length ? [`${r.dataset}: ${r.overBudget.length} page(s) hit the extract time budget: ${r.overBudget.slice(0, 5).join(', ')}`] : []),
  ]);
  return [line(head), ...rows.map(line), ...notes, `total ${run.wallSeconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU (extraction in-process, scoring on ${run.jobs} worker(s)); algorithm ${run.algorithm}`].join('\n') + '\n';
}

function gateText(g: GateReport): string {
  const rows = g.rows.map((r) => `  ${r.dataset.padEnd(12)} ${r.metric.padEnd(11)} pinned ${r.pinned === null ? '   n/a' : r.pinned.toFixed(4)}  measured ${r.measured.toFixed(4)}  ${r.delta === null ? '' : (r.delta >= 0 ? '+' : '') + r.delta.toFixed(4)}  ${r.status}`);
  return `gate ${g.file} (tolerance ${g.tolerance}): ${g.ok ? 'PASS' : 'FAIL'}\n${rows.join('\n')}\n`;
}

function updateText(u: UpdateReport): string {
  const lines = u.changed.map((c) => `  ${c.dataset}: ${c.from === null ? 'new' : c.from.toFixed(6)} -> ${c.to.toFixed(6)}`);
  const kept = u.keptHigher.map((r) => `  ${r.dataset}: kept ${r.pinned?.toFixed(6)} (measured ${r.measured.toFixed(6)}; lowering needs --allow-lower --reason)`);
  return `pins ${u.file}: ${u.changed.length ? 'updated' : 'unchanged'}\n${[...lines, ...kept].join('\n')}${lines.length + kept.length ? '\n' : ''}`;
}

/** Per-set page scores and summary next to the outputs (named apart from score.mjs's .pages.jsonl/.score.json). */
function writeDetails(outRoot: string, r: DatasetResult): void {
  mkdirSync(outRoot, { recursive: true });
  writeFileSync(path.join(outRoot, `${r.dataset}.eval-pages.jsonl`), r.pageScores.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const { pageScores: _p, ...summary } = r;
  writeFileSync(path.join(outRoot, `${r.dataset}.eval.json`), JSON.stringify(summary, null, 1) + '\n');
}

/** One counter line on stderr, redrawn at most every 200 ms, only when stderr is a terminal. */
function progressLine(): { update: EvalOptions['onProgress']; end: () => void } {
  const tty = Boolean(process.stderr.isTTY);
  let last = 0;
  const update: EvalOptions['onProgress'] = (p) => {
    const now = Date.now();
    if (!tty || (now - last < 200 && p.scored < p.total)) return;
    last = now;
    process.stderr.write(`\r${p.dataset}: extracted ${p.extracted}/${p.total}, scored ${p.scored}/${p.total}\x1b[K`);
  };
  return { update, end: () => { if (tty) process.stderr.write('\r\x1b[K'); } };
}

export async function evalCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) { process.stdout.write(EVAL_USAGE); return 0; }
  const a = parse(argv);
  const progress = progressLine();
  const opts: EvalOptions = { ...a.opts, onProgress: progress.update };
  let run: EvalRun;
  try {
    run = a.all ? await evalAll(a.data, opts) : await evalDatasets(a.datasets, opts);
  } finally { progress.end(); }
  for (const r of run.datasets) writeDetails(a.opts.outRoot!, r);
  const pinsFile = a.gate ?? DEFAULT_PINS;
  // --gate checks; --update-pins writes (creating the file if need be), raising pins only,
  // unless --allow-lower. A regression beyond the tolerance fails either way, unless lowered.
  const gate = a.gate && (!a.updatePins || existsSync(pinsFile)) ? checkGate(pinsFile, run.datasets, run.algorithm) : undefined;
  const update = a.updatePins
    ? updatePins(pinsFile, run.datasets, run.algorithm, { allowLower: a.allowLower, reason: a.reason, commit: gitCommit() })
    : undefined;
  if (a.json) {
    const datasets = run.datasets.map(({ pageScores: _p, ...r }) => r);
    process.stdout.write(JSON.stringify({ ...run, datasets, gate, update }, null, 1) + '\n');
  } else {
    process.stdout.write(table(run) + (gate ? gateText(gate) : '') + (update ? updateText(update) : ''));
  }
  process.stderr.write(`outputs and per-page scores in ${a.opts.outRoot}\n`);
  if (a.allowLower) return 0;
  if (gate && !gate.ok) throw gateError(gate);
  const regressed = update?.keptHigher.filter((r) => r.status === 'regressed') ?? [];
  if (update && regressed.length) throw gateError({ file: pinsFile, tolerance: update.tolerance, rows: regressed, ok: false });
  return 0;
}

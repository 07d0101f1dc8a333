/**
 * Evaluation inside the product: runs thresher's extract() over benchmark datasets and scores the
 * outputs with the benchmark metrics (score.ts). Extraction runs in-process, one page at a time in
 * manifest order (deterministic); scoring, the CPU-heavy part (ROUGE), runs on a worker pool.
 * Library code: returns results or throws ThresherError; never prints.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ThresherError } from '../errors.js';
import { extract } from '../page/extract.js';
import { conventionOptions, conventionText } from './conventions.js';
import type { Algorithm } from '../types.js';
import { ALGORITHMS } from '../types.js';
import { devSetDirs, loadDataset, readHtml } from './dataset.js';
import type { Dataset, ManifestRow, MetricName } from './dataset.js';
import { ScorePool } from './pool.js';
import { aggregate, bootstrapStd, officialValue } from './score.js';
import type { Aggregate, PageScore } from './score.js';

export interface EvalOptions {
  algorithm?: Algorithm;
  /** Only the first N pages of each dataset (a quick run; not comparable with pins). */
  limit?: number;
  /** Keep outputs: `<outRoot>/<dataset>/<id>.txt`, the layout shared/eval/score.mjs reads. */
  outRoot?: string;
  /** Scoring workers (worker_threads); 0 scores in-process. Default 2. */
  jobs?: number;
  /** Bootstrap resamples for the official number's standard deviation (0: none). Default 1000. */
  bootstrap?: number;
  /** Score every manifest row, also those the datasets README says to leave out. */
  keepExcluded?: boolean;
  /** Called as each page is extracted and as each is scored (counts per dataset). */
  onProgress?: (p: EvalProgress) => void;
}

export interface EvalProgress { dataset: string; extracted: number; scored: number; total: number; id: string }

export interface PageFailure { id: string; code: string; message: string }

export interface DatasetResult {
  dataset: string;
  dir: string;
  algorithm: Algorithm;
  /** Pages scored. */
  pages: number;
  /** Pages in the dataset after exclusions (pages < total when --limit cut the run). */
  total: number;
  excluded: { id: string; reason: string }[];
  official: { metric: MetricName; value: number; std: number };
  metrics: Aggregate;
  /** Pages whose extraction threw: scored as empty output. */
  failures: PageFailure[];
  /** Pages where extract() hit its wall-clock budget (their output may vary between runs). */
  overBudget: string[];
  /**
   * extractSeconds: in extract(); scoreSeconds: scoring, summed over pages (in the workers, queueing
   * not counted); wallSeconds: from the set's first page to its last score (sets overlap).
   */
  timings: { extractSeconds: number; scoreSeconds: number; wallSeconds: number };
  out?: string;
  pageScores: PageScore[];
}

export interface EvalRun {
  algorithm: Algorithm;
  limit?: number;
  datasets: DatasetResult[];
  wallSeconds: number;
  /** CPU time of the whole process (all threads: extraction and scoring workers). */
  cpuSeconds: number;
  /** Scoring worker threads (0: scored in-process). */
  jobs: number;
}

function checkOptions(o: EvalOptions): void {
  if (o.algorithm !== undefined && !ALGORITHMS.includes(o.algorithm)) {
    throw new ThresherError('E_BAD_OPTION', `unknown algorithm "${String(o.algorithm)}"; use one of ${ALGORITHMS.join(', ')}`);
  }
  if (o.limit !== undefined && !(Number.isInteger(o.limit) && o.limit > 0)) {
    throw new ThresherError('E_BAD_OPTION', `limit must be a positive integer, not ${String(o.limit)}`);
  }
  if (o.jobs !== undefined && !(Number.isInteger(o.jobs) && o.jobs >= 0 && o.jobs <= 64)) {
    throw new ThresherError('E_BAD_OPTION', `jobs must be an integer from 0 to 64, not ${String(o.jobs)}`);
  }
}

interface Extracted { text: string; failure?: PageFailure; overBudget: boolean; ms: number }

/** One page through extract(); a throw becomes empty output plus its error code. */
function extractPage(html: string, row: ManifestRow, algorithm: Algorithm, set: string): Extracted {
  const url = typeof row.url === 'string' && row.url.trim() ? row.url.trim() : undefined;
  const t0 = performance.now();
  try {
    const r = extract(html, { algorithm, url, ...conventionOptions(set) });
    const overBudget = r.diagnostics.some((d) => d.code === 'W_BUDGET_TIME');
    return { text: conventionText(r), overBudget, ms: performance.now() - t0 };
  } catch (e) {
    const err = e as { code?: unknown; name?: string; message?: string };
    const code = typeof err.code === 'string' ? err.code : `E_UNCAUGHT(${err.name ?? 'Error'})`;
    return { text: '', failure: { id: row.id, code, message: err.message ?? String(e) }, overBudget: false, ms: performance.now() - t0 };
  }
}

const yieldToEvents = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A dataset whose pages are all extracted, with its scores still coming from the pool. */
interface Extracting {
  ds: Dataset; t0: number; rows: ManifestRow[]; out?: string;
  extractMs: number; scoreMs: number; failures: PageFailure[]; overBudget: string[]; scores: Promise<PageScore>[];
}

/** Extracts every page in order, handing each output to the pool as soon as it is there. */
async function extractAll(ds: Dataset, o: EvalOptions, pool: ScorePool): Promise<Extracting> {
  const t0 = performance.now();
  const rows = o.limit ? ds.rows.slice(0, o.limit) : ds.rows;
  const out = o.outRoot ? path.join(path.resolve(o.outRoot), ds.name) : undefined;
  if (out) mkdirSync(out, { recursive: true });
  const x: Extracting = { ds, t0, rows, out, extractMs: 0, scoreMs: 0, failures: [], overBudget: [], scores: [] };
  let extracted = 0, scored = 0;
  const progress = (id: string): void => o.onProgress?.({ dataset: ds.name, extracted, scored, total: rows.length, id });
  for (const row of rows) {
    const page = extractPage(readHtml(ds.dir, row), row, o.algorithm ?? 'default', ds.name);
    x.extractMs += page.ms;
    if (page.failure) x.failures.push(page.failure);
    if (page.overBudget) x.overBudget.push(row.id);
    if (out) writeFileSync(path.join(out, `${row.id}.txt`), page.text);
    const score = pool.submit({ dir: ds.dir, row, pred: page.text }).then(({ score: s, ms }) => {
      scored++;
      x.scoreMs += ms;
      progress(row.id);
      return page.failure ? { ...s, error: page.failure.code } : s;
    });
    score.catch(() => undefined);   // handled in finish(); no unhandled rejection meanwhile
    x.scores.push(score);
    extracted++;
    progress(row.id);
    await yieldToEvents();
  }
  return x;
}

/** Waits for the scores and sums them up. */
async function finish(x: Extracting, o: EvalOptions): Promise<DatasetResult> {
  const { ds } = x;
  const pageScores = await Promise.all(x.scores);
  return {
    dataset: ds.name, dir: ds.dir, algorithm: o.algorithm ?? 'default', pages: x.rows.length, total: ds.rows.length, excluded: ds.excluded,
    official: {
      metric: ds.official,
      value: officialValue(ds.official, pageScores),
      std: bootstrapStd(ds.official, pageScores, o.bootstrap ?? 1000),
    },
    metrics: aggregate(pageScores),
    failures: x.failures, overBudget: x.overBudget,
    timings: { extractSeconds: x.extractMs / 1000, scoreSeconds: x.scoreMs / 1000, wallSeconds: (performance.now() - x.t0) / 1000 },
    ...(x.out ? { out: x.out } : {}),
    pageScores,
  };
}

async function withPool<T>(o: EvalOptions, f: (pool: ScorePool) => Promise<T>): Promise<T> {
  checkOptions(o);
  const pool = new ScorePool(o.jobs ?? 2);
  try { return await f(pool); } finally { await pool.close(); }
}

/** Extract and score every page of one dataset folder. */
export function evalDataset(dir: string, o: EvalOptions = {}): Promise<DatasetResult> {
  return withPool(o, async (pool) => finish(await extractAll(loadDataset(dir, { keepExcluded: o.keepExcluded }), o, pool), o));
}

/**
 * Several dataset folders (all loaded before any is run). Extraction goes set after set, page after
 * page; a set's scoring may still run while the next set is extracted.
 */
export function evalDatasets(dirs: string[], o: EvalOptions = {}): Promise<EvalRun> {
  const t0 = performance.now(), cpu0 = process.cpuUsage();
  const sets = dirs.map((d) => loadDataset(d, { keepExcluded: o.keepExcluded }));
  return withPool(o, async (pool) => {
    const extracting: Extracting[] = [];
    for (const ds of sets) extracting.push(await extractAll(ds, o, pool));
    const datasets: DatasetResult[] = [];
    for (const x of extracting) datasets.push(await finish(x, o));
    const cpu = process.cpuUsage(cpu0);
    return {
      algorithm: o.algorithm ?? 'default', ...(o.limit ? { limit: o.limit } : {}), datasets, jobs: o.jobs ?? 2,
      wallSeconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  });
}

/** Every dev set under `root` (shared/datasets layout); E_DATASET if the root or a set is missing. */
export function evalAll(root: string, o: EvalOptions = {}): Promise<EvalRun> {
  return evalDatasets(devSetDirs(root), o);
}

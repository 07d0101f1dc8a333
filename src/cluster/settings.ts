/**
 * A cluster run's settings: its shards in corpus order and the options that change what a page
 * becomes (the same as thresher run's). The coordinator checks them, names the run after them (the
 * same command resumes the same run) and writes them to OUT/stages/run.json, which every worker
 * reads: a job on the queue carries only the run directory, its stage and its number.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { ThresherError } from '../errors.js';
import { REPLICA_METHODS } from '../corpus/replicas/create.js';
import { checkSiteOptions, STATS_PAGES_DEFAULT, type SiteLearningOptions } from '../pipeline/learn.js';
import type { ReplicaChoice } from '../pipeline/replica-store.js';
import { RUN_DEFAULTS } from '../pipeline/run.js';
import { exists, readJson, stageFile, writeJson } from './files.js';

export interface ClusterSettings {
  runId: string;
  /** The run directory, the same path on every machine. */
  out: string;
  /** The shards, as paths every worker can open, in corpus order. */
  shards: string[];
  /** Partitions of the shuffles (site samples, ids, keys, LSH bands). */
  partitions: number;
  replicas: ReplicaChoice;
  sites: Required<SiteLearningOptions> | false;
  statsPages: number;
  pageTimeoutMs: number;
}

export interface ClusterOptions {
  out: string;
  partitions?: number;
  replicas?: ReplicaChoice;
  sites?: SiteLearningOptions | false;
  statsPages?: number;
  pageTimeoutMs?: number;
}

/** Partitions by default: one per shard, at most this many. */
export const MAX_DEFAULT_PARTITIONS = 64;

export function clusterSettings(inputs: string[], o: ClusterOptions): ClusterSettings {
  const bad = (m: string): never => { throw new ThresherError('E_BAD_OPTION', m); };
  if (!inputs.length) bad('a cluster run needs at least one shard (a WARC, a .jsonl file or a folder of pages)');
  const partitions = o.partitions ?? Math.min(MAX_DEFAULT_PARTITIONS, inputs.length);
  const statsPages = o.statsPages ?? STATS_PAGES_DEFAULT;
  const pageTimeoutMs = o.pageTimeoutMs ?? RUN_DEFAULTS.pageTimeoutMs;
  const replicas = o.replicas ?? 'minhash';
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > 4096) bad(`partitions must be a whole number from 1 to 4096, got ${partitions}`);
  if (!Number.isInteger(statsPages) || statsPages < 0) bad(`statsPages must be a whole number ≥ 0, got ${statsPages}`);
  if (!(pageTimeoutMs > 0)) bad(`pageTimeoutMs must be a positive number of ms, got ${pageTimeoutMs}`);
  if (!['none', ...REPLICA_METHODS].includes(replicas)) bad(`replicas must be one of none, ${REPLICA_METHODS.join(', ')}; got ${replicas}`);
  const shards = inputs.map((p) => (isAbsolute(p) ? p : resolve(p)));
  const base = { out: resolve(o.out), shards, partitions, replicas, sites: o.sites === false ? false as const : checkSiteOptions(o.sites ?? {}), statsPages, pageTimeoutMs };
  // The run is named after what it computes: the same command names the same run, and resumes it.
  const runId = createHash('sha256').update(JSON.stringify(base)).digest('hex').slice(0, 12);
  return { runId, ...base };
}

/** Writes the run's settings into its directory; a directory holding another run is refused unless `fresh`. */
export function saveSettings(s: ClusterSettings): void {
  const path = stageFile(s.out, 'run.json');
  if (exists(path)) {
    const had = readJson<ClusterSettings>(path);
    if (had.runId === s.runId) return;
    throw new ThresherError('E_STORE', `${s.out} holds another cluster run (${had.runId}, other shards or settings); choose another --out or pass --fresh`);
  }
  writeJson(path, s);
}

const cache = new Map<string, ClusterSettings>();

/** A run's settings as a worker reads them (once per run directory). */
export function loadSettings(out: string, runId: string): ClusterSettings {
  const key = `${out}\n${runId}`;
  let s = cache.get(key);
  if (!s) {
    s = readJson<ClusterSettings>(stageFile(out, 'run.json'));
    if (s.runId !== runId) throw new ThresherError('E_CLUSTER', `${out} holds run ${s.runId}, not the job's run ${runId}`);
    cache.set(key, s);
  }
  return s;
}

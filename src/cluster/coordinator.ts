/**
 * `thresher cluster run` and `thresher cluster status`: the coordinator plans a run (its settings
 * in the run directory), puts each stage's jobs on the queue, waits until every one has finished
 * (on whatever workers) and goes on to the next stage, keeping the run's progress in Redis for
 * `status`. It does no page work itself. The jobs of a run are named after the run and the
 * stage, so the same command run again resumes: finished jobs are not queued twice, and a job's
 * files make a re-run of it a no-op.
 *
 * A shard whose job in a per-shard stage fails three times is poisoned: the summary lists it and
 * the run goes on without it (its pages are left out from that stage on). A failed job of any
 * other stage stops the run (E_CLUSTER). Library code: progress goes to a callback.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { ThresherError } from '../errors.js';
import { RECORDS_FILE, STORE_FILE } from '../pipeline/store.js';
import { exists, readJson, stageFile, writeJson } from './files.js';
import { ATTEMPTS, jobId, openQueue, RUN_KEY, RUNS_KEY, SHARD_STAGES, STAGES, type JobData, type Stage } from './queue.js';
import { clusterSettings, saveSettings, type ClusterOptions, type ClusterSettings } from './settings.js';
import type { Plan } from './stages-learn.js';
import type { ClusterSummary } from './summary.js';
import { summaryOf } from './summary.js';

export interface ClusterProgress { stage: Stage; done: number; total: number; failed: number; pages?: number }

export interface ClusterRunOptions extends ClusterOptions {
  /** Start over: the run directory's stage files and store are removed first. */
  fresh?: boolean;
  /** How often the coordinator looks at its jobs (default 250 ms). */
  pollMs?: number;
  onProgress?: (p: ClusterProgress) => void;
}

/** Jobs whose state the coordinator reads per tick, at most. */
const SWEEP = 1000;

export interface Poisoned { stage: Stage; shard: string; n: number; error: string }

/** The run's generation: jobs of a run started over with --fresh are new jobs. */
function generation(st: ClusterSettings): string {
  const f = stageFile(st.out, 'generation');
  return exists(f) ? readJson<string>(f) : '';
}

function freshStart(out: string): void {
  for (const f of ['stages', 'shards', STORE_FILE, `${STORE_FILE}-wal`, `${STORE_FILE}-shm`, RECORDS_FILE]) rmSync(join(out, f), { recursive: true, force: true });
}

/** Which jobs a stage has, given what the earlier stages did. */
function jobsOf(st: ClusterSettings, stage: Stage, poisoned: Poisoned[]): number[] {
  const shards = st.shards.map((_, s) => s);
  const parts = Array.from({ length: st.partitions }, (_, p) => p);
  const lost = (stages: Stage[]) => (s: number) => !poisoned.some((x) => x.n === s && stages.includes(x.stage));
  switch (stage) {
    case 'census': return shards;
    case 'plan': case 'sites': case 'stop': case 'walk': case 'merge': return [0];
    case 'learn': return st.sites ? parts : [];
    case 'terms': { const plan = readJson<Plan>(stageFile(st.out, 'plan.json')); return shards.filter((s) => plan.statsPages[s] > 0 && lost(['census'])(s)); }
    case 'clean': return shards.filter(lost(['census']));
    case 'group': case 'pairs': return parts;
    case 'load': return shards.filter(lost(['census', 'clean']));
  }
}

export async function runCluster(redis: Redis, inputs: string[], options: ClusterRunOptions): Promise<ClusterSummary> {
  const t0 = performance.now();
  const st = clusterSettings(inputs, options);
  if (options.fresh) freshStart(st.out);
  saveSettings(st);
  if (!exists(stageFile(st.out, 'generation'))) writeJson(stageFile(st.out, 'generation'), Date.now().toString(36));
  const gen = generation(st);
  const key = RUN_KEY(st.runId);
  const queue = openQueue(redis);
  const poisoned: Poisoned[] = [];
  const timings: { stage: Stage; jobs: number; seconds: number }[] = [];
  try {
    await redis.sadd(RUNS_KEY, st.runId);
    await redis.hset(key, { out: st.out, shards: String(st.shards.length), state: 'running', started: new Date().toISOString() });
    for (const stage of STAGES) {
      const s0 = performance.now();
      const ns = jobsOf(st, stage, poisoned);
      await redis.hset(key, { stage, stageJobs: String(ns.length), stageDone: '0', stageFailed: '0' });
      const failed = await runStage(queue, redis, st, gen, stage, ns, options);
      for (const f of failed) {
        if (!SHARD_STAGES.includes(stage)) throw new ThresherError('E_CLUSTER', `the ${stage} job ${f.n} failed ${ATTEMPTS} times: ${f.error}`);
        poisoned.push({ stage, n: f.n, shard: st.shards[f.n], error: f.error });
      }
      await redis.hset(key, { poisoned: JSON.stringify(poisoned) });
      timings.push({ stage, jobs: ns.length, seconds: (performance.now() - s0) / 1000 });
    }
    const workers = (await queue.getWorkers()).length;
    const summary = summaryOf(st, poisoned, timings, workers, (performance.now() - t0) / 1000);
    await redis.hset(key, { state: 'done', stage: 'done', summary: JSON.stringify(summary), finished: new Date().toISOString() });
    return summary;
  } catch (e) {
    await redis.hset(key, { state: 'failed', error: (e as Error).message }).catch(() => {});
    throw e;
  } finally {
    await queue.close();
  }
}

/** Queues a stage's jobs (those not queued yet) and waits for all of them; returns those that failed for good. */
async function runStage(queue: Queue<JobData>, redis: Redis, st: ClusterSettings, gen: string, stage: Stage, ns: number[],
  options: ClusterRunOptions): Promise<{ n: number; error: string }[]> {
  const ids = new Map(ns.map((n) => [n, jobId(st.runId, gen, stage, n)]));
  for (const [n, id] of ids) {
    const had = await Job.fromId(queue, id);
    // A job that failed for good in an earlier coordinator's run is tried again.
    if (had && (await had.getState()) === 'failed') { await had.retry('failed'); continue; }
    if (!had) {
      await queue.add(stage, { out: st.out, runId: st.runId, stage, n }, {
        jobId: id, attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: false, removeOnFail: false,
      });
    }
  }
  const pending = new Map(ids);
  const failed: { n: number; error: string }[] = [];
  let done = 0, pages = 0, cursor = 0;
  const running = new Map<number, number>();
  while (pending.size) {
    // At most SWEEP jobs looked at per tick, in turn: a stage of 100,000 shards costs Redis a
    // bounded number of commands per tick, and a job's end is seen within a few seconds.
    const all = [...pending];
    const slice = all.length <= SWEEP ? all : [...all, ...all].slice(cursor % all.length, cursor % all.length + SWEEP);
    cursor += SWEEP;
    for (const [n, id] of slice) {
      const job = await Job.fromId(queue, id);
      const state = job ? await job.getState() : 'unknown';
      if (state === 'completed') {
        pending.delete(n); running.delete(n); done++;
        pages += Number((job!.returnvalue as { pages?: number } | undefined)?.pages ?? 0);
      } else if (state === 'failed') {
        // Failed is final: BullMQ keeps a job in delayed or waiting between its attempts.
        pending.delete(n); running.delete(n); failed.push({ n, error: job!.failedReason ?? 'failed' });
      } else if (state === 'unknown') throw new ThresherError('E_CLUSTER', `the job ${id} is gone from the queue (was Redis flushed?)`);
      else if (stage === 'clean' && job) running.set(n, Number((job.progress as { done?: number } | undefined)?.done ?? 0));
    }
    await redis.hset(RUN_KEY(st.runId), { stageDone: String(done), stageFailed: String(failed.length) });
    const inFlight = [...running.values()].reduce((a, b) => a + b, 0);
    options.onProgress?.({ stage, done, total: ns.length, failed: failed.length, ...(stage === 'clean' ? { pages: pages + inFlight } : {}) });
    if (pending.size) await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
  return failed.sort((a, b) => a.n - b.n);
}

export interface RunStatus { runId: string; fields: Record<string, string> }

/** What Redis knows of one run, or of every run: its stage, its jobs done and failed, its summary when done. */
export async function clusterStatus(redis: Redis, runId?: string): Promise<{ runs: RunStatus[]; queue: Record<string, number> }> {
  const ids = runId ? [runId] : (await redis.smembers(RUNS_KEY)).sort();
  const runs: RunStatus[] = [];
  for (const id of ids) {
    const fields = await redis.hgetall(RUN_KEY(id));
    if (!Object.keys(fields).length) { if (runId) throw new ThresherError('E_CLUSTER', `no run ${runId} in this Redis`); continue; }
    runs.push({ runId: id, fields });
  }
  const queue = openQueue(redis);
  try {
    const counts = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    return { runs, queue: { ...counts, workers: (await queue.getWorkers()).length } };
  } finally {
    await queue.close();
  }
}

/**
 * `thresher cluster worker`: a BullMQ worker that takes cluster jobs, one at a time, from any run,
 * and runs them on a thread pool of its own (the pages of a job are cleaned on `threads` threads).
 * Any number of worker processes, on any number of machines, share a run: each job's outputs are
 * files in the run directory every worker sees.
 *
 * A worker killed under a job (SIGKILL, a lost machine) stops renewing the job's lock; after
 * `lockMs` a live worker's stalled check (every `stallMs`) puts the job back on the queue, and its
 * re-run rewrites the same files. Library code: returns a handle, never prints.
 */
import { availableParallelism, hostname } from 'node:os';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { ThresherError } from '../errors.js';
import { PagePool } from '../pipeline/pool.js';
import { loadSettings, type ClusterSettings } from './settings.js';
import { ATTEMPTS, QUEUE_NAME, type JobData } from './queue.js';
import { censusJob, learnJob, planJob, sitesJob, stopJob, termsJob } from './stages-learn.js';
import { cleanJob, loadJob, mergeJob } from './stages-clean.js';
import { groupJob, pairsJob, walkJob } from './stages-replicas.js';

export interface WorkerOptions {
  /** Threads cleaning pages within a job (default 1: run one worker process per core). */
  threads?: number;
  /** A job's lock lasts this long unrenewed: how soon a killed worker's job is taken back (default 30 000). */
  lockMs?: number;
  /** How often this worker looks for stalled jobs (default 30 000). */
  stallMs?: number;
  /** The worker's name in Redis (each job's processedBy; default thresher-<host>-<pid>). */
  name?: string;
  /**
   * Fault drills: each job, its outputs written, waits this long before it is reported done, so a
   * worker can be killed between a job's files and its completion (the re-run must find them).
   */
  holdMs?: number;
  /** Called when a job starts and ends (the CLI's log). */
  onJob?: (e: { job: string; state: 'active' | 'completed' | 'failed'; error?: string }) => void;
}

export interface ClusterWorker {
  /** Stops taking jobs, waits for the current one and closes. */
  close(): Promise<void>;
}

/** A thread pool per run (a run's page timeout; a site model cached by host belongs to one run). */
class Pools {
  private runId = '';
  private pool: PagePool | null = null;

  constructor(private readonly threads: number) {}

  get(st: ClusterSettings): PagePool {
    if (this.pool && this.runId === st.runId) return this.pool;
    void this.pool?.close();
    this.runId = st.runId;
    this.pool = new PagePool({ workers: this.threads, pageTimeoutMs: st.pageTimeoutMs });
    return this.pool;
  }

  async close(): Promise<void> { await this.pool?.close(); }
}

async function runJob(job: Job<JobData>, pools: Pools, threads: number): Promise<unknown> {
  const { out, runId, stage, n } = job.data;
  const st = loadSettings(out, runId);
  const window = threads * 4;
  switch (stage) {
    case 'census': { const c = await censusJob(st, n); return { pages: c.total }; }
    case 'plan': return { pages: planJob(st).total };
    case 'learn': return { hosts: await learnJob(st, n, pools.get(st)) };
    case 'sites': return { models: sitesJob(st).models.length };
    case 'terms': return { pages: await termsJob(st, n, pools.get(st), window) };
    case 'stop': return { words: (await stopJob(st)).aggressiveStopWords.length };
    case 'clean': return { pages: await cleanJob(st, n, pools.get(st), window, (done, total) => { void job.updateProgress({ done, total }).catch(() => {}); }) };
    case 'group': await groupJob(st, n); return {};
    case 'pairs': return { pairs: await pairsJob(st, n) };
    case 'walk': return await walkJob(st);
    case 'load': return await loadJob(st, n);
    case 'merge': await mergeJob(st); return {};
  }
}

export function startWorker(redis: Redis, options: WorkerOptions = {}): ClusterWorker {
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1 || threads > 4 * availableParallelism()) throw new ThresherError('E_BAD_OPTION', `threads must be a whole number from 1 to ${4 * availableParallelism()}, got ${threads}`);
  const pools = new Pools(threads);
  const hold = options.holdMs ?? 0;
  const worker = new Worker<JobData>(QUEUE_NAME, async (job) => {
    const result = await runJob(job, pools, threads);
    if (hold > 0) await new Promise((r) => setTimeout(r, hold));
    return result;
  }, {
    name: options.name ?? `thresher-${hostname()}-${process.pid}`, connection: redis, concurrency: 1, lockDuration: options.lockMs ?? 30_000, stalledInterval: options.stallMs ?? 30_000,
    // A job may lose its worker twice (killed) and still run; a third loss fails it, like a third error.
    maxStalledCount: ATTEMPTS - 1,
  });
  worker.on('error', () => { /* a lost connection: ioredis reconnects, the worker goes on */ });
  worker.on('active', (job) => options.onJob?.({ job: job.id ?? '', state: 'active' }));
  worker.on('completed', (job) => options.onJob?.({ job: job.id ?? '', state: 'completed' }));
  worker.on('failed', (job, e) => options.onJob?.({ job: job?.id ?? '', state: 'failed', error: e.message }));
  return {
    async close() {
      await worker.close();
      await pools.close();
    },
  };
}

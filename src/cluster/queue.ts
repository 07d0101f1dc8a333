/**
 * Cluster mode's use of Redis and BullMQ: the connection (a first connection that must succeed in
 * time, then reconnection without end, so a Redis restart or a network blip costs waiting, not
 * the run), the queue's name, what a job carries, the stages in order and the job options (three
 * attempts: a job that fails three times is a poisoned shard, reported, not retried forever).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ThresherError } from '../errors.js';

export const QUEUE_NAME = 'thresher-cluster';
/** Keys of the runs' records (progress, summary), beside BullMQ's own. */
export const RUN_KEY = (runId: string): string => `thresher-cluster:run:${runId}`;
export const RUNS_KEY = 'thresher-cluster:runs';

/** The stages, in the order they run. */
export const STAGES = ['census', 'plan', 'learn', 'sites', 'terms', 'stop', 'clean', 'group', 'pairs', 'walk', 'load', 'merge'] as const;
export type Stage = (typeof STAGES)[number];

/** Stages with one job per shard: a job of theirs that fails for good poisons its shard, and the run goes on without it. */
export const SHARD_STAGES: readonly Stage[] = ['census', 'terms', 'clean', 'load'];

/** The five stages, for people: which one each job stage belongs to. */
export const STAGE_GROUP: Record<Stage, string> = {
  census: '1 census and samples', plan: '2 site models and stop list', learn: '2 site models and stop list', sites: '2 site models and stop list',
  terms: '2 site models and stop list', stop: '2 site models and stop list', clean: '3 clean', group: '4 replicas', pairs: '4 replicas',
  walk: '4 replicas', load: '5 load', merge: '5 load',
};

export interface JobData { out: string; runId: string; stage: Stage; n: number }

export const ATTEMPTS = 3;

export function jobId(runId: string, gen: string, stage: Stage, n: number): string {
  return `${runId}-${gen}-${stage}-${n}`;
}

/**
 * A Redis connection for BullMQ: commands wait while the connection is down (maxRetriesPerRequest
 * null, as BullMQ's workers need) and reconnection goes on every at most 2 s. The first
 * connection must come within `timeoutMs`: a wrong URL is an error, not a hang.
 */
export async function connect(url: string, timeoutMs = 10_000): Promise<Redis> {
  let parsed: URL;
  try { parsed = new URL(url); } catch { throw new ThresherError('E_BAD_OPTION', `--redis must be a URL such as redis://127.0.0.1:6379, got ${url}`); }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new ThresherError('E_BAD_OPTION', `--redis must be a redis:// or rediss:// URL, got ${url}`);
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: (times) => Math.min(100 * times, 2000) });
  // Without a listener a lost connection's 'error' event would end the process.
  let last = '';
  redis.on('error', (e: Error) => { last = e.message; });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(last || 'no answer')), timeoutMs); }),
    ]);
  } catch (e) {
    redis.disconnect();
    throw new ThresherError('E_CLUSTER', `cannot reach Redis at ${url} within ${timeoutMs} ms: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  return redis;
}

export function openQueue(redis: Redis): Queue<JobData> {
  const q = new Queue<JobData>(QUEUE_NAME, { connection: redis });
  q.on('error', () => { /* reconnection is ioredis's; the next command waits for it */ });
  return q;
}

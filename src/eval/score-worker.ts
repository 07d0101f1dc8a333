/**
 * Scoring worker (worker_threads): reads a page's truth and scores an output against it.
 * Pure per page, so the pool's results do not depend on which worker ran which page.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readTruth } from './dataset.js';
import type { ManifestRow } from './dataset.js';
import { scorePage } from './score.js';
import type { PageScore } from './score.js';

export interface ScoreJob { seq: number; dir: string; row: ManifestRow; pred: string }
/** ms: the time this job took in the worker (reading the truth and scoring). */
export type ScoreReply = { seq: number; score: PageScore; ms: number } | { seq: number; error: { code?: string; message: string } };

/** The work itself; also run in-process when no workers are wanted. */
export function runJob(job: ScoreJob): PageScore {
  return scorePage(job.row.id, readTruth(job.dir, job.row), job.pred);
}

/** Set in workerData by the pool, so that importing this module elsewhere (even in another worker) does nothing. */
export const WORKER_FLAG = 'thresherScoreWorker';

if (parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_FLAG] === true) {
  const port = parentPort;
  port.on('message', (job: ScoreJob) => {
    let reply: ScoreReply;
    const t0 = performance.now();
    try {
      const score = runJob(job);
      reply = { seq: job.seq, score, ms: performance.now() - t0 };
    } catch (e) {
      const err = e as { code?: string; message?: string };
      reply = { seq: job.seq, error: { code: err.code, message: err.message ?? String(e) } };
    }
    port.postMessage(reply);
  });
}

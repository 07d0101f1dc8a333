/**
 * A small pool of scoring workers. Jobs go to the worker with the fewest pending; each result
 * comes back under its job's sequence number, so the caller can keep manifest order.
 * With size 0 the jobs run in-process (synchronously, on submit).
 */
import { Worker } from 'node:worker_threads';
import { ThresherError } from '../errors.js';
import type { PageScore } from './score.js';
import { runJob, WORKER_FLAG } from './score-worker.js';
import type { ScoreJob, ScoreReply } from './score-worker.js';

/** A page's scores, and the time scoring took (in the worker, not counting the queue). */
export interface Scored { score: PageScore; ms: number }

interface Pending { resolve: (s: Scored) => void; reject: (e: Error) => void }

export class ScorePool {
  private readonly workers: { w: Worker; pending: number }[] = [];
  private readonly waiting = new Map<number, Pending>();
  private seq = 0;
  private failure: Error | null = null;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(new URL('./score-worker.js', import.meta.url), { workerData: { [WORKER_FLAG]: true } });
      const slot = { w, pending: 0 };
      w.on('message', (r: ScoreReply) => { slot.pending--; this.settle(r); });
      w.on('error', (e) => this.fail(e));
      this.workers.push(slot);
    }
  }

  /** Score `pred` for `row` of the dataset in `dir`. */
  submit(job: Omit<ScoreJob, 'seq'>): Promise<Scored> {
    if (this.failure) return Promise.reject(this.failure);
    const full: ScoreJob = { ...job, seq: this.seq++ };
    if (!this.workers.length) {
      const t0 = performance.now();
      try { return Promise.resolve({ score: runJob(full), ms: performance.now() - t0 }); } catch (e) { return Promise.reject(e as Error); }
    }
    const slot = this.workers.reduce((a, b) => (b.pending < a.pending ? b : a));
    slot.pending++;
    return new Promise<Scored>((resolve, reject) => {
      this.waiting.set(full.seq, { resolve, reject });
      slot.w.postMessage(full);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((s) => s.w.terminate()));
    this.workers.length = 0;
  }

  private settle(r: ScoreReply): void {
    const p = this.waiting.get(r.seq);
    if (!p) return;
    this.waiting.delete(r.seq);
    if ('score' in r) p.resolve({ score: r.score, ms: r.ms });
    else if (r.error.code === 'E_DATASET') p.reject(new ThresherError('E_DATASET', r.error.message));
    else p.reject(new Error(`scoring failed: ${r.error.message}`));
  }

  private fail(e: Error): void {
    this.failure = e;
    for (const p of this.waiting.values()) p.reject(e);
    this.waiting.clear();
  }
}

/**
 * A pool of worker threads that clean pages, one page at a time per worker.
 *
 * A page that runs past `pageTimeoutMs` (a pathological page the extractor's own time budget
 * did not stop) costs its worker: the worker is terminated and replaced, and the page comes back
 * as a failure, so one bad page never costs the corpus. A worker that dies fails only its page.
 */
import { Worker } from 'node:worker_threads';
import type { CleanedPage, PageInput } from '../corpus/page-record.js';

export type PageOutcome = ({ ok: true } & CleanedPage) | { ok: false; code: string; message: string };

export interface PoolOptions {
  workers: number;
  /** Wall-clock limit per page, in ms. */
  pageTimeoutMs: number;
}

interface Job { page: PageInput; site?: unknown; resolve: (o: PageOutcome) => void }
/** A worker takes pages once it has loaded (`ready`), so start-up never counts against a page's time. */
interface Slot { worker: Worker; ready: boolean; job: Job | null; timer: NodeJS.Timeout | null }

const WORKER_SCRIPT = new URL('./page-worker.js', import.meta.url);

export class PagePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < Math.max(1, options.workers); i++) this.slots.push(this.spawn());
  }

  /** Cleans one page; never rejects (failures are outcomes). `site` is the host's model, if any. */
  clean(page: PageInput, site?: unknown): Promise<PageOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ page, site, resolve });
      this.dispatch();
    });
  }

  /** Ends the workers; a pool keeps the process alive until it is closed. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_SCRIPT), ready: false, job: null, timer: null };
    slot.worker.on('message', (msg: PageOutcome | 'ready') => {
      if (msg === 'ready') { slot.ready = true; this.dispatch(); } else this.finish(slot, msg);
    });
    slot.worker.on('error', (e: Error) => this.replace(slot, { ok: false, code: 'E_WORKER', message: `worker failed: ${e.message}` }));
    slot.worker.on('exit', (code) => {
      if (!this.closed && slot.job) this.replace(slot, { ok: false, code: 'E_WORKER', message: `worker exited with code ${code}` });
    });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job || !this.queue.length) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => {
        this.replace(slot, { ok: false, code: 'E_PAGE_TIMEOUT', message: `cleaning took over ${this.options.pageTimeoutMs} ms; the page was abandoned` });
      }, this.options.pageTimeoutMs);
      slot.worker.postMessage({ page: job.page, site: job.site });
    }
  }

  private finish(slot: Slot, outcome: PageOutcome): void {
    const job = slot.job;
    if (!job) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null; slot.timer = null;
    job.resolve(outcome);
    this.dispatch();
  }

  /** Fails the slot's page with `outcome` and puts a fresh worker in its place. */
  private replace(slot: Slot, outcome: PageOutcome): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null; slot.timer = null;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (this.closed) { job?.resolve(outcome); return; }
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots[i] = this.spawn();
    job?.resolve(outcome);
    this.dispatch();
  }
}

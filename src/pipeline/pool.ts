/**
 * A pool of worker threads that clean pages (and take their terms, and learn site models), one
 * job at a time per worker.
 *
 * A job that runs past its time limit (a pathological page the extractor's own time budget did
 * not stop) costs its worker: the worker is terminated and replaced, and the job comes back as a
 * failure, so one bad page never costs the corpus. A worker that dies fails only its job.
 *
 * Site models travel with the pages of their host, but only to a worker that does not hold the
 * model yet: each slot mirrors the models its worker keeps (at most SITES_PER_WORKER, least
 * recently used dropped first), so a model is sent once per worker, not once per page.
 *
 * `thresher serve` uses the same pool for single extractions (`extract`): its jobs carry a
 * deadline set when the request arrived, so time spent waiting in the queue counts against the
 * request's budget, and a job still queued at its deadline is failed without taking a worker.
 * `stats()` tells the server how busy the pool is (its queue bound and metrics). Its inspector's
 * jobs (`inspect`) also annotate the page on the worker (serve/annotate.ts): the tree they need
 * cannot be posted back, and serialising a large page is work the event loop should not do.
 */
import { Worker } from 'node:worker_threads';
import type { CleanedPage, PageInput } from '../corpus/page-record.js';
import type { AnnotatedPage } from '../serve/annotate.js';
import type { SitePage, SiteModel } from '../site/model.js';
import type { ExtractOptions, Extraction } from '../types.js';

export type Failure = { ok: false; code: string; message: string };
export type PageOutcome = ({ ok: true } & CleanedPage) | Failure;
export type TermsOutcome = { ok: true; terms: string[] } | Failure;
export type LearnOutcome = { ok: true; model: SiteModel } | Failure;
export type ExtractOutcome = { ok: true; result: Extraction; annotated?: AnnotatedPage } | Failure;
export type JobOutcome = PageOutcome | TermsOutcome | LearnOutcome | ExtractOutcome;

/** Plain extraction options (no functions, no refiner: they are posted to a worker). */
export type WorkerExtractOptions = Omit<ExtractOptions, 'site' | 'blockModel' | 'keepTree' | 'layout'>;

/** What every worker knows for a whole pass: the corpus's aggressive stop words, a classifier (its JSON). */
export interface WorkerContext {
  aggressiveStopWords?: string[];
  classifier?: string;
}

/** A host's site model, as a job carries it: the JSON only when the worker lacks it. */
export interface SiteRef { host: string; json?: string; evict?: string }

export type WorkerMessage =
  | { type: 'context'; context: WorkerContext }
  | { type: 'clean'; page: PageInput; site?: SiteRef }
  | { type: 'terms'; page: PageInput; site?: SiteRef }
  | { type: 'learn'; host: string; pages: SitePage[] }
  | { type: 'extract'; input: string | Uint8Array; options: WorkerExtractOptions; site?: SiteRef; annotate?: boolean };

export interface PoolOptions {
  workers: number;
  /** Wall-clock limit per page, in ms (a learning job gets this per page it learns from). */
  pageTimeoutMs: number;
  context?: WorkerContext;
}

/** A model given to a job: its host and its JSON text. */
export interface SiteJob { host: string; json: string }

/** When a job must be done by: `deadline` is an absolute Date.now() time, counting time in the queue. */
export interface JobLimits { deadline?: number }

/** How busy the pool is: workers, those started and waiting for jobs or running one, jobs waiting, workers replaced so far. */
export interface PoolStats { workers: number; ready: number; busy: number; queued: number; replaced: number }

interface Job {
  msg: WorkerMessage; site?: SiteJob; timeoutMs: number; deadline?: number; resolve: (o: JobOutcome) => void;
  /** Fails the job if it is still queued at its deadline. */
  queueTimer?: NodeJS.Timeout;
}
/** A worker takes jobs once it has loaded (`ready`), so start-up never counts against a page's time. */
interface Slot { worker: Worker; ready: boolean; job: Job | null; timer: NodeJS.Timeout | null; sites: string[] }

const WORKER_SCRIPT = new URL('./page-worker.js', import.meta.url);
/** Site models a worker keeps; a corpus read host by host needs one, an interleaved crawl more. */
export const SITES_PER_WORKER = 32;

export class PagePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private context: WorkerContext | undefined;
  private replaced = 0;

  constructor(private readonly options: PoolOptions) {
    this.context = options.context;
    for (let i = 0; i < Math.max(1, options.workers); i++) this.slots.push(this.spawn());
  }

  /** Cleans one page into its record; never rejects (failures are outcomes). `site`: the host's model. */
  clean(page: PageInput, site?: SiteJob): Promise<PageOutcome> {
    return this.submit({ type: 'clean', page }, this.options.pageTimeoutMs, site) as Promise<PageOutcome>;
  }

  /** The distinct topic-content terms of one page (for the corpus's document frequencies). */
  terms(page: PageInput, site?: SiteJob): Promise<TermsOutcome> {
    return this.submit({ type: 'terms', page }, this.options.pageTimeoutMs, site) as Promise<TermsOutcome>;
  }

  /** Learns one host's site model from its sample pages. */
  learn(host: string, pages: SitePage[], limits: JobLimits = {}): Promise<LearnOutcome> {
    return this.submit({ type: 'learn', host, pages }, this.options.pageTimeoutMs * Math.max(1, pages.length), undefined, limits.deadline) as Promise<LearnOutcome>;
  }

  /** extract() on a worker: the library's result, or the failure with its code. `site`: the host's model. */
  extract(input: string | Uint8Array, options: WorkerExtractOptions, site?: SiteJob, limits: JobLimits = {}): Promise<ExtractOutcome> {
    return this.submit({ type: 'extract', input, options }, this.options.pageTimeoutMs, site, limits.deadline) as Promise<ExtractOutcome>;
  }

  /**
   * extract() with `debug` on a worker, and the page annotated for the inspector (`annotated`):
   * every debug block outlined with its label and reason (serve/annotate.ts).
   */
  inspect(input: string | Uint8Array, options: WorkerExtractOptions, site?: SiteJob, limits: JobLimits = {}): Promise<ExtractOutcome> {
    return this.submit({ type: 'extract', input, options: { ...options, debug: true }, annotate: true }, this.options.pageTimeoutMs, site, limits.deadline) as Promise<ExtractOutcome>;
  }

  stats(): PoolStats {
    return { workers: this.slots.length, ready: this.slots.filter((s) => s.ready).length, busy: this.slots.filter((s) => s.job).length, queued: this.queue.length, replaced: this.replaced };
  }

  /** Sets what every worker knows from now on; jobs submitted after this call see it. */
  setContext(context: WorkerContext): void {
    this.context = context;
    for (const s of this.slots) s.worker.postMessage({ type: 'context', context } satisfies WorkerMessage);
  }

  /** Ends the workers; a pool keeps the process alive until it is closed. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private submit(msg: WorkerMessage, timeoutMs: number, site?: SiteJob, deadline?: number): Promise<JobOutcome> {
    return new Promise((resolve) => {
      const job: Job = { msg, site, timeoutMs, deadline, resolve };
      if (deadline !== undefined) {
        job.queueTimer = setTimeout(() => {
          const at = this.queue.indexOf(job);
          if (at < 0) return;
          this.queue.splice(at, 1);
          resolve({ ok: false, code: 'E_PAGE_TIMEOUT', message: `no worker was free before the job's deadline (${timeoutMs} ms limit, ${this.queue.length} job(s) still waiting)` });
        }, Math.max(0, deadline - Date.now()));
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_SCRIPT, { workerData: this.context }), ready: false, job: null, timer: null, sites: [] };
    slot.worker.on('message', (msg: JobOutcome | 'ready') => {
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
      if (job.queueTimer) clearTimeout(job.queueTimer);
      slot.job = job;
      // A deadline counts the time the job waited; the per-job limit never grows past it.
      const ms = job.deadline !== undefined ? Math.max(0, Math.min(job.timeoutMs, job.deadline - Date.now())) : job.timeoutMs;
      slot.timer = setTimeout(() => {
        const what = job.msg.type === 'learn' ? 'learning the site model' : job.msg.type === 'extract' ? 'extracting' : 'cleaning';
        this.replace(slot, { ok: false, code: 'E_PAGE_TIMEOUT', message: `${what} took over ${job.deadline !== undefined ? 'its time budget' : `${job.timeoutMs} ms`}; the ${job.msg.type === 'learn' ? 'host was left without a model' : 'page was abandoned'} and its worker replaced` });
      }, ms);
      const msg = job.site && job.msg.type !== 'learn' && job.msg.type !== 'context' ? { ...job.msg, site: siteRef(slot, job.site) } : job.msg;
      slot.worker.postMessage(msg);
    }
  }

  private finish(slot: Slot, outcome: JobOutcome): void {
    const job = slot.job;
    if (!job) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null; slot.timer = null;
    job.resolve(outcome);
    this.dispatch();
  }

  /** Fails the slot's job with `outcome` and puts a fresh worker in its place. */
  private replace(slot: Slot, outcome: Failure): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null; slot.timer = null;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (this.closed) { job?.resolve(outcome); return; }
    this.replaced++;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots[i] = this.spawn();
    job?.resolve(outcome);
    this.dispatch();
  }
}

/** The reference to send a slot for `site`, updating the slot's mirror of the models its worker holds. */
function siteRef(slot: Slot, site: SiteJob): SiteRef {
  const at = slot.sites.indexOf(site.host);
  if (at >= 0) {
    slot.sites.splice(at, 1);
    slot.sites.push(site.host);
    return { host: site.host };
  }
  slot.sites.push(site.host);
  const evict = slot.sites.length > SITES_PER_WORKER ? slot.sites.shift() : undefined;
  return { host: site.host, json: site.json, ...(evict !== undefined ? { evict } : {}) };
}

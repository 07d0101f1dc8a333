/**
 * Worker-thread side of PagePool: cleans pages, takes the terms of pages, learns site models and
 * runs single extractions (thresher serve; annotated for its inspector when asked), as it is told,
 * and posts back one outcome per job. It keeps the site models it was sent, by host, until the
 * pool says to drop one (the pool mirrors what each worker holds).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extract } from '../page/extract.js';
import { parseClassifierModel, type ClassifierModel } from '../corpus/classify/model.js';
import { pageTerms, processPage } from '../corpus/page-record.js';
import { annotatePage } from '../serve/annotate.js';
import { learnSite, loadSiteModel } from '../site/model.js';
import { siteRefiner } from '../site/refine.js';
import type { SiteRefiner } from '../types.js';
import type { JobOutcome, WorkerContext, WorkerMessage } from './pool.js';

let aggressive: ReadonlySet<string> | undefined;
let classifier: ClassifierModel | undefined;
const refiners = new Map<string, SiteRefiner>();

function setContext(ctx: WorkerContext | undefined): void {
  aggressive = ctx?.aggressiveStopWords?.length ? new Set(ctx.aggressiveStopWords) : undefined;
  classifier = ctx?.classifier ? parseClassifierModel(ctx.classifier) : undefined;
}

function siteFor(msg: Extract<WorkerMessage, { type: 'clean' | 'terms' | 'extract' }>): SiteRefiner | undefined {
  const s = msg.site;
  if (!s) return undefined;
  if (s.evict !== undefined) refiners.delete(s.evict);
  if (s.json !== undefined) refiners.set(s.host, siteRefiner(loadSiteModel(s.json)));
  const r = refiners.get(s.host);
  if (!r) throw Object.assign(new Error(`the worker holds no site model for ${s.host}`), { code: 'E_WORKER' });
  return r;
}

function handle(msg: WorkerMessage): JobOutcome | null {
  switch (msg.type) {
    case 'context': setContext(msg.context); return null;
    case 'clean': return { ok: true, ...processPage(msg.page, { site: siteFor(msg), aggressiveStopWords: aggressive, classifier }) };
    case 'terms': return { ok: true, terms: pageTerms(msg.page, { site: siteFor(msg) }) };
    case 'learn': return { ok: true, model: learnSite(msg.pages, { host: msg.host }) };
    case 'extract': {
      if (!msg.annotate) return { ok: true, result: extract(msg.input, { ...msg.options, site: siteFor(msg) }) };
      const result = extract(msg.input, { ...msg.options, site: siteFor(msg), keepTree: true });
      // The tree is not enumerable: structured cloning leaves it behind.
      return { ok: true, result, annotated: annotatePage(result) };
    }
  }
}

setContext(workerData as WorkerContext | undefined);
parentPort!.on('message', (msg: WorkerMessage) => {
  let out: JobOutcome | null;
  try {
    out = handle(msg);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    out = { ok: false, code: typeof err.code === 'string' ? err.code : 'E_EXTRACT', message: err.message ?? String(e) };
  }
  if (out) parentPort!.postMessage(out);
});
parentPort!.postMessage('ready');

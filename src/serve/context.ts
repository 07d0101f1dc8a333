/**
 * What every route of `thresher serve` shares: the settings, the worker pool, the metrics, the
 * site models, the store and the renderer; and the admission check that turns a full queue into a 429 before
 * any more work is taken on.
 */
import { ThresherError } from '../errors.js';
import type { PagePool } from '../pipeline/pool.js';
import type { ModelRegistry, StoreReader } from './data.js';
import type { InspectorAssets } from './inspector.js';
import type { Metrics } from './metrics.js';
import type { ServeSettings } from './options.js';
import type { ServeRenderer } from './render.js';

export interface ServeContext {
  settings: ServeSettings;
  pool: PagePool;
  metrics: Metrics;
  models: ModelRegistry;
  store?: StoreReader;
  /** The browser for `render: true` (serve/render.ts), when the server renders. */
  renderer?: ServeRenderer;
  /** The inspector's files (serve/inspector.ts), when it is served. */
  inspector?: InspectorAssets;
  /** True once close() was called: health says so, and answers close their connections. */
  draining: boolean;
}

/**
 * Refuses new pool work (E_BUSY, with the seconds to wait) when every worker is busy and
 * settings.maxQueue jobs already wait. Checked when a request arrives and again just before its
 * job is submitted, since reading a body takes time in which others may have queued.
 */
export function admit(ctx: ServeContext): void {
  const s = ctx.pool.stats();
  if (s.busy >= s.workers && s.queued >= ctx.settings.maxQueue) {
    const retryAfter = ctx.metrics.retryAfter(s.queued, s.workers);
    throw new ThresherError('E_BUSY', `all ${s.workers} workers are busy and ${s.queued} request(s) wait (--max-queue ${ctx.settings.maxQueue}); retry after ${retryAfter} s`, { retryAfter });
  }
}

/** Milliseconds left before `deadline`; E_PAGE_TIMEOUT when none are. */
export function remaining(deadline: number, what: string): number {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new ThresherError('E_PAGE_TIMEOUT', `the request's time budget ran out ${what}`);
  return ms;
}

/**
 * How `thresher extract` runs many pages: an Engine extracts one page (in this thread, or on
 * pipeline/pool.ts's worker threads), and runTasks streams tasks through it with a bounded
 * window, handing results on in input order.
 *
 * The window counts pages being extracted and results waiting for their turn to be written. The
 * input is read only while it has room, so memory is bounded however long the input is, and a
 * slow reader of our output (a full pipe) slows the reading of our input: backpressure from end
 * to end. Results are written as soon as their turn comes, not when the next input arrives, so
 * a streaming filter answers each line as it can.
 */
import { ThresherError, type ErrorCode } from '../errors.js';
import { extract } from '../page/extract.js';
import { PagePool, type WorkerExtractOptions } from '../pipeline/pool.js';
import type { Diagnostic, Extraction } from '../types.js';
import type { Progress } from './progress.js';
import type { Renderer } from './render-option.js';
import type { ModelPicker } from './site-models.js';

/** One page to extract: its bytes (or text), and what is known of where it came from. */
export interface PageJob {
  input: string | Uint8Array;
  url?: string;
  contentType?: string;
  /** A file name, for the renderer's placeholder URL. */
  name?: string;
  /** The page's host when its URL is unknown (from a manifest or its path), for --site. */
  host?: string;
}

export interface PageError { code: string; message: string }

/** A page to extract, or an input that failed before extraction (a bad line, an unreadable file). */
export interface Task {
  /** The fields that identify the page in its JSON Lines record ({file}, {id}). */
  key: Record<string, unknown>;
  /** The identifying fields of an error record, when they differ (--jsonl: {line, id, url}). */
  failKey?: Record<string, unknown>;
  /** What an output folder calls the page (a relative path without extension). */
  name: string;
  job?: PageJob;
  /** An extraction made already (extract -i reads them back from a file). */
  result?: Extraction;
  error?: PageError;
}

/** A task's outcome, in input order. */
export interface Done {
  key: Record<string, unknown>;
  failKey?: Record<string, unknown>;
  name: string;
  result?: Extraction;
  error?: PageError;
}

export interface Engine {
  extract(job: PageJob): Promise<Extraction>;
  /** Pages in flight or waiting to be written at most: enough to keep every worker busy. */
  readonly window: number;
  close(): Promise<void>;
}

export interface EngineSettings {
  options: WorkerExtractOptions;
  picker: ModelPicker | null;
  renderer: Renderer;
  /** --render: pages go through the renderer, and are extracted in this thread (a layout cannot be posted to a worker). */
  rendering: boolean;
  workers: number;
  pageTimeoutMs: number;
}

const siteNote = (note: string | undefined): Diagnostic[] => (note ? [{ code: 'W_SITE_NONE', message: note }] : []);

/** Worker threads for more than one worker; this thread for one (no thread to start) or with --render. */
export function openEngine(s: EngineSettings): Engine {
  if (s.workers > 1 && !s.rendering) return poolEngine(s);
  return {
    window: 2,
    async extract(job) {
      const { site, note } = s.picker ? s.picker.pick(job.url, job.host) : {};
      let input = job.input, layout, diagnostics: Diagnostic[] = [];
      if (s.rendering) {
        const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
        ({ input, layout, diagnostics } = await s.renderer.prepare(bytes, job.url, job.contentType, job.name));
      }
      const r = extract(input, { ...s.options, url: job.url, site, ...(layout ? { layout } : { contentType: job.contentType }) });
      r.diagnostics.push(...diagnostics, ...siteNote(note));
      return r;
    },
    async close() {},
  };
}

function poolEngine(s: EngineSettings): Engine {
  const pool = new PagePool({ workers: s.workers, pageTimeoutMs: s.pageTimeoutMs });
  return {
    window: s.workers * 4,
    async extract(job) {
      const { job: site, note } = s.picker ? s.picker.pickJob(job.url, job.host) : {};
      const out = await pool.extract(job.input, { ...s.options, url: job.url, contentType: job.contentType }, site);
      if (!out.ok) throw new ThresherError(out.code as ErrorCode, out.message);
      out.result.diagnostics.push(...siteNote(note));
      return out.result;
    },
    close: () => pool.close(),
  };
}

export function pageError(e: unknown): PageError {
  const err = e as { code?: unknown; message?: string };
  return { code: typeof err.code === 'string' && err.code.startsWith('E_') ? err.code : 'E_UNKNOWN', message: err.message ?? String(e) };
}

/** Where finished pages go, one at a time and in input order. */
export interface Sink {
  write(d: Done): Promise<void>;
}

/** Every task through the engine into the sink, in input order; how many there were and how many failed. */
export async function runTasks(tasks: AsyncIterable<Task>, engine: Engine, sink: Sink, progress: Progress | null): Promise<{ pages: number; failed: number }> {
  let pages = 0, failed = 0;
  await orderedMap(tasks, engine.window, async (t): Promise<Done> => {
    const base = { key: t.key, failKey: t.failKey, name: t.name };
    if (t.result) return { ...base, result: t.result };
    if (t.error || !t.job) return { ...base, error: t.error ?? { code: 'E_INPUT_READ', message: 'no page' } };
    try {
      return { ...base, result: await engine.extract(t.job) };
    } catch (e) {
      return { ...base, error: pageError(e) };
    }
  }, async (d) => {
    await sink.write(d);
    pages++;
    if (d.error) failed++;
    progress?.tick(d.name);
  });
  return { pages, failed };
}

/**
 * `work` over `items` with at most `window` items taken and not yet emitted; `emit` gets the
 * results in the order of the items, one at a time. The first error of `emit` or of reading the
 * items stops the reading and is thrown once the items taken are settled.
 */
export async function orderedMap<T, R>(items: AsyncIterable<T>, window: number, work: (item: T) => Promise<R>, emit: (r: R) => Promise<void>): Promise<void> {
  const pending: Promise<R>[] = [];
  let ended = false, failure: { error: unknown } | null = null;
  let wakeWriter: (() => void) | null = null, wakeReader: (() => void) | null = null;
  const wake = (which: 'reader' | 'writer'): void => {
    const w = which === 'reader' ? wakeReader : wakeWriter;
    if (which === 'reader') wakeReader = null; else wakeWriter = null;
    w?.();
  };
  const writer = (async () => {
    for (;;) {
      if (!pending.length) {
        if (ended) return;
        await new Promise<void>((r) => { wakeWriter = r; });
        continue;
      }
      await emit(await pending[0]);
      pending.shift();
      wake('reader');
    }
  })().catch((e: unknown) => { failure = { error: e }; wake('reader'); });
  let readError: { error: unknown } | null = null;
  try {
    for await (const item of items) {
      while (pending.length >= window && !failure) await new Promise<void>((r) => { wakeReader = r; });
      if (failure) break;
      const p = work(item);
      // Marked handled now: a rejection is seen when its turn to be emitted comes.
      p.catch(() => undefined);
      pending.push(p);
      wake('writer');
    }
  } catch (e) {
    readError = { error: e };
  } finally {
    ended = true;
    wake('writer');
  }
  await writer;
  // TypeScript cannot see the writer's catch assign it.
  const failed = failure as { error: unknown } | null;
  if (failed) throw failed.error;
  if (readError) throw readError.error;
}

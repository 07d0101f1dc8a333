/**
 * The browser renderer (issue 26, part 1): a page's bytes in, the DOM after its scripts and its
 * layout out, from the system's Chromium driven by playwright-core. Offline by default, bounded
 * in time and memory, one pooled browser. The pure core (src/visual/, src/page/) never imports
 * this module: only callers that chose to render (the CLI's --render, a user's code) load it,
 * so thresher works where no browser is installed.
 *
 *   const pool = new RenderPool({ pages: 2 });
 *   const { html, layout } = await pool.render(bytes, { url });
 *   extract(html, { url, layout });
 *   await pool.close();
 */
import { RenderPool, type RenderPoolOptions } from './pool.js';
import type { RenderOptions, RenderResult } from './types.js';

export { RenderPool, closeAllRenderPools, type RenderPoolOptions } from './pool.js';
export { findChromium, CHROMIUM_ENV, CHROMIUM_NAMES } from './find-browser.js';
export { WarcIndex, type ArchivedResponse } from './warc-source.js';
export { toLayoutSnapshot, type CdpSnapshot } from './snapshot.js';
export { MAX_SCREENSHOT_HEIGHT, RENDER_DEFAULTS, type RenderOptions, type RenderResult, type RenderTimings, type Viewport } from './types.js';

/** One page in a browser of its own, closed afterwards: for a single page; a run over many pages keeps a RenderPool. */
export async function renderPage(input: string | Uint8Array, options: RenderOptions & RenderPoolOptions): Promise<RenderResult> {
  const pool = new RenderPool(options);
  try {
    return await pool.render(input, options);
  } finally {
    await pool.close();
  }
}

export interface RenderItem<T> {
  input: string | Uint8Array;
  options: RenderOptions;
  /** Carried through to the outcome (an id, a file name). */
  tag: T;
}

export type RenderOutcome<T> = { tag: T; ok: true; result: RenderResult } | { tag: T; ok: false; error: Error };

/**
 * Renders items with the pool's tabs all busy, yielding outcomes in input order; a page's failure
 * is its outcome, never the end of the run. At most 2 × pages items are read ahead of the output.
 */
export async function* renderPages<T>(pool: RenderPool, items: Iterable<RenderItem<T>> | AsyncIterable<RenderItem<T>>): AsyncGenerator<RenderOutcome<T>> {
  const queue: Promise<RenderOutcome<T>>[] = [];
  const start = (it: RenderItem<T>): Promise<RenderOutcome<T>> =>
    pool.render(it.input, it.options).then((result) => ({ tag: it.tag, ok: true as const, result }), (error: Error) => ({ tag: it.tag, ok: false as const, error }));
  for await (const it of items) {
    queue.push(start(it));
    if (queue.length >= pool.pages * 2) yield await queue.shift()!;
  }
  while (queue.length > 0) yield await queue.shift()!;
}

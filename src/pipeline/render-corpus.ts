/**
 * `thresher run --render`, stage 0: every page of the corpus rendered in a browser once, written
 * as a JSON Lines corpus ({id, url, html, rendered}) that the pipeline then reads like any other.
 * Rendering once, up front, is what keeps the learning passes and the cleaning pass on the same
 * pages: the site models and the stop list are learned from the DOM the records are cut from.
 *
 * The browser is not imported here: the caller passes a `render` function (the CLI's RenderPool),
 * so the pipeline loads no browser driver unless asked to render. Nothing is lost: a page that
 * fails to render keeps its static HTML (counted, with its reason), and an item that could not be
 * read keeps its error (an `error` row, which input.ts reads back as that item's failure).
 */
import { createWriteStream, existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { decodeHtml } from '../dom/decode.js';
import type { CorpusSource } from './input.js';

export interface RenderedPage { html: string; warnings: string[] }

/** Renders one page (bytes at its URL, with its transport Content-Type); rejects on failure. */
export type RenderFn = (bytes: Uint8Array, options: { url: string; contentType?: string }) => Promise<RenderedPage>;

export interface RenderCorpusOptions {
  /** Pages rendered at once (the browser pool's tabs); the read-ahead window is twice that. */
  concurrency: number;
  onProgress?: (p: { done: number; total: number; failed: number }) => void;
}

export interface RenderCorpusSummary {
  pages: number;
  rendered: number;
  /** Pages whose render failed: their static HTML was kept. */
  failed: number;
  failuresByCode: Record<string, number>;
  /** The first few failures, with their reasons. */
  failureSamples: { id: string; message: string }[];
  /** True when an earlier run had rendered the corpus already (nothing was rendered again). */
  reused: boolean;
}

/** The URL a page without one is served at: the renderer needs one, and .invalid never resolves. */
export function standInUrl(index: number): string {
  return `http://page-${index + 1}.thresher.invalid/`;
}

const SAMPLES = 10;

/**
 * Writes `outFile` (JSON Lines) from `source`, rendering each page with `render`, in corpus
 * order. A finished file is marked by `outFile.done` (with the summary); a run interrupted before
 * that starts the file over.
 */
export async function renderCorpus(source: CorpusSource, outFile: string, render: RenderFn, options: RenderCorpusOptions): Promise<RenderCorpusSummary> {
  const marker = `${outFile}.done`;
  if (existsSync(marker) && existsSync(outFile)) {
    return { ...(JSON.parse(readFileSync(marker, 'utf8')) as RenderCorpusSummary), reused: true };
  }
  const total = await source.count();
  const s: RenderCorpusSummary = { pages: 0, rendered: 0, failed: 0, failuresByCode: {}, failureSamples: [], reused: false };
  const partial = `${outFile}.partial`;
  const out = createWriteStream(partial);
  const write = async (row: unknown): Promise<void> => {
    if (!out.write(JSON.stringify(row) + '\n')) await once(out, 'drain');
  };
  const window: Promise<unknown>[] = [];
  try {
    for await (const item of source.items(0)) {
      const { id, url, bytes } = item;
      const row: Promise<unknown> = item.error || !bytes
        ? Promise.resolve({ id, url, error: item.error ?? { code: 'E_INPUT_READ', message: 'no bytes were read' } })
        : render(bytes, { url: url ?? standInUrl(item.index), contentType: item.contentType }).then(
          (r) => ({ id, url, html: r.html, rendered: true, ...(r.warnings.length ? { warnings: r.warnings } : {}) }),
          (e: { code?: string; message?: string }) => {
            const code = typeof e.code === 'string' ? e.code : 'E_RENDER';
            s.failed++;
            s.failuresByCode[code] = (s.failuresByCode[code] ?? 0) + 1;
            if (s.failureSamples.length < SAMPLES) s.failureSamples.push({ id, message: `${code}: ${e.message ?? String(e)}` });
            // Nothing lost: the page as it was served goes on to the pipeline.
            return { id, url, html: decodeHtml(bytes, { contentType: item.contentType }).text, rendered: false, renderError: code };
          });
      // The window holds each page's bytes until its row is written, no longer.
      item.bytes = undefined;
      window.push(row);
      if (window.length >= options.concurrency * 2) await emit();
    }
    while (window.length) await emit();
    out.end();
    await once(out, 'finish');
  } catch (e) {
    out.destroy();
    if (existsSync(partial)) unlinkSync(partial);
    throw e;
  }
  renameSync(partial, outFile);
  writeFileSync(marker, JSON.stringify(s));
  return s;

  async function emit(): Promise<void> {
    const row = await window.shift()! as { html?: string; rendered?: boolean };
    await write(row);
    s.pages++;
    if (row.rendered) s.rendered++;
    options.onProgress?.({ done: s.pages, total, failed: s.failed });
  }
}

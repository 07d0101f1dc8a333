/**
 * `extract(input, { render: true })`: the page rendered in Chromium first, then extracted from the
 * DOM after its scripts, with its layout (options.layout: `algorithm: 'dvps'` reads it). Async,
 * because a browser is; the public extract() (src/public-extract.ts) sends only such calls here, so
 * the sync path loads no browser driver.
 *
 * The browser: `options.renderPool` when given (a RenderPool the caller keeps for many pages and
 * closes), else one started for this page and closed after it, so that nothing keeps the process
 * alive (slower: a pool is the way for more than a few pages).
 */
import { extract as extractSync } from '../page/extract.js';
import { ThresherError } from '../errors.js';
import type { Extraction, ExtractOptions } from '../types.js';
import { RenderPool } from './pool.js';

export async function extractRendered(input: string | Uint8Array, options: ExtractOptions): Promise<Extraction> {
  const { render, renderPool, ...rest } = options;
  const r = typeof render === 'object' && render !== null ? render : {};
  if (!options.url) throw new ThresherError('E_BAD_OPTION', 'render: true needs options.url: the page is served at its own URL, so that its links and scripts resolve');
  if (renderPool !== undefined && !(renderPool instanceof RenderPool)) throw new ThresherError('E_BAD_OPTION', 'options.renderPool must be a RenderPool (thresher/render-browser)');
  const pool = renderPool ?? new RenderPool({ executablePath: r.executablePath, allowLive: r.allowLive });
  try {
    const page = await pool.render(input, { url: options.url, contentType: options.contentType, timeoutMs: r.timeoutMs });
    const result = extractSync(page.html, { ...rest, layout: page.layout });
    for (const message of page.warnings) result.diagnostics.push({ code: 'W_RENDER', message });
    if (page.blocked > 0) result.diagnostics.push({ code: 'W_RENDER_BLOCKED', message: `${page.blocked} request(s) of the page blocked (offline)${page.served ? `, ${page.served} served from the WARC` : ''}` });
    return result;
  } finally {
    if (!renderPool) await pool.close();
  }
}

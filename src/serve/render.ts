/**
 * `render: true` for `thresher serve`: the page's scripts run in Chromium first (render-browser/,
 * offline: nothing the page asks for leaves the machine), and the DOM after them is what is
 * extracted. The server owns one RenderPool (one tab: a browser is heavy next to the workers),
 * made at start when a Chromium is found and closed when the server drains; the browser itself
 * starts on the first such request.
 *
 * playwright-core is loaded only here and only when rendering may happen (a dynamic import), so a
 * server started with `render: false` never loads a browser driver.
 */
import { ThresherError } from '../errors.js';
import type { RenderPool } from '../render-browser/pool.js';
import { remaining } from './context.js';
import type { ServeSettings } from './options.js';
import { STAND_IN_URL } from '../render-browser/types.js';

/** The server's renderer and the renders waiting for its tab (for the queue bound). */
export interface ServeRenderer { pool: RenderPool; inFlight: number }

/** What a render did, sent with an inspection. */
export interface RenderInfo { url: string; ms: number; blocked: number; warnings: string[] }

/** Most of the request's budget a render may take, leaving the rest for the extraction. */
const RENDER_SHARE = 0.6;
const RENDER_MAX_MS = 15_000;
const CAPTURE_GRACE_MS = 3_000;

/**
 * The server's renderer, or undefined when it renders nothing (off, or 'auto' with no Chromium
 * found). A Chromium named in the settings that is not there is an error even under 'auto', as
 * find-browser.ts treats any explicit choice.
 */
export async function openRenderer(settings: ServeSettings): Promise<ServeRenderer | undefined> {
  if (settings.render === false) return undefined;
  const { RenderPool } = await import('../render-browser/pool.js');
  try {
    return { pool: new RenderPool({ executablePath: settings.chromium, pages: 1 }), inFlight: 0 };
  } catch (e) {
    if (settings.render === 'auto' && settings.chromium === undefined && e instanceof ThresherError && e.code === 'E_NO_BROWSER') return undefined;
    throw e;
  }
}

function renderUrl(url: string | undefined): string {
  if (url === undefined) return STAND_IN_URL;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : STAND_IN_URL;
  } catch {
    return STAND_IN_URL;
  }
}

/**
 * The page after its scripts (HTML), within the request's deadline. E_NO_BROWSER when the server
 * has no renderer; E_BUSY when more renders wait than the queue bound allows.
 */
export async function renderForRequest(renderer: ServeRenderer | undefined, maxQueue: number, page: { input: string | Uint8Array; contentType?: string; url?: string; maxBytes: number }, deadline: number): Promise<{ html: string; info: RenderInfo }> {
  if (!renderer) {
    throw new ThresherError('E_NO_BROWSER', 'render: true, and this server renders no pages (no Chromium was found when it started, or it was started with --no-render); send render: false, or install Chromium and restart it');
  }
  if (renderer.inFlight > maxQueue) {
    const retryAfter = Math.max(1, renderer.inFlight * 2);
    throw new ThresherError('E_BUSY', `${renderer.inFlight} page(s) wait for the browser (--max-queue ${maxQueue}); retry after ${retryAfter} s`, { retryAfter });
  }
  const left = remaining(deadline, 'before rendering');
  const url = renderUrl(page.url);
  const t0 = performance.now();
  renderer.inFlight++;
  let timer: NodeJS.Timeout | undefined;
  try {
    const rendering = renderer.pool.render(page.input, {
      url, ...(page.contentType ? { contentType: page.contentType } : {}), maxBytes: page.maxBytes,
      timeoutMs: Math.max(1, Math.min(RENDER_MAX_MS, Math.floor(left * RENDER_SHARE))),
      captureGraceMs: Math.max(1, Math.min(CAPTURE_GRACE_MS, Math.floor(left * 0.2))),
    });
    // A render waiting for the tab past the request's deadline is not waited for (it ends on its own budget).
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ThresherError('E_PAGE_TIMEOUT', "the request's time budget ran out while rendering")), left);
    });
    rendering.catch(() => undefined);
    const r = await Promise.race([rendering, late]);
    return { html: r.html, info: { url, ms: performance.now() - t0, blocked: r.blocked, warnings: r.warnings } };
  } finally {
    clearTimeout(timer);
    renderer.inFlight--;
  }
}

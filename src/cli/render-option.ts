/**
 * `--render` for the CLI's commands: render each page in the system's Chromium first, then
 * extract from the DOM after its scripts, with its layout (`layout` in the extract options).
 *
 * The renderer (src/render-browser/) is imported only when --render is given, so the other
 * commands never load playwright-core. This file is also where the signal handlers live that
 * library code must not install: on SIGINT or SIGTERM every browser is closed, its processes
 * killed, and the process exits with 128 + the signal's number.
 */
import { basename } from 'node:path';
import { ThresherError } from '../errors.js';
import type { Diagnostic } from '../types.js';
import type { LayoutSnapshot } from '../visual/layout.js';
import type { RenderPool } from '../render-browser/index.js';
import { STAND_IN_URL } from '../render-browser/types.js';

export const RENDER_USAGE = `  --render          render each page in Chromium first (its scripts run; offline: every request
                    the page makes is blocked, or answered from --warc), then extract from the result
  --chromium PATH   the browser to use (else $THRESHER_CHROMIUM, else chromium on PATH)
  --render-timeout MS  time budget per page: load, scripts and settling (default 15000)
  --allow-live      let the rendered page fetch what --warc does not hold from the network
  --warc FILE       serve the page's stylesheets, scripts and images from this WARC (a crawl's)
`;

/** parseArgs options of the flags above. */
export const RENDER_OPTIONS = {
  render: { type: 'boolean', default: false },
  chromium: { type: 'string' },
  'render-timeout': { type: 'string' },
  'allow-live': { type: 'boolean', default: false },
  warc: { type: 'string' },
} as const;

export interface RenderFlags {
  render?: boolean;
  chromium?: string;
  'render-timeout'?: string;
  'allow-live'?: boolean;
  warc?: string;
}

/** A page as the extractor is to see it: its rendered HTML and layout, and what rendering had to say. */
export interface Prepared {
  input: string | Uint8Array;
  layout?: LayoutSnapshot;
  diagnostics: Diagnostic[];
}

export interface Renderer {
  /** The page rendered (or, without --render, as it came). */
  prepare(bytes: Uint8Array, url: string | undefined, contentType?: string, name?: string): Promise<Prepared>;
  /** Close the browser and drop the signal handlers. */
  close(): Promise<void>;
}

const AS_IS: Renderer = {
  async prepare(bytes) { return { input: bytes, diagnostics: [] }; },
  async close() {},
};


/**
 * The renderer the flags ask for; without --render, the page as it came (and the render-only
 * flags refused). `pages`: tabs rendering at once (run --render-workers).
 */
export async function openRenderer(flags: RenderFlags, pages = 1): Promise<Renderer> {
  if (!flags.render) {
    const stray = (['chromium', 'render-timeout', 'allow-live', 'warc'] as const).find((k) => flags[k] !== undefined && flags[k] !== false);
    if (stray) throw new ThresherError('E_BAD_OPTION', `--${stray} works with --render only`);
    return AS_IS;
  }
  const timeoutMs = flags['render-timeout'] === undefined ? undefined : Number(flags['render-timeout']);
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new ThresherError('E_BAD_OPTION', '--render-timeout must be a positive number of milliseconds');
  const { RenderPool: Pool, WarcIndex, closeAllRenderPools } = await import('../render-browser/index.js');
  const warc = flags.warc ? await WarcIndex.open(flags.warc) : undefined;
  const pool: RenderPool = new Pool({ executablePath: flags.chromium, allowLive: flags['allow-live'], warc, pages });
  const onSignal = (signal: NodeJS.Signals): void => {
    const code = signal === 'SIGINT' ? 130 : 143;
    void closeAllRenderPools().finally(() => process.exit(code));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    async prepare(bytes, url, contentType, name) {
      const r = await pool.render(bytes, { url: url ?? STAND_IN_URL + encodeURIComponent(basename(name ?? 'page.html')), contentType, timeoutMs });
      const diagnostics: Diagnostic[] = r.warnings.map((message) => ({ code: 'W_RENDER', message }));
      if (r.blocked > 0) diagnostics.push({ code: 'W_RENDER_BLOCKED', message: `${r.blocked} request(s) of the page blocked (offline)${r.served ? `, ${r.served} served from the WARC` : ''}` });
      return { input: r.html, layout: r.layout, diagnostics };
    },
    async close() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await pool.close();
    },
  };
}

/**
 * The renderer's options and result. Kept apart from the Playwright code so that a caller (the
 * CLI, extract()) can name these types without loading a browser driver.
 */
import type { LayoutSnapshot } from '../visual/layout.js';
import type { WarcIndex } from './warc-source.js';

export interface Viewport { width: number; height: number }

/** Per page. Times are wall-clock milliseconds. */
export interface RenderOptions {
  /** The page's own URL: the page is served at it, so relative links and scripts resolve against it (http or https). */
  url: string;
  /** The transport Content-Type of the bytes, when known: its charset decides how they are read (as extract() does). */
  contentType?: string;
  /**
   * The page's time budget: navigation, load (its scripts) and settling. Default 15 000. When it
   * runs out, the page's scripts are stopped and the DOM as it stands is captured, with a warning.
   */
  timeoutMs?: number;
  /** The longest wait for the network to go quiet after load (within the budget). Default 2 000. */
  settleMaxMs?: number;
  /** How long without a request in flight counts as quiet. Default 200. */
  quietMs?: number;
  /**
   * Time allowed, beyond the budget, to stop scripts and take the snapshot. Default 5 000. A page
   * that gives nothing in that time fails with E_RENDER_TIMEOUT (its renderer is thrown away).
   */
  captureGraceMs?: number;
  /** The window. Default 1280×800. */
  viewport?: Viewport;
  /** Answer subresources from this WARC (overrides the pool's). */
  warc?: WarcIndex;
  /** Refuse larger input (E_INPUT_TOO_LARGE). Default 64 MiB, extract()'s budget. */
  maxBytes?: number;
  /** Also take a PNG of the whole page (at most MAX_SCREENSHOT_HEIGHT px tall), after the capture. */
  screenshot?: boolean;
}

/** The tallest screenshot taken, in CSS px: a page longer than this is cut at its foot. */
export const MAX_SCREENSHOT_HEIGHT = 16_384;

export interface RenderTimings {
  /** Navigation to the load event (or to the end of the budget). */
  loadMs: number;
  /** After load, waiting for the network to go quiet. */
  settleMs: number;
  /** Stopping scripts, the DOM serialisation and the layout capture. */
  snapshotMs: number;
}

export interface RenderResult {
  /** The DOM after scripts, serialised with its doctype: what every extractor can read. */
  html: string;
  /** The layout of exactly that DOM (captured with scripts frozen, so the two agree). */
  layout: LayoutSnapshot;
  /** The URL the page was served at. */
  url: string;
  /** Where the page ended up (history.pushState, a fragment), when not `url`. */
  finalUrl?: string;
  /** Requests refused (offline, and not in the WARC). */
  blocked: number;
  /** Requests answered from the WARC. */
  served: number;
  /** Requests let through to the network (allowLive only). */
  live?: number;
  timings: RenderTimings;
  /** The page as painted (PNG), with `screenshot`. */
  screenshot?: Uint8Array;
  /** What went less than well: the budget ran out, the browser crashed and the page was rendered again, ... */
  warnings: string[];
}

export const RENDER_DEFAULTS = {
  timeoutMs: 15_000,
  settleMaxMs: 2_000,
  quietMs: 200,
  captureGraceMs: 5_000,
  viewport: { width: 1280, height: 800 } as Viewport,
  maxBytes: 64 * 1024 * 1024,
};

/**
 * The URL a page without one is served at: the renderer needs an http(s) URL for the page's
 * relative links and scripts to resolve against, and .invalid never resolves (RFC 6761).
 */
export const STAND_IN_URL = 'https://page.invalid/';

/**
 * One page in one browser tab (a "slot": a browser context, its page and a CDP session, reused
 * from page to page because a fresh context costs a new renderer process, about 350 ms here).
 *
 * The network, as the slot's one route handler answers it:
 *  - the page's own URL is answered with the page's bytes (decoded as extract() decodes them and
 *    served as UTF-8, so the browser reads the same text thresher would);
 *  - every other request is answered from the WARC when one is given and holds it, let through
 *    when the pool allows live fetching, and otherwise aborted and counted. The browser is also
 *    launched with a proxy that does not exist (pool.ts), so what Playwright's routing does not
 *    see (WebSockets, preconnects) cannot leave the machine either.
 *
 * The clock: navigation and the load event within the budget, then up to settleMaxMs for the
 * network to go quiet. Then scripts are frozen (Emulation.setScriptExecutionDisabled) and the
 * snapshot and the HTML are captured, so both show the same DOM. A page whose scripts outlive the
 * budget (an endless loop) has them stopped (Runtime.terminateExecution, which Chromium delivers
 * as an interrupt even to a busy renderer) and gives the DOM as it stood, with a warning: a
 * partial page is more use to an extractor than an error. The slot is then thrown away, since a
 * pending termination could hit the next page's first script.
 */
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page, Route } from 'playwright-core';
import { ThresherError } from '../errors.js';
import { repairUnclosedTitle } from '../dom/parse.js';
import { decodeHtml, isGzip } from '../dom/decode.js';
import { SNAPSHOT_STYLES } from '../visual/layout.js';
import { toLayoutSnapshot, type CdpSnapshot } from './snapshot.js';
import { headerObject, type WarcIndex } from './warc-source.js';
import { MAX_SCREENSHOT_HEIGHT, RENDER_DEFAULTS, type RenderOptions, type RenderResult, type Viewport } from './types.js';

/** What the route handler needs to know about the page being rendered. */
interface Job {
  mainUrl: string;
  body: Buffer;
  warc?: WarcIndex;
  allowLive: boolean;
  blocked: number;
  served: number;
  live: number;
  /** Rejects when the page or the browser dies under it. */
  failed: Promise<never>;
  fail: (e: Error) => void;
}

export interface Slot {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  viewport: Viewport;
  job?: Job;
  /** Requests in flight, and when the last one started or ended (for settling). */
  inFlight: number;
  lastActivity: number;
  /** Set when the slot must not be reused (a crash, a stopped script, a failed capture). */
  spoiled: boolean;
  uses: number;
}

/** A fresh slot in a context: one page, its CDP session, the route handler and the activity counters. */
export async function openSlot(context: BrowserContext, viewport: Viewport): Promise<Slot> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const slot: Slot = { context, page, cdp, viewport, inFlight: 0, lastActivity: Date.now(), spoiled: false, uses: 0 };
  await context.route('**/*', (route) => answer(slot, route));
  // A popup would render unseen and uncounted by the settle wait: close it.
  context.on('page', (p) => { if (p !== page) void p.close().catch(() => undefined); });
  page.on('request', () => { slot.inFlight++; slot.lastActivity = Date.now(); });
  const done = (): void => { slot.inFlight = Math.max(0, slot.inFlight - 1); slot.lastActivity = Date.now(); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('crash', () => {
    slot.spoiled = true;
    slot.job?.fail(new ThresherError('E_RENDER', 'the page crashed in the browser (out of memory, or a renderer bug)', { crashed: 'page' }));
  });
  return slot;
}

/** The route handler: the page itself, the WARC, the network (allowLive) or nothing. */
async function answer(slot: Slot, route: Route): Promise<void> {
  const job = slot.job;
  const req = route.request();
  try {
    if (!job) { await route.abort('aborted'); return; }
    const url = req.url();
    if (url === job.mainUrl && req.isNavigationRequest()) {
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: job.body });
      return;
    }
    const archived = job.warc ? await job.warc.lookup(url) : undefined;
    if (archived) {
      job.served++;
      await route.fulfill({ status: archived.status, headers: headerObject(archived.headers), body: Buffer.from(archived.body) });
      return;
    }
    if (job.allowLive) { job.live++; await route.fallback(); return; }
    job.blocked++;
    // 'aborted' for a navigation: the page stays as it is, with no error page committed over it.
    await route.abort(req.isNavigationRequest() ? 'aborted' : 'blockedbyclient');
  } catch {
    // The page went away while the request was pending: nothing to answer.
  }
}

/** The page's text as the browser gets it: decoded as extract() decodes, served as UTF-8. */
function pageBody(input: string | Uint8Array, opts: RenderOptions): Buffer {
  let html: string;
  if (typeof input === 'string') html = input;
  else {
    if (!(input instanceof Uint8Array)) throw new ThresherError('E_INPUT_TYPE', 'render() takes the page as a string or bytes (a Uint8Array)');
    const bytes = isGzip(input) ? gunzipSync(input) : input;
    html = decodeHtml(bytes, { contentType: opts.contentType }).text;
  }
  // An unclosed <title> would make the browser's DOM one long title and nothing else (l3s-gn1:
  // 5 of 300 rendered pages gave no text): repaired as thresher's parser repairs it.
  return Buffer.from(repairUnclosedTitle(html), 'utf8');
}

/** The URL the page is served at, without its fragment (requests never carry one). */
export function mainUrlOf(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ThresherError('E_BAD_OPTION', `render: url ${JSON.stringify(url)} is not an absolute URL; the page is served at its own URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ThresherError('E_BAD_OPTION', `render: url must be http or https, not ${u.protocol}`);
  u.hash = '';
  return u.href;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** p, or `onTimeout` after ms; the timer never keeps the process alive. */
async function within<T>(p: Promise<T>, ms: number, onTimeout: () => T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), Math.max(0, ms)); timer.unref?.(); });
  try {
    const v = await Promise.race([p, t]);
    return v === 'timeout' ? await onTimeout() : (v as T);
  } finally {
    clearTimeout(timer);
  }
}

/** Renders one page in a slot. Rejects with E_RENDER when the page or browser dies, E_RENDER_TIMEOUT when not even a capture came back. */
export async function renderInSlot(slot: Slot, input: string | Uint8Array, opts: RenderOptions, net: { warc?: WarcIndex; allowLive: boolean }): Promise<RenderResult> {
  const o = { ...RENDER_DEFAULTS, ...stripUndefined(opts) };
  const mainUrl = mainUrlOf(opts.url);
  const size = typeof input === 'string' ? input.length : input?.length;
  if (size > o.maxBytes) throw new ThresherError('E_INPUT_TOO_LARGE', `the page is ${size} bytes, over the ${o.maxBytes}-byte render budget (maxBytes)`);
  let fail!: (e: Error) => void;
  const failed = new Promise<never>((_, reject) => { fail = reject; });
  failed.catch(() => undefined); // observed by the races below; never an unhandled rejection
  const job: Job = { mainUrl, body: pageBody(input, opts), warc: opts.warc ?? net.warc, allowLive: net.allowLive, blocked: 0, served: 0, live: 0, failed, fail };
  const guard = <T>(p: Promise<T>): Promise<T> => Promise.race([p, failed]);
  slot.job = job;
  slot.uses++;
  try {
    if (slot.viewport.width !== o.viewport.width || slot.viewport.height !== o.viewport.height) {
      await guard(slot.page.setViewportSize(o.viewport));
      slot.viewport = { ...o.viewport };
    }
    // The same URL again (a fragment apart) would be a same-document navigation, and the new bytes never asked for.
    if (slot.page.url().split('#')[0] === mainUrl) await guard(slot.page.goto('about:blank', { timeout: o.timeoutMs }));
    await guard(slot.cdp.send('Emulation.setScriptExecutionDisabled', { value: false }));
    const warnings: string[] = [];
    const start = Date.now(), deadline = start + o.timeoutMs;
    slot.inFlight = 0;
    const loaded = await guard(load(slot, opts.url, deadline));
    const loadMs = Date.now() - start;
    let settleMs = 0;
    if (loaded) {
      const t = Date.now();
      const quiet = await guard(settle(slot, Math.min(o.settleMaxMs, deadline - t), o.quietMs));
      settleMs = Date.now() - t;
      if (!quiet) warnings.push(`the network did not go quiet within ${settleMs} ms of load; captured as it stood`);
    } else {
      warnings.push(`the page did not finish loading within its ${o.timeoutMs} ms budget: its scripts were stopped and the DOM is the page as it stood then`);
    }
    const t = Date.now();
    const { html, layout } = await guard(capture(slot, !loaded, o.captureGraceMs, o.viewport));
    const snapshotMs = Date.now() - t;
    const finalUrl = slot.page.url();
    const result: RenderResult = {
      html, layout, url: opts.url, blocked: job.blocked, served: job.served,
      timings: { loadMs, settleMs, snapshotMs }, warnings,
    };
    if (finalUrl && finalUrl !== opts.url && finalUrl !== 'about:blank') result.finalUrl = finalUrl;
    if (opts.screenshot) result.screenshot = await guard(screenshotOf(slot, layout.page, o.captureGraceMs, warnings));
    if (net.allowLive) result.live = job.live;
    return result;
  } catch (e) {
    slot.spoiled = true;
    throw e;
  } finally {
    slot.job = undefined;
  }
}

/** The whole page as painted, cut at MAX_SCREENSHOT_HEIGHT (a warning says so). Scripts stay frozen. */
async function screenshotOf(slot: Slot, page: { width: number; height: number }, timeoutMs: number, warnings: string[]): Promise<Uint8Array> {
  const height = Math.min(Math.ceil(page.height), MAX_SCREENSHOT_HEIGHT);
  if (page.height > MAX_SCREENSHOT_HEIGHT) warnings.push(`the screenshot shows the top ${MAX_SCREENSHOT_HEIGHT} px of the page's ${Math.ceil(page.height)}`);
  const png = await slot.page.screenshot({ type: 'png', fullPage: true, clip: { x: 0, y: 0, width: Math.max(1, Math.ceil(page.width)), height: Math.max(1, height) }, timeout: timeoutMs });
  return new Uint8Array(png);
}

/** Navigation and the load event by the deadline: true when load fired, false when the budget ran out first. */
async function load(slot: Slot, url: string, deadline: number): Promise<boolean> {
  const left = (): number => Math.max(1, deadline - Date.now());
  try {
    // 'commit': the document's response is in; the rest is waited for below, on our own clock.
    await slot.page.goto(url, { waitUntil: 'commit', timeout: left() });
    await slot.page.waitForLoadState('load', { timeout: left() });
    return true;
  } catch (e) {
    if ((e as Error).name === 'TimeoutError' || Date.now() >= deadline) return false;
    const message = (e as Error).message.split('\n')[0];
    if (/has been closed|Target closed/i.test(message)) {
      throw new ThresherError('E_RENDER', `the browser closed while ${url} loaded`, { crashed: 'browser' });
    }
    // A navigation that failed outright (the main document aborted): there is nothing to render.
    throw new ThresherError('E_RENDER', `the browser did not load ${url}: ${message}`);
  }
}

/** Waits until no request has been in flight for quietMs, at most capMs; true when it went quiet. */
async function settle(slot: Slot, capMs: number, quietMs: number): Promise<boolean> {
  const end = Date.now() + Math.max(0, capMs);
  for (;;) {
    const now = Date.now();
    const quietFor = now - slot.lastActivity;
    if (slot.inFlight === 0 && quietFor >= quietMs) return true;
    if (now >= end) return false;
    await sleep(Math.min(end - now, slot.inFlight === 0 ? quietMs - quietFor : 25));
  }
}

/**
 * Scripts frozen, then one layout capture and the document's serialisation. `stop` also ends a
 * script that is running now (the budget ran out under it); the slot is then spoiled.
 */
async function capture(slot: Slot, stop: boolean, graceMs: number, viewport: Viewport): Promise<{ html: string; layout: RenderResult['layout'] }> {
  const timedOut = (): never => {
    slot.spoiled = true;
    throw new ThresherError('E_RENDER_TIMEOUT', `the page's DOM and layout could not be captured within ${graceMs} ms (captureGraceMs); its tab is discarded`);
  };
  return within((async () => {
    const freeze = slot.cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    if (stop) {
      slot.spoiled = true;
      await Promise.all([freeze, slot.cdp.send('Runtime.terminateExecution')]);
    } else {
      await freeze;
    }
    await dropNoscript(slot.cdp);
    const snap = await slot.cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [...SNAPSHOT_STYLES] }) as unknown as CdpSnapshot & { documents: Array<{ nodes: { backendNodeId?: number[] } }> };
    const docNode = snap.documents[0]?.nodes.backendNodeId?.[0];
    if (docNode === undefined) throw new ThresherError('E_RENDER', 'the layout capture held no document');
    const { outerHTML } = await slot.cdp.send('DOM.getOuterHTML', { backendNodeId: docNode });
    await slot.cdp.send('DOM.disable').catch(() => undefined);
    return { html: outerHTML, layout: toLayoutSnapshot(snap, viewport) };
  })(), graceMs, timedOut);
}

/**
 * Removes every <noscript> before the capture. With scripts on, a browser shows none of their
 * content and keeps it as text; thresher parses with scripting off, where that text is markup,
 * and a <noscript> in <head> holding anything but head elements ends the head there: every
 * <link> and <meta> after it moved to <body>, and 12% of a page's elements lost their layout
 * entry (wcxb-dev 0001). Through the DOM domain, so it works with scripts frozen or stopped.
 */
async function dropNoscript(cdp: CDPSession): Promise<void> {
  // The document can still be replaced under us (a page whose scripts were just stopped, a
  // navigation committing): its node ids then go stale ("Could not find node with given id"). The
  // document is asked for again; after three tries the <noscript>s stay (a poorer join, not a
  // failed page).
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'noscript' });
      // A <noscript> inside another is gone with it: its removal fails, which is fine.
      await Promise.allSettled(nodeIds.map((nodeId) => cdp.send('DOM.removeNode', { nodeId })));
      return;
    } catch (e) {
      if (!/Could not find node|No node with given id|Document needs to be requested/i.test((e as Error).message)) throw e;
    }
  }
}

/**
 * Between pages: the cookies go. The last page stays in the tab until the next navigation
 * replaces it (its scripts are frozen, so it does nothing meanwhile): leaving it for about:blank
 * first cost about 60 ms a page.
 */
export async function resetSlot(slot: Slot, timeoutMs: number): Promise<boolean> {
  return within(slot.context.clearCookies().then(() => true, () => false), timeoutMs, () => false);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

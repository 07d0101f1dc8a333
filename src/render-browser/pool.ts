/**
 * The browser pool: one Chromium, up to `pages` tabs rendering at once, reused from page to page.
 *
 * Bounded, because a corpus run meets pages that hang, crash and leak:
 *  - each page has its time budget (render-page.ts);
 *  - each renderer's JavaScript heap is capped (--js-flags=--max-old-space-size), so a runaway
 *    script ends in an out-of-memory crash of its own tab, which fails that page alone;
 *  - the browser is relaunched after `recycleAfter` pages, or when its processes together hold
 *    more than `maxRssMb` (sum of RSS, read from /proc): Chromium's memory only grows;
 *  - a browser that dies (a crash, a kill) is replaced on the next page, and a page it was
 *    rendering is rendered once more in the new one;
 *  - close() ends every process of every browser it started: Playwright's close first, then
 *    SIGKILL to each process of the tree recorded while it ran (a helper whose browser died is
 *    re-parented out of reach of a process-tree walk, so the tree is recorded beforehand).
 * Library code installs no signal handlers: the CLI calls closeAllRenderPools() from its own.
 *
 * Offline unless allowLive: requests are answered by the route handler (render-page.ts), and
 * the browser has a proxy that does not exist (port 9, loopback included), so nothing Playwright
 * does not route (WebSockets, preconnects) reaches the network either.
 */
import { chromium, type Browser } from 'playwright-core';
import { ThresherError } from '../errors.js';
import { findChromium } from './find-browser.js';
import { allProcs, isAlive, killAll, procInfo, processTree, rssBytes } from './procs.js';
import { openSlot, renderInSlot, resetSlot, type Slot } from './render-page.js';
import { RENDER_DEFAULTS, type RenderOptions, type RenderResult, type Viewport } from './types.js';
import type { WarcIndex } from './warc-source.js';

export interface RenderPoolOptions {
  /** The Chromium to run; else THRESHER_CHROMIUM, else chromium/chromium-browser/google-chrome on PATH (find-browser.ts). */
  executablePath?: string;
  /** Pages rendered at once, each in its own tab. Default 1. */
  pages?: number;
  /** Relaunch the browser after this many pages (leak guard). Default 200. */
  recycleAfter?: number;
  /** V8 heap cap of each renderer, MiB. Default 1024. */
  memoryMb?: number;
  /** Relaunch the browser when its processes hold more than this, MiB (sum of RSS). Default 3072. */
  maxRssMb?: number;
  /** Let requests the WARC does not answer go to the network. Default false: nothing leaves the machine. */
  allowLive?: boolean;
  /** Answer subresources from this WARC (a render's own `warc` overrides it). */
  warc?: WarcIndex;
  /** The default window of the tabs. Default 1280×800. */
  viewport?: Viewport;
  /** Time allowed for Chromium to start. Default 30 000 ms. */
  launchTimeoutMs?: number;
  /** More Chromium flags. */
  args?: string[];
}

interface BrowserHandle {
  browser: Browser;
  /** The browser process; undefined when it could not be learned. */
  pid?: number;
  /** Every process of its tree seen so far, with its name (to tell a reused pid apart). */
  procs: Map<number, string>;
  renders: number;
  inFlight: number;
  idle: Slot[];
  retiring: boolean;
  dead: boolean;
  /** Set once shutdown has begun. */
  shutdown?: Promise<void>;
  /** Resolves when the browser has gone (died() ran). */
  gone: Promise<void>;
  markGone: () => void;
}

const MiB = 1024 * 1024;
const open = new Set<RenderPool>();

/** Closes every pool not yet closed: what a CLI's SIGINT/SIGTERM handler calls before it exits. */
export async function closeAllRenderPools(): Promise<void> {
  await Promise.allSettled([...open].map((p) => p.close()));
}

export class RenderPool {
  readonly executablePath: string;
  private readonly o: Required<Omit<RenderPoolOptions, 'executablePath' | 'warc'>> & { warc?: WarcIndex };
  private current?: BrowserHandle;
  private launching?: Promise<BrowserHandle>;
  private readonly handles = new Set<BrowserHandle>();
  /** The tabs rendering now, by browser: a browser that dies fails their pages. */
  private readonly busySlots = new Map<BrowserHandle, Set<Slot>>();
  private active = 0;
  private readonly waiters: Array<(handed: boolean) => void> = [];
  private closing?: Promise<void>;
  /** Counters for callers and tests. */
  readonly stats = { renders: 0, launches: 0, crashes: 0, recycled: 0 };

  /** Finds the browser now (E_NO_BROWSER before any page is read); launches it on the first render. */
  constructor(options: RenderPoolOptions = {}) {
    this.executablePath = findChromium({ executablePath: options.executablePath });
    this.o = {
      pages: Math.max(1, Math.floor(options.pages ?? 1)),
      recycleAfter: Math.max(1, options.recycleAfter ?? 200),
      memoryMb: options.memoryMb ?? 1024,
      maxRssMb: options.maxRssMb ?? 3072,
      allowLive: options.allowLive ?? false,
      warc: options.warc,
      viewport: options.viewport ?? RENDER_DEFAULTS.viewport,
      launchTimeoutMs: options.launchTimeoutMs ?? 30_000,
      args: options.args ?? [],
    };
    open.add(this);
  }

  /** Pages rendered at once. */
  get pages(): number {
    return this.o.pages;
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  /** The page after its scripts, and its layout. One retry when the browser dies under it. */
  async render(input: string | Uint8Array, options: RenderOptions): Promise<RenderResult> {
    await this.turn();
    try {
      const warnings: string[] = [];
      for (let attempt = 0; ; attempt++) {
        const handle = await this.browser();
        let slot: Slot | undefined;
        handle.inFlight++;
        try {
          slot = await this.slot(handle);
          const r = await renderInSlot(slot, input, { ...options, viewport: options.viewport ?? this.o.viewport }, { warc: this.o.warc, allowLive: this.o.allowLive });
          this.stats.renders++;
          r.warnings.unshift(...warnings);
          await this.release(handle, slot);
          return r;
        } catch (e) {
          // A tab that failed because its browser went away may learn of it before the browser's
          // 'disconnected' event arrives: give that event a moment, so the page is retried.
          if (!handle.dead && looksDisconnected(e)) await Promise.race([handle.gone, sleep(1_000)]);
          await this.release(handle, slot);
          if (!handle.dead || this.closed || attempt > 0) throw e;
          warnings.push('the browser died during this page; it was rendered again in a new browser');
        }
      }
    } finally {
      this.leave();
    }
  }

  /** The browser process and its helpers now running (empty before the first launch and after close). */
  processIds(): number[] {
    const out: number[] = [];
    for (const h of this.handles) if (h.pid !== undefined && !h.dead) out.push(...processTree(h.pid));
    return out;
  }

  /** The current browser's process id, when one runs. */
  browserPid(): number | undefined {
    return this.current && !this.current.dead ? this.current.pid : undefined;
  }

  /** Ends every browser this pool started, and every process of theirs; later renders fail with E_RENDER. Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      open.delete(this);
      for (const w of this.waiters.splice(0)) w(false);
      await this.launching?.catch(() => undefined);
      await Promise.allSettled([...this.handles].map((h) => this.shutdown(h)));
    })();
    return this.closing;
  }

  // -- concurrency: at most `pages` renders at once ------------------------------------------

  private async turn(): Promise<void> {
    if (this.closed) throw new ThresherError('E_RENDER', 'the render pool is closed');
    if (this.active < this.o.pages) { this.active++; return; }
    // leave() hands its turn over (true) without giving it back first, so that a render()
    // arriving meanwhile cannot take it too; close() wakes the waiters with false.
    const handed = await new Promise<boolean>((r) => this.waiters.push(r));
    if (!handed) throw new ThresherError('E_RENDER', 'the render pool was closed while the page waited for a tab');
    if (this.closed) { this.leave(); throw new ThresherError('E_RENDER', 'the render pool is closed'); }
  }

  private leave(): void {
    const next = this.waiters.shift();
    if (next) next(true);
    else this.active--;
  }

  // -- browsers ----------------------------------------------------------------------------

  private async browser(): Promise<BrowserHandle> {
    const h = this.current;
    if (h && !h.dead && !h.retiring) return h;
    this.launching ??= this.launch().finally(() => { this.launching = undefined; });
    return this.launching;
  }

  private async launch(): Promise<BrowserHandle> {
    if (this.closed) throw new ThresherError('E_RENDER', 'the render pool is closed');
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath: this.executablePath,
        headless: true,
        timeout: this.o.launchTimeoutMs,
        // Signals are the CLI's to handle (closeAllRenderPools); the library installs no handlers.
        handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
        args: this.flags(),
      });
    } catch (e) {
      throw new ThresherError('E_RENDER', `Chromium at ${this.executablePath} did not start: ${(e as Error).message.split('\n')[0]}`);
    }
    let markGone!: () => void;
    const gone = new Promise<void>((r) => { markGone = r; });
    const handle: BrowserHandle = { browser, procs: new Map(), renders: 0, inFlight: 0, idle: [], retiring: false, dead: false, gone, markGone };
    this.handles.add(handle);
    this.stats.launches++;
    browser.on('disconnected', () => this.died(handle));
    handle.pid = await browserPid(browser);
    this.record(handle);
    if (this.closed) { await this.shutdown(handle); throw new ThresherError('E_RENDER', 'the render pool is closed'); }
    this.current = handle;
    return handle;
  }

  private flags(): string[] {
    const f = [
      `--js-flags=--max-old-space-size=${this.o.memoryMb}`,
      '--disable-dev-shm-usage', '--disable-gpu', '--mute-audio', '--no-first-run', '--disable-extensions',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps',
    ];
    if (!this.o.allowLive) {
      // Nothing listens on port 9 (discard); "<-loopback>" removes Chromium's implicit loopback bypass.
      f.push('--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>',
        '--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--webrtc-ip-handling-policy=disable_non_proxied_udp');
    }
    return [...f, ...this.o.args];
  }

  /** The browser went away (closed, crashed, killed): fail its pages and clean up what is left of it. */
  private died(handle: BrowserHandle): void {
    if (handle.dead) return;
    handle.dead = true;
    handle.markGone();
    if (!handle.retiring && !this.closed) this.stats.crashes++;
    if (this.current === handle) this.current = undefined;
    for (const s of handle.idle) s.spoiled = true;
    handle.idle = [];
    const err = new ThresherError('E_RENDER', 'the browser exited while rendering the page', { crashed: 'browser' });
    for (const slot of this.busySlots.get(handle) ?? []) slot.job?.fail(err);
    this.killRecorded(handle);
    this.handles.delete(handle);
    this.busySlots.delete(handle);
  }

  /** Add the browser's current process tree to what close() and died() will kill; returns the tree. */
  private record(handle: BrowserHandle): number[] {
    if (handle.pid === undefined) return [];
    const procs = allProcs();
    const tree = processTree(handle.pid, procs);
    for (const pid of tree) {
      if (!handle.procs.has(pid)) handle.procs.set(pid, procs.find((p) => p.pid === pid)?.comm ?? '');
    }
    return tree;
  }

  private killRecorded(handle: BrowserHandle): void {
    killAll([...handle.procs].filter(([pid, comm]) => isAlive(pid) && procInfo(pid)?.comm === comm).map(([pid]) => pid));
  }

  private shutdown(handle: BrowserHandle): Promise<void> {
    handle.shutdown ??= this.shutdownNow(handle);
    return handle.shutdown;
  }

  private async shutdownNow(handle: BrowserHandle): Promise<void> {
    this.record(handle);
    handle.retiring = true;
    if (this.current === handle) this.current = undefined;
    const closed = handle.browser.close().then(() => true, () => false);
    const timer = new Promise<boolean>((r) => setTimeout(() => r(false), 5_000).unref());
    await Promise.race([closed, timer]);
    handle.dead = true;
    handle.markGone();
    this.killRecorded(handle);
    this.handles.delete(handle);
    this.busySlots.delete(handle);
  }

  // -- tabs --------------------------------------------------------------------------------

  private async slot(handle: BrowserHandle): Promise<Slot> {
    let slot = handle.idle.pop();
    if (!slot) {
      try {
        const context = await handle.browser.newContext({ viewport: this.o.viewport, serviceWorkers: 'block', acceptDownloads: false });
        slot = await openSlot(context, this.o.viewport);
      } catch (e) {
        if (handle.dead) throw new ThresherError('E_RENDER', 'the browser exited before the page could start', { crashed: 'browser' });
        throw new ThresherError('E_RENDER', `the browser would not open a tab: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    let busy = this.busySlots.get(handle);
    if (!busy) this.busySlots.set(handle, (busy = new Set()));
    busy.add(slot);
    return slot;
  }

  /** The tab goes back to the idle list (or is closed), and the browser is retired when it has done enough. */
  private async release(handle: BrowserHandle, slot: Slot | undefined): Promise<void> {
    handle.inFlight--;
    handle.renders++;
    if (slot) {
      this.busySlots.get(handle)?.delete(slot);
      const reusable = !slot.spoiled && !handle.dead && !handle.retiring && (await resetSlot(slot, 3_000));
      if (reusable) handle.idle.push(slot);
      else if (!handle.dead) await slot.context.close().catch(() => undefined);
    }
    if (handle.dead) return;
    const tree = this.record(handle);
    if (!handle.retiring && (handle.renders >= this.o.recycleAfter || sumRss(tree) > this.o.maxRssMb * MiB)) {
      handle.retiring = true;
      this.stats.recycled++;
      if (this.current === handle) this.current = undefined;
    }
    // Not awaited: the page's result need not wait for the old browser to exit; close() awaits it.
    if (handle.retiring && handle.inFlight === 0) void this.shutdown(handle);
  }

}

function sumRss(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) sum += rssBytes(pid);
  return sum;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

/** Playwright's words for a target whose browser went away (it has no error class for them). */
function looksDisconnected(e: unknown): boolean {
  const err = e as ThresherError;
  return err?.details?.crashed === 'browser' || /has been closed|Target closed|browser has disconnected|Browser closed/i.test(err?.message ?? '');
}

/** The browser's process id, from Chromium itself (CDP SystemInfo); undefined if it will not say. */
async function browserPid(browser: Browser): Promise<number | undefined> {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const info = await cdp.send('SystemInfo.getProcessInfo') as { processInfo: Array<{ type: string; id: number }> };
    await cdp.detach().catch(() => undefined);
    return info.processInfo.find((p) => p.type === 'browser')?.id;
  } catch {
    return undefined;
  }
}

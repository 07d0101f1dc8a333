/**
 * Shared by the inspector's browser tests: the real server on a loopback ephemeral port and the
 * system Chromium driven by playwright-core (never downloaded), one page on the inspector; helpers
 * to submit a page and wait for the answer, to reach the sandboxed frame, to save screenshots
 * under test-artifacts/inspector/, and to check that no Chromium of ours outlives the tests.
 *
 * Without Chromium these tests fail with E_NO_BROWSER's message (CI installs it: .ci/run); they
 * never skip.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Frame, type Page, type Request } from 'playwright-core';
import { findChromium } from '../src/render-browser/find-browser.js';
import { allProcs, processTree } from '../src/render-browser/procs.js';
import { startServer, type ThresherServer } from '../src/serve/server.js';
import type { ServeOptions } from '../src/serve/options.js';

/** The repository root: tests run from dist*\/test/, one level below it. */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'inspector');

export interface Inspector {
  server: ThresherServer;
  browser: Browser;
  page: Page;
  /** Every request the page (and its frames) made, by URL. */
  requests: string[];
  /** The same requests (failure() tells one the CSP stopped before it left: errorText 'csp'). */
  requestObjects: Request[];
  /** The JSON bodies of the page's POST /v1/inspect requests, in order. */
  inspections: Record<string, any>[];
  /** Dialogs (alert, confirm, prompt) anything tried to open. */
  dialogs: string[];
  close(): Promise<void>;
}

/** Starts a server and a browser with the inspector loaded and idle. */
export async function openInspector(options: ServeOptions = {}): Promise<Inspector> {
  const server = await startServer({ host: '127.0.0.1', port: 0, workers: 1, ...options });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: findChromium() });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const requests: string[] = [];
    const requestObjects: Request[] = [];
    const inspections: Record<string, any>[] = [];
    const dialogs: string[] = [];
    page.on('request', (r: Request) => {
      requests.push(r.url());
      requestObjects.push(r);
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/inspect') {
        const type = r.headers()['content-type'] ?? '';
        inspections.push(type.startsWith('application/json') ? JSON.parse(r.postData() ?? '{}') : { raw: true, query: Object.fromEntries(new URL(r.url()).searchParams) });
      }
    });
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body[data-state="idle"]');
    const b = browser;
    return { server, browser: b, page, requests, requestObjects, inspections, dialogs, close: async () => { await b.close(); await server.close(100); } };
  } catch (e) {
    await browser?.close();
    await server.close(100);
    throw e;
  }
}

/** Runs of the inspector so far (body[data-runs]). */
export async function runs(page: Page): Promise<number> {
  return Number(await page.getAttribute('body', 'data-runs'));
}

/** Waits for the run after `before`; asserts it succeeded (or, with `expect: 'error'`, failed). */
export async function settled(page: Page, before: number, expect: 'ready' | 'error' = 'ready'): Promise<void> {
  await page.waitForSelector(`body[data-runs="${before + 1}"]`, { timeout: 60_000 });
  assert.equal(await page.getAttribute('body', 'data-state'), expect, (await page.textContent('#status')) ?? '');
}

/** Pastes `html` (and the page URL) and inspects it. */
export async function inspectPasted(page: Page, html: string, pageUrl = ''): Promise<void> {
  await page.click('[data-source="html"]');
  const before = await runs(page);
  await page.fill('#html', html);
  await page.fill('#page-url', pageUrl);
  await page.click('#run');
  await settled(page, before);
}

/** Does `change` (a click, a select) and waits for the inspection it starts. */
export async function rerun(page: Page, change: () => Promise<unknown>): Promise<void> {
  const before = await runs(page);
  await change();
  await settled(page, before);
}

/** The sandboxed frame, once its annotated page has loaded. */
export async function pageFrame(page: Page): Promise<Frame> {
  const frame = await (await page.$('#page'))!.contentFrame();
  assert.ok(frame, 'the page frame');
  await frame.waitForSelector('[data-thresher-label]', { state: 'attached' });
  return frame;
}

export interface Outline { tag: string; label: string; reason: string; title: string; color: string; style: string; text: string }

/** The DOM as page-side callbacks see it (the tests compile without the DOM library). */
interface PageEl { tagName: string; title: string; textContent: string | null; dataset: Record<string, string | undefined> }
export interface PageWindow {
  document: { title: string; querySelectorAll(selector: string): ArrayLike<PageEl> };
  getComputedStyle(e: PageEl): { outlineColor: string; outlineStyle: string };
  PWNED?: unknown;
}

/** Every outlined block of the frame, with its computed outline. */
export async function outlines(frame: Frame): Promise<Outline[]> {
  return frame.evaluate(() => {
    const w = globalThis as unknown as PageWindow;
    return Array.from(w.document.querySelectorAll('[data-thresher-label]')).map((e) => {
      const cs = w.getComputedStyle(e);
      return { tag: e.tagName.toLowerCase(), label: e.dataset.thresherLabel!, reason: e.dataset.thresherReason!, title: e.title, color: cs.outlineColor, style: cs.outlineStyle, text: (e.textContent ?? '').trim().slice(0, 80) };
    });
  });
}

/** Shows the extraction panel `name` and returns its text. */
export async function panelText(page: Page, name: 'markdown' | 'text' | 'metadata' | 'blocks' | 'json'): Promise<string> {
  await page.click(`[data-panel="${name}"]`);
  return (await page.textContent(`#panel-${name}`)) ?? '';
}

/** The JSON panel, parsed: the extraction the inspector shows. */
export async function shownResult(page: Page): Promise<Record<string, any>> {
  return JSON.parse(await panelText(page, 'json')) as Record<string, any>;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Our descendants that are (or were: zombies count) Chromium processes. */
export function chromiumBelowUs(): string[] {
  const procs = allProcs();
  const mine = new Set(processTree(process.pid, procs));
  return procs.filter((p) => p.pid !== process.pid && mine.has(p.pid) && /chrom/i.test(p.comm)).map((p) => `${p.pid} ${p.comm} ${p.state}`);
}

/** Waits (up to ms) until no Chromium process of ours is left; returns those still there. */
export async function noChromiumLeft(ms = 10_000): Promise<string[]> {
  const end = Date.now() + ms;
  for (;;) {
    const left = chromiumBelowUs();
    if (left.length === 0 || Date.now() > end) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

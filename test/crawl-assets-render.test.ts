/**
 * The round trip of `crawl --assets` and `--render --warc`, in real Chromium: a page whose
 * external stylesheet paints the body and sizes a box, and whose logo is an SVG on another host,
 * is crawled (virtual site) into a WARC; rendered offline with that WARC the page has its
 * stylesheet and its logo, and rendered offline without it, it has neither.
 *
 * Needs Chromium (CI installs it: .ci/run); without one it fails with E_NO_BROWSER's message.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../src/crawl/clock.js';
import { crawl } from '../src/crawl/crawler.js';
import { RenderPool, WarcIndex } from '../src/render-browser/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { joinLayout } from '../src/visual/layout.js';
import type { RenderResult } from '../src/render-browser/types.js';
import { site } from './virtual-site.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-assets-render-'));
let pool: RenderPool;
before(() => { pool = new RenderPool({ pages: 1 }); });
after(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

const PAGE = '<!doctype html><html><head><title>Harbour</title><link rel="stylesheet" href="/css/site.css"></head>'
  + '<body><div id="box">The breakwater was approved.</div><img id="logo" alt="" src="http://cdn.test/logo.svg"></body></html>';
const CSS = 'body { background: rgb(10, 120, 30); margin: 0 } #box { height: 77px }';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="navy"/></svg>';

/** The body's background colour, the box's height and the logo's width, as laid out. */
function looks(r: RenderResult): { body: string; box: number; logo: number } {
  const doc = parseHtml(r.html);
  computeFeatures(doc);
  const j = joinLayout(doc, r.layout);
  const el = (pred: (tag: string, id: string | undefined) => boolean) => j.entry[doc.elements.find((e) => pred(e.tag, e.attr('id')))!.id]!;
  return { body: el((t) => t === 'body').background, box: el((_, id) => id === 'box').height, logo: el((_, id) => id === 'logo').width };
}

test('a crawled page renders with its stylesheet and CDN image from the WARC, and without them offline without it', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path, _k, url) => {
    if (path === '/robots.txt') return { status: 404 };
    if (url.host === 'cdn.test') return { type: 'image/svg+xml', body: SVG };
    if (path === '/css/site.css') return { type: 'text/css; charset=utf-8', body: CSS };
    return { type: 'text/html; charset=utf-8', body: PAGE };
  });
  const file = join(dir, 'crawl.warc.gz');
  const sum = await crawl({ seeds: ['http://site.test/'], out: file, clock, fetcher: s.fetcher, sitemaps: false, assets: true });
  assert.deepEqual([sum.pages, sum.assets.fetched], [1, 2]);

  const warc = await WarcIndex.open(file);
  const bytes = new TextEncoder().encode(PAGE);
  const withWarc = await pool.render(bytes, { url: 'http://site.test/', warc });
  assert.equal(withWarc.served, 2, 'the stylesheet and the logo');
  assert.equal(withWarc.blocked, 0);
  assert.deepEqual(looks(withWarc), { body: 'rgb(10, 120, 30)', box: 77, logo: 120 });

  const offline = await pool.render(bytes, { url: 'http://site.test/' });
  assert.equal(offline.served, 0);
  assert.equal(offline.blocked, 2);
  const bare = looks(offline);
  assert.notEqual(bare.body, 'rgb(10, 120, 30)');
  assert.notEqual(bare.box, 77);
  assert.notEqual(bare.logo, 120);
});

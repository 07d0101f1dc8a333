/**
 * `crawl --assets` (src/crawl/assets.ts) on virtual sites: each stored page's stylesheets,
 * scripts and images fetched once, from its own host and from another (a CDN outside the page
 * scope), under that host's robots.txt and Crawl-delay; one level of CSS; the per-page cap; the
 * asset queue that goes ahead of a host's pages without starving them; a stop and a resume; a
 * retried and a redirected asset; and the crawl's WARC read back by the renderer's WarcIndex.
 * The kill-and-resume check against a loopback server is in crawl-assets-resume.test.ts.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../src/crawl/clock.js';
import { crawl, type CrawlEvent, type CrawlOptions } from '../src/crawl/crawler.js';
import { AssetCollector, cssRefs, firstSrcsetUrl } from '../src/crawl/assets.js';
import { extractLinks } from '../src/crawl/links.js';
import { ASSET_RUN } from '../src/crawl/frontier.js';
import { readWarc, type WarcRecordData } from '../src/io/warc.js';
import { WarcIndex } from '../src/render-browser/warc-source.js';
import { summaryText } from '../src/cli/crawl.js';
import { site, type Answer, type Hit } from './virtual-site.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-assets-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const out = (): string => join(dir, `a${n++}.warc.gz`);

async function records(path: string): Promise<WarcRecordData[]> {
  const recs: WarcRecordData[] = [];
  for await (const it of readWarc(path)) { assert.ok(it.ok); recs.push(it.record); }
  return recs;
}

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const onHost = (log: Hit[], host: string): Hit[] => log.filter((h) => new URL(h.url).host === host);
const times = (log: Hit[], url: string): number => log.filter((h) => h.url === url).length;

const CSS = '@import "more.css"; /* url(commented.png) */ body { background: url(bg.png) }\n'
  + '@font-face { font-family: F; src: url("/fonts/f.woff2") format("woff2") }';

/**
 * site.test: two pages sharing a stylesheet and an image; the stylesheet imports another and
 * names a background and a font. cdn.test (out of the page scope): a script and images, with a
 * robots.txt that disallows /private/ and asks for 3 s between requests.
 */
function shop(path: string, _k: number, url: URL): Answer {
  if (url.host === 'cdn.test') {
    if (path === '/robots.txt') return { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\nCrawl-delay: 3\n' };
    if (path.endsWith('.js')) return { type: 'text/javascript', body: 'console.log("cdn")' };
    return { type: 'image/png', body: `png ${path}` };
  }
  switch (path) {
    case '/robots.txt': return { status: 404 };
    case '/': return {
      body: '<!doctype html><html><head><link rel="stylesheet" href="/css/s.css"><script src="http://cdn.test/app.js"></script></head>'
        + '<body><img src="http://cdn.test/img/a.png"> <img src="http://cdn.test/private/b.png"> <a href="/two">two</a></body></html>',
    };
    case '/two': return { body: '<link rel=stylesheet href="/css/s.css"><img src="http://cdn.test/img/a.png"><img src="http://cdn.test/img/c.png">' };
    case '/css/s.css': return { type: 'text/css', body: CSS };
    case '/css/more.css': return { type: 'text/css', body: 'div { background: url(deeper.png) }' };
    default: return { type: 'image/png', body: `png ${path}` };
  }
}

const SITE_ASSETS = ['http://site.test/css/s.css', 'http://site.test/css/more.css', 'http://site.test/css/bg.png', 'http://site.test/fonts/f.woff2'];
const CDN_ASSETS = ['http://cdn.test/app.js', 'http://cdn.test/img/a.png', 'http://cdn.test/img/c.png'];

describe('a page with a stylesheet, a script and images on its host and on a CDN', () => {
  const clock = new VirtualClock();
  const s = site(clock, shop);
  const file = out();
  const events: CrawlEvent[] = [];
  let sum: Awaited<ReturnType<typeof crawl>>;

  test('each asset is fetched once, shared ones included; none is a page', async () => {
    sum = await crawl({ seeds: ['http://site.test/'], out: file, clock, fetcher: s.fetcher, sitemaps: false, assets: true, onEvent: (e) => events.push(e) });
    for (const u of [...SITE_ASSETS, ...CDN_ASSETS]) assert.equal(times(s.log, u), 1, u);
    assert.equal(times(s.log, 'http://site.test/'), 1);
    assert.equal(times(s.log, 'http://site.test/two'), 1);
    assert.equal(sum.pages, 2);
    assert.deepEqual(sum.assets, { fetched: 7, failed: 0, skipped: 1, bytes: sum.assets.bytes });
    assert.ok(sum.assets.bytes > CSS.length);
    assert.deepEqual(sum.total.assets, { done: 7, failed: 0, skipped: 1, queued: 0 });
    assert.equal(sum.fetched, 2 + 2 + 7, 'two robots.txt, two pages, seven assets');
    assert.ok(events.filter((e) => e.kind === 'asset').length === 8);
    assert.ok(events.filter((e) => e.kind === 'page').every((e) => !/\.(css|png|js|woff2)$/.test(e.url)));
  });

  test('one level of CSS: the imported sheet, the background and the font; not what the imported sheet names, nor comments', () => {
    const paths = s.log.map((h) => h.path);
    assert.ok(!paths.includes('/css/deeper.png'));
    assert.ok(!paths.includes('/css/commented.png'));
  });

  test('the asset host\'s robots.txt is read first and obeyed: a disallowed image is skipped with reason robots', () => {
    const cdn = onHost(s.log, 'cdn.test');
    assert.equal(cdn[0].path, '/robots.txt');
    assert.equal(cdn.filter((h) => h.path === '/robots.txt').length, 1);
    assert.ok(!cdn.some((h) => h.path.startsWith('/private/')));
    const skipped = events.find((e) => e.url === 'http://cdn.test/private/b.png')!;
    assert.deepEqual([skipped.kind, skipped.outcome, skipped.reason], ['asset', 'skipped', 'robots']);
    assert.equal(sum.skipped.robots, 1);
  });

  test('politeness per host: the CDN\'s Crawl-delay of 3 s holds between its requests, the page host keeps its own 1 s', () => {
    const cdn = onHost(s.log, 'cdn.test');
    assert.equal(cdn.length, 4);
    for (let k = 1; k < cdn.length; k++) assert.ok(cdn[k].start - cdn[k - 1].end >= 3000, `${cdn[k].path}: ${cdn[k].start - cdn[k - 1].end} ms`);
    const own = onHost(s.log, 'site.test');
    for (let k = 1; k < own.length; k++) assert.ok(own[k].start - own[k - 1].end >= 1000);
  });

  test('a page\'s assets come right after it on its host, before the next page', () => {
    assert.deepEqual(onHost(s.log, 'site.test').map((h) => h.path),
      ['/robots.txt', '/', '/css/s.css', '/css/more.css', '/css/bg.png', '/fonts/f.woff2', '/two']);
  });

  test('the WARC holds a request and a response for each asset; WarcIndex (the renderer\'s source) finds their bytes', async () => {
    const recs = await records(file);
    for (const u of [...SITE_ASSETS, ...CDN_ASSETS]) {
      assert.equal(recs.filter((r) => r.type === 'response' && r.url === u).length, 1, u);
      assert.equal(recs.filter((r) => r.type === 'request' && r.url === u).length, 1, u);
    }
    const req = recs.find((r) => r.type === 'request' && r.url === 'http://cdn.test/app.js')!;
    assert.ok(req.http!.headers.some(([k, v]) => k === 'accept' && v === '*/*'));
    const ix = await WarcIndex.open(file);
    const css = await ix.lookup('http://site.test/css/s.css');
    assert.ok(css);
    assert.equal(css.status, 200);
    assert.equal(text(css.body), CSS);
    assert.ok(css.headers.some(([k, v]) => k === 'content-type' && v === 'text/css'));
    assert.equal(text((await ix.lookup('http://cdn.test/img/a.png'))!.body), 'png /img/a.png');
    assert.equal(await ix.lookup('http://cdn.test/private/b.png'), undefined);
    assert.equal(await ix.lookup('http://site.test/css/deeper.png'), undefined);
  });

  test('without --assets nothing but the pages is asked for', async () => {
    const c2 = new VirtualClock();
    const s2 = site(c2, shop);
    const sum2 = await crawl({ seeds: ['http://site.test/'], out: out(), clock: c2, fetcher: s2.fetcher, sitemaps: false });
    assert.deepEqual(s2.log.map((h) => h.path), ['/robots.txt', '/', '/two']);
    assert.deepEqual(sum2.assets, { fetched: 0, failed: 0, skipped: 0, bytes: 0 });
    assert.doesNotMatch(summaryText(sum2), /^  assets:/m);
  });
});

test('the per-page cap: references past maxAssetsPerPage are counted in the summary\'s cut line, per page and per stylesheet', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path) => {
    if (path === '/robots.txt') return { status: 404 };
    if (path === '/') return { body: '<link rel=stylesheet href=/s.css>' + [1, 2, 3, 4, 5, 6].map((i) => `<img src="/i${i}.png">`).join('') + '<img src="/i1.png">' };
    if (path === '/s.css') return { type: 'text/css', body: [1, 2, 3, 4].map((i) => `.c${i} { background: url(/b${i}.png) }`).join('\n') };
    return { type: 'image/png', body: 'png' };
  }, 1);
  const sum = await crawl({ seeds: ['http://site.test/'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, assets: true, maxAssetsPerPage: 3, latencyMs: 10 });
  assert.deepEqual(s.log.map((h) => h.path), ['/robots.txt', '/', '/s.css', '/i1.png', '/i2.png', '/b1.png', '/b2.png', '/b3.png']);
  assert.equal(sum.cut.assets, 4 + 1, 'four images of the page, one background of the stylesheet (a repeated reference is no extra)');
  assert.equal(sum.cut.assetPages, 2);
  assert.match(summaryText(sum), /cut: 0 links past --max-links-per-page 2000 on 0 pages; 5 assets past --max-assets-per-page 3 on 2 pages or stylesheets; 0 new URLs refused/);
  assert.match(summaryText(sum), /assets: 6 fetched \(0\.0 MiB\), 0 failed, 0 skipped/);
});

test(`assets go ahead of their host's pages, but at most ${ASSET_RUN} in a row while a page waits`, async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path) => {
    if (path === '/robots.txt') return { status: 404 };
    if (path === '/') return { body: Array.from({ length: 20 }, (_, i) => `<img src="/a${i + 1}.png">`).join('') + '<a href="/p1">1</a><a href="/p2">2</a><a href="/p3">3</a>' };
    if (path.startsWith('/p')) return { body: 'a page without assets' };
    return { type: 'image/png', body: 'png' };
  }, 1);
  await crawl({ seeds: ['http://site.test/'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, assets: true, latencyMs: 10 });
  const a = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => `/a${from + i}.png`);
  assert.deepEqual(s.log.map((h) => h.path), ['/robots.txt', '/', ...a(1, 8), '/p1', ...a(9, 16), '/p2', ...a(17, 20), '/p3']);
});

test('a stopped crawl resumed fetches each missing asset once, and nothing it had fetched', async () => {
  const clock = new VirtualClock();
  const s = site(clock, shop);
  const file = out();
  const stop = new AbortController();
  const opts: CrawlOptions = { seeds: ['http://site.test/'], out: file, clock, fetcher: s.fetcher, sitemaps: false, assets: true };
  let assetsSettled = 0;
  const first = await crawl({ ...opts, signal: stop.signal, onEvent: (e) => { if (e.kind === 'asset' && ++assetsSettled === 2) stop.abort(); } });
  assert.equal(first.stopped, true);
  assert.ok(first.total.assets.queued > 0, 'assets were left queued');
  const before = s.log.length;
  const second = await crawl(opts);
  assert.equal(second.resumed, true);
  assert.equal(second.total.queued, 0);
  assert.deepEqual(second.total.assets, { done: 7, failed: 0, skipped: 1, queued: 0 });
  assert.equal(first.assets.fetched + second.assets.fetched, 7);
  for (const u of [...SITE_ASSETS, ...CDN_ASSETS]) assert.equal(times(s.log, u), 1, u);
  assert.ok(s.log.length > before);
  const recs = await records(file);
  for (const u of [...SITE_ASSETS, ...CDN_ASSETS]) assert.equal(recs.filter((r) => r.type === 'response' && r.url === u).length, 1, u);
});

test('a retried asset (503, then 200): WarcIndex serves the answer that came, not the failed try', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path, k) => {
    if (path === '/robots.txt') return { status: 404 };
    if (path === '/') return { body: '<link rel=stylesheet href=/s.css>' };
    return k === 0 ? { status: 503, body: 'busy' } : { type: 'text/css', body: 'body { color: red }' };
  });
  const file = out();
  const sum = await crawl({ seeds: ['http://site.test/'], out: file, clock, fetcher: s.fetcher, sitemaps: false, assets: true });
  assert.equal(times(s.log, 'http://site.test/s.css'), 2);
  assert.equal(sum.faults['http-5xx'], 1);
  assert.deepEqual([sum.assets.fetched, sum.assets.failed], [1, 0]);
  const recs = await records(file);
  assert.deepEqual(recs.filter((r) => r.type === 'response' && r.url === 'http://site.test/s.css').map((r) => r.http!.status), [503, 200]);
  const ix = await WarcIndex.open(file);
  const css = (await ix.lookup('http://site.test/s.css'))!;
  assert.equal(css.status, 200);
  assert.equal(text(css.body), 'body { color: red }');
  assert.equal(ix.stats.responses, 3, 'robots.txt, the page, the stylesheet');
});

test('a redirected asset is stored hop by hop at the URLs the browser will ask for; a failed, an oversized and an excluded asset', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path, _k, url) => {
    if (path === '/robots.txt') return { status: 404 };
    if (path === '/') {
      return { body: '<img src="/old.png?a=%7e"><img src="/gone.png"><script src="/big.js"></script><script src="https://ads.test/tracker/t.js"></script>' };
    }
    if (path === '/old.png') return { status: 301, headers: [['location', 'http://img.test/new.png#frag']] };
    if (url.host === 'img.test') return { type: 'image/png', body: 'new' };
    if (path === '/gone.png') return { status: 404, body: 'no' };
    if (path === '/big.js') return { type: 'text/javascript', body: 'x'.repeat(5000) };
    return { type: 'text/javascript', body: 'track()' };
  });
  const file = out();
  const sum = await crawl({ seeds: ['http://site.test/'], out: file, clock, fetcher: s.fetcher, sitemaps: false, assets: true, maxAssetBytes: 1000, scope: { exclude: [/\/tracker\//] } });
  // The query keeps its escape as written (the crawler's normal form would make it "~").
  assert.ok(s.log.some((h) => h.url === 'http://site.test/old.png?a=%7e'));
  assert.ok(s.log.some((h) => h.url === 'http://img.test/new.png'));
  assert.ok(!s.log.some((h) => h.url.includes('ads.test')), 'scope.exclude holds for assets');
  assert.deepEqual(sum.assets, { fetched: 1, failed: 2, skipped: 0, bytes: sum.assets.bytes });
  assert.equal(sum.faults['too-large'], 1);
  const ix = await WarcIndex.open(file);
  const hop = (await ix.lookup('http://site.test/old.png?a=%7e'))!;
  assert.equal(hop.status, 301);
  assert.equal(text((await ix.lookup('http://img.test/new.png'))!.body), 'new');
  assert.equal((await ix.lookup('http://site.test/gone.png'))!.status, 404);
});

describe('what a page names, read with its links in one pass', () => {
  const assets = (html: string, url = 'http://a.test/dir/page', max = 100): string[] => {
    const c = new AssetCollector(max);
    const links = extractLinks(html, url, 'thresher', Infinity, c);
    return c.urls(links.base).urls;
  };

  test('stylesheets, preloads, icons, scripts, images, media; resolved against <base href>; fragments dropped', () => {
    const html = `<base href="http://cdn.test/base/"><link rel="stylesheet" href="a.css#x"><link rel="alternate stylesheet" href="/alt.css">
      <link rel=preload as=font href=/f.woff2><link rel=preload as=fetch href=/data.json><link rel=modulepreload href=/m.js>
      <link rel="shortcut icon" href="/favicon.ico"><link rel=next href=/next><script src="s.js"></script>
      <img src="i.png" srcset=" ,i-1x.png 1x, i-2x.png 2x"><picture><source srcset="p.webp 480w, p2.webp 800w"></picture>
      <video poster="v.jpg" src="v.mp4"><source src="v.webm"></video><audio src="a.mp3"></audio><input type=image src=btn.png>
      <iframe src="/frame"></iframe><div style="background: url('bg.jpg')"></div>`;
    assert.deepEqual(assets(html), [
      'http://cdn.test/base/a.css', 'http://cdn.test/alt.css', 'http://cdn.test/f.woff2', 'http://cdn.test/m.js', 'http://cdn.test/favicon.ico',
      'http://cdn.test/base/s.js', 'http://cdn.test/base/i.png', 'http://cdn.test/base/i-1x.png', 'http://cdn.test/base/p.webp',
      'http://cdn.test/base/v.jpg', 'http://cdn.test/base/v.mp4', 'http://cdn.test/base/v.webm', 'http://cdn.test/base/a.mp3',
      'http://cdn.test/base/btn.png', 'http://cdn.test/base/bg.jpg',
    ]);
  });

  test('<style> text and its @import; not script text, <noscript>, data: or javascript: URLs, empty values', () => {
    const html = `<style>@import url("x.css"); /* url(no.png) */ .a { background: url(y.png) } .b { filter: url(#f) }</style>
      <script>var s = '<img src="in-script.png">';</script><noscript><img src="ns.png"><style>.c{background:url(ns.png)}</style></noscript>
      <img src="data:image/png;base64,AAAA"><img src=""><script src="javascript:void(0)"></script><img src="ok.png">`;
    assert.deepEqual(assets(html), ['http://a.test/dir/x.css', 'http://a.test/dir/y.png', 'http://a.test/dir/ok.png']);
  });

  test('the cap keeps the first N distinct references and counts the rest', () => {
    const c = new AssetCollector(2);
    extractLinks('<img src=a.png><img src=a.png><img src=b.png><img src=c.png><img src=d.png>', 'http://a.test/', 'thresher', Infinity, c);
    assert.deepEqual(c.urls('http://a.test/'), { urls: ['http://a.test/a.png', 'http://a.test/b.png'], more: 2 });
  });

  test('srcset and CSS helpers', () => {
    assert.equal(firstSrcsetUrl('  a.png 1x, b.png 2x'), 'a.png');
    assert.equal(firstSrcsetUrl('a.png,b.png'), 'a.png,b.png', 'a comma inside a URL is part of it (only trailing commas end one)');
    assert.equal(firstSrcsetUrl('a.png, b.png'), 'a.png');
    assert.equal(firstSrcsetUrl(' , '), undefined);
    assert.deepEqual([...cssRefs(`@import 'i.css' screen; @import url(j.css); a{b:url( "k.png" )} /* unclosed url(z.png)`)], ['i.css', 'j.css', 'k.png']);
    assert.deepEqual([...cssRefs('a { background: url(x\\(1\\).png) }')], [], 'an escaped value is left out');
    assert.deepEqual([...cssRefs('a { background: url("x\\"y.png") }')], [], 'an escaped value is left out');
  });

  test('cssRefs is linear in the input: unclosed comments and url( runs', () => {
    const time = (s: string): number => { let best = Infinity; for (let k = 0; k < 3; k++) { const t = performance.now(); for (const _ of cssRefs(s)); best = Math.min(best, performance.now() - t); } return best; };
    for (const unit of ['/*', 'url(', 'url("', '@import "']) {
      const small = time(unit.repeat(20_000)), big = time(unit.repeat(200_000));
      assert.ok(big < 40 * Math.max(small, 0.5), `${unit}: ${small.toFixed(1)} ms → ${big.toFixed(1)} ms`);
    }
  });
});

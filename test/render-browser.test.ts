/**
 * The browser renderer on real Chromium (src/render-browser/): a page written by its script,
 * relative URLs against the page's own URL, the offline policy (blocked and counted; answered
 * from a WARC; a loopback server that offline rendering never reaches, and that allowLive does),
 * the time budget (an endless script gives a partial page with a warning, and the pool goes on; a
 * capture past its grace is E_RENDER_TIMEOUT; a tab over the heap cap crashes alone, E_RENDER),
 * and the layout snapshot (boxes, colours, fonts, display:none, visibility) joined to thresher's
 * parse of the returned HTML.
 *
 * These tests need Chromium (CI installs it: .ci/run). Without one they fail with E_NO_BROWSER's
 * message, which says how to install it; they never skip.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderPool, WarcIndex } from '../src/render-browser/index.js';
import { extract } from '../src/page/extract.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument, DomElement } from '../src/dom/node.js';
import { joinLayout, Shown } from '../src/visual/layout.js';
import { WarcWriter } from '../src/io/warc.js';
import { ThresherError } from '../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-render-'));
let pool: RenderPool;
before(() => { pool = new RenderPool({ pages: 1 }); });
after(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

function parse(html: string): DomDocument {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}
const byId = (doc: DomDocument, id: string): DomElement => {
  const el = doc.elements.find((e) => e.attr('id') === id);
  assert.ok(el, `no element #${id}`);
  return el;
};

const ARTICLE = 'The harbour authority approved the new breakwater on Tuesday after three years of public hearings. ' +
  'Engineers expect the work to take two summers, and the ferry will keep its timetable throughout. ';
const SCRIPTED = `<!doctype html><html><head><title>Harbour news</title></head><body>
<header><a href="/">Home</a> <a href="/news">News</a></header>
<main id="app"></main>
<script>
  const text = ${JSON.stringify(ARTICLE)};
  const art = document.createElement('article');
  art.innerHTML = '<h1>Breakwater approved</h1>' + [0, 1, 2].map(() => '<p>' + text + '</p>').join('');
  document.getElementById('app').appendChild(art);
</script></body></html>`;

describe('pages that need their scripts', () => {
  test('an article written by an inline script: static extraction sees nothing, the rendered HTML has it', async () => {
    const url = 'https://news.example/2024/breakwater';
    assert.doesNotMatch(extract(SCRIPTED, { url }).text, /breakwater on Tuesday/);
    const r = await pool.render(SCRIPTED, { url });
    assert.match(r.html, /^<!DOCTYPE html>/);
    assert.match(r.html, /<article><h1>Breakwater approved<\/h1><p>The harbour authority/);
    assert.match(extract(r.html, { url }).text, /approved the new breakwater on Tuesday/);
    assert.equal(r.url, url);
    assert.equal(r.blocked, 0);
    assert.deepEqual(r.warnings, []);
    for (const k of ['loadMs', 'settleMs', 'snapshotMs'] as const) assert.ok(r.timings[k] >= 0 && r.timings[k] < 15_000, k);
  });

  test('relative URLs resolve against the given URL; a pushState shows as finalUrl', async () => {
    const html = `<!doctype html><body><a id="a" href="../other/page.html?q=1">x</a><img id="i" src="img/p.png">
      <script>document.body.insertAdjacentHTML('beforeend', '<p id="out">' + a.href + ' ' + i.src + ' ' + document.baseURI + '</p>');
      history.pushState({}, '', 'moved');</script>`;
    const r = await pool.render(html, { url: 'https://site.example/dir/sub/index.html' });
    assert.match(r.html, /<p id="out">https:\/\/site\.example\/dir\/other\/page\.html\?q=1 https:\/\/site\.example\/dir\/sub\/img\/p\.png https:\/\/site\.example\/dir\/sub\/index\.html<\/p>/);
    assert.equal(r.finalUrl, 'https://site.example/dir/sub/moved');
    assert.equal(r.blocked, 1); // the image
  });

  test('bytes are decoded as extract() decodes them (meta charset), whatever the browser would guess', async () => {
    const bytes = Uint8Array.from([...Buffer.from('<meta charset="windows-1252"><p id="t">caf'), 0xe9, ...Buffer.from(' cr'), 0xe8, ...Buffer.from('me</p>')]);
    const r = await pool.render(bytes, { url: 'https://cafe.example/' });
    assert.match(r.html, /<p id="t">café crème<\/p>/);
  });

  test('the same URL twice (a fragment apart) renders the new bytes, not the tab\'s last page', async () => {
    const a = await pool.render('<p id="v">first</p>', { url: 'https://again.example/page' });
    const b = await pool.render('<p id="v">second</p>', { url: 'https://again.example/page#part' });
    assert.match(a.html, /<p id="v">first<\/p>/);
    assert.match(b.html, /<p id="v">second<\/p>/);
  });

  test('a viewport of the page\'s own, and back to the default', async () => {
    const small = await pool.render('<body style="margin:0"><div id="d">x</div>', { url: 'https://vp.example/', viewport: { width: 800, height: 600 } });
    assert.deepEqual(small.layout.viewport, { width: 800, height: 600 });
    assert.equal(small.layout.elements.find((e) => e.tag === 'div')?.width, 800);
    const dflt = await pool.render('<body style="margin:0"><div id="d">x</div>', { url: 'https://vp.example/2' });
    assert.deepEqual(dflt.layout.viewport, { width: 1280, height: 800 });
    assert.equal(dflt.layout.elements.find((e) => e.tag === 'div')?.width, 1280);
  });

  test('a URL that is not http(s) is refused', async () => {
    await assert.rejects(pool.render('<p>x', { url: 'file:///etc/passwd' }), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
  });
});

const WITH_ASSETS = `<!doctype html><html><head><link rel="stylesheet" href="/css/site.css"><script src="js/app.js"></script></head>
<body><div id="box">static</div></body></html>`;

describe('offline', () => {
  test('an external script and stylesheet are blocked and counted; the page renders without them', async () => {
    const r = await pool.render(WITH_ASSETS, { url: 'https://assets.example/page/index.html' });
    assert.equal(r.blocked, 2);
    assert.equal(r.served, 0);
    assert.match(r.html, /<div id="box">static<\/div>/);
    const box = joinLayout(parse(r.html), r.layout);
    assert.equal(box.entry[byId(parse(r.html), 'box').id]?.background, 'rgba(0, 0, 0, 0)');
  });

  test('the same page with a WARC: both are served from it (resolved against the page URL), and take effect', async () => {
    const path = join(dir, 'assets.warc.gz');
    const w = await WarcWriter.open(path);
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    const put = (url: string, type: string, body: string) => w.writeExchange({ url, request: { method: 'GET', headers: [] }, response: { status: 200, headers: [['Content-Type', type]], body: enc(body) } });
    await put('https://assets.example/css/site.css', 'text/css', '#box { background: rgb(10, 20, 30); height: 77px; }');
    await put('https://assets.example/page/js/app.js', 'text/javascript', "document.addEventListener('DOMContentLoaded', () => { document.getElementById('box').textContent = 'from the archive'; });");
    await w.close();
    const warc = await WarcIndex.open(path);
    const r = await pool.render(WITH_ASSETS, { url: 'https://assets.example/page/index.html', warc });
    assert.equal(r.served, 2);
    assert.equal(r.blocked, 0);
    assert.match(r.html, /<div id="box">from the archive<\/div>/);
    const doc = parse(r.html);
    const e = joinLayout(doc, r.layout).entry[byId(doc, 'box').id]!;
    assert.equal(e.background, 'rgb(10, 20, 30)');
    assert.equal(e.height, 77);
  });
});

describe('the network: never offline, on demand with allowLive', () => {
  let server: Server;
  const hits: string[] = [];
  let base = '';
  // A page served from memory has no address, so Chromium's local-network rules count it as
  // public and refuse its WebSockets to loopback: off here, so that it is our barrier (the dead
  // proxy) that the offline test sees, and so that the allowLive control can reach the server.
  const args = ['--disable-features=LocalNetworkAccessChecks,LocalNetworkAccessChecksWebSockets,BlockInsecurePrivateNetworkRequests'];
  before(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.setHeader('content-type', 'text/javascript');
      res.end("document.getElementById('s').textContent = 'live script ran';");
    });
    server.on('upgrade', (req, socket) => { hits.push(`websocket ${req.url}`); socket.destroy(); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));
  const page = (): string => `<!doctype html><p id="s">no script</p><script src="${base}/live.js"></script>
    <script>try { new WebSocket('${base.replace('http', 'ws')}/ws'); } catch (e) {}</script>`;
  const waitForHits = async (n: number): Promise<void> => {
    for (let i = 0; i < 40 && hits.length < n; i++) await new Promise((res) => setTimeout(res, 50));
  };

  test('offline: a loopback server is never reached, by a script request or by a WebSocket', async () => {
    hits.length = 0;
    const offline = new RenderPool({ args });
    try {
      const r = await offline.render(page(), { url: `${base}/page.html` });
      await waitForHits(1); // a WebSocket would connect after the page
      assert.deepEqual(hits, []);
      assert.equal(r.blocked, 1);
      assert.match(r.html, /<p id="s">no script<\/p>/);
    } finally {
      await offline.close();
    }
  });

  test('allowLive: the same page reaches the server, both ways, and the request is counted as live', async () => {
    hits.length = 0;
    const live = new RenderPool({ allowLive: true, args });
    try {
      const r = await live.render(page(), { url: `${base}/page.html` });
      await waitForHits(2);
      assert.deepEqual(hits.sort(), ['/live.js', 'websocket /ws']);
      assert.equal(r.live, 1);
      assert.equal(r.blocked, 0);
      assert.match(r.html, /<p id="s">live script ran<\/p>/);
    } finally {
      await live.close();
    }
  });
});

describe('the time budget', () => {
  test('an endless script: the page as it stood, with a warning, within budget and grace; the pool keeps working', async () => {
    const html = '<!doctype html><body><p>before the loop</p><script>document.body.insertAdjacentHTML("beforeend", "<p>written</p>"); for (;;) {}</script><p>after the loop</p>';
    const t = Date.now();
    const r = await pool.render(html, { url: 'https://loop.example/', timeoutMs: 1500 });
    const took = Date.now() - t;
    assert.ok(took < 1500 + 5000, `took ${took} ms`);
    assert.match(r.warnings.join('\n'), /did not finish loading within its 1500 ms budget/);
    assert.match(r.html, /<p>before the loop<\/p>.*<p>written<\/p>/s);
    assert.ok(r.timings.loadMs >= 1400, `loadMs ${r.timings.loadMs}`);
    const next = await pool.render('<p id="ok">fine</p>', { url: 'https://loop.example/next' });
    assert.match(next.html, /<p id="ok">fine<\/p>/);
    assert.deepEqual(next.warnings, []);
  });

  test('a capture that does not come back in captureGraceMs: E_RENDER_TIMEOUT, and the next page renders', async () => {
    await assert.rejects(pool.render('<p>x</p>', { url: 'https://grace.example/', captureGraceMs: 1 }),
      (e: unknown) => e instanceof ThresherError && e.code === 'E_RENDER_TIMEOUT' && /captureGraceMs/.test(e.message));
    assert.match((await pool.render('<p id="n">next</p>', { url: 'https://grace.example/next' })).html, /<p id="n">next<\/p>/);
  });

  test('a script over the heap cap crashes its tab alone: E_RENDER for that page, the browser goes on', async () => {
    const small = new RenderPool({ memoryMb: 64 });
    try {
      await assert.rejects(small.render('<p>x</p><script>const a = []; for (;;) a.push(new Array(1e6).fill(1.5));</script>', { url: 'https://oom.example/' }),
        (e: unknown) => e instanceof ThresherError && e.code === 'E_RENDER' && e.details?.crashed === 'page');
      assert.match((await small.render('<p id="n">next</p>', { url: 'https://oom.example/next' })).html, /<p id="n">next<\/p>/);
      assert.deepEqual({ launches: small.stats.launches, crashes: small.stats.crashes }, { launches: 1, crashes: 0 });
    } finally {
      await small.close();
    }
  });

  test('a timer loop that never lets the network settle is not waited for beyond settleMaxMs', async () => {
    const html = '<p>x</p><script>setInterval(() => fetch("/poll").catch(() => {}), 20)</script>';
    const r = await pool.render(html, { url: 'https://poll.example/', settleMaxMs: 500, quietMs: 200 });
    assert.ok(r.timings.settleMs < 1500, `settleMs ${r.timings.settleMs}`);
    assert.ok(r.blocked > 3);
  });
});

const LAYOUT_PAGE = `<!doctype html><html><head><style>
  html, body { margin: 0; padding: 0; }
  body { font-size: 16px; background: #ffffff; font-family: sans-serif; }
  #top { height: 60px; background: #336699; font-size: 24px; font-weight: 700; }
  #main { position: absolute; left: 100px; top: 80px; width: 600px; height: 300px; background: rgb(250, 240, 230); font-size: 18px; }
  #side { position: absolute; left: 720px; top: 80px; width: 200px; height: 1500px; background: #eeeeee; font-size: 12px; }
  .gone { display: none; }
  .ghost { visibility: hidden; height: 10px; }
  .lower { margin-top: 40px; height: 20px; }
</style></head><body>
<div id="top">Site</div>
<div id="main"><p id="para" style="margin:0">Text</p><div class="gone" id="gone"><p id="in-gone">hidden</p></div><div class="ghost" id="ghost">g</div><div class="lower" id="lower">low</div></div>
<div id="side">Side</div>
</body></html>`;

describe('the layout snapshot', () => {
  test('boxes, background colours, font sizes and weights of a page with known CSS', async () => {
    const r = await pool.render(LAYOUT_PAGE, { url: 'https://layout.example/' });
    assert.deepEqual(r.layout.viewport, { width: 1280, height: 800 });
    assert.deepEqual(r.layout.page, { width: 1280, height: 1580 }); // #side: 80 + 1500
    const doc = parse(r.html);
    const j = joinLayout(doc, r.layout);
    const e = (id: string) => j.entry[byId(doc, id).id]!;
    const box = (id: string) => [e(id).x, e(id).y, e(id).width, e(id).height];
    assert.deepEqual(box('top'), [0, 0, 1280, 60]);
    assert.deepEqual(box('main'), [100, 80, 600, 300]);
    assert.deepEqual(box('side'), [720, 80, 200, 1500]);
    assert.equal(e('top').background, 'rgb(51, 102, 153)');
    assert.equal(e('main').background, 'rgb(250, 240, 230)');
    assert.equal(e('side').background, 'rgb(238, 238, 238)');
    assert.deepEqual([e('top').fontSize, e('top').fontWeight], [24, 700]);
    assert.deepEqual([e('main').fontSize, e('para').fontSize, e('side').fontSize], [18, 18, 12]);
    assert.equal(e('para').fontWeight, 400);
    assert.equal(e('main').position, 'absolute');
    assert.equal(e('para').y, 80);
    assert.equal(e('lower').y, 80 + e('para').height + 10 + 40); // below the paragraph, the ghost's 10px and the margin
    assert.equal(j.state[byId(doc, 'gone').id], Shown.NONE);
    assert.equal(j.state[byId(doc, 'in-gone').id], Shown.NONE);
    assert.equal(j.state[byId(doc, 'ghost').id], Shown.HIDDEN);
    assert.equal(j.state[byId(doc, 'main').id], Shown.VISIBLE);
  });

  test('nearly every element of thresher\'s parse of the rendered HTML gets its box (joinLayout)', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<tr><td>${i}</td><td><a href="/r/${i}">row ${i}</a></td></tr>`).join('');
    // The <noscript> in <head> holds a <link> (as many sites' do): parsed with scripting off, it would end the head
    // there and move every later head element to <body>, away from its layout entry.
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><noscript><link rel="stylesheet" href="/ns.css"></noscript>
      <title>t</title><meta name="description" content="d"><link rel="canonical" href="/c"><style>.c{display:contents}</style></head><body>
      <nav><ul>${Array.from({ length: 10 }, (_, i) => `<li><a href="/s/${i}">Section ${i}</a></li>`).join('')}</ul></nav>
      <main><article><h1>Title</h1><p>Para <b>bold</b> <i>it</i> <span class="c"><em>contents</em></span></p>
      <figure><img src="a.png" alt="a" width="100" height="50"><figcaption>cap</figcaption></figure>
      <table>${rows}</table><form><label>Name <input name="n"></label><button>Go</button><select><option>1</option></select></form>
      <iframe srcdoc="<p>framed</p>"></iframe><svg width="10" height="10"><circle r="4"/></svg>
      <noscript><p>Enable JavaScript</p></noscript><details><summary>More</summary><p>inside</p></details>
      <dl><dt>k</dt><dd>v</dd></dl><blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre></article></main>
      <div id="late"></div>
      <script>for (let i = 0; i < 20; i++) { const d = document.createElement('div'); d.className = 'card'; d.innerHTML = '<h2>Card ' + i + '</h2><p>text <a href="#">more</a></p>'; late.appendChild(d); }</script>
      <footer><p>&copy; 2024</p></footer></body></html>`;
    const r = await pool.render(html, { url: 'https://join.example/' });
    const doc = parse(r.html);
    const j = joinLayout(doc, r.layout);
    const total = doc.elements.length - 1;
    assert.ok(total > 250, `only ${total} elements`);
    // <noscript> is removed before the capture (text to a browser with scripts, markup to thresher's parser).
    assert.doesNotMatch(r.html, /noscript|Enable JavaScript/);
    assert.equal(j.unmatchedDom, 0, `unmatched: ${j.unmatchedDom} of ${total}: ${j.unmatchedExamples.join(', ')}`);
    assert.ok(j.matched / total >= 0.99, `matched ${j.matched} of ${total}`);
    const cards = doc.elements.filter((e) => e.attr('class') === 'card');
    assert.equal(cards.length, 20);
    for (const c of cards) assert.equal(j.state[c.id], Shown.VISIBLE);
  });
});
